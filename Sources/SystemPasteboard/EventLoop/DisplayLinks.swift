import UTIPlatform

/// The links (a connection and its event loop) this process shares, one per display and
/// timeout: every pasteboard on that display uses the one there, as a toolkit's one display
/// connection serves all its clipboards.
///
/// Held weakly: the pasteboards' ways keep their link, and the last one let go ends it. A link
/// is made at the first call, and again when the one there no longer serves (its connection
/// was lost, or it is a forked process's parent's).
final class DisplayLinks<Display: Hashable & Sendable, Link: AnyObject & Sendable>: Sendable {
  private let links = Locked<[Key: Entry]>([:])

  private struct Key: Hashable {
    var display: Display
    var timeout: Double
  }

  private struct Entry {
    weak var link: Link?
  }

  /// The link to `display` with `timeout`: the one made before while `isUsable` says it still
  /// serves, else a new one from `make`, which runs outside the lock (another display's
  /// pasteboards do not wait for this one to connect).
  /// - Throws: What `make` throws.
  func link(
    to display: Display, timeout: Double, isUsable: (Link) -> Bool, make: () throws(SystemPasteboardError) -> Link
  ) throws(SystemPasteboardError) -> Link {
    let key = Key(display: display, timeout: timeout)
    if let link = links.withLock({ $0[key]?.link }), isUsable(link) { return link }
    let made = try make()
    return links.withLock { links in
      if let link = links[key]?.link, isUsable(link) { return link }
      links = links.filter { $0.value.link != nil }
      links[key] = Entry(link: made)
      return made
    }
  }
}
