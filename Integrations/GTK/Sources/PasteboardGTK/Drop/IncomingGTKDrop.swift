import CSwiftUTIGTK
@_spi(Toolkit) import DesktopPasteboard
import Foundation
import Pasteboard
import TypeRegistry

/// One drag GTK brought over a destination's widget (a `GdkDrop`), from its first `accept` until
/// it leaves for good or its drop is finished: its items (built once, however often the pointer
/// leaves and comes back), its place on the surface, and the one `gdk_drop_finish`.
///
/// Its items are built off GTK's thread: a file list is read first (`GdkFileList`, as GTK reads
/// a file manager's list or the file transfer portal's), and each file identified; positions
/// that come meanwhile are refused, and the status is sent once the items are there. A drop
/// that comes meanwhile is performed once they are.
@MainActor
final class IncomingGTKDrop {
  /// The `GdkDrop`.
  let drop: GObjectReference
  /// The actions the source allows.
  let allowed: ToolkitActions
  /// The application it comes from (this one, for a drag of our own drag source).
  let source: AppIdentity
  /// The content of our own drag source's drag, for a drag within the application.
  private let local: GTKContentProvider.Content?
  /// The items, once built.
  private(set) var items: [ItemProvider]?
  /// Where the pointer is, in the widget's coordinates.
  var location = CGPoint.zero
  /// Whether the pointer is over the widget (between enter and leave).
  var over = false
  /// Whether ``location`` is the pointer's (a motion or the drop said where it is).
  var located = false
  private weak var destination: GTKDropDestination?
  private let timeout: Duration
  /// Whether the drag runs on the surface now, and which run it is (a leave ends one).
  private var began = false
  private var run = 0
  private var dropped = false
  private var finished = false
  /// Whether the widget went (or another drop replaced this one) before the drop ended.
  private var abandoned = false
  /// The drop's MIME types (another application's drag), and those read ahead of the drop.
  private var formats: [String] = []
  private var prefetched: [String: Data] = [:]

  init(drop: OpaquePointer, destination: GTKDropDestination) {
    self.drop = GObjectReference(retaining: drop.raw)
    self.destination = destination
    timeout = destination.timeout
    if let content = GTKContentProvider.content(dragging: drop), let session = content.session {
      // Our own drag, within the application: its providers, and what it allows within it (of
      // what GDK's drag offers).
      local = content
      source = session.source
      allowed = ToolkitActions(allowing: session.allowedOperations).intersection(
        ToolkitActions(gdk: gdk_drop_get_actions(drop)))
      items = session.items
    } else {
      local = nil
      source = AppIdentity(bundleIdentifier: "another application")
      allowed = ToolkitActions(gdk: gdk_drop_get_actions(drop))
      buildItems(registry: destination.currentRegistry)
    }
  }

  var gdkDrop: OpaquePointer { drop.opaque }

  // MARK: The drag on the surface

  /// The actions to answer a position with: the surface's (refused while the items are built,
  /// or once the drop is on its way).
  func answer(on surface: DropSurface) -> ToolkitActions {
    dropped || finished ? [] : move(on: surface)
  }

  /// Moves the drag to ``location`` on `surface`, beginning it there where it does not run.
  private func move(on surface: DropSurface) -> ToolkitActions {
    guard let items, located else { return [] }
    let first = !began
    if first {
      began = true
      run += 1
    }
    let run = self.run
    return Toolkit.move(
      on: surface, items: items, to: location, allowing: allowed, first: first, from: source
    ) { [self] actions in
      GTKThread.run { self.settled(actions, run: run) }
    }
  }

  /// The pointer left the widget: the delegates hear `dropExited` (not after a drop).
  func leave(_ surface: DropSurface) {
    guard !dropped, began else { return }
    began = false
    surface.cancel()
  }

  /// The pointer was released over the widget: performed now, or once the items are built.
  func drop(on surface: DropSurface) {
    dropped = true
    located = true
    if items != nil { prefetch(then: surface) }
  }

