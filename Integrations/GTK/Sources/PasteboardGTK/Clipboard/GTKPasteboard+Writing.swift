import CSwiftUTIGTK
@_spi(Toolkit) import DesktopPasteboard
import Foundation
import Pasteboard

extension GTKPasteboard {
  /// Puts `itemProviders` on the selection: every type they register is offered, and each loaded
  /// only when an application asks for it (off GTK's thread); the file URLs of every provider
  /// make one file list.
  ///
  /// ```swift
  /// GTKPasteboard.clipboard.setItemProviders([NSItemProvider(object: "Hello" as NSString)])
  /// // wl-paste, xclip -o -selection clipboard  →  Hello
  /// ```
  ///
  /// Apple's counterpart: `UIPasteboard.itemProviders`'s setter, and
  /// `setItemProviders(_:localOnly:expirationDate:)` for the options.
  ///
  /// - Parameters:
  ///   - itemProviders: What to offer, in order.
  ///   - options: An expiry (the copy is cleared then, if still ours), a paste limit (once that
  ///     many pastes were written to their readers to the end, every later one is refused and
  ///     the copy is cleared a quarter of a second later; a read of the password manager hint is
  ///     none), and whether the copy is sensitive (a password: clipboard
  ///     managers are told not to keep it, `x-kde-passwordManagerHint`, and GTK's clipboard
  ///     manager hand-over leaves it out).
  public func setItemProviders(_ itemProviders: [NSItemProvider], options: SystemPasteboard.Options = .init()) {
    own(ToolkitOffers(itemProviders, sensitive: options.isSensitive), options: options)
  }

  /// Puts the desktop pasteboard's own `items` on the selection, as
  /// ``setItemProviders(_:options:)`` does.
  ///
  /// ```swift
  /// var item = SystemPasteboard.Item()
  /// item.register(.utf8PlainText) { Array("Hello".utf8) }
  /// GTKPasteboard.clipboard.setItems([item])
  /// ```
  ///
  /// Apple's counterpart: `NSPasteboard.writeObjects(_:)`.
  ///
  /// - Parameters:
  ///   - items: What to offer, in order.
  ///   - options: An expiry, a paste limit, and whether the copy is sensitive.
  public func setItems(_ items: [SystemPasteboard.Item], options: SystemPasteboard.Options = .init()) {
    own(ToolkitOffers(items: items, sensitive: options.isSensitive), options: options)
  }

  /// Empties the selection, where this pasteboard's copy is on it. Apple's counterpart:
  /// `NSPasteboard.clearContents()`.
  public func clearContents() {
    guard ownsSelection else { return }
    gdk_clipboard_set_content(gdkClipboard, nil)
  }

  /// Makes `offers` the selection's content, with `options`' expiry and paste limit.
  private func own(_ offers: ToolkitOffers, options: SystemPasteboard.Options) {
    if let owned { GTKThread.cancel(owned.expiry) }
    let limit = options.pasteLimit
    let content = GTKContentProvider.Content(
      offers: offers, sensitive: options.isSensitive, timeout: timeout,
      served: { [weak self] _ in self?.served(limit: limit) })
    let provider = GTKContentProvider.make(content)
    defer { g_object_unref(provider) }
    let raw = UnsafeMutableRawPointer(provider)
    var expiry: guint = 0
    if let date = options.expirationDate {
      let milliseconds = UInt32(clamping: max(0, Int((date.timeIntervalSinceNow * 1000).rounded(.up))))
      expiry = GTKThread.after(milliseconds: milliseconds) { [weak self] in self?.expired(raw) }
    }
    owned = (raw, expiry, 0)
    gdk_clipboard_set_content(gdkClipboard, provider)
  }

  /// A paste of our copy was served to its end (its data written and the reader's stream
  /// completed): at the paste limit, the copy refuses every later paste at once, and leaves the
  /// selection ``limitGrace`` later.
  ///
  /// The wait is for the reader of the last paste: `wl-paste` 2.1.0 (Debian 12's) handles the
  /// compositor's events while it waits for its request to be taken, before it reads the data,
  /// and takes a selection emptied meanwhile for an empty clipboard ("No selection"), though
  /// the data is in its pipe (fixed in wl-clipboard 2.2.0).
  private func served(limit: Int?) {
    guard var owned else { return }
    owned.served += 1
    self.owned = owned
    guard let limit, owned.served >= limit else { return }
    let provider = owned.provider
    GTKContentProvider.content(of: provider)?.refusesPastes = true
    _ = GTKThread.after(milliseconds: Self.limitGrace) { [weak self] in self?.expired(provider) }
  }

  /// How long a copy whose paste limit is reached stays on the selection, refusing every paste,
  /// before it leaves it, in milliseconds.
  static let limitGrace: UInt32 = 250

  /// The copy's time (or its pastes) is up: cleared, if it is still on the selection.
  private func expired(_ provider: UnsafeMutableRawPointer) {
    guard owned?.provider == provider else { return }
    if ownsSelection { gdk_clipboard_set_content(gdkClipboard, nil) }
    owned = nil
  }
}
