import Testing
import UTIPlatform

@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a Wayland compositor sends, decoded in memory without a compositor: messages cut
/// anywhere, objects the compositor makes and ids it frees kept in the object table, events for
/// unknown and destroyed objects dropped (their descriptors closed), every fault an error naming
/// the message. (`WaylandWireTests`' fake compositor checks the same over a socket.)
@Suite("Wayland events, in memory")
struct WaylandIncomingTests {
  typealias Wire = WaylandWireTests

  /// Every event `bytes` holds for `objects`, fed `piece` bytes at a time.
  static func events(
    _ bytes: [UInt8], descriptors: [Int32] = [], piece: Int = .max, objects: inout WaylandObjectTable
  ) throws(SystemPasteboardError) -> [WaylandConnection.Incoming] {
    var incoming = WaylandIncoming()
    var events: [WaylandConnection.Incoming] = []
    var offset = 0
    repeat {
      let end = offset + min(piece, bytes.count - offset)
      incoming.receive(Array(bytes[offset..<end]), descriptors: offset == 0 ? descriptors : [])
      offset = end
      while let event = try incoming.next(objects: &objects) { events.append(event) }
    } while offset < bytes.count
    return events
  }

  /// A drag's offer as a compositor announces it (`data_offer` making the offer, then its MIME
  /// type), cut at any byte: the events come out whole, in order, the new offer known by its
  /// interface from its announcement on.
  @Test(arguments: [1, 3, 8, 13, Int.max])
  func eventsCutAnywhereArriveWhole(piece: Int) throws {
    var objects = WaylandObjectTable()
    let device = objects.make(.dataDevice)
    let offer: UInt32 = 0xFF00_0000
    let bytes =
      Wire.message(device, 0, Wire.words(offer)) + Wire.message(offer, 0, Wire.string("text/plain;charset=utf-8"))
    let events = try Self.events(bytes, piece: piece, objects: &objects)
    try #require(events.count == 2)
    guard case .dataDevice(.dataOffer(let made)) = events[0].event, made.id == offer else {
      Issue.record("\(events[0].event)")
      return
    }
    guard case .dataOffer(.offer(let mimeType)) = events[1].event else {
      Issue.record("\(events[1].event)")
      return
    }
    #expect(mimeType == "text/plain;charset=utf-8")
    #expect(events[1].object == offer && objects.interface(of: offer)?.name == "wl_data_offer")
  }

  /// A fault in what the compositor sends is an error naming the message; `wl_display.error`
  /// names the object, its interface and the compositor's text.
  @Test(arguments: [
    (
      Wire.words(2, 4 << 16), SystemPasteboardError.Code.protocolViolation,
      "the Wayland compositor sent a message of 4 bytes, which is not a message"
    ),
    (Wire.message(1, 7, []), .protocolViolation, "the Wayland compositor sent event 7 to wl_display@1, which has 2"),
    (
      Wire.message(3, 1, Wire.string("text/plain")), .protocolViolation,
      "the Wayland compositor sent wl_data_source@3.send that cannot be read: a file descriptor the message carries did not arrive"
    ),
    (
      Wire.message(3, 0, Wire.words(4) + Array("abcd".utf8)), .protocolViolation,
      "the Wayland compositor sent wl_data_source@3.target that cannot be read: a string does not end with its NUL"
    ),
    (
      Wire.message(1, 0, Wire.words(2, 3) + Wire.string("invalid arguments")), .request,
      "the Wayland compositor reported error 3 on wl_data_device@2: invalid arguments"
    ),
  ])
  func faultsAreErrorsNamingTheMessage(bytes: [UInt8], code: SystemPasteboardError.Code, message: String) {
    var objects = WaylandObjectTable()
    _ = objects.make(.dataDevice)
    _ = objects.make(.dataSource)
    #expect {
      _ = try Self.events(bytes, objects: &objects)
    } throws: { error in
      (error as? SystemPasteboardError)?.code == code && (error as? SystemPasteboardError)?.message == message
    }
  }

  /// An event for an object never made is dropped; one for an object destroyed whose id the
  /// compositor has not freed is dropped too, and the descriptor it carried is closed.
  @Test func eventsForUnknownAndDestroyedObjectsAreDropped() throws {
    var objects = WaylandObjectTable()
    let source = objects.make(.dataSource)
    objects.destroy(source)
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let bytes =
      Wire.message(77, 0, Wire.words(1, 2, 3)) + Wire.message(source, 1, Wire.string("text/plain"))
      + Wire.message(source, 2, [])
    #expect(try Self.events(bytes, descriptors: [ends[1]], objects: &objects).isEmpty)
    var byte: UInt8 = 0
    #expect(read(ends[0], &byte, 1) == 0, "the write end the dropped event carried is closed")
  }

  /// `delete_id` frees a client id, which the next object takes; a compositor's own ids are
  /// never the client's to reuse.
  @Test func deletedIdsAreReused() throws {
    var objects = WaylandObjectTable()
    let source = objects.make(.dataSource)
    let offer: UInt32 = 0xFF00_0001
    objects.made(offer, as: .dataOffer)
    objects.destroy(source)
    let deletions = Wire.message(1, 1, Wire.words(source)) + Wire.message(1, 1, Wire.words(offer))
    _ = try Self.events(deletions, objects: &objects)
    #expect(objects.interface(of: source) == nil && !objects.isDestroyed(source))
    #expect(objects.interface(of: offer) == nil)
    #expect(objects.make(.dataSource) == source)
    #expect(objects.make(.dataSource) == source + 1)
  }
}
