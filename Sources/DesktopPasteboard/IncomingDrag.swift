import Foundation
import Pasteboard
import SystemPasteboardCore
import TypeRegistry
import UTIPlatform

/// The items a drag brings into one of our windows, built the same way on every backend.
///
/// A file list (`text/uri-list`, a file manager's drag) is read at once, because its types are
/// the files' types: each file is an item with `public.file-url` and the file's type (by name
/// and content), loaded from the file, as the clipboard's file lists are. The source's other
/// targets follow as one more item whose types are the targets' `UTType`s (each type once, in
/// the source's order) and whose loads read the target only when `performDrop` asks, each on a
/// thread of its own, since the read waits for another application.
enum IncomingDrag {
  /// Reads one target's bytes for a load, and calls back once with them or with why not: on
  /// the process's work pool for a backend whose reads wait (``pooled(_:)``), or through a
  /// toolkit's own asynchronous reads.
  typealias Reader =
    @Sendable (_ target: String, _ completion: @escaping @Sendable (Result<Data, any Error>) -> Void)
    -> Void

  /// The items of a drag's targets.
  ///
  /// - Parameters:
  ///   - targets: The drag's targets (MIME types, or X11 target names), in the source's order.
  ///   - application: The application the drag comes from, for the providers' origin.
  ///   - registry: Maps targets to types and files to their types.
  ///   - files: The drag's file list, read already (nil: it offers none, or it could not be read).
  ///   - read: Reads one target's bytes when a load asks for it.
  ///   - promised: The file the source promises (X11's XdndDirectSave), if it does: its name,
  ///     the target that stands for it, and how it is received at a path; it comes first, as a
  ///     promise of the type its name's extension says (`public.data` when none does).
  /// - Returns: The promised file, the file items, then one provider for the other targets
  ///   (none when it has no type).
  static func items(
    targets: [String], application: AppIdentity, registry: UTTypeRegistry, files: FileList?,
    read: @escaping Reader,
    promised: (name: String, target: String, receive: @Sendable (String) throws -> [String])? = nil
  ) -> [ItemProvider] {
    let promise = promised.map { promised in
      // Typed by its name's extension, as a declared type (`public.data` where none declares it).
      let ext = URL(fileURLWithPath: promised.name).pathExtension
      let type = ext.isEmpty ? nil : registry.preferredType(tag: ext, tagClass: .filenameExtension, conformingTo: .data)
      let receive = promised.receive
      return ItemProvider.promisedFile(named: promised.name, type: type ?? .data, origin: application) {
        try receive($0.path).map { URL(fileURLWithPath: $0) }
      }
    }
    let fileItems = files.map { $0.items(registry: registry).map { ItemProvider($0, origin: application) } } ?? []
    let provider = ItemProvider(origin: application)
    var seen = Set<UTType>()
    for target in targets where (fileItems.isEmpty || !FileList.isFileListTarget(target)) && target != promised?.target
    {
      guard let type = SelectionTargets.type(ofTarget: target, registry: registry), seen.insert(type).inserted
      else { continue }
      provider.registerDataRepresentation(for: type) { completion in
        read(target) { result in
          switch result {
          case .success(let data): completion(SelectionTargets.received(data, target: target), nil)
          case .failure(let error): completion(nil, error)
          }
        }
        return nil
      }
    }
    return (promise.map { [$0] } ?? []) + fileItems + (provider.registeredTypeIdentifiers.isEmpty ? [] : [provider])
  }

  /// A reader that runs `load`, which waits for another application, on the process's work pool;
  /// a pool with no room refuses the load.
  static func pooled(_ load: @escaping @Sendable (String) throws -> [UInt8]) -> Reader {
    { target, completion in
      let accepted = WorkPool.shared.submit { completion(Result { Data(try load(target)) }) }
      if !accepted { completion(.failure(SystemPasteboardError.poolFull(target))) }
    }
  }
}

extension IncomingDrag {
  /// Moves a drag from another application to `location` on `surface`, beginning it there at its
  /// first position (or where the surface no longer runs it): how each backend's drag events
  /// (XDND's positions, `wl_data_device`'s enter and motion) drive the surface's delegates.
  ///
  /// - Parameters:
  ///   - surface: The window's drop surface.
  ///   - items: The drag's items (``items(targets:application:registry:files:read:promised:)``).
  ///   - location: The pointer, in window coordinates.
  ///   - allowed: The actions the source allows now (they follow its modifier keys): the
  ///     engine's operations, and AppKit's mask where they say more (a link, a private action).
  ///   - first: Whether this is the drag's first position over the window.
  ///   - application: The application the drag comes from.
  ///   - settled: Told, once, how a drop of this drag ended (after `performDrop`'s loads), and
  ///     what an AppKit destination performed where it said more than the engine.
  /// - Returns: The operation the target under the pointer agreed to.
  @MainActor
  static func move(
    on surface: DropSurface, items: [ItemProvider], to location: CGPoint, allowing allowed: DragActions,
    first: Bool, from application: AppIdentity, settled: @escaping @Sendable (DropOperation, NSDragOperation?) -> Void
  ) -> DropOperation {
    let operations = allowed.allowedOperations
    guard first || !surface.isDragging else {
      return surface.move(to: location, allowing: operations, mask: allowed.operationMask)
    }
    var session = DragSession(
      items: items, allowedOperations: operations, operationsOutsideApp: operations, source: application)
    session.operationMask = allowed.operationMask
    session.whenSettled = settled
    surface.begin(session, at: location)
    return surface.currentOperation
  }
}
