import Foundation
import TypeRegistry

/// The image shown under the pointer while a drag runs: pixels, and the point of them that sits
/// at the pointer (the hot spot).
///
/// ```swift
/// let image = try DragImage(png: try Data(contentsOf: iconURL), hotSpot: CGPoint(x: 16, y: 16))
/// item.setDraggingFrame(NSRect(x: 0, y: 0, width: 32, height: 32), contents: image)
/// ```
///
/// Pixels are 32-bit, premultiplied ARGB (`0xAARRGGBB`), row by row from the top: what X11's
/// 32-bit visuals and Wayland's `argb8888` buffers take. A PNG is decoded here (every color
/// type and bit depth, interlaced or not), with no system library. Our own type: AppKit gives
/// an `NSImage` as the dragging item's contents, and SwiftUI and UIKit a view, none of which
/// exists here.
public struct DragImage: Sendable, Hashable {
  /// The width, in pixels.
  public let width: Int
  /// The height, in pixels.
  public let height: Int
  /// The pixels, premultiplied ARGB, row by row from the top (`width` × `height` of them).
  public let pixels: [UInt32]
  /// The point of the image at the pointer, in pixels from its top-left corner.
  public var hotSpot: CGPoint

  /// The largest side an image may have: 1,024 pixels (a drag image is an icon or a thumbnail).
  public static let maximumSide = PNGDecoder.maximumSide

  /// An image of `pixels`.
  ///
  /// - Parameters:
  ///   - width: The width, 1 to ``maximumSide``.
  ///   - height: The height, 1 to ``maximumSide``.
  ///   - pixels: `width` × `height` premultiplied ARGB pixels, row by row from the top.
  ///   - hotSpot: The point at the pointer; its centre by default.
  /// - Throws: ``DragImageError`` when the size is out of range or the pixels do not fill it.
  public init(width: Int, height: Int, pixels: [UInt32], hotSpot: CGPoint? = nil) throws(DragImageError) {
    guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
      throw DragImageError(
        offset: 0, "a drag image of \(width) × \(height) pixels: each side is 1 to \(Self.maximumSide)")
    }
    guard pixels.count == width * height else {
      throw DragImageError(offset: 0, "\(pixels.count) pixels for a \(width) × \(height) image")
    }
    self.width = width
    self.height = height
    self.pixels = pixels
    self.hotSpot = hotSpot ?? CGPoint(x: width / 2, y: height / 2)
  }

  /// The image a PNG file holds.
  ///
  /// - Parameters:
  ///   - png: The file's bytes.
  ///   - hotSpot: The point at the pointer; the image's centre by default.
  /// - Throws: ``DragImageError``, naming the byte where the file is not a PNG this decodes.
  public init(png: Data, hotSpot: CGPoint? = nil) throws(DragImageError) {
    let decoded: (width: Int, height: Int, pixels: [UInt32])
    do {
      decoded = try PNGDecoder.decode([UInt8](png))
    } catch {
      throw DragImageError(offset: error.offset, error.reason)
    }
    try self.init(width: decoded.width, height: decoded.height, pixels: decoded.pixels, hotSpot: hotSpot)
  }

  /// The pixel at column `x`, row `y`.
  ///
  /// - Parameters:
  ///   - x: The column, from 0 at the left.
  ///   - y: The row, from 0 at the top.
  /// - Returns: The pixel, premultiplied ARGB.
  public func pixel(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }
}

/// Why bytes are no drag image: what is wrong, and at which byte of the file.
public struct DragImageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The byte offset in the file where the problem is.
  public let offset: Int
  /// What is wrong.
  public let reason: String

  init(offset: Int, _ reason: String) {
    self.offset = offset
    self.reason = reason
  }

  /// `byte OFFSET: REASON`.
  public var description: String { "byte \(offset): \(reason)" }
}
