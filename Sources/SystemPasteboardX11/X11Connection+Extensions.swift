import SystemPasteboardCore
import UTIPlatform

extension X11Connection {
  /// Asks for BIG-REQUESTS without waiting (an owner's first own): the longer maximum holds
  /// once the server's two answers are read, by handlers on the loop; until then requests stay
  /// within the setup's maximum, which `setup.maximumRequestBytes` holds meanwhile.
  func askForBigRequests() {
    guard !askedForBigRequests else { return }
    askedForBigRequests = true
    extensionPresent("BIG-REQUESTS") { [self] present in
      guard present else { return }
      send(X11.BigRequestsEnable()) { [self] answer in
        guard case .success(let enabled) = answer else { return }
        setup.maximumRequestBytes = max(setup.maximumRequestBytes, Int(enabled.maximumRequestLength) * 4)
      }
    }
  }

  /// Whether the server has the extension `name`, for `done` on the loop (at once when known);
  /// the answer is kept. The question goes with the caller's next flush.
  func extensionPresent(_ name: String, then done: @escaping (Bool) -> Void) {
    if let known = extensions[name] { return done(known != nil) }
    send(X11.QueryExtension(name: Array(name.utf8))) { [self] answer in
      let found = (try? answer.get()).flatMap { $0.present ? ($0.majorOpcode, $0.firstEvent) : nil }
      extensions[name] = .some(found)
      done(found != nil)
    }
  }

  /// The extension's major opcode and first event, or nil when the server lacks it.
  func queryExtension(_ name: String) throws(SystemPasteboardError) -> (opcode: UInt8, firstEvent: UInt8)? {
    if let known = extensions[name] { return known }
    let answer =
      if let sequence = prefetched.removeValue(forKey: name) {
        try X11.QueryExtension.decode(try reply(to: sequence))
      } else {
        try roundTrip(X11.QueryExtension(name: Array(name.utf8)))
      }
    let found = answer.present ? (answer.majorOpcode, answer.firstEvent) : nil
    extensions[name] = found
    return found
  }

  /// Queues the question ``queryExtension(_:)`` will ask, so that it goes with the requests
  /// sent before the next wait instead of waiting alone (xcb's `xcb_prefetch_extension_data`).
  func prefetchExtension(_ name: String) {
    guard extensions[name] == nil, prefetched[name] == nil else { return }
    prefetched[name] = send(X11.QueryExtension(name: Array(name.utf8)))
  }

  /// Asks for XFIXES selection events on `window` for `selection` (owner changes, owner
  /// windows destroyed, owner clients closed); false when the server lacks XFIXES.
  func selectSelectionInput(window: UInt32, selection: UInt32) throws(SystemPasteboardError) -> Bool {
    if xfixesEvent == nil {
      guard let xfixes = try queryExtension("XFIXES") else { return false }
      // The version we speak: 5.0 (selection events are in 1.0 already).
      _ = try roundTrip(X11.XFixesQueryVersion(clientMajorVersion: 5, clientMinorVersion: 0))
      xfixesEvent = xfixes.firstEvent
    }
    let events =
      [.setSelectionOwner, .selectionWindowDestroy, .selectionClientClose] as X11Enum.XFixesSelectionEventMask
    send(X11.XFixesSelectSelectionInput(window: window, selection: selection, eventMask: events))
    return true
  }
}
