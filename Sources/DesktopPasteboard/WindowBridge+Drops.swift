import Foundation
import Pasteboard
import SystemPasteboardCore
import TypeRegistry
import UTIPlatform

extension WindowBridge {
  /// One of the backend's drag events, on the window's loop: the loop never waits here (the
  /// surface runs on the main actor, the items are built on a thread of their own).
  func received(_ event: WindowDragEvent) {
    let arrived = MonotonicClock.now()
    guard let surface = state.withLock({ $0.surface }) else { return }
    switch event {
    case .entered(let number, let targets, let source, let width, let height):
      let application = AppIdentity(bundleIdentifier: source)
      state.withLock { state in
        state.incoming = Incoming(
          number: number, targets: targets, source: application,
          bounds: CGRect(x: 0, y: 0, width: width, height: height))
      }
      buildItems(number: number, targets: targets, application: application, surface: surface)
    case .moved(let number, let x, let y, let allowed):
      let current = state.withLock { state -> Bool in
        guard state.incoming?.number == number else { return false }
        state.incoming?.location = CGPoint(x: x, y: y)
        state.incoming?.allowed = allowed
        state.incoming?.arrived = arrived
        return true
      }
      if current { move(surface: surface) }
    case .left(let number):
      state.withLock { state in if state.incoming?.number == number { state.incoming = nil } }
      runOnMain { [self] in
        guard state.withLock({ $0.began == number }) else { return }
        state.withLock { $0.began = nil }
        surface.cancel()
      }
    case .dropped(let number):
      let location = state.withLock { state -> CGPoint? in
        defer { if state.incoming?.number == number { state.incoming = nil } }
        return state.incoming?.number == number ? state.incoming?.location : nil
      }
      runOnMain { [self] in
        let began = state.withLock { state in
          defer { state.began = nil }
          return state.began == number
        }
        // The drag's settled handler finishes it once its loads are done.
        guard began, let location, surface.isDragging else { return backend.finish(number, with: []) }
        _ = surface.end(at: location)
      }
    }
  }

  /// Builds drag `number`'s items (``IncomingDrag``) on the process's pool, since a file list
  /// is read from the drag's source, which may be this window's own loop (a drag from our own
  /// window); then answers the position that came meanwhile. A file list that cannot be read
  /// leaves the drag's other targets.
  private func buildItems(number: Int, targets: [String], application: AppIdentity, surface: DropSurface) {
    let backend = self.backend
    let registry = self.registry ?? UTTypeRegistry.shared.current
    // A pool with no room builds no items: the drag is declined, as one whose list cannot be read.
    WorkPool.shared.submit { [weak self] in
      let promised = backend.promisedFile(of: number, targets: targets).map { file in
        (
          name: file.name, target: file.target,
          receive: { @Sendable (path: String) throws -> [String] in
            try backend.receivePromisedFiles(of: number, at: path)
          }
        )
      }
      // A file list that cannot be read leaves the drag's other targets.
      let files = targets.first(where: FileList.isFileListTarget).flatMap { target in
        (try? backend.read(target, of: number)).map { FileList($0, target: target) }
      }
      let items = IncomingDrag.items(
        targets: targets, application: application, registry: registry, files: files,
        read: IncomingDrag.pooled { target in try backend.read(target, of: number) }, promised: promised)
      guard let self else { return }
      let current = state.withLock { state -> Bool in
        guard state.incoming?.number == number else { return false }
        state.incoming?.items = items
        return true
      }
      if current { move(surface: surface) }
    }
  }

  /// Moves the drag over us to its latest position on the surface (beginning it there at its
  /// first) on the main actor, and answers from there with the surface's operation and quiet
  /// rectangle: the window's loop goes on meanwhile (XDND and Wayland let a target answer a
  /// position later). Nothing happens while the items are built (they answer once built); a drag
  /// that brings nothing the model takes is refused by the surface, whose delegates never hear of it.
  private func move(surface: DropSurface) {
    let drag = state.withLock { state -> Incoming? in
      guard let drag = state.incoming, drag.items != nil, drag.arrived != nil else { return nil }
      state.incoming?.arrived = nil
      return drag
    }
    guard let drag, let items = drag.items, let arrived = drag.arrived else { return }
    let (backend, number) = (self.backend, drag.number)
    runOnMain { [self] in
      let first = state.withLock { state in
        defer { state.began = number }
        return state.began != number
      }
      let operation = IncomingDrag.move(
        on: surface, items: items, to: drag.location, allowing: drag.allowed, first: first, from: drag.source
      ) { operation, mask in
        backend.finish(number, with: DragActions(performing: operation, mask: mask, allowed: drag.allowed))
      }
      let quiet =
        backend.answersWithQuietRectangle ? Self.quiet(on: surface, around: drag.location, within: drag.bounds) : nil
      let actions = DragActions(performing: operation, mask: surface.draggingOperation, allowed: drag.allowed)
      backend.answer(number, taking: actions, quiet: quiet)
      recordAnswer(since: arrived)
    }
  }

  /// The surface's quiet rectangle around `location` as the backend takes it.
  @MainActor
  private static func quiet(on surface: DropSurface, around location: CGPoint, within bounds: CGRect)
    -> WindowRectangle?
  {
    surface.quietRectangle(around: location, within: bounds).map {
      WindowRectangle(x: $0.minX, y: $0.minY, width: $0.width, height: $0.height)
    }
  }

  /// Tells the benchmark's observer, where one is set, how long the answer took.
  private func recordAnswer(since arrived: UInt64) {
    guard let observer = state.withLock({ $0.answerObserver }) else { return }
    observer(MonotonicClock.now() - arrived)
  }
}
