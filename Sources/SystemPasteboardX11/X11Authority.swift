import SystemPasteboardCore
import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `MIT-MAGIC-COOKIE-1` for a display, from the authority file (`$XAUTHORITY`, else
/// `~/.Xauthority`), as Xlib's `XauGetBestAuthByAddr` finds it.
///
/// The file is a sequence of entries, each: family (`UInt16`, big-endian), then four counted
/// strings (`UInt16` length, bytes): address, display number, authorization name and data.
/// An entry matches a local display when its family is `FamilyLocal` (256) with this host's name
/// or `FamilyWild` (65535), and its number is the display's (or empty).
struct X11Authority {
  struct Entry: Equatable {
    var family: UInt16
    var address: [UInt8]
    var number: String
    var name: String
    var data: [UInt8]
  }

  /// The entries of an authority file's bytes; a truncated entry ends the list.
  static func entries(_ bytes: [UInt8]) -> [Entry] {
    var entries: [Entry] = []
    var offset = 0
    func u16() -> Int? {
      guard offset + 2 <= bytes.count else { return nil }
      defer { offset += 2 }
      return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }
    func counted() -> [UInt8]? {
      guard let length = u16(), offset + length <= bytes.count else { return nil }
      defer { offset += length }
      return Array(bytes[offset..<(offset + length)])
    }
    while let family = u16(), let address = counted(), let number = counted(), let name = counted(),
      let data = counted()
    {
      entries.append(
        Entry(
          family: UInt16(family), address: address, number: String(decoding: number, as: UTF8.self),
          name: String(decoding: name, as: UTF8.self), data: data))
    }
    return entries
  }

  /// The authority file's path: `$XAUTHORITY`, else `$HOME/.Xauthority`.
  static var path: String? {
    if let path = ProcessEnvironment.value("XAUTHORITY"), !path.isEmpty { return path }
    guard let home = ProcessEnvironment.value("HOME"), !home.isEmpty else { return nil }
    return home + "/.Xauthority"
  }

  /// The cookie (name and data) for `display`, or nil to connect without one.
  static func cookie(for display: X11Display) -> (name: String, data: [UInt8])? {
    guard let path, let bytes = try? FileIO.readPrefix(path, count: 1 << 20) else { return nil }
    let host = ProcessEnvironment.hostName
    let isLocal = display.host == nil || display.host == "localhost" || Array(display.host!.utf8) == host
    for entry in entries(bytes) where entry.name == "MIT-MAGIC-COOKIE-1" {
      guard entry.number.isEmpty || entry.number == String(display.number) else { continue }
      let matches =
        entry.family == 65535 || (isLocal && entry.family == 256 && entry.address == host)
        || (!isLocal && Array((display.host ?? "").utf8) == entry.address)
      if matches { return (entry.name, entry.data) }
    }
    return nil
  }
}
