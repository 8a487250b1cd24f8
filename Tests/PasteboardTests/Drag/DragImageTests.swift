import Foundation
import TestSupport
import Testing
import TypeRegistry

@testable import Pasteboard

/// Drag images: PNG decoded as GdkPixbuf (libpng) decodes it, every color type and bit depth,
/// interlaced or not, and the machine's own icons (files nobody here wrote); a bad file is a
/// located error; AppKit's dragging item keeps its contents and image components.
@Suite("Drag images: PNG decoding and AppKit's image components")
struct DragImageTests {
  static let peer = fixturesDirectory.appendingPathComponent("png/png_peer.py").path

  /// The machine's PNG icons, every 25th of them sorted by path, 1,024 pixels a side or less.
  static func machineIcons() -> [String] {
    let roots = ["/usr/share/icons", "/usr/share/pixmaps"]
    var found: [String] = []
    for root in roots {
      guard let walk = FileManager.default.enumerator(atPath: root) else { continue }
      for case let path as String in walk where path.hasSuffix(".png") { found.append(root + "/" + path) }
    }
    return found.sorted().enumerated().filter { $0.offset % 25 == 0 }.map(\.element)
  }

  /// Our decoding of each file: "WIDTH HEIGHT SHA256" of its premultiplied ARGB bytes, or nil.
  static func ours(_ paths: [String], scratch: String) throws -> [String?] {
    var files: [String?] = []
    var sizes: [String] = []
    for (index, path) in paths.enumerated() {
      guard let image = try? DragImage(png: Data(contentsOf: URL(fileURLWithPath: path))) else {
        files.append(nil)
        sizes.append("")
        continue
      }
      var bytes = [UInt8]()
      bytes.reserveCapacity(image.pixels.count * 4)
      for pixel in image.pixels {
        bytes += [UInt8(pixel >> 24), UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel & 0xFF)]
      }
      let file = scratch + "/\(index).argb"
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      files.append(file)
      sizes.append("\(image.width) \(image.height)")
    }
    let present = files.compactMap { $0 }
    let digests = try runProcess("/usr/bin/sha256sum", present).stdoutText.split(separator: "\n").map {
      String($0.prefix(64))
    }
    var next = digests.makeIterator()
    return zip(files, sizes).map { file, size in file == nil ? nil : "\(size) \(next.next() ?? "")" }
  }

  @Test func everyKindOfPNGAndTheMachinesIconsDecodeAsLibpngDecodesThem() async throws {
    try Peers.gtk.orSkip()
    let scratch = NSTemporaryDirectory() + "png-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let (variants, icons, peer, ours) = try await offThePool {
      () throws -> ([String], [String], [String], [String?]) in
      let written = try runProcess("/usr/bin/python3", [Self.peer, "write", scratch]).stdoutText
      let variants = written.split(separator: "\n").map(String.init)
      let icons = Self.machineIcons()
      let answers = try runProcess("/usr/bin/python3", [Self.peer, "pixels"] + variants + icons).stdoutText
      let peer = answers.split(separator: "\n").map {
        String($0.split(separator: " ").dropFirst().joined(separator: " "))
      }
      return (variants, icons, peer, try Self.ours(variants + icons, scratch: scratch))
    }
    #expect(variants.count == 30, "every color type and bit depth, plain and interlaced")
    #expect(icons.count >= 20, "the machine has icons to decode: \(icons.count)")
    let paths = variants + icons
    try #require(peer.count == paths.count)
    var agreed = 0
    for (index, path) in paths.enumerated() where peer[index] != "error" {
      #expect(ours[index] == peer[index], "\(path)")
      if ours[index] == peer[index] { agreed += 1 }
    }
    #expect(agreed >= variants.count + icons.count / 2, "\(agreed) of \(paths.count) agree")
  }

  @Test(arguments: [
    (0, "not a PNG file"), (12, "the CRC of the IHDR chunk does not match"), (40, "the file ends before IEND"),
  ])
  func aBrokenPNGIsALocatedError(cut: Int, reason: String) throws {
    let ladybug = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png"))
    var bytes = [UInt8](ladybug)
    switch cut {
    case 0: bytes[1] = 0x51
    case 12: bytes[20] ^= 0xFF  // inside IHDR's width
    default: bytes = Array(bytes.prefix(cut))
    }
    let error = #expect(throws: DragImageError.self) { try DragImage(png: Data(bytes)) }
    #expect(error?.reason.hasPrefix(reason) == true, "\(error.map { "\($0)" } ?? "")")
    #expect(error?.offset == (cut == 12 ? 8 : cut == 0 ? 0 : 33), "\(error.map { "\($0)" } ?? "")")
  }

  @Test func anImageTooLargeForADragIsRefusedBeforeItIsInflated() throws {
    var ihdr: [UInt8] = [0, 0, 0x40, 0, 0, 0, 0x40, 0, 8, 6, 0, 0, 0]  // 16,384 × 16,384
    let type = Array("IHDR".utf8)
    let crc = PNGDecoder.crc32((type + ihdr)[...])
    ihdr =
      [0, 0, 0, 13] + type + ihdr + [
        UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF),
      ]
    let error = #expect(throws: DragImageError.self) { try DragImage(png: Data(PNGDecoder.signature + ihdr)) }
    #expect(error?.description == "byte 16: a 16384 × 16384 image: a drag image's sides are 1 to 1024 pixels")
  }

  @MainActor @Test func aDraggingItemKeepsItsImageAndItsHotSpotFollowsThePress() throws {
    let image = try DragImage(width: 4, height: 2, pixels: [UInt32](repeating: 0xFF00_FF00, count: 8))
    let item = NSDraggingItem(pasteboardWriter: "x" as NSString)
    #expect(item.imageComponents == nil)
    item.setDraggingFrame(NSRect(x: 10, y: 20, width: 40, height: 20), contents: image)
    #expect(item.imageComponents?.map(\.key) == [.icon])
    #expect(item.imageComponents?.first?.frame == NSRect(x: 0, y: 0, width: 40, height: 20))
    let dragged = try #require(item.dragImage(startingAt: NSPoint(x: 30, y: 25)))
    #expect(dragged.hotSpot == CGPoint(x: 2, y: 0.5), "the press's place in the frame, in the image's pixels")
    item.imageComponentsProvider = {
      let label = NSDraggingImageComponent(key: .label)
      label.contents = image
      return [label]
    }
    #expect(item.imageComponents?.map(\.key) == [.label], "the provider's components, when it has one")
  }
}
