import Foundation
import Testing

/// A picture of the screen as a real tool took it: `xwd -root` on X11 (its XWD file, read here)
/// or `grim -t ppm` on a wlroots compositor. Pixels are 8-bit red, green and blue.
public struct ScreenImage: Sendable {
  public let width: Int
  public let height: Int
  /// `width` × `height` pixels, `0xRRGGBB`, row by row from the top.
  public let pixels: [UInt32]

  /// The pixel at (`x`, `y`), `0xRRGGBB`; nil outside the picture.
  public func pixel(_ x: Int, _ y: Int) -> UInt32? {
    guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
    return pixels[y * width + x]
  }

  /// Reads an XWD file of a TrueColor screen with 24 or 32 bits per pixel (what `xwd` writes
  /// for Xvfb and every current X server); nil for anything else.
  public init?(xwd data: Data) {
    let bytes = [UInt8](data)
    func header(_ index: Int) -> Int {
      let at = index * 4
      return Int(
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3]))
    }
    guard bytes.count >= 100 else { return nil }
    let (headerSize, width, height) = (header(0), header(4), header(5))
    let (lsbFirst, bitsPerPixel, bytesPerLine) = (header(7) == 0, header(11), header(12))
    let masks = (red: UInt32(header(14)), green: UInt32(header(15)), blue: UInt32(header(16)))
    let start = headerSize + header(19) * 12
    guard bitsPerPixel == 32 || bitsPerPixel == 24, bytes.count >= start + height * bytesPerLine else { return nil }
    let step = bitsPerPixel / 8
    var pixels = [UInt32]()
    pixels.reserveCapacity(width * height)
    if step == 4, lsbFirst, masks == (0xFF_0000, 0xFF00, 0xFF) {
      // The common case (Xvfb's 24-bit TrueColor in 32-bit pixels): the words as they are, read
      // a row at a time (a debug build reads a screen in tens of milliseconds, not seconds).
      bytes.withUnsafeBytes { raw in
        for row in 0..<height {
          let base = start + row * bytesPerLine
          for column in 0..<width {
            pixels.append(
              raw.loadUnaligned(fromByteOffset: base + column * 4, as: UInt32.self).littleEndian & 0xFF_FFFF)
          }
        }
      }
      (self.width, self.height, self.pixels) = (width, height, pixels)
      return
    }
    for row in 0..<height {
      for column in 0..<width {
        let at = start + row * bytesPerLine + column * step
        let raw = (0..<step).reduce(UInt32(0)) { value, index in
          value | UInt32(bytes[at + index]) << UInt32(8 * (lsbFirst ? index : step - 1 - index))
        }
        pixels.append(
          Self.channel(raw, masks.red) << 16 | Self.channel(raw, masks.green) << 8 | Self.channel(raw, masks.blue))
      }
    }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Reads a binary PPM (`P6`, 8 bits a channel), as `grim -t ppm` writes it; nil for anything else.
  public init?(ppm data: Data) {
    let bytes = [UInt8](data)
    var fields: [Int] = []
    var index = 2
    guard bytes.starts(with: Array("P6".utf8)) else { return nil }
    while fields.count < 3 && index < bytes.count {
      while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D) { index += 1 }
      var number = 0
      while index < bytes.count, let digit = Int(String(UnicodeScalar(bytes[index]))) {
        number = number * 10 + digit
        index += 1
      }
      fields.append(number)
    }
    index += 1
    guard fields.count == 3, fields[2] == 255, bytes.count >= index + fields[0] * fields[1] * 3 else { return nil }
    width = fields[0]
    height = fields[1]
    pixels = (0..<(fields[0] * fields[1])).map { pixel in
      let at = index + pixel * 3
      return UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
    }
  }

  private static func channel(_ raw: UInt32, _ mask: UInt32) -> UInt32 {
    guard mask != 0 else { return 0 }
    let value = (raw & mask) >> UInt32(mask.trailingZeroBitCount)
    let bits = (mask >> UInt32(mask.trailingZeroBitCount)).nonzeroBitCount
    return bits >= 8 ? value >> UInt32(bits - 8) : value << UInt32(8 - bits)
  }
}

/// A screenshot tool that failed, with what it said.
public struct ScreenshotError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

extension XServer {
  /// Skips the running test (fails it under `SWIFT_UTI_REQUIRE_PEERS=1`) where `xwd` is not
  /// installed: called on the test's own task, before screenshots taken off it.
  public func requireScreenshots() throws { try Peers.requireTools(of: ["xwd"]) }

  /// The root window as `xwd -root` sees it now.
  /// - Throws: ``PeerUnavailable`` where `xwd` is not installed (see ``requireScreenshots()``).
  public func screenshot() throws -> ScreenImage {
    try Peers.requireTools(of: ["xwd"])
    let result = try run("/usr/bin/xwd", ["-root", "-silent"])
    guard result.status == 0, let image = ScreenImage(xwd: result.stdout) else {
      throw ScreenshotError("xwd -root: status \(result.status), \(result.stdout.count) bytes: \(result.stderrText)")
    }
    return image
  }
}

extension WaylandCompositor {
  /// Skips the running test (fails it under `SWIFT_UTI_REQUIRE_PEERS=1`) where `grim` is not
  /// installed: called on the test's own task, before screenshots taken off it.
  public func requireScreenshots() throws { try Peers.requireTools(of: ["grim"]) }

  /// The compositor's output as `grim` (wlr-screencopy) sees it now; the pointer is not drawn.
  public func screenshot() throws -> ScreenImage {
    try Peers.requireTools(of: ["grim"])
    let result = try run("/usr/bin/grim", ["-t", "ppm", "-"])
    guard result.status == 0, let image = ScreenImage(ppm: result.stdout) else {
      throw ScreenshotError("grim: status \(result.status), \(result.stdout.count) bytes: \(result.stderrText)")
    }
    return image
  }
}
