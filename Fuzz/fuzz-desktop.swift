// libFuzzer target for what other programs hand us on the Linux desktop: built by scripts/fuzz.sh
// with the UTIPlatform, PropertyList, TypeRegistry, Workspace and the desktop's core and backends. The
// first byte chooses the reader, the rest is its input:
//   0 key files (desktop entries, mimeapps.list, mimeinfo.cache), and mimeapps.list rewritten
//   1 an Exec line expanded and split into words
//   2 text/uri-list and x-special/gnome-copied-files, read and written back; the same bytes as
//     the URL an XdndDirectSave target writes, and as a promised file's name
//   3 a 32-byte X11 event, as XDND messages and selection events are decoded; the same bytes as
//     an X server's set-up reply (screens, depths, visuals) and RENDER's picture formats, and as
//     what a server sends a client's protocol state (replies, errors and events, cut anywhere)
//   4 an offer's MIME string (a Wayland offer, an X11 target) made a type, and text received
//     under it converted (text/html's charset, the text charsets)
//   5 a MULTIPLE request's pair list as the server returns it (a GetProperty reply), answered
//   6 Wayland events as a compositor sends them (offers' MIME strings, selections, drags), alone
//     and as a connection's stream through its object table; the same bytes as D-Bus messages as a bus sends them (the file transfer portal's replies)
// Whatever the bytes, each ends without a crash, and what is read back is what was written.
import TypeRegistry

@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland
@testable import SystemPasteboardX11
@testable import Workspace

let registry = UTTypeRegistry.Builder(includingSystemTypes: true, mimeDatabase: nil).build()
let atoms = Xdnd.Atoms(numbered: 0x100)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  switch data[0] % 7 {
  case 0: keyFile(bytes)
  case 1: execLine(bytes)
  case 2: fileLists(bytes)
  case 3: x11Event(bytes)
  case 5: multiple(bytes)
  case 6:
    waylandEvents(bytes)
    dbusMessages(bytes)
  default: offer(bytes)
  }
  return 0
}

func keyFile(_ bytes: [UInt8]) {
  if let file = KeyFile(bytes: bytes) {
    for group in file.groups {
      for key in group.order {
        _ = file.string(group.name, key)
        _ = file.list(group.name, key)
        _ = file.bool(group.name, key)
      }
    }
  }
  do {
    _ = try KeyFile(parsing: bytes)
  } catch {
    let lines = bytes.split(separator: 10, omittingEmptySubsequences: false).count
    precondition(error.line >= 1 && error.line <= lines && error.column >= 1, "a key-file problem placed off the file")
  }
  var list = MIMEAppsList(bytes: bytes)
  list.setDefault("fuzz.desktop", for: "text/plain")
  let written = list.bytes
  if bytes.isEmpty || bytes.last == 10 {
    precondition(written.last == 10, "mimeapps.list written without its last newline")
  }
  if KeyFile(bytes: bytes) != nil {
    // A key file stays one, and says what was set, as GLib would read it.
    let file = KeyFile(bytes: written)
    precondition(file?.list("Default Applications", "text/plain") == ["fuzz.desktop"], "the default was not set")
    precondition(file?.list("Added Associations", "text/plain")?.contains("fuzz.desktop") == true, "not added")
    precondition(
      file?.list("Removed Associations", "text/plain")?.contains("fuzz.desktop") != true, "still removed")
  }
  // Written again, it changes no more: the change is idempotent.
  var again = MIMEAppsList(bytes: written)
  again.setDefault("fuzz.desktop", for: "text/plain")
  precondition(again.bytes == written, "setting the same default twice changed mimeapps.list")
}

func execLine(_ bytes: [UInt8]) {
  let line = String(decoding: bytes, as: UTF8.self)
  _ = ExecLine.commands(line, files: ["/tmp/a b", "/tmp/it's"], name: "Fuzz", icon: "fuzz", entryPath: "/x.desktop")
  _ = ExecLine.commands(line, files: [], name: "", icon: nil, entryPath: "")
  if let words = ShellWords.split(line) {
    // Each word quoted and joined splits back into the same words.
    let quoted = words.map(ShellWords.quote).joined(separator: " ")
    precondition(ShellWords.split(quoted) == words, "quoted words did not split back: \(words)")
  }
}

