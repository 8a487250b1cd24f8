import UTIPlatform

/// The side of a selection that asks for it: the owner's targets, and one target's data
/// (ICCCM section 2.4), with `INCR` transfers, each wait bounded.
package struct SelectionReader {
  package let connection: X11Connection
  package let window: UInt32
  package let selection: UInt32
  package let selectionName: String
  /// The property the owner writes into.
  package let property: UInt32

  package init(connection: X11Connection, selection: String) throws(SystemPasteboardError) {
    self.connection = connection
    window = connection.createWindow()
    // One round trip for every atom a read needs, and the common targets' (see
    // `SelectionTargets.common`): reading `TARGETS` then seldom asks for a name.
    let atoms = try connection.atoms([selection, "_SWIFT_UTI_SELECTION", "ATOM", "INCR"] + SelectionTargets.common)
    self.selection = atoms[0]
    selectionName = selection
    property = atoms[1]
  }

  /// The selection's owner window, or nil when nobody owns it.
  package func owner() throws(SystemPasteboardError) -> UInt32? {
    let owner = try connection.roundTrip(X11.GetSelectionOwner(selection: selection)).owner
    return owner == 0 ? nil : owner
  }

  /// The owner's targets, in its order (duplicates removed).
  package func targets() throws(SystemPasteboardError) -> [String] {
    let (type, data) = try convert("TARGETS")
    let atom = try connection.atom("ATOM")
    let targetsAtom = try connection.atom("TARGETS")
    guard type == atom || type == targetsAtom, data.count % 4 == 0 else {
      throw SystemPasteboardError(
        .protocolViolation, "the owner of \(selectionName) answered TARGETS with something else")
    }
    let atoms = stride(from: 0, to: data.count, by: 4).map { X11Wire.u32(data, $0) }.filter { $0 != 0 }
    var seen = Set<String>()
    return try connection.names(of: atoms).filter { seen.insert($0).inserted }
  }

  /// The data of `target`: its property type and bytes. `time` is the server time the request
  /// is made for (CurrentTime by default; XDND's drop time for `XdndSelection`).
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection, `.conversionRefused` when the owner refuses,
  ///   `.timeout` when it does not answer in time.
  package func convert(_ target: String, time: UInt32 = 0) throws(SystemPasteboardError) -> (
    type: UInt32, data: [UInt8]
  ) {
    var data: [UInt8] = []
    let type = try convert(target, time: time) { chunk throws(SystemPasteboardError) in data += chunk }
    return (type, data)
  }

  /// The data of `target`, handed to `sink` a chunk at a time as it arrives (an `INCR`
  /// transfer's chunks, a large property in windows of 1 MB), so that memory stays flat for any
  /// size; returns the property's type. A `sink` that throws ends the transfer with its error.
  /// - Throws: ``SystemPasteboardError``, as ``convert(_:time:)`` does, or what `sink` throws.
  package func convert(
    _ target: String, time: UInt32 = 0, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) -> UInt32 {
    let targetAtom = try connection.atom(target)
    connection.deleteProperty(window, property)  // sent with the conversion
    connection.send(
      X11.ConvertSelection(requestor: window, selection: selection, target: targetAtom, property: property, time: time))
    let notify = try wait(what: "the owner of \(selectionName) to answer \(target)") { event in
      guard case .selectionNotify(let notify) = X11Event(event, xfixesEvent: nil) else { return false }
      return notify.requestor == window && notify.selection == selection
    }
    guard case .selectionNotify(let answer) = X11Event(notify, xfixesEvent: nil), answer.property != 0 else {
      // The server refuses at once for a selection nobody owns: ask only now which it was.
      guard try owner() != nil else {
        throw SystemPasteboardError(.noOwner, "nothing owns the \(selectionName) selection")
      }
      throw SystemPasteboardError(
        .conversionRefused, "the owner of \(selectionName) refused to convert it to \(target)")
    }
    let incr = try connection.atom("INCR")
    var isIncremental = false
    let type = try readProperty { type, chunk throws(SystemPasteboardError) in
      if type == incr {
        isIncremental = true
      } else {
        try sink(chunk)
      }
    }
    guard isIncremental else { return type }
    return try readIncrements(target, into: sink)
  }

  /// The INCR transfer's chunks, each announced by a PropertyNotify (NewValue) and taken by
  /// deleting the property, until an empty one.
  private func readIncrements(_ target: String, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void)
    throws(SystemPasteboardError) -> UInt32
  {
    var type: UInt32 = 0
    while true {
      _ = try wait(what: "the next chunk of \(target) from the owner of \(selectionName)") { event in
        guard case .propertyNotify(window, property, _, deleted: false) = X11Event(event, xfixesEvent: nil) else {
          return false
        }
        return true
      }
      var empty = true
      let chunkType = try readProperty { _, chunk throws(SystemPasteboardError) in
        if !chunk.isEmpty {
          empty = false
          try sink(chunk)
        }
      }
      if empty { return type }
      type = chunkType
    }
  }

  /// Reads and deletes our property, handing its bytes to `body` in windows of 1 MB (with the
  /// property's type); returns the type.
  private func readProperty(_ body: (UInt32, [UInt8]) throws(SystemPasteboardError) -> Void)
    throws(SystemPasteboardError)
    -> UInt32
  {
    var type: UInt32 = 0
    var offset = 0
    while true {
      let reply = try connection.roundTrip(
        X11.GetProperty(
          delete: false, window: window, property: property, type: X11Enum.GetPropertyType.any,
          longOffset: UInt32(offset / 4), longLength: 1 << 18))  // 1 MB
      type = reply.type
      try body(type, reply.value)
      offset += reply.value.count
      if reply.bytesAfter == 0 || reply.value.isEmpty { break }
    }
    try deleteProperty()
    return type
  }

  private func deleteProperty() throws(SystemPasteboardError) {
    connection.deleteProperty(window, property)
    try connection.flush()
  }

  /// The first event `matches` accepts, within the connection's timeout.
  private func wait(what: String, _ matches: (X11Connection.Event) -> Bool) throws(SystemPasteboardError)
    -> X11Connection.Event
  {
    let deadline = MonotonicClock.deadline(after: MonotonicClock.nanoseconds(connection.timeout))
    while let event = try connection.nextEvent(until: deadline) {
      if matches(event) { return event }
    }
    if let error = connection.takeError() { throw error }
    throw SystemPasteboardError(.timeout, "timed out waiting for \(what)")
  }
}

/// The pasteboard keeps its reader in a lock and reads one target at a time through it: the
/// connection is never used by two threads at once.
extension SelectionReader: @unchecked Sendable {}
