import Foundation
import Pasteboard
import TypeRegistry

extension UTType {
  /// The arrow tool PointyBug exports (declared in this example's Info.plist).
  static let arrowTool = UTType(exportedAs: "com.raywenderlich.pointybug.tool.arrow")
}

/// A bug report: a screenshot and the arrows pointing at the bug, in image coordinates.
///
/// Updated from the thread an image load completes on, so it guards its state.
final class Bug: @unchecked Sendable {
  private let condition = NSCondition()
  private var _image: Data?
  private var _imageSize: CGSize?
  private var _markers: [CGPoint] = []

  /// The screenshot's bytes.
  var image: Data? { condition.withLock { _image } }
  /// The screenshot's size in pixels.
  var imageSize: CGSize? { condition.withLock { _imageSize } }
  /// Where the arrows point, in image pixels.
  var markers: [CGPoint] { condition.withLock { _markers } }

  /// Stores a PNG screenshot; returns false if the bytes are not a PNG.
  @discardableResult
  func setImage(_ data: Data) -> Bool {
    guard let size = PNG.size(of: data) else { return false }
    condition.withLock {
      _image = data
      _imageSize = size
      condition.broadcast()
    }
    return true
  }

  func addMarker(_ point: CGPoint) { condition.withLock { _markers.append(point) } }

  /// Waits up to `seconds` for a screenshot; returns whether one arrived.
  func waitForImage(seconds: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    return condition.withLock {
      while _image == nil { if !condition.wait(until: deadline) { break } }
      return _image != nil
    }
  }
}

/// The arrow tool as a `Transferable` payload: dragged from the toolbar onto the screenshot.
struct ArrowTool: Codable, Transferable {
  var color = "red"

  static var transferRepresentation: some TransferRepresentation {
    CodableRepresentation(contentType: .arrowTool)
  }

  /// The arrow under the pointer while it is dragged: 32 × 32, its tip (the hot spot) at the
  /// top-left, a head and a shaft of opaque red on transparency.
  static let dragImage: DragImage? = {
    let side = 32
    let pixels = (0..<(side * side)).map { index -> UInt32 in
      let (x, y) = (index % side, index / side)
      let head = x + y < 16 && x < 14 && y < 14
      let shaft = abs(x - y) <= 2 && x + y >= 10 && x < side - 2 && y < side - 2
      return head || shaft ? 0xFFE0_2020 : 0
    }
    return try? DragImage(width: side, height: side, pixels: pixels, hotSpot: .zero)
  }()
}

/// The rectangle an image of `imageSize` occupies when fitted, aspect preserved and centred,
/// in `bounds` (the tutorial's `adjustedImageRect`).
func adjustedImageRect(imageSize: CGSize, in bounds: CGRect) -> CGRect {
  guard imageSize.width > 0, imageSize.height > 0 else { return .zero }
  let scale = min(bounds.width / imageSize.width, bounds.height / imageSize.height)
  let size = CGSize(width: imageSize.width * scale, height: imageSize.height * scale)
  return CGRect(
    x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
}

/// `location` in the editor (the editor's own coordinates, as `DropInfo.location` gives them)
/// mapped to image pixels, or nil outside the fitted image.
func imagePoint(for location: CGPoint, imageSize: CGSize, in bounds: CGRect) -> CGPoint? {
  let rect = adjustedImageRect(imageSize: imageSize, in: bounds)
  guard rect.contains(location) else { return nil }
  return CGPoint(
    x: (location.x - rect.minX) / rect.width * imageSize.width,
    y: (location.y - rect.minY) / rect.height * imageSize.height)
}

/// The editor's drop delegate: takes a screenshot anywhere, and an arrow only on the image.
struct EditorDropDelegate: DropDelegate {
  let bug: Bug
  /// The editor's size (the tutorial's `GeometryReader` size): drop locations are relative to the
  /// editor's origin, so the image is fitted into this size at (0, 0).
  let size: CGSize
  var bounds: CGRect { CGRect(origin: .zero, size: size) }
  /// Tells the example what happened.
  var log: @Sendable (String) -> Void = { _ in }

  func validateDrop(info: DropInfo) -> Bool {
    info.hasItemsConforming(to: [.image, .arrowTool])
  }

  func dropEntered(info: DropInfo) { log("dropEntered at \(format(info.location))") }

  func dropUpdated(info: DropInfo) -> DropProposal? {
    guard info.hasItemsConforming(to: [.arrowTool]), !info.hasItemsConforming(to: [.image]) else { return nil }
    // An arrow needs a screenshot under it.
    guard let size = bug.imageSize, imagePoint(for: info.location, imageSize: size, in: bounds) != nil else {
      return DropProposal(operation: .forbidden)
    }
    return DropProposal(operation: .copy)
  }

  func dropExited(info: DropInfo) { log("dropExited") }

  func performDrop(info: DropInfo) -> Bool {
    if info.hasItemsConforming(to: [.image]) {
      guard let provider = info.itemProviders(for: [.image]).first else { return false }
      log("performDrop: loading the image")
      let bug = bug
      let log = log
      provider.loadDataRepresentation(for: .image) { data, error in
        if let data, bug.setImage(data) {
          log("image loaded: \(data.count) bytes, \(Int(bug.imageSize!.width))×\(Int(bug.imageSize!.height))")
        } else {
          log("image failed: \(error.map { "\($0)" } ?? "not a PNG")")
        }
      }
      return true
    }
    guard info.hasItemsConforming(to: [.arrowTool]), let size = bug.imageSize,
      let point = imagePoint(for: info.location, imageSize: size, in: bounds)
    else { return false }
    bug.addMarker(point)
    log("performDrop: arrow marker at \(format(point)) in image pixels")
    return true
  }
}

func format(_ point: CGPoint) -> String { "(\(Int(point.x.rounded())), \(Int(point.y.rounded())))" }

/// Reads a PNG's size from its header.
enum PNG {
  static func size(of data: Data) -> CGSize? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
      bytes[12...15] == [0x49, 0x48, 0x44, 0x52]
    else { return nil }
    func u32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return CGSize(width: u32(16), height: u32(20))
  }
}
