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
    self.selection = try connection.atom(selection)
    selectionName = selection
    property = try connection.atom("_SWIFT_UTI_SELECTION")
  }

  /// The selection's owner window, or nil when nobody owns it.
  package func owner() throws(SystemPasteboardError) -> UInt32? {
    var body = X11Wire()
    body.u32(selection)
    let owner = X11Wire.u32(try connection.roundTrip(23, 0, body.data, name: "GetSelectionOwner"), 8)
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
    try deleteProperty()
    var body = X11Wire()
    body.u32(window)
    body.u32(selection)
    body.u32(targetAtom)
    body.u32(property)
    body.u32(time)
    connection.send(24, 0, body.data, name: "ConvertSelection")
    let notify = try wait(what: "the owner of \(selectionName) to answer \(target)") { event in
      event.code == 31 && event.u32(8) == window && event.u32(12) == selection
    }
    guard notify.u32(20) != 0 else {
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
        event.code == 28 && event.u32(4) == window && event.u32(8) == property && event.u8(16) == 0
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
      var request = X11Wire()
      request.u32(window)
      request.u32(property)
      request.u32(0)  // AnyPropertyType
      request.u32(UInt32(offset / 4))
      request.u32(1 << 18)  // 1 MB
      let reply = try connection.roundTrip(20, 0, request.data, name: "GetProperty")
      let format = Int(reply[1])
      type = X11Wire.u32(reply, 8)
      let after = Int(X11Wire.u32(reply, 12))
      let length = Int(X11Wire.u32(reply, 16)) * max(format / 8, 1)
      guard 32 + length <= reply.count else {
        throw SystemPasteboardError(.protocolViolation, "a GetProperty reply is short")
      }
      try body(type, Array(reply[32..<(32 + length)]))
      offset += length
      if after == 0 || length == 0 { break }
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
