import Foundation
import Pasteboard
import SystemPasteboard
import TypeRegistry
import UTIPlatform

extension Toolkit {
  /// Tells `session`'s source how its drag ended, on the main actor: AppKit's name for what the
  /// destination performed (a link, a private operation) first, then the operation.
  ///
  /// - Parameters:
  ///   - session: The drag that ended.
  ///   - actions: The action the destination performed (none: the drag was cancelled or refused).
  @MainActor
  public static func end(_ session: DragSession, with actions: ToolkitActions) {
    let mask = actions.performedMask
    if !mask.isEmpty { session.onEndedWithMask?(mask) }
    session.onEnded?(actions.operation)
  }
}

/// What a toolkit's drag source or clipboard offers for item providers, as our own pasteboards
/// and windows offer them (``SystemPasteboard/setItemProviders(_:)``): each representation under
/// its MIME types and the text conventions, the password-manager hint for a sensitive copy; each
/// written only when a reader asks for its format.
///
/// Files (file URLs, and promised files) are not among ``formats``: a toolkit offers them as
/// its own file list (GTK's `GdkFileList`), which it serializes itself (`text/uri-list`,
/// `x-special/gnome-copied-files`, the file transfer portal), from ``filePaths()``.
///
/// System programming interface, not API (`@_spi(Toolkit)`).
@_spi(Toolkit) public final class ToolkitOffers: Sendable {
  private let items: [SystemPasteboard.Item]
  private let offers: [SelectionTargets.Offer]
  /// The formats offered, in fidelity order: MIME types (and the identifiers of types that have
  /// none, and the password-manager hint), never X11's own text names, which toolkits map themselves.
  public let formats: [String]
  /// Whether the items offer files (file URLs or promised files), for the toolkit's own file list.
  public let offersFiles: Bool

  /// The offers of `providers`.
  ///
  /// - Parameters:
  ///   - providers: The items, in order.
  ///   - sensitive: Whether the copy is a password or a token (offers the password-manager hint).
  public convenience init(_ providers: [ItemProvider], sensitive: Bool = false) {
    self.init(items: providers.map(SystemPasteboard.Item.init), sensitive: sensitive)
  }

  /// The offers of the desktop pasteboard's own `items`.
  ///
  /// - Parameters:
  ///   - items: The items, in order.
  ///   - sensitive: Whether the copy is a password or a token (offers the password-manager hint).
  public init(items: [SystemPasteboard.Item], sensitive: Bool = false) {
    self.items = items
    let all = SelectionTargets.offers(for: items, sensitive: sensitive, portal: false)
    /// Whether `offer` is one of the toolkit's own file list's formats.
    func listsFiles(_ offer: SelectionTargets.Offer) -> Bool {
      switch offer.conversion {
      case .promisedFile: return true
      case .fileList(.uriList), .fileList(.gnomeCopiedFiles): return offer.type.conforms(to: .fileURL)
      default: return false
      }
    }
    offers = all.filter { offer in
      !listsFiles(offer) && (offer.target.contains("/") || !SelectionTargets.isTextTarget(offer.target))
    }
    formats = offers.map(\.target)
    offersFiles = all.contains(where: listsFiles)
  }

  /// Whether a file offered is a promise (written only when a reader asks for it).
  public var promisesFiles: Bool { items.contains { $0.filePromise != nil } }

  /// Whether the bytes of `format` may take time to make (a load that runs code, a file read):
  /// make them off the toolkit's thread then.
  ///
  /// - Parameter format: One of ``formats``.
  /// - Returns: Whether making the payload may wait.
  public func loadMayWait(_ format: String) -> Bool {
    guard let offer = offers.first(where: { $0.target == format }) else { return false }
    return SelectionTargets.loadMayWait(for: offer, items: items)
  }

  /// The bytes of `format`, made now (the representation's load runs on the calling thread).
  ///
  /// - Parameter format: One of ``formats``.
  /// - Returns: The payload, or nil when the format is not offered or its load failed.
  public func payload(_ format: String) -> ToolkitPayload? {
    guard let offer = offers.first(where: { $0.target == format }) else { return nil }
    return SelectionTargets.payload(for: offer, items: items, fileOperation: .copy).map(ToolkitPayload.init)
  }

  /// The paths of the offered files, in item order: a promised file is written now (into a
  /// folder of its own, once), which may wait: call it off the toolkit's thread.
  ///
  /// - Returns: The paths.
  /// - Throws: `SystemPasteboardError` when a promised file cannot be written.
  public func filePaths() throws(SystemPasteboardError) -> [String] {
    var paths: [String] = []
    for item in items {
      if let promise = item.filePromise {
        paths.append(try promise.fileInOwnFolder())
      } else if let url = try? item.load(conformingTo: .fileURL) {
        paths += FileList(url, target: FileList.uriListTarget).paths
      }
    }
    return paths
  }
}

/// The bytes of one offered format, in memory or read from a file a chunk at a time.
///
/// System programming interface, not API (`@_spi(Toolkit)`).
@_spi(Toolkit) public final class ToolkitPayload: Sendable {
  private let payload: Payload

  init(_ payload: Payload) { self.payload = payload }

  /// The number of bytes.
  public var count: Int { payload.count }

  /// Whether the bytes are read from a file (a read may wait on the file system: read off the
  /// toolkit's thread).
  public var isFile: Bool { payload.isFile }

  /// Copies at most `buffer.count` bytes from `offset` into `buffer` (fewer at the end), with no
  /// copy between: a payload in memory is copied once, a file's bytes are read into it.
  ///
  /// - Parameters:
  ///   - buffer: Where the bytes go.
  ///   - offset: Where to start.
  /// - Returns: The number of bytes copied.
  /// - Throws: `SystemPasteboardError` when a file cannot be read there.
  public func copyBytes(to buffer: UnsafeMutableRawBufferPointer, from offset: Int) throws(SystemPasteboardError) -> Int
  {
    try payload.copyBytes(to: buffer, from: offset)
  }

  /// At most `length` bytes from `offset` (fewer at the end); a file's are read now.
  ///
  /// - Parameters:
  ///   - offset: Where to start.
  ///   - length: How many bytes at most.
  /// - Returns: The bytes.
  /// - Throws: `SystemPasteboardError` when a file cannot be read there.
  public func bytes(at offset: Int, length: Int) throws(SystemPasteboardError) -> [UInt8] {
    try payload.bytes(at: offset, length: length)
  }
}
