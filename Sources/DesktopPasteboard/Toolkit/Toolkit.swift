import Foundation
import Pasteboard
import SystemPasteboard
import TypeRegistry
import UTIPlatform

/// What an adapter over a UI toolkit's own transfers needs of the desktop's model: the one seam
/// between a toolkit (GTK 4's drags and clipboard, in the repository's second package) and the
/// mappings every backend shares, so that a toolkit's drops and copies read and offer exactly as
/// our own windows and pasteboards do.
///
/// System programming interface, not API (`@_spi(Toolkit)`): it changes with the adapters, and
/// the versioning policy does not cover it.
@_spi(Toolkit) public enum Toolkit {
  /// Reads one format's bytes for a load and calls back once, with them or with why not.
  public typealias Reader =
    @Sendable (_ format: String, _ completion: @escaping @Sendable (Result<Data, any Error>) -> Void) -> Void

  /// The type a format (a MIME type, or an X11 target name) stands for; nil for the formats that
  /// carry no item data.
  ///
  /// - Parameters:
  ///   - format: The format.
  ///   - registry: Maps MIME types to types.
  /// - Returns: Its type, as a paste or a drop over our own windows reads it.
  public static func type(ofFormat format: String, registry: UTTypeRegistry) -> UTType? {
    SelectionTargets.type(ofTarget: format, registry: registry)
  }

  /// The type an AppKit pasteboard type stands for (`NSFilenamesPboardType` is a file URL, as
  /// AppKit reads it).
  ///
  /// - Parameter pasteboardType: The pasteboard type.
  /// - Returns: Its type.
  public static func contentType(of pasteboardType: NSPasteboard.PasteboardType) -> UTType {
    pasteboardType.contentType
  }

  /// Whether `format` is a list of files (`text/uri-list`, `x-special/gnome-copied-files`).
  ///
  /// - Parameter format: The format.
  /// - Returns: Whether it lists files.
  public static func isFileList(_ format: String) -> Bool { FileList.isFileListTarget(format) }

  /// Of `formats` (in the owner's order), the one to read for a reader that asks for `type`:
  /// the first that conforms, UTF-8 text before text of no stated charset.
  ///
  /// - Parameters:
  ///   - formats: The owner's formats.
  ///   - type: What the reader asks for.
  ///   - registry: Maps formats to types.
  /// - Returns: The format and its type, or nil when none conforms.
  public static func format(
    among formats: [String], conformingTo type: UTType, registry: UTTypeRegistry
  ) -> (type: UTType, format: String)? {
    let candidates = formats.compactMap { format -> (type: UTType, target: String)? in
      guard let found = SelectionTargets.type(ofTarget: format, registry: registry, conformingTo: type),
        found.conforms(to: type)
      else { return nil }
      return (found, format)
    }
    return SelectionTargets.preferred(candidates).map { ($0.type, $0.target) }
  }

  /// Data read under `format`, made what its type says (text in another charset to UTF-8; any
  /// other data as it is, not copied).
  ///
  /// - Parameters:
  ///   - data: What the owner wrote.
  ///   - format: The format it was read under.
  /// - Returns: The data.
  public static func decoded(_ data: Data, format: String) -> Data {
    SelectionTargets.received(data, target: format)
  }

  /// The items of a drag or a copy offered under `formats`, built as our own windows build them:
  /// each file of `files` an item with `public.file-url` and the file's type (by the registry's
  /// declarations first, then by content), then one provider for the other formats, whose loads
  /// call `read`. Reads files (to identify them): call it off the toolkit's thread.
  ///
  /// - Parameters:
  ///   - formats: The formats, in the owner's order.
  ///   - files: The URIs of the files it offers (`file:` URLs, and others), read already; nil
  ///     where it offers none.
  ///   - source: The application it comes from.
  ///   - registry: Maps formats and files to types.
  ///   - read: Reads one format when a load asks for it.
  /// - Returns: The items.
  public static func items(
    formats: [String], files: [String]?, source: AppIdentity, registry: UTTypeRegistry, read: @escaping Reader
  ) -> [ItemProvider] {
    let list = files.map { FileList(Array($0.joined(separator: "\r\n").utf8), target: FileList.uriListTarget) }
    return IncomingDrag.items(targets: formats, application: source, registry: registry, files: list, read: read)
  }

