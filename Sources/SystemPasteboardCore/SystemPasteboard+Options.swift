import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SystemPasteboard {
  /// How a copy is offered and when it ends: after a date, after a number of pastes, and
  /// whether it is a secret that clipboard managers must not keep.
  ///
  /// ```swift
  /// var item = SystemPasteboard.Item()
  /// item.register(.utf8PlainText) { Array("hunter2".utf8) }
  /// try SystemPasteboard.clipboard.setItems(
  ///   [item], options: .init(expirationDate: Date(timeIntervalSinceNow: 45), isSensitive: true))
  /// ```
  ///
  /// Apple's counterpart is the `options` of `UIPasteboard.setItems(_:options:)`
  /// (`UIPasteboard.OptionsKey.expirationDate`); ``isSensitive`` is the Linux form of
  /// nspasteboard.org's `org.nspasteboard.ConcealedType`, and ``pasteLimit`` is wl-copy's
  /// `--paste-once` and xclip's `-loops`.
  public struct Options: Sendable, Equatable {
    /// When this process gives the selection up (nil: never; another copy still replaces it).
    public var expirationDate: Date?
    /// Whether the data is a password or a token: it is offered with
    /// `x-kde-passwordManagerHint` = `secret` (which Klipper, CopyQ and other managers honour by
    /// not recording the copy), and never handed to the clipboard manager (`SAVE_TARGETS`), at
    /// exit or otherwise. A copy with an ``expirationDate`` or a ``pasteLimit`` is not handed
    /// over either, since the manager would keep it past its end.
    public var isSensitive: Bool
    /// How many pastes are served before this process gives the selection up (nil: any number).
    /// A paste is one request for data (not for the list of targets) served to its end.
    public var pasteLimit: Int?

    /// Options for a copy.
    /// - Parameters:
    ///   - expirationDate: When the selection is given up; nil for never.
    ///   - isSensitive: Whether clipboard managers must not keep the data.
    ///   - pasteLimit: How many pastes are served before the selection is given up; nil for any number.
    public init(expirationDate: Date? = nil, isSensitive: Bool = false, pasteLimit: Int? = nil) {
      self.expirationDate = expirationDate
      self.isSensitive = isSensitive
      self.pasteLimit = pasteLimit
    }
  }

  /// Makes this process the selection's owner with `items`, offered and ended as `options`
  /// says; returns once the server confirms the ownership.
  ///
  /// ```swift
  /// try SystemPasteboard.clipboard.setItems([item], options: .init(pasteLimit: 1))   // wl-copy -o
  /// ```
  ///
  /// Apple's counterpart: `UIPasteboard.setItems(_:options:)`.
  /// - Parameters:
  ///   - items: What to offer, in order.
  ///   - options: When the copy ends, and whether it is sensitive.
  /// - Throws: ``SystemPasteboardError`` when there is no desktop or another client keeps the
  ///   selection; `.request` for a ``Options/pasteLimit`` below 1.
  public func setItems(_ items: [Item], options: Options) throws(SystemPasteboardError) {
    try setItems(items, fileOperation: .copy, options: options)
  }
}

/// One ownership of a selection: what it was made with, and the pastes it has served. The
/// backends report each paste served to its end (``pasteServed()``); the pasteboard gives the
/// selection up when the limit or the expiration date is reached, if this ownership is still
/// its current one.
package final class Ownership: Sendable {
  package let options: SystemPasteboard.Options
  private let served = Locked(0)
  /// Where the compositor keeps a copy of every selection (GNOME's mutter reads each new one at
  /// once, and puts it back when its owner leaves): until when its read is expected, and
  /// whether it has come. Set by the backend that knows (``compositorKeepsCopies()``).
  private let keeper = Locked<(deadline: UInt64, read: Bool)?>(nil)

  /// How long after owning the first read counts as the compositor's own. mutter asks for its
  /// copy as it takes the new owner, before any client can hear of the selection and ask, so its
  /// read is the first; the window (generous, for a loaded machine) only bounds how long a
  /// copy whose types the manager does not keep waits for a read that never comes.
  static let keeperReadWindow: UInt64 = 2_000_000_000
  private let limitReached: @Sendable (Ownership) -> Void

  package init(options: SystemPasteboard.Options, limitReached: @escaping @Sendable (Ownership) -> Void) {
    self.options = options
    self.limitReached = limitReached
  }

  /// An ownership without limits (a drag's, a window's own clipboard before options were given).
  package static let unlimited = Ownership(options: .init()) { _ in }

  /// Whether its offers carry `x-kde-passwordManagerHint`.
  package var isSensitive: Bool { options.isSensitive }

  /// Whether the clipboard manager may be given the data: not a sensitive copy, and not one
  /// that is to end (the manager would serve it for ever, to any number of pastes).
  var mayBeHandedOver: Bool {
    !options.isSensitive && options.pasteLimit == nil && options.expirationDate == nil
  }

  /// Says that the compositor keeps copies: its read, the first and within ``keeperReadWindow``
  /// of now, is refused for a copy that must not be kept (``mayBeHandedOver`` false: sensitive,
  /// limited or expiring), so it keeps nothing to restore and takes none of the copy's pastes;
  /// and a copy ends by clearing the selection (``endsByClearing``).
  package func compositorKeepsCopies() {
    keeper.withLock { $0 = (MonotonicClock.now() + Self.keeperReadWindow, false) }
  }

  /// Whether the copy's end must set an empty selection rather than only end its source: the
  /// compositor would otherwise restore what it kept.
  var endsByClearing: Bool { keeper.withLock { $0 != nil } }

  /// Whether a read that starts now is the compositor's own (the first, at once), which is
  /// marked as come.
  private func isKeepersRead() -> Bool {
    keeper.withLock { keeper in
      guard let current = keeper, !current.read, MonotonicClock.now() < current.deadline else { return false }
      keeper?.read = true
      return true
    }
  }

  /// Whether a read that starts now is served: not the compositor's keeping read of a copy that
  /// must not be kept. (One that may be kept has no paste limit, so its keeper's read, served,
  /// counts for nothing.)
  package func admitsRead() -> Bool {
    !isKeepersRead() || mayBeHandedOver
  }

  /// The number of pastes served so far.
  var pasteCount: Int { served.withLock { $0 } }

  /// Counts one paste of `target` served to its end (called on a backend's thread); the one
  /// that reaches the limit starts giving the selection up. The password manager hint is not a
  /// paste of the data, and is not counted.
  package func pasteServed(_ target: String) {
    guard target != SelectionTargets.passwordManagerHintTarget else { return }
    let count = served.withLock { count -> Int in
      count += 1
      return count
    }
    if let limit = options.pasteLimit, count == limit { limitReached(self) }
  }
}