  /// Reads the formats of the types the destination reads synchronously (an AppKit destination's
  /// dragging pasteboard: `NSPasteboard`'s reads return at once, and GTK's reads need its loop,
  /// which such a read would hold) ahead of the drop, then performs it; their loads are then
  /// answered from what was read.
  private func prefetch(then surface: DropSurface) {
    let registry = destination?.currentRegistry ?? UTTypeRegistry.shared.current
    var pending = Set<String>()
    for type in destination?.readsAhead ?? [] {
      if let found = Toolkit.format(among: formats, conformingTo: type, registry: registry) {
        pending.insert(found.format)
      }
    }
    guard !pending.isEmpty, local == nil else { return perform(on: surface) }
    for format in pending {
      GDKValueReader.read(format, from: .drop(gdkDrop), timeout: timeout) { [self] result in
        if case .success(let data) = result { prefetched[format] = data }
        pending.remove(format)
        if pending.isEmpty { perform(on: surface) }
      }
    }
  }

  /// Ends the drag on the surface at ``location`` (beginning it there first if it does not run):
  /// `performDrop` where a target agreed; the surface's settled handler finishes the drop.
  private func perform(on surface: DropSurface) {
    if !began { _ = move(on: surface) }
    guard began, surface.isDragging else { return finish([]) }
    surface.end(at: location)
  }

  /// The drop of run `run` has ended and its loads are done: finished with what was performed.
  private func settled(_ actions: ToolkitActions, run: Int) {
    guard run == self.run, dropped else { return }
    finish(actions)
  }

  /// `gdk_drop_finish`, once.
  private func finish(_ actions: ToolkitActions) {
    guard dropped, !finished else { return }
    finished = true
    if !actions.isEmpty { local?.droppedInApplication = true }
    gdk_drop_finish(gdkDrop, actions.gdk)
    if destination?.incoming === self { destination?.incoming = nil }
  }

  /// The widget went, or another drop took this one's place: a drag on the surface leaves it; a
  /// drop not yet performed is finished as refused (one being performed ends with its loads).
  func abandon(on surface: DropSurface) {
    abandoned = true
    if dropped {
      if !began { finish([]) }
    } else if began {
      began = false
      surface.cancel()
    }
  }

  // MARK: The items

  /// Builds the items: the file list read first where there is one, then the formats' providers
  /// and each file identified, on the work pool.
  private func buildItems(registry: UTTypeRegistry) {
    let formats = GDKFormats(gdk_drop_get_formats(gdkDrop), local: gdk_drop_get_drag(gdkDrop) != nil)
    guard formats.hasFiles else { return build(formats.mimeTypes, files: nil, registry: registry) }
    GDKValueReader.readFileList(of: .drop(gdkDrop), timeout: timeout) { [self] uris in
      build(formats.mimeTypes, files: uris, registry: registry)
    }
  }

  private func build(_ formats: [String], files: [String]?, registry: UTTypeRegistry) {
    self.formats = files == nil ? formats : formats.filter { !Toolkit.isFileList($0) }
    let source = self.source
    let read: Toolkit.Reader = { [weak self] format, completion in
      GTKThread.run {
        guard let self else { return completion(.failure(Self.over)) }
        self.read(format, completion: completion)
      }
    }
    let accepted = Toolkit.submit {
      let items = Toolkit.items(formats: formats, files: files, source: source, registry: registry, read: read)
      GTKThread.run { [self] in built(items) }
    }
    if !accepted { built([]) }
  }

  /// The items are there: a drop that came meanwhile is performed; a drag over the widget gets
  /// its status now (GTK answered its positions with none meanwhile).
  private func built(_ items: [ItemProvider]) {
    self.items = items
    guard !finished, let surface = destination?.surface else { return }
    if abandoned {
      if dropped { finish([]) }
      return
    }
    if dropped { return prefetch(then: surface) }
    guard over else { return }
    let actions = move(on: surface)
    gdk_drop_status(gdkDrop, allowed.intersection([.copy, .move, .link]).gdk, actions.gdk)
  }

  /// A load of a drop that is over.
  static let over = Toolkit.error(.conversionRefused, "the drop is over: its data can no longer be read")

  /// Reads `format` from the drop (`gdk_drop_read_async`), for a load `performDrop` started.
  private func read(_ format: String, completion: @escaping @Sendable (Result<Data, any Error>) -> Void) {
    if let data = prefetched[format] { return completion(.success(data)) }
    guard !finished else { return completion(.failure(Self.over)) }
    GDKValueReader.read(format, from: .drop(gdkDrop), timeout: timeout) { result in
      completion(result.mapError { $0 })
    }
  }
}