  /// Moves a toolkit's drag to `location` on `surface`, beginning it there at its first position,
  /// as our own windows drive it; the actions to answer with.
  ///
  /// - Parameters:
  ///   - surface: The drop targets.
  ///   - items: The drag's items (``items(formats:files:source:registry:read:)``).
  ///   - location: The pointer, in the surface's coordinates.
  ///   - allowed: The actions the source allows now.
  ///   - first: Whether this is the drag's first position over the surface.
  ///   - source: The application the drag comes from.
  ///   - settled: Told once, with the actions performed, when a drop of this drag has ended and
  ///     the loads `performDrop` started have finished (on the thread the last load ended on).
  /// - Returns: The actions the target under the pointer takes (none: refused).
  @MainActor
  public static func move(
    on surface: DropSurface, items: [ItemProvider], to location: CGPoint, allowing allowed: ToolkitActions,
    first: Bool, from source: AppIdentity, settled: @escaping @Sendable (ToolkitActions) -> Void
  ) -> ToolkitActions {
    let actions = allowed.actions
    let operation = IncomingDrag.move(
      on: surface, items: items, to: location, allowing: actions, first: first, from: source
    ) { operation, mask in
      settled(ToolkitActions(DragActions(performing: operation, mask: mask, allowed: actions)))
    }
    return ToolkitActions(DragActions(performing: operation, mask: surface.draggingOperation, allowed: actions))
  }

  /// Runs `work`, which may wait (a load, a file write), on the process's one bounded pool.
  ///
  /// - Parameter work: The work.
  /// - Returns: Whether the pool took it (false: its queue is full).
  public static func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
    WorkPool.shared.submit(work)
  }

  /// The error of a toolkit's transfer that failed for `message`, of kind `code`.
  ///
  /// - Parameters:
  ///   - code: The kind.
  ///   - message: What happened, for a person.
  /// - Returns: The error, as the desktop's pasteboards throw it.
  public static func error(_ code: SystemPasteboardError.Code, _ message: String) -> SystemPasteboardError {
    SystemPasteboardError(code, message)
  }
}

/// The actions of a drag in a toolkit's terms, as every backend names them (GTK's
/// `GdkDragAction`: copy, move, link, ask; XDND's private action).
@_spi(Toolkit) public struct ToolkitActions: OptionSet, Hashable, Sendable {
  /// The bits.
  public let rawValue: UInt8
  /// The actions of `rawValue`.
  ///
  /// - Parameter rawValue: The bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The target copies the data.
  public static let copy = ToolkitActions(DragActions.copy)
  /// The target takes the data; the source deletes its own.
  public static let move = ToolkitActions(DragActions.move)
  /// The target asks the user which.
  public static let ask = ToolkitActions(DragActions.ask)
  /// The target links to the data.
  public static let link = ToolkitActions(DragActions.link)
  /// The target does something of its own.
  public static let `private` = ToolkitActions(DragActions.private)

  init(_ actions: DragActions) { self.init(rawValue: actions.rawValue) }
  var actions: DragActions { DragActions(rawValue: rawValue) }

  /// The actions a drag offers for `session` (its operations outside the application, and
  /// AppKit's mask where it gives one).
  ///
  /// - Parameter session: The drag.
  public init(offering session: DragSession) {
    self.init(DragActions(allowing: session.operationsOutsideApp, mask: session.operationMask))
  }

  /// The actions that perform `operations` (a drag within the application, whose session says
  /// what it allows there).
  ///
  /// - Parameter operations: The operations.
  public init(allowing operations: Set<DropOperation>) {
    self.init(DragActions(allowing: operations))
  }

  /// The operation of the action a drag ended with: `.move`, `.copy` (also for a link or a
  /// private action), `.cancel` where none was agreed.
  public var operation: DropOperation { actions.operation }

  /// The action as AppKit names it (a move, a copy, a link, a private operation; none).
  public var performedMask: NSDragOperation { actions.performedMask }
}