func fileLists(_ bytes: [UInt8]) {
  for target in ["text/uri-list", "x-special/gnome-copied-files"] {
    let list = FileList(bytes, target: target)
    _ = list.paths
    let written = target == "text/uri-list" ? list.uriList : list.gnomeCopiedFiles
    let reread = FileList(written, target: target)
    precondition(reread.entries == list.entries, "a file list written and read back changed: \(list.entries)")
    precondition(target == "text/uri-list" || reread.operation == (list.operation ?? .copy), "the operation changed")
  }
  // The URL an XdndDirectSave target writes back, and a promised file's name another program gave.
  if let path = XdndDirectSave.path(fromURL: bytes, hostName: Array("fuzzhost".utf8)) {
    precondition(path.hasPrefix("/") && !path.utf8.contains(0), "an XDS URL read as \(path)")
  }
  let name = FilePromise.safeName(String(decoding: bytes, as: UTF8.self))
  precondition(
    !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && name.utf8.count <= 200,
    "a promised file named \(name)")
}

func x11Event(_ bytes: [UInt8]) {
  var reader = X11Reader(bytes, what: "the set-up reply")
  if let setup = try? X11.Setup.decode(from: &reader) {
    precondition(reader.offset <= bytes.count, "the set-up read past its end")
    precondition(setup.vendor.count <= bytes.count, "a vendor longer than the reply")
  }
  if let formats = try? X11.RenderQueryPictFormats.decode(bytes) {
    precondition(formats.formats.count * 28 <= bytes.count, "more formats than the reply holds")
  }
  x11Stream(bytes)
  guard bytes.count >= 32 else { return }
  let event = X11Connection.Event(bytes: Array(bytes.prefix(32)))
  _ = X11Event(event, xfixesEvent: 0x57)
  if let message = Xdnd.Message(event, atoms: atoms) {
    let (type, data) = message.encoded(atoms)
    precondition(data.count == 5 && type >= 0x100, "an XDND message encoded as \(type), \(data)")
  }
}

/// What an X server sends a client: a set-up reply, then replies, errors and events for a few
/// requests, in pieces cut by the first byte. Each packet is filed or the stream is refused as
/// a protocol violation; nothing is filed twice, and the queues stay within their limits.
func x11Stream(_ bytes: [UInt8]) {
  var state = X11ProtocolState()
  for index in 0..<6 {
    if index % 2 == 0 { state.send(X11.GetInputFocus()) } else { state.send(X11.MapWindow(window: 1)) }
  }
  state.route(3)
  let piece = max(1, Int(bytes.first ?? 1))
  var offset = 0
  do {
    while offset < bytes.count {
      try state.receive(bytes[offset..<min(offset + piece, bytes.count)])
      offset += piece
      _ = try state.takeSetupReply()
    }
  } catch {
    precondition(error.code == .protocolViolation, "a stream refused with \(error)")
  }
  var events = 0
  while state.takeEvent() != nil { events += 1 }
  precondition(
    events <= min(X11ProtocolState.eventLimit, bytes.count / 32), "\(events) events from \(bytes.count) bytes")
  var answers = 0
  while state.takeAnswer() != nil { answers += 1 }
  precondition(answers <= 1, "one routed request answered \(answers) times")
  for sequence in 1...6 { _ = try? state.takeReply(to: UInt64(sequence)) }
}

/// A requestor's `MULTIPLE` property as the server returns it (a GetProperty reply), and the
/// pair list answered from it.
func multiple(_ bytes: [UInt8]) {
  guard let reply = try? X11.GetProperty.decode(bytes) else { return }
  let list = reply.items32
  precondition(MultiplePairs.targets(list).count == list.count / 2, "pairs miscounted")
  let answered = MultiplePairs.answered(list, multiple: 7) { target, _ in target % 2 == 0 }
  precondition(answered.count == list.count, "the pair list changed length")
  for index in list.indices {
    let isProperty = index % 2 == 1
    let kept = answered[index] == list[index]
    precondition(
      kept || (isProperty && answered[index] == 0 && (list[index - 1] % 2 == 1 || list[index - 1] == 7)),
      "pair item \(index) answered \(answered[index]) for \(list[index])")
  }
}

