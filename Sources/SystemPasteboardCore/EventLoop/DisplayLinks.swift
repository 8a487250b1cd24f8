import UTIPlatform

/// The links (a connection and its event loop) this process shares, one per display and
/// timeout: every pasteboard on that display uses the one there, as a toolkit's one display
/// connection serves all its clipboards.
///
/// Held weakly: the pasteboards' ways keep their link, and the last one let go ends it. A link
/// is made at the first call, and again when the one there no longer serves (its connection
/// was lost, or it is a forked process's parent's).
package final class DisplayLinks<Display: Hashable & Sendable, Link: AnyObject & Sendable>: Sendable {
  private let links = Locked<[Key: Entry]>([:])

  /// No links yet.
  package init() {}

  private struct Key: Hashable {
    var display: Display
    var timeout: Double
  }

  private struct Entry {
    weak var link: Link?
    /// The process that made the link: a forked child does not use its parent's.
    var process: Int32

    /// The link, where it is this process's and `isServing` says it still serves.
    func link(servingIf isServing: (Link) -> Bool) -> Link? {
      guard let link, process == ProcessEnvironment.processID, isServing(link) else { return nil }
      return link
    }
  }

  /// The link to `display` with `timeout`: the one this process made before while `isServing`
  /// says it still serves (its connection was not lost), else a new one from `make`, which runs
  /// outside the lock (another display's pasteboards do not wait for this one to connect).
  /// - Throws: What `make` throws.
  package func link(
    to display: Display, timeout: Double, isServing: (Link) -> Bool, make: () throws(SystemPasteboardError) -> Link
  ) throws(SystemPasteboardError) -> Link {
    let key = Key(display: display, timeout: timeout)
    if let link = links.withLock({ $0[key]?.link(servingIf: isServing) }) { return link }
    let made = try make()
    return links.withLock { links in
      if let link = links[key]?.link(servingIf: isServing) { return link }
      links = links.filter { $0.value.link != nil }
      links[key] = Entry(link: made, process: ProcessEnvironment.processID)
      return made
    }
  }
}
