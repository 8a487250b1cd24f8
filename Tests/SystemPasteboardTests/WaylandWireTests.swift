import Foundation
import TestSupport
import Testing
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland
@testable import SystemPasteboardX11

/// The Wayland wire format, and a fake compositor of our own that sends what no real one would:
/// messages that do not parse, events an interface lacks, errors, silence, a hang-up, a registry
/// without the protocols we need.
@Suite("System pasteboard: the Wayland wire and a hostile compositor")
struct WaylandWireTests {
  /// Little-endian words (every machine the tests run on), as a message's bytes.
  static func words(_ values: UInt32...) -> [UInt8] {
    values.flatMap { value in withUnsafeBytes(of: value) { Array($0) } }
  }

  /// A string argument: length with the NUL, the bytes, the NUL, padding.
  static func string(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8) + [0]
    return words(UInt32(bytes.count)) + bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
  }

  /// A message to `object` with `opcode` and `body`.
  static func message(_ object: UInt32, _ opcode: UInt32, _ body: [UInt8]) -> [UInt8] {
    words(object, UInt32(8 + body.count) << 16 | opcode) + body
  }

  @Test func requestsAreEncodedAsTheWireFormatSays() {
    // wl_registry.bind(name 7, "wl_seat", version 5, id 3) to the registry, object 2.
    let bind = WaylandObject<Wayland.Registry>(id: 2).bind(name: 7, interface: "wl_seat", version: 5, id: 3).request
    #expect(bind.opcode == 0 && bind.matches(WaylandInterface.registry.requests[0].signature))
    let (bytes, fds) = WaylandWire.encode(object: 2, opcode: bind.opcode, bind.arguments)
    #expect(bytes == Self.message(2, 0, Self.words(7) + Self.string("wl_seat") + Self.words(5, 3)))
    #expect(fds.isEmpty)
    // A null object, and a descriptor that travels beside the bytes.
    let clear = WaylandObject<Wayland.DataControlDevice>(id: 9).setPrimarySelection(source: nil).request
    #expect(clear.interfaces == ["ext_data_control_device_v1", "zwlr_data_control_device_v1"])
    #expect(
      WaylandWire.encode(object: 9, opcode: clear.opcode, clear.arguments).bytes == Self.message(9, 2, Self.words(0)))
    let receive = WaylandObject<Wayland.DataControlOffer>(id: 5).receive(mimeType: "text/plain", fd: 42).request
    let encoded = WaylandWire.encode(object: 5, opcode: receive.opcode, receive.arguments)
    #expect(encoded.bytes == Self.message(5, 0, Self.string("text/plain")))
    #expect(encoded.fds == [42])
  }

  @Test func eventsAreDecodedByTheirSignature() throws {
    var fds: [Int32] = []
    let global = try WaylandWire.decode(
      ArraySlice(Self.words(4) + Self.string("zwlr_data_control_manager_v1") + Self.words(2)),
      signature: WaylandInterface.registry.events[0].signature, fds: &fds)
    #expect(global == [.uint(4), .string("zwlr_data_control_manager_v1"), .uint(2)])
    // An empty string is its NUL; a null object is 0 where the protocol allows it.
    #expect(try WaylandWire.decode(ArraySlice(Self.string("")), signature: [.string], fds: &fds) == [.string("")])
    #expect(try WaylandWire.decode(ArraySlice(Self.words(0)), signature: [.nullableObject], fds: &fds) == [.object(0)])
    // A descriptor is taken from those that came, in order.
    fds = [11, 12]
    let send = try WaylandWire.decode(ArraySlice(Self.string("image/png")), signature: [.string, .fd], fds: &fds)
    #expect(send == [.string("image/png"), .fd(11)])
    #expect(fds == [12])
    // Another client's MIME type that is not UTF-8 is read with a replacement, not refused.
    let bad: [UInt8] = Self.words(3) + [0x66, 0xFF, 0, 0]
    #expect(try WaylandWire.decode(ArraySlice(bad), signature: [.string], fds: &fds) == [.string("f\u{FFFD}")])
  }

  /// Bodies that do not read as their signature, and why.
  static let malformed: [([UInt8], [WaylandWire.ArgumentType], String)] = [
    (words(5) + [0x61, 0x62], [.string], "the message ends inside an argument"),
    (words(4) + Array("abcd".utf8), [.string], "a string does not end with its NUL"),
    (words(3) + [0x61, 0, 0x62, 0], [.string], "a string does not end with its NUL"),
    (words(0), [.string], "a required string is null"),
    (words(0), [.object], "a required object is null"),
    (words(0), [.newID("wl_callback")], "a new object's id is 0"),
    (words(1, 2), [.uint], "the message is longer than its arguments"),
    ([], [.fd], "a file descriptor the message carries did not arrive"),
  ]

  @Test(arguments: malformed)
  func malformedArgumentsAreFaults(body: [UInt8], signature: [WaylandWire.ArgumentType], reason: String) {
    var fds: [Int32] = []
    do {
      _ = try WaylandWire.decode(ArraySlice(body), signature: signature, fds: &fds)
      Issue.record("\(body) decoded")
    } catch {
      #expect(error.reason == reason)
    }
  }

  @Test func aFaultClosesTheDescriptorsItTook() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    var fds = [ends[1]]
    #expect(throws: WaylandWire.Fault.self) {
      _ = try WaylandWire.decode(ArraySlice(Self.words(1, 2)), signature: [.fd, .uint], fds: &fds)
    }
    // The write end is closed: its reader sees the end of the pipe (whatever the number is
    // used for next by another test's thread).
    var byte: UInt8 = 0
    #expect(read(ends[0], &byte, 1) == 0)
  }

  // MARK: A compositor of our own

  /// A compositor that accepts one client, reads its first flight (`get_registry` as object 2,
  /// `sync` as object 3: 24 bytes) and answers with `reply`; with `hangUp`, it closes then; else
  /// it stays silent until released.
  final class FakeCompositor: @unchecked Sendable {
    let path: String
    private let listener: Int32
    private var thread: Thread?
    private let ended = DispatchSemaphore(value: 0)

    init(reply: [UInt8], hangUp: Bool = false) throws {
      path = NSTemporaryDirectory() + "fake-wayland-\(UUID().uuidString.prefix(8))"
      listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
      }
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      try #require(bound == 0 && listen(listener, 1) == 0)
      let (socketFD, ended) = (self.listener, self.ended)
      thread = Thread {
        defer { ended.signal() }
        // Each client in turn (a client that falls back to another way connects again).
        var clients: [Int32] = []
        defer { for client in clients { close(client) } }
        while true {
          let client = accept(socketFD, nil, nil)
          guard client >= 0 else { return }
          var first = [UInt8](repeating: 0, count: 24)
          var filled = 0
          while filled < 24 {
            let count = first.withUnsafeMutableBytes { read(client, $0.baseAddress! + filled, 24 - filled) }
            if count <= 0 { break }
            filled += count
          }
          _ = reply.withUnsafeBytes { write(client, $0.baseAddress, reply.count) }
          if hangUp { close(client) } else { clients.append(client) }
        }
      }
      thread?.start()
    }

    deinit {
      // The thread's accept ends first; only then is the descriptor closed (its number would
      // otherwise be another test's listener by the time the thread accepts again).
      shutdown(listener, Int32(SHUT_RDWR))
      ended.wait()
      close(listener)
      unlink(path)
    }
  }

  /// What connecting to a compositor that answers `reply` throws.
  static func connectionError(_ reply: [UInt8], hangUp: Bool = false) throws -> SystemPasteboardError? {
    let fake = try FakeCompositor(reply: reply, hangUp: hangUp)
    do {
      _ = try WaylandConnection(display: try WaylandDisplay(name: fake.path), timeout: 1)
      return nil
    } catch {
      return error
    }
  }

  /// The generated wire: a request goes only to an object of its interface, with arguments of
  /// its signature; anything else is refused before a byte is written.
  @Test func aRequestThatDoesNotFitItsObjectIsRefusedUnsent() throws {
    // The compositor answers the connection's first sync (callback 3), then stays.
    let fake = try FakeCompositor(reply: Self.message(3, 0, Self.words(1)))
    let connection = try WaylandConnection(display: try WaylandDisplay(name: fake.path), timeout: 1)
    do {
      // The compiler refuses `connection.displayObject.finish()`: an id of another interface
      // (a stale one, a peer's) is what reaches this check.
      try connection.send(WaylandObject<Wayland.DataOffer>(id: 1).finish())
      Issue.record("wl_data_offer.finish went to wl_display")
    } catch {
      #expect(error.code == .request)
      #expect(error.message == "finish does not fit wl_display@1 (its interface or its arguments)")
    }
    let wrongType = WaylandRequest(
      interfaces: ["wl_display"], opcode: 0, name: "sync", isDestructor: false, arguments: [.uint(5)])
    #expect(throws: SystemPasteboardError.self) { try connection.send(WaylandMessage(to: 1, wrongType)) }
    // An object is made only as its interface's family (the type its requests are methods of).
    do {
      let _: WaylandObject<Wayland.DataOffer> = try connection.create(.surface) { $0.destroy() }
      Issue.record("a wl_surface was made as a wl_data_offer")
    } catch {
      #expect(error.code == .request)
      #expect(error.message == "a wl_surface was to be made as a wl_data_offer")
    }
    // Near misses of the signature check itself.
    let sync = WaylandInterface.display.requests[0].signature
    let display = WaylandObject<Wayland.Display>(id: 1)
    #expect(display.sync(callback: WaylandObject(id: 9)).request.matches(sync))
    #expect(!display.sync(callback: WaylandObject(id: 9)).request.matches(sync + [.uint]))
    let title = WaylandInterface.toplevel.requests[2]
    #expect(title.name == "set_title")
    #expect(WaylandObject<Wayland.Toplevel>(id: 4).setTitle(title: "t").request.matches(title.signature))
    let nilTitle = WaylandRequest(
      interfaces: ["xdg_toplevel"], opcode: 2, name: "set_title", isDestructor: false, arguments: [.string(nil)])
    #expect(!nilTitle.matches(title.signature), "a null string where the protocol allows none")
    #expect(
      WaylandObject<Wayland.DataOffer>(id: 5).accept(serial: 1, mimeType: nil).request.matches(
        WaylandInterface.dataOffer.requests[0].signature))
  }

  /// The generated tables are the XML's, cut at the version this client binds, and the typed
  /// events decode by opcode.
  @Test func theGeneratedTablesAndEventsAreTheProtocols() {
    #expect(WaylandInterface.dataDevice.requests.map(\.name) == ["start_drag", "set_selection", "release"])
    #expect(WaylandInterface.dataDevice.destructor == 2)
    #expect(WaylandInterface.pointer.events.map(\.name).last == "axis_discrete", "version 5 ends there")
    #expect(WaylandInterface.known["zwlr_data_control_device_v1"]?.role == .dataControlDevice)
    #expect(WaylandInterface.known["ext_data_control_device_v1"]?.role == .dataControlDevice)
    let drag = WaylandObject<Wayland.DataDevice>(id: 3).startDrag(
      source: WaylandObject(id: 4), origin: WaylandObject(id: 5), icon: nil, serial: 6)
    #expect(drag.object == 3 && drag.request.opcode == 0)
    #expect(drag.request.arguments == [.object(4), .object(5), .object(0), .uint(6)])
    let primarySelection = WaylandObject<Wayland.DataControlDevice>(id: 8).setPrimarySelection(
      source: WaylandObject(id: 4))
    #expect(primarySelection.request.opcode == 2)
    let enter: [WaylandWire.Argument] = [.uint(7), .object(3), .fixed(256 * 10 + 128), .fixed(-256), .object(0)]
    guard case .enter(7, WaylandObject(id: 3), 10.5, -1, nil) = WaylandEvents.DataDevice(opcode: 1, enter) else {
      Issue.record("wl_data_device.enter decoded as \(String(describing: WaylandEvents.DataDevice(opcode: 1, enter)))")
      return
    }
    // Objects in events are typed by the interface the XML names: the new offer is a data offer.
    guard case .dataOffer(let announced) = WaylandEvents.DataDevice(opcode: 0, [.newID(12)]) else {
      Issue.record("wl_data_device.data_offer did not decode")
      return
    }
    #expect(announced == WaylandObject<Wayland.DataOffer>(id: 12))
    #expect(WaylandEvents.DataDevice(opcode: 6, []) == nil, "no such opcode")
    #expect(WaylandEvents.DataDevice(opcode: 1, Array(enter.dropLast())) == nil, "an argument short")
    // Enumerations are typed, and a number the XML does not name (a newer protocol's) is kept.
    let button: [WaylandWire.Argument] = [.uint(9), .uint(100), .uint(272), .uint(1)]
    guard case .button(9, 100, 272, .pressed) = WaylandEvents.Pointer(opcode: 3, button) else {
      Issue.record("wl_pointer.button decoded as \(String(describing: WaylandEvents.Pointer(opcode: 3, button)))")
      return
    }
    let unnamed = WaylandEvents.Seat(opcode: 0, [.uint(0x14)])
    guard case .capabilities(let capabilities) = unnamed, capabilities == [.touch, .init(rawValue: 0x10)] else {
      Issue.record("wl_seat.capabilities decoded as \(String(describing: unnamed))")
      return
    }
    #expect(
      WaylandObject<Wayland.DataOffer>(id: 5).setActions(dndActions: [.copy, .ask], preferredAction: .copy).request
        .arguments == [
          .uint(5), .uint(1),
        ])
    // An event is its role's typed event: data control's `primary_selection` with a null offer.
    let primary = WaylandEvent(role: .dataControlDevice, opcode: 3, [.object(0)])
    guard case .dataControlDevice(.primarySelection(id: nil)) = primary else {
      Issue.record("data control's primary_selection decoded as \(String(describing: primary))")
      return
    }
    #expect(WaylandEvent(role: .withoutEvents, opcode: 0, []) == nil, "an interface without events has none")
  }

  @Test func aMessageShorterThanItsHeaderEndsTheConnection() throws {
    let error = try #require(try Self.connectionError(Self.words(2, 4 << 16)))
    #expect(error.code == .protocolViolation)
    #expect(error.message == "the Wayland compositor sent a message of 4 bytes, which is not a message")
  }

  @Test func anEventTheInterfaceLacksEndsTheConnection() throws {
    let error = try #require(try Self.connectionError(Self.message(1, 7, [])))
    #expect(error.code == .protocolViolation)
    #expect(error.message == "the Wayland compositor sent event 7 to wl_display@1, which has 2")
  }

  @Test func anUnreadableEventNamesItsInterfaceAndMessage() throws {
    let global = Self.message(2, 0, Self.words(1, 4) + Array("abcd".utf8) + Self.words(1))
    let error = try #require(try Self.connectionError(global))
    #expect(error.code == .protocolViolation)
    #expect(
      error.message
        == "the Wayland compositor sent wl_registry@2.global that cannot be read: a string does not end with its NUL")
  }

  @Test func aDisplayErrorNamesTheObjectItsInterfaceAndTheMessage() throws {
    let error = try #require(
      try Self.connectionError(Self.message(1, 0, Self.words(2, 3) + Self.string("invalid arguments"))))
    #expect(error.code == .request)
    #expect(error.message == "the Wayland compositor reported error 3 on wl_registry@2: invalid arguments")
  }

  @Test func aSilentCompositorTimesOut() throws {
    let error = try #require(try Self.connectionError([]))
    #expect(error.code == .timeout)
  }

  @Test func aCompositorThatHangsUpIsAClosedConnection() throws {
    let error = try #require(try Self.connectionError([], hangUp: true))
    #expect(error.code == .closed)
    #expect(error.message == "the Wayland compositor closed the connection reading from the compositor")
  }

  @Test func eventsForObjectsNeverMadeAreDropped() throws {
    // An event for object 77, then the registry's one global and the sync's done.
    let reply =
      Self.message(77, 0, Self.words(1, 2, 3))
      + Self.message(2, 0, Self.words(1) + Self.string("wl_seat") + Self.words(7))
      + Self.message(3, 0, Self.words(0))
    let fake = try FakeCompositor(reply: reply)
    let connection = try WaylandConnection(display: try WaylandDisplay(name: fake.path), timeout: 1)
    #expect(connection.globals.map(\.interface) == ["wl_seat"])
    #expect(connection.globals.first?.version == 7)
  }

  @Test func aCompositorWithoutDataControlIsUnsupported() throws {
    let reply =
      Self.message(2, 0, Self.words(1) + Self.string("wl_seat") + Self.words(7)) + Self.message(3, 0, Self.words(0))
    let fake = try FakeCompositor(reply: reply)
    do {
      _ = try WaylandSelection(
        display: try WaylandDisplay(name: fake.path), primary: false, timeout: 1, registry: nil, onChange: {})
      Issue.record("a selection was made without data-control")
    } catch {
      #expect(error.code == .unsupported)
      #expect(
        error.message
          == "the Wayland compositor at \(fake.path) offers no data-control protocol (ext_data_control_manager_v1 or zwlr_data_control_manager_v1), which a client without a window needs for the clipboard"
      )
    }
    // A pasteboard falls back to a focused window, which needs wl_compositor and xdg_wm_base:
    // utictl says what is missing and exits 2.
    let again = try FakeCompositor(reply: reply)
    let run = try runProcess(
      "/usr/bin/env", ["-u", "DISPLAY", "WAYLAND_DISPLAY=\(again.path)", try SystemPasteboardTests.utictl(), "paste"])
    #expect(run.status == 2)
    #expect(
      run.stderrText
        == "error: the Wayland compositor at \(again.path) offers no data-control protocol (ext_data_control_manager_v1 or zwlr_data_control_manager_v1) and cannot show the window a client needs without one: it has no wl_compositor\n"
    )
  }

  @Test func theDisplayIsFoundAsLibwaylandFindsIt() throws {
    let utictl = try SystemPasteboardTests.utictl()
    // Neither desktop named.
    let none = try runProcess(
      "/usr/bin/env", ["-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET", utictl, "paste"])
    #expect(none.status == 2)
    #expect(none.stderrText == "error: no desktop display: neither $WAYLAND_DISPLAY nor $DISPLAY is set\n")
    // A relative name needs $XDG_RUNTIME_DIR.
    let relative = try runProcess(
      "/usr/bin/env", ["-u", "DISPLAY", "-u", "XDG_RUNTIME_DIR", "WAYLAND_DISPLAY=wayland-9", utictl, "paste"])
    #expect(relative.status == 2)
    #expect(
      relative.stderrText == "error: the Wayland display 'wayland-9' is relative and $XDG_RUNTIME_DIR is not set\n")
    // Nothing listens there.
    let missing = try runProcess(
      "/usr/bin/env", ["-u", "DISPLAY", "XDG_RUNTIME_DIR=/nonexistent", "WAYLAND_DISPLAY=wayland-9", utictl, "paste"])
    #expect(missing.status == 2)
    #expect(missing.stderrText.hasPrefix("error: cannot connect to the Wayland compositor at /nonexistent/wayland-9: "))
    // $WAYLAND_SOCKET must be a descriptor number, and an open one.
    let socket = try runProcess("/usr/bin/env", ["-u", "DISPLAY", "WAYLAND_SOCKET=x", utictl, "paste"])
    #expect(socket.stderrText == "error: $WAYLAND_SOCKET 'x' is not a file descriptor number\n")
    let closed = try runProcess("/usr/bin/env", ["-u", "DISPLAY", "WAYLAND_SOCKET=200", utictl, "paste"])
    #expect(closed.stderrText == "error: $WAYLAND_SOCKET 200 is not an open descriptor\n")
    // --backend x11 in a Wayland session asks for $DISPLAY.
    let x11 = try runProcess(
      "/usr/bin/env", ["-u", "DISPLAY", "WAYLAND_DISPLAY=wayland-9", utictl, "paste", "--backend", "x11"])
    #expect(x11.status == 2)
    #expect(x11.stderrText == "error: no X display: $DISPLAY is not set\n")
  }
}

