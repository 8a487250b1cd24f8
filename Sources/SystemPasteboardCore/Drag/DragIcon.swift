import TypeRegistry

/// The image a drag from a window shows under the pointer: premultiplied ARGB pixels, row by row
/// from the top, and the point of the image at the pointer. Each backend draws it its own way:
/// an override-redirect window on X11, the `start_drag` icon surface on Wayland.
package struct DragIcon: Sendable, Equatable {
  /// The width and height, in pixels (1 to 1,024 each).
  package let width: Int
  package let height: Int
  /// `width` × `height` premultiplied ARGB pixels (`0xAARRGGBB`).
  package let pixels: [UInt32]
  /// The point at the pointer, in pixels from the top-left corner (clamped into the image).
  package let hotX: Int
  package let hotY: Int

  /// The largest side drawn: a drag image's (PNG's decoder bounds it the same).
  package static let maximumSide = PNGDecoder.maximumSide

  /// An icon of `pixels`; nil when the size is out of range or the pixels do not fill it.
  package init?(width: Int, height: Int, pixels: [UInt32], hotX: Int, hotY: Int) {
    guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height),
      pixels.count == width * height
    else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
    self.hotX = min(max(hotX, 0), width - 1)
    self.hotY = min(max(hotY, 0), height - 1)
  }

  /// The image's opaque part, for a screen that blends nothing: runs of pixels at least half
  /// opaque, one row each (`y`, then `x`, in order), as the shape of the window that shows it.
  package var opaqueRuns: [(x: Int, y: Int, width: Int)] {
    var runs: [(x: Int, y: Int, width: Int)] = []
    for y in 0..<height {
      var x = 0
      while x < width {
        guard Self.isOpaque(pixels[y * width + x]) else {
          x += 1
          continue
        }
        let start = x
        while x < width && Self.isOpaque(pixels[y * width + x]) { x += 1 }
        runs.append((start, y, x - start))
      }
    }
    return runs
  }

  private static func isOpaque(_ pixel: UInt32) -> Bool { pixel >> 24 >= 128 }

  /// The pixels as `PutImage` or a `wl_shm` buffer takes them: four bytes each, least significant
  /// first (`B G R A`, Wayland's `argb8888` and a little-endian X server's) or most (`A R G B`).
  package func bytes(mostSignificantFirst: Bool = false, rows: Range<Int>? = nil) -> [UInt8] {
    let rows = rows ?? 0..<height
    let ordered = pixels[(rows.lowerBound * width)..<(rows.upperBound * width)].map {
      mostSignificantFirst ? $0.bigEndian : $0.littleEndian
    }
    return ordered.withUnsafeBytes { Array($0) }
  }
}
