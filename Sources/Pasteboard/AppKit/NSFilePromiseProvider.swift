import Foundation
import UTIPlatform

extension NSPasteboard.PasteboardType {
  /// A promised file's type identifier (`kPasteboardTypeFilePromiseContent`).
  static let promisedFileContentType = Self("com.apple.pasteboard.promised-file-content-type")
  /// A promised file's URL, known once the promise is kept (`kPasteboardTypeFileURLPromise`).
  static let promisedFileURL = Self("com.apple.pasteboard.promised-file-url")
  /// The item of a file promise provider.
  static let filePromiseItemMetaData = Self("com.apple.NSFilePromiseItemMetaData")
}

/// A file that does not exist yet, on a pasteboard or in a drag: a mail's attachment, a photo's
/// original, an archive's member, written only when a destination accepts it, into the folder
/// the destination chooses.
///
/// ```swift
/// final class Attachment: NSObject, NSFilePromiseProviderDelegate {
///   func filePromiseProvider(_ provider: NSFilePromiseProvider, fileNameForType fileType: String) -> String {
///     "invoice.pdf"
///   }
///   func filePromiseProvider(_ provider: NSFilePromiseProvider, writePromiseTo url: URL) async throws {
///     try await download().write(to: url)
///   }
/// }
/// let promise = NSFilePromiseProvider(fileType: UTType.pdf.identifier, delegate: attachment)
/// NSPasteboard.general.writeObjects([promise])   // or NSDraggingItem(pasteboardWriter: promise)
/// ```
///
/// The provider writes its promise's types (``writableTypes(for:)``); a subclass adds its own by
/// overriding it and ``pasteboardPropertyList(forType:)``, calling `super` for the rest, as AppKit
/// apps do. A destination reads the promise as an ``NSFilePromiseReceiver``
/// (`readObjects(forClasses: [NSFilePromiseReceiver.self])`); a drop delegate reads it as a file
/// representation of ``fileType`` (`loadFileRepresentation(for:)`), written into a temporary
/// folder when loaded. The delegate is held weakly, as AppKit holds it. Apple's counterpart:
/// AppKit's `NSFilePromiseProvider`.
open class NSFilePromiseProvider: NSObject, NSPasteboardWriting, @unchecked Sendable {
  // Sendable: every property is read and written under `state`'s lock (the delegate held weakly there);
  // unchecked because the class is open.
  /// The promised file's type identifier (`public.jpeg`, `com.adobe.pdf`).
  open var fileType: String {
    get { state.withLock { $0.fileType } }
    set { state.withLock { $0.fileType = newValue } }
  }

  /// Names the file and writes it; held weakly.
  open weak var delegate: (any NSFilePromiseProviderDelegate)? {
    get { state.withLock { $0.delegate } }
    set { state.withLock { $0.delegate = newValue } }
  }

  /// What the app keeps with the promise (the message and attachment it stands for).
  open var userInfo: Any? {
    get { state.withLock { $0.userInfo } }
    set { state.withLock { $0.userInfo = newValue } }
  }

  private struct State {
    var fileType: String
    weak var delegate: (any NSFilePromiseProviderDelegate)?
    var userInfo: Any?
  }

  private let state: Locked<State>

  /// A promise of a file of `fileType` that `delegate` names and writes. Apple's counterpart:
  /// `init(fileType:delegate:)`.
  ///
  /// - Parameters:
  ///   - fileType: The promised file's type identifier.
  ///   - delegate: Names the file and writes it (held weakly).
  public init(fileType: String, delegate: any NSFilePromiseProviderDelegate) {
    state = Locked(State(fileType: fileType, delegate: delegate, userInfo: nil))
    super.init()
  }

  /// A promise with no file type and no delegate yet (set both before it is written).
  public override init() {
    state = Locked(State(fileType: "", delegate: nil, userInfo: nil))
    super.init()
  }

  /// The promise's types: its metadata, the promised file's URL (promised: known when kept) and
  /// its content type. A subclass adds its own and calls `super`.
  ///
  /// - Parameter pasteboard: The pasteboard written to.
  /// - Returns: The promise's types.
  open func writableTypes(for pasteboard: NSPasteboard) -> [NSPasteboard.PasteboardType] {
    [.filePromiseItemMetaData, .promisedFileURL, .promisedFileContentType]
  }

  /// The promised file's URL is promised (a destination learns it when it receives the file);
  /// the other types are written at once.
  ///
  /// - Parameters:
  ///   - type: One of the writable types.
  ///   - pasteboard: The pasteboard written to.
  /// - Returns: `.promised` for the file's URL, else none.
  open func writingOptions(forType type: NSPasteboard.PasteboardType, pasteboard: NSPasteboard)
    -> NSPasteboard.WritingOptions
  {
    type == .promisedFileURL ? .promised : []
  }

  /// The promise's values: the file type for the content type and the metadata; nothing for
  /// the file's URL, which only receiving the file makes.
  ///
  /// - Parameter type: One of the writable types.
  /// - Returns: The value, or nil.
  open func pasteboardPropertyList(forType type: NSPasteboard.PasteboardType) -> Any? {
    switch type {
    case .promisedFileContentType, .filePromiseItemMetaData: fileType
    default: nil
    }
  }
}