/// What a device's offer events leave: each offer's MIME types (bounded) and actions, and which
/// offer each selection holds, the replaced one stale.
@Suite("Wayland offers, as devices announce them")
struct WaylandOffersTests {
  static func event(_ event: WaylandEvent, on object: UInt32 = 1) -> WaylandConnection.Incoming {
    WaylandConnection.Incoming(object: object, interface: .display, event: event)
  }

  /// The data device's offer `id`.
  static func data(_ id: UInt32) -> WaylandOffer { .data(WaylandObject(id: id)) }

  @Test func offersCollectTheirTypesAndActionsAndSelectionsReplaceThem() {
    var offers = WaylandOffers()
    let taken = [
      Self.event(.dataDevice(.dataOffer(id: WaylandObject(id: 7)))),
      Self.event(.dataOffer(.offer(mimeType: "text/plain")), on: 7),
      Self.event(.dataOffer(.offer(mimeType: "ignored: no such offer")), on: 8),
      Self.event(.dataOffer(.sourceActions(sourceActions: [.copy, .move])), on: 7),
      Self.event(.dataDevice(.selection(id: WaylandObject(id: 7)))),
    ].map { offers.take($0) }
    #expect(taken == [true, true, true, true, false], "a selection is not an offer event")
    #expect(
      offers.entries == [Self.data(7): .init(mimeTypes: ["text/plain"], actions: [.copy, .move], announcement: 1)])
    #expect(offers.selection(primary: false) == nil, "announced, not yet selected")
    var replaced = offers.select(Self.data(7), primary: false)
    #expect(replaced == nil)
    #expect(offers.selection(primary: false)?.offer == Self.data(7))
    #expect(offers.selection(primary: false)?.mimeTypes == ["text/plain"])
    _ = offers.take(Self.event(.primaryDevice(.dataOffer(offer: WaylandObject(id: 9)))))
    _ = offers.take(Self.event(.dataControlDevice(.dataOffer(id: WaylandObject(id: 10)))))
    replaced = offers.select(.primary(WaylandObject(id: 9)), primary: true)
    #expect(replaced == nil)
    replaced = offers.select(.primary(WaylandObject(id: 9)), primary: true)
    #expect(replaced == nil, "the same offer again replaces nothing")
    let unselected = offers.removeUnselected()
    #expect(unselected == [.dataControl(WaylandObject(id: 10))], "announced and never selected")
    replaced = offers.select(nil, primary: false)
    #expect(replaced == Self.data(7), "the clipboard's offer is stale once nothing owns it")
    #expect(Array(offers.entries.keys) == [.primary(WaylandObject(id: 9))])
    offers.clearSelections()
    #expect(offers.entries.isEmpty && offers.selection(primary: true) == nil)
  }

  /// The compositor gives a destroyed offer's id to the next offer it announces (libwayland's
  /// free list): the selection then holds the same id, and another offer, which its announcement
  /// tells apart. A read that found the pipe empty compares announcements to know whether the
  /// copy it asked for was replaced (the threading contract's test met the reused id in CI).
  @Test func anIdAnnouncedAgainIsAnotherOffer() {
    var offers = WaylandOffers()
    let announce = { (offers: inout WaylandOffers, id: UInt32) in
      _ = offers.take(Self.event(.dataControlDevice(.dataOffer(id: WaylandObject(id: id)))))
      _ = offers.take(Self.event(.dataControlOffer(.offer(mimeType: "text/plain")), on: id))
    }
    let x: WaylandOffer = .dataControl(WaylandObject(id: 0xff00_0002))
    announce(&offers, 0xff00_0002)
    _ = offers.select(x, primary: false)
    let read = offers.selection(primary: false)
    announce(&offers, 0xff00_0000)
    #expect(offers.select(.dataControl(WaylandObject(id: 0xff00_0000)), primary: false) == x, "stale: destroyed")
    announce(&offers, 0xff00_0002)
    _ = offers.select(x, primary: false)
    let now = offers.selection(primary: false)
    #expect(now?.offer == read?.offer, "the same id")
    #expect(now?.mimeTypes == read?.mimeTypes)
    #expect(read?.announcement == 1 && now?.announcement == 3, "another offer")
  }

  /// The compositor's choice for a drag offer is kept (a target that hears `ask` settles the
  /// action after the drop); a data source's `action` is not an offer's.
  @Test func aDragOffersChosenActionIsKept() {
    var offers = WaylandOffers()
    _ = offers.take(Self.event(.dataDevice(.dataOffer(id: WaylandObject(id: 4)))))
    let ask = WaylandEnum.DataDeviceManagerDndAction.ask
    let offerAction = offers.take(
      WaylandConnection.Incoming(object: 4, interface: .dataOffer, event: .dataOffer(.action(dndAction: ask))))
    #expect(offerAction && offers.entries[Self.data(4)]?.chosen == ask)
    let sourceAction = offers.take(
      WaylandConnection.Incoming(object: 4, interface: .dataSource, event: .dataSource(.action(dndAction: .copy))))
    #expect(!sourceAction && offers.entries[Self.data(4)]?.chosen == ask)
  }

  @Test func anOfferKeepsAtMostTheLimitOfTypes() {
    var offers = WaylandOffers()
    _ = offers.take(Self.event(.dataControlDevice(.dataOffer(id: WaylandObject(id: 1)))))
    for index in 0..<(WaylandOffers.mimeTypeLimit + 10) {
      _ = offers.take(Self.event(.dataControlOffer(.offer(mimeType: "type/\(index)"))))
    }
    #expect(offers.entries[.dataControl(WaylandObject(id: 1))]?.mimeTypes.count == WaylandOffers.mimeTypeLimit)
  }
}