/// Events as a compositor sends them to the selection's and the drag's objects: each decoded
/// by its interface's signature encodes back to what decodes the same.
func waylandEvents(_ bytes: [UInt8]) {
  let interfaces: [WaylandInterface] = [.dataOffer, .dataDevice, .wlrDataControlOffer, .extDataControlDevice]
  var (start, descriptors) = (0, [Int32]())
  while let header = WaylandWire.header(bytes[start...]), header.size >= 8, header.size % 4 == 0,
    bytes.count - start >= header.size
  {
    let body = bytes[(start + 8)..<(start + header.size)]
    start += header.size
    let interface = interfaces[Int(header.object % UInt32(interfaces.count))]
    guard Int(header.opcode) < interface.events.count else { continue }
    let signature = interface.events[Int(header.opcode)].signature
    guard let arguments = try? WaylandWire.decode(body, signature: signature, fds: &descriptors) else { continue }
    let encoded = WaylandWire.encode(object: header.object, opcode: header.opcode, arguments)
    var none: [Int32] = []
    precondition(
      (try? WaylandWire.decode(encoded.bytes[8...], signature: signature, fds: &none)) == arguments,
      "a Wayland event decoded, encoded and decoded again changed")
    for case .string(let text?) in arguments {
      _ = SelectionTargets.type(ofTarget: text, registry: registry)
      _ = SelectionTargets.isTextTarget(text)
    }
  }
  waylandStream(bytes)
}

/// The same bytes as a connection's stream, cut in pieces by the first byte, through the
/// object table of a client with a data device, a source and a callback: each event comes out
/// or the stream ends with an error; the table never holds more objects than were announced.
func waylandStream(_ bytes: [UInt8]) {
  var objects = WaylandObjectTable()
  for interface in [WaylandInterface.dataDevice, .dataSource, .callback] { _ = objects.make(interface) }
  var incoming = WaylandIncoming()
  let piece = max(1, Int(bytes.first ?? 1))
  var (offset, events) = (0, 0)
  do {
    while offset < bytes.count {
      incoming.receive(Array(bytes[offset..<min(offset + piece, bytes.count)]))
      offset += piece
      while try incoming.next(objects: &objects) != nil { events += 1 }
    }
  } catch {
    precondition(error.code == .protocolViolation || error.code == .request, "a stream refused with \(error)")
  }
  precondition(events <= bytes.count / 8, "\(events) events from \(bytes.count) bytes")
  precondition(objects.interfaces.count <= 4 + bytes.count / 12, "\(objects.interfaces.count) objects")
}

/// D-Bus messages one after another, framed as a connection frames them; each that reads is
/// written back and reads the same (a little-endian one, byte for byte).
func dbusMessages(_ bytes: [UInt8]) {
  var start = 0
  while let length = try? DBusMessage.length(ofMessageStarting: bytes[start...]), length >= 16,
    bytes.count - start >= length
  {
    let framed = Array(bytes[start..<(start + length)])
    start += length
    guard let message = try? DBusMessage(decoding: framed) else { continue }
    let encoded = message.encoded
    precondition((try? DBusMessage(decoding: encoded)) == message, "a D-Bus message read and written changed")
  }
}

func offer(_ bytes: [UInt8]) {
  let split = bytes.firstIndex(of: 0) ?? min(bytes.count, 64)
  let target = String(decoding: bytes[..<split], as: UTF8.self)
  let payload = Array(bytes[split...].dropFirst())
  _ = SelectionTargets.type(ofTarget: target, registry: registry)
  _ = SelectionTargets.isTextTarget(target)
  _ = FileList.isFileListTarget(target)
  _ = SelectionTargets.received(payload, target: target)
  _ = SelectionTargets.received(payload, target: "text/html")
}
