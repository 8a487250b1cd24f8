import Foundation

/// One dragged item: the writer of its data, where it is drawn, and the image drawn under the
/// pointer. Apple's counterpart: AppKit's `NSDraggingItem`.
///
/// ```swift
/// let item = NSDraggingItem(pasteboardWriter: bookmark)
/// item.setDraggingFrame(NSRect(x: 0, y: 0, width: 32, height: 32), contents: try DragImage(png: icon))
/// ```
///
/// The contents a desktop drag draws is a ``DragImage`` (or a PNG file's `Data`, decoded then):
/// AppKit's `NSImage` does not exist here. Where ``imageComponentsProvider`` is set, its
/// components are the item's image, as AppKit asks for them when the drag starts.
public final class NSDraggingItem: NSObject {
  /// The object that writes the item's data.
  public let item: any NSPasteboardWriting
  /// Where the item is drawn, in the source's coordinates.
  public var draggingFrame: NSRect = .zero
  /// Makes the item's image components when the drag starts (AppKit's lazy form of
  /// ``setDraggingFrame(_:contents:)``).
  public var imageComponentsProvider: (() -> [NSDraggingImageComponent])?
  private var contents: Any?

  /// An item whose data `pasteboardWriter` writes. Apple's counterpart: `init(pasteboardWriter:)`.
  ///
  /// - Parameter pasteboardWriter: The writer.
  public init(pasteboardWriter: any NSPasteboardWriting) {
    item = pasteboardWriter
    super.init()
  }

  /// Sets where the item is drawn and what: its frame, and one image component (the icon)
  /// whose contents is `contents`. Apple's counterpart: `setDraggingFrame(_:contents:)`.
  ///
  /// - Parameters:
  ///   - frame: The frame, in the source's coordinates.
  ///   - contents: The image: a ``DragImage``, or a PNG file's `Data`.
  public func setDraggingFrame(_ frame: NSRect, contents: Any?) {
    draggingFrame = frame
    self.contents = contents
    imageComponentsProvider = nil
  }

  /// The item's image components: the provider's, else the icon ``setDraggingFrame(_:contents:)``
  /// set (filling the frame); nil when there is neither. Apple's counterpart: `imageComponents`.
  public var imageComponents: [NSDraggingImageComponent]? {
    if let imageComponentsProvider { return imageComponentsProvider() }
    guard let contents else { return nil }
    let icon = NSDraggingImageComponent(key: .icon)
    icon.contents = contents
    icon.frame = NSRect(origin: .zero, size: draggingFrame.size)
    return [icon]
  }

  /// The image a desktop drag draws for the item when it starts at `location` (the source's
  /// coordinates): its first component that holds a ``DragImage`` or decodable PNG, its hot spot
  /// where `location` falls in the component (scaled to the image's pixels, kept inside it).
  func dragImage(startingAt location: NSPoint) -> DragImage? {
    for component in imageComponents ?? [] {
      guard var image = DragImage(contents: component.contents) else { continue }
      let frame = component.frame.offsetBy(dx: draggingFrame.minX, dy: draggingFrame.minY)
      let scaleX = frame.width > 0 ? Double(image.width) / frame.width : 1
      let scaleY = frame.height > 0 ? Double(image.height) / frame.height : 1
      image.hotSpot = CGPoint(
        x: min(max(0, (location.x - frame.minX) * scaleX), Double(image.width - 1)),
        y: min(max(0, (location.y - frame.minY) * scaleY), Double(image.height - 1)))
      return image
    }
    return nil
  }
}

/// One part of a dragging item's image (its icon, its label): contents and where in the item's
/// frame. Apple's counterpart: AppKit's `NSDraggingImageComponent`.
public final class NSDraggingImageComponent: NSObject {
  /// Which part it is.
  public var key: NSDraggingItem.ImageComponentKey
  /// The image: a ``DragImage``, or a PNG file's `Data`.
  public var contents: Any?
  /// Where it is drawn, in the item's frame's coordinates.
  public var frame: NSRect = .zero

  /// A component for `key`. Apple's counterpart: `init(key:)`.
  ///
  /// - Parameter key: Which part it is.
  public init(key: NSDraggingItem.ImageComponentKey) {
    self.key = key
    super.init()
  }
}

extension NSDraggingItem {
  /// The name of an image component. Apple's counterpart: `NSDraggingItem.ImageComponentKey`.
  public struct ImageComponentKey: RawRepresentable, Hashable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// A key named `rawValue`.
    ///
    /// - Parameter rawValue: The name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The item's icon.
    public static let icon = ImageComponentKey(rawValue: "icon")
    /// The item's label.
    public static let label = ImageComponentKey(rawValue: "label")
  }
}

extension DragImage {
  /// The image `contents` holds: a ``DragImage``, or a PNG file's `Data`; nil for anything else.
  init?(contents: Any?) {
    if let image = contents as? DragImage {
      self = image
    } else if let data = contents as? Data, let image = try? DragImage(png: data) {
      self = image
    } else {
      return nil
    }
  }
}
