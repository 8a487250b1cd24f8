import Foundation
import UTIPlatform

/// Where a pasteboard's contents are mirrored: the desktop's clipboard, which DesktopPasteboard
/// binds. Told of every write of this process, asked before every read whether another
/// application's contents replaced ours.
package protocol PasteboardMirror: AnyObject, Sendable {
  /// This process's contents are now `providers` (local-only items left out): offer them.
  func publish(_ providers: [ItemProvider])
  /// The contents another application put there since the last call, or nil when they are
  /// still this process's (or unchanged).
  func foreignContents() -> [ItemProvider]?
}

extension Pasteboard {
  /// The mirror of this pasteboard's contents. Setting one publishes nothing: the next read
  /// takes the mirror's contents, the next write offers this process's.
  package var mirror: (any PasteboardMirror)? {
    get { storage.state.withLock { $0.mirror } }
    set { storage.state.withLock { $0.mirror = newValue } }
  }

  /// Offers the contents (those every application may see) to the mirror, if there is one.
  func publish() {
    let (mirror, providers) = storage.state.withLock { state in
      (state.mirror, state.items.filter { !$0.localOnly }.map(\.provider))
    }
    mirror?.publish(providers)
  }

  /// Replaces the contents with another application's, when the mirror has new ones: a change,
  /// counted and heard, not published back.
  func importFromMirror() {
    guard let mirror = storage.state.withLock({ $0.mirror }), let foreign = mirror.foreignContents() else { return }
    let items = foreign.map { Item(provider: $0, owner: application, localOnly: false, expirationDate: nil) }
    change(publishing: false) { $0 = items }
  }
}
