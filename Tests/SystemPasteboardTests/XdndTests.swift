import Foundation
import Testing

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// XDND's two state machines and its message layout, without a server: every rule with a
/// trigger and a near miss.
@Suite("XDND: messages and state machines")
struct XdndTests {
  typealias Message = Xdnd.Message

  /// Atoms as a server might number them (any distinct values do).
  static let atoms: Xdnd.Atoms = Xdnd.Atoms(numbered: 100)

  @Test(arguments: [
    Message.enter(source: 7, version: 5, types: [31, 32, 33], typeList: false),
    .enter(source: 7, version: 3, types: [], typeList: true),
    .position(source: 7, x: 1919, y: 1079, time: 123_456, action: 110),
    .status(
      target: 9, accepts: true, wantsPositions: true, rectangle: .init(x: 10, y: 20, width: 300, height: 400),
      action: 110),
    .status(target: 9, accepts: false, wantsPositions: false, rectangle: .init(), action: 0),
    .leave(source: 7),
    .drop(source: 7, time: 99),
    .finished(target: 9, success: true, action: 111),
  ])
  func messagesSurviveEncodingAndDecoding(_ message: Message) throws {
    let (type, data) = message.encoded(Self.atoms)
    #expect(data.count == 5)
    let decoded = try #require(Message(Self.event(type: type, data: data), atoms: Self.atoms))
    #expect(decoded == message)
  }

  @Test func theWireLayoutIsTheSpecifications() {
    // XdndEnter: version in the high byte of l[1], bit 0 for XdndTypeList, three types inline.
    #expect(
      Message.enter(source: 7, version: 5, types: [31], typeList: false).encoded(Self.atoms).data == [
        7, 5 << 24, 31, 0, 0,
      ])
    #expect(
      Message.enter(source: 7, version: 5, types: [1, 2, 3, 4], typeList: true).encoded(Self.atoms).data == [
        7, 5 << 24 | 1, 0, 0, 0,
      ])
    // XdndPosition: root x in the high half of l[2], y in the low half; time; action.
    #expect(
      Message.position(source: 7, x: 3, y: 4, time: 5, action: 6).encoded(Self.atoms).data == [7, 0, 3 << 16 | 4, 5, 6])
    // XdndFinished: success in bit 0 of l[1], the action only on success.
    #expect(Message.finished(target: 9, success: false, action: 111).encoded(Self.atoms).data == [9, 0, 0, 0, 0])
  }

  @Test func otherClientMessagesAreNotXdnd() {
    #expect(Message(Self.event(type: 5, data: [1, 2, 3, 4, 5]), atoms: Self.atoms) == nil, "another type")
    var format8 = Self.event(type: Self.atoms.position, data: [7, 0, 0, 0, 0])
    format8.bytes[1] = 8
    #expect(Message(format8, atoms: Self.atoms) == nil, "format 8")
    var notClient = Self.event(type: Self.atoms.position, data: [7, 0, 0, 0, 0])
    notClient.bytes[0] = 28
    #expect(Message(notClient, atoms: Self.atoms) == nil, "another event")
  }

  @Test func actionsMapToDragActions() {
    let a = Self.atoms
    #expect(a.actions(for: a.copy) == .copy)
    #expect(a.actions(for: a.move) == .move)
    #expect(a.actions(for: a.link) == .link)
    #expect(a.actions(for: a.privateAction) == .private)
    #expect(a.actions(for: a.ask) == .copy, "no user was asked: a copy")
    #expect(a.actions(for: 0) == [])
    #expect(a.action(for: .copy) == a.copy)
    #expect(a.action(for: .move) == a.move)
    #expect(a.action(for: []) == 0)
    #expect(a.allowedActions(for: a.copy) == .copy)
    #expect(a.allowedActions(for: a.move) == [.copy, .move])
    #expect(a.allowedActions(for: a.link) == [.copy, .link])
    #expect(a.allowedActions(for: a.privateAction) == [.copy, .private])
    #expect(a.allowedActions(for: a.ask, list: [a.copy, a.link]) == [.copy, .link])
    #expect(a.action(for: .link) == a.link)
    #expect(a.action(for: .private) == a.privateAction)
    #expect(a.action(for: [.copy, .link]) == a.copy, "a copy first, as every target takes one")
    #expect(a.allowedActions(for: a.ask, list: [a.copy, a.move]) == [.copy, .move])
    #expect(a.allowedActions(for: a.ask, list: [a.copy]) == .copy)
  }

  // MARK: Receiving

  /// A machine with a drag from 7 over it and no position yet.
  static func entered(at now: UInt64 = 0) -> XdndReceiving {
    var machine = XdndReceiving()
    _ = machine.received(.enter(source: 7, version: 5, types: [31], typeList: false), at: now)
    return machine
  }

  @Test func aWellFormedDragIsTaken() {
    var machine = XdndReceiving()
    #expect(
      machine.received(.enter(source: 7, version: 5, types: [31], typeList: false))
        == [.begin(number: 1, source: 7, version: 5, types: [31], typeList: false)])
    #expect(
      machine.received(.position(source: 7, x: 1, y: 2, time: 0, action: 110))
        == [.move(number: 1, x: 1, y: 2, action: 110)])
    #expect(
      machine.received(.position(source: 7, x: 3, y: 4, time: 0, action: 111))
        == [.move(number: 1, x: 3, y: 4, action: 111)])
    #expect(machine.received(.drop(source: 7, time: 42)) == [.drop(number: 1, time: 42)])
    #expect(machine.source == nil)
    #expect(machine.awaitingFinish == [1: 7], "the source waits for XdndFinished")
    #expect(machine.settled(1, .copy) == [.finish(source: 7, action: .copy)])
    #expect(machine.settled(1, .copy) == [], "once")
    #expect(machine.awaitingFinish.isEmpty)
  }

  @Test func theDragIsKeptInTheMachineAlone() {
    var machine = Self.entered(at: 5)
    _ = machine.received(.position(source: 7, x: 10, y: 20, time: 0, action: 110), at: 9)
    #expect(machine.state == .over(.init(number: 1, source: 7, positioned: true, lastHeard: 9)))
    _ = machine.received(.enter(source: 8, version: 5, types: [], typeList: true))
    #expect(machine.drag?.number == 2, "each drag has its own number")
  }

  @Test func aFailedDropIsFinishedAsAFailure() {
    var machine = Self.entered()
    _ = machine.received(.position(source: 7, x: 1, y: 2, time: 0, action: 110))
    _ = machine.received(.drop(source: 7, time: 3))
    #expect(machine.settled(1, []) == [.finish(source: 7, action: [])])
    #expect(machine.settled(2, .copy) == [], "near miss: a drag never dropped")
  }

  @Test func messagesOutOfOrderOrFromAnotherSourceAreIgnored() {
    var machine = XdndReceiving()
    #expect(machine.received(.position(source: 7, x: 1, y: 2, time: 0, action: 0)) == [], "Position before Enter")
    #expect(machine.received(.drop(source: 7, time: 0)) == [], "Drop with no Enter")
    #expect(machine.received(.leave(source: 7)) == [], "Leave with no Enter")
    _ = machine.received(.enter(source: 7, version: 5, types: [31], typeList: false))
    #expect(machine.received(.position(source: 8, x: 1, y: 2, time: 0, action: 0)) == [], "another source")
    #expect(machine.received(.leave(source: 8)) == [])
    #expect(
      machine.received(.status(target: 7, accepts: true, wantsPositions: false, rectangle: .init(), action: 0)) == [])
    #expect(machine.source == 7, "the drag goes on")
  }

  @Test func versionsBelowThreeAreIgnoredAndAboveFiveSpokenAsFive() {
    var machine = XdndReceiving()
    #expect(machine.received(.enter(source: 7, version: 2, types: [31], typeList: false)) == [])
    #expect(
      machine.received(.enter(source: 7, version: 3, types: [31], typeList: false))
        == [.begin(number: 1, source: 7, version: 3, types: [31], typeList: false)])
    #expect(
      machine.received(.enter(source: 7, version: 9, types: [31], typeList: false))
        == [.exit(number: 1), .begin(number: 2, source: 7, version: 5, types: [31], typeList: false)])
  }

  @Test func aDropBeforeAnyPositionIsRefused() {
    var machine = Self.entered()
    #expect(machine.received(.drop(source: 7, time: 0)) == [.exit(number: 1), .refuse(source: 7)])
    #expect(machine.awaitingFinish.isEmpty)
  }

  @Test func aNewEnterEndsTheDragBefore() {
    var machine = Self.entered()
    _ = machine.received(.position(source: 7, x: 1, y: 2, time: 0, action: 0))
    #expect(
      machine.received(.enter(source: 8, version: 5, types: [], typeList: true))
        == [.exit(number: 1), .begin(number: 2, source: 8, version: 5, types: [], typeList: true)])
  }

  @Test func theSourceGoneEndsTheDrag() {
    var machine = Self.entered()
    _ = machine.received(.position(source: 7, x: 1, y: 2, time: 0, action: 0))
    #expect(machine.sourceGone(8) == [], "another window")
    #expect(machine.sourceGone(7) == [.exit(number: 1)])
    #expect(machine.received(.position(source: 7, x: 1, y: 2, time: 0, action: 0)) == [])
  }

  @Test func aSilentSourceEndsTheDragAfterTheLimit() {
    var machine = Self.entered(at: 100)
    _ = machine.received(.position(source: 7, x: 1, y: 2, time: 0, action: 0), at: 1_000)
    #expect(machine.checkSilence(at: 1_999, limit: 1_000) == [], "not yet: it spoke at 1,000")
    #expect(machine.checkSilence(at: 2_000, limit: 1_000) == [.exit(number: 1)])
    #expect(machine.source == nil)
  }

  @Test func aLostConnectionEndsTheDragAndForgetsTheDropped() {
    var machine = Self.entered()
    _ = machine.received(.position(source: 7, x: 1, y: 2, time: 0, action: 0))
    _ = machine.received(.drop(source: 7, time: 0))
    _ = machine.received(.enter(source: 8, version: 5, types: [31], typeList: false))
    _ = machine.received(.position(source: 8, x: 1, y: 2, time: 0, action: 0))
    #expect(machine.connectionLost() == [.exit(number: 2)])
    #expect(machine.settled(1, .copy) == [], "no finish can be sent on a lost connection")
  }

  /// The quiet rectangle goes out in root coordinates, clipped to XDND's 16-bit fields.
  @Test func theQuietRectangleIsSentOnTheRoot() {
    let rectangle = XdndWindow.Receiver.rectangle(
      WindowRectangle(x: 10.5, y: 20, width: 100, height: 70_000), origin: (x: 100, y: 200))
    #expect(rectangle == .init(x: 111, y: 220, width: 99, height: Int(UInt16.max)))
    #expect(XdndWindow.Receiver.rectangle(nil, origin: (0, 0)) == .init(), "none")
    #expect(
      XdndWindow.Receiver.rectangle(WindowRectangle(x: 0, y: 0, width: 0.5, height: 10), origin: (0, 0)) == .init(),
      "near miss: less than a pixel wide")
  }

  // MARK: Dragging

  static let target = XdndDragging.Target(window: 50, proxy: nil, version: 5)
  static let other = XdndDragging.Target(window: 60, proxy: 61, version: 3)

  static func dragging() -> XdndDragging {
    XdndDragging(source: 7, types: [31, 32], action: atoms.copy, atoms: atoms)
  }

  static func status(_ accepts: Bool, window: UInt32 = 50, rectangle: Message.Rectangle = .init()) -> Message {
    .status(
      target: window, accepts: accepts, wantsPositions: false, rectangle: rectangle, action: accepts ? atoms.copy : 0)
  }

  @Test func enterPositionStatusDropFinished() {
    var drag = Self.dragging()
    #expect(drag.moved(x: 5, y: 5, time: 1, over: nil) == [])
    #expect(
      drag.moved(x: 10, y: 10, time: 2, over: Self.target) == [
        .send(.enter(source: 7, version: 5, types: [31, 32], typeList: false), to: Self.target),
        .send(.position(source: 7, x: 10, y: 10, time: 2, action: Self.atoms.copy), to: Self.target),
      ])
    #expect(drag.awaited == .status)
    #expect(drag.received(Self.status(true)) == [])
    #expect(drag.awaited == nil)
    #expect(
      drag.released(time: 3) == [
        .send(.drop(source: 7, time: 3), to: Self.target), .releaseGrabs(watching: Self.target),
      ])
    #expect(drag.awaited == .finished)
    #expect(drag.received(.finished(target: 60, success: true, action: Self.atoms.copy)) == [], "another window")
    #expect(drag.received(.finished(target: 50, success: true, action: Self.atoms.move)) == [.end(.move)])
    #expect(drag.state == .ended)
  }

  @Test func onePositionInFlightTheLatestSentNext() {
    var drag = Self.dragging()
    _ = drag.moved(x: 10, y: 10, time: 1, over: Self.target)
    #expect(drag.moved(x: 11, y: 11, time: 2, over: Self.target) == [])
    #expect(drag.moved(x: 12, y: 12, time: 3, over: Self.target) == [])
    #expect(
      drag.received(Self.status(true))
        == [.send(.position(source: 7, x: 12, y: 12, time: 3, action: Self.atoms.copy), to: Self.target)])
  }

  @Test func noPositionsInsideTheQuietRectangle() {
    var drag = Self.dragging()
    _ = drag.moved(x: 10, y: 10, time: 1, over: Self.target)
    _ = drag.received(Self.status(false, rectangle: .init(x: 0, y: 0, width: 100, height: 100)))
    #expect(drag.moved(x: 50, y: 50, time: 2, over: Self.target) == [])
    #expect(drag.moved(x: 100, y: 50, time: 3, over: Self.target).count == 1, "just outside")
  }

  @Test func movingToAnotherWindowLeavesAndEnters() {
    var drag = Self.dragging()
    _ = drag.moved(x: 10, y: 10, time: 1, over: Self.target)
    #expect(
      drag.moved(x: 500, y: 10, time: 2, over: Self.other) == [
        .send(.leave(source: 7), to: Self.target),
        .send(.enter(source: 7, version: 3, types: [31, 32], typeList: false), to: Self.other),
        .send(.position(source: 7, x: 500, y: 10, time: 2, action: Self.atoms.copy), to: Self.other),
      ])
    #expect(drag.moved(x: 900, y: 10, time: 3, over: nil) == [.send(.leave(source: 7), to: Self.other)])
  }

  @Test func releaseWithoutAcceptanceLeavesAndCancels() {
    var drag = Self.dragging()
    _ = drag.moved(x: 10, y: 10, time: 1, over: Self.target)
    _ = drag.received(Self.status(false))
    #expect(drag.released(time: 2) == [.send(.leave(source: 7), to: Self.target), .end([])])
    var nowhere = Self.dragging()
    #expect(nowhere.released(time: 2) == [.end([])])
  }

  @Test func releaseWhileAPositionWaitsLetsTheStatusDecide() {
    var accepted = Self.dragging()
    _ = accepted.moved(x: 10, y: 10, time: 1, over: Self.target)
    #expect(accepted.released(time: 2) == [])
    #expect(
      accepted.received(Self.status(true)) == [
        .send(.drop(source: 7, time: 2), to: Self.target), .releaseGrabs(watching: Self.target),
      ])
    var refused = Self.dragging()
    _ = refused.moved(x: 10, y: 10, time: 1, over: Self.target)
    _ = refused.released(time: 2)
    #expect(refused.received(Self.status(false)) == [.send(.leave(source: 7), to: Self.target), .end([])])
  }

  @Test func beforeVersionFiveFinishedCarriesNoOutcome() {
    var drag = Self.dragging()
    _ = drag.moved(x: 500, y: 10, time: 1, over: Self.other)
    _ = drag.received(Self.status(true, window: 60))
    _ = drag.released(time: 2)
    #expect(drag.received(.finished(target: 60, success: false, action: 0)) == [.end(.copy)], "the last status stands")
  }

  @Test func aFailedFinishIsACancel() {
    var drag = Self.dragging()
    _ = drag.moved(x: 10, y: 10, time: 1, over: Self.target)
    _ = drag.received(Self.status(true))
    _ = drag.released(time: 2)
    #expect(drag.received(.finished(target: 50, success: false, action: 0)) == [.end([])])
  }

  @Test func cancelLeavesTheTargetExceptAfterTheDrop() {
    var dragging = Self.dragging()
    _ = dragging.moved(x: 10, y: 10, time: 1, over: Self.target)
    #expect(dragging.cancelled() == [.send(.leave(source: 7), to: Self.target), .end([])])
    #expect(dragging.cancelled() == [], "once")
    var dropped = Self.dragging()
    _ = dropped.moved(x: 10, y: 10, time: 1, over: Self.target)
    _ = dropped.received(Self.status(true))
    _ = dropped.released(time: 2)
    #expect(dropped.cancelled() == [.end([])], "no Leave after a Drop")
  }

  @Test func theDropTargetGoneEndsTheDrop() {
    var drag = Self.dragging()
    _ = drag.moved(x: 10, y: 10, time: 1, over: Self.target)
    _ = drag.received(Self.status(true))
    #expect(drag.windowDestroyed(50) == [], "before the drop the next move finds the target")
    _ = drag.released(time: 2)
    #expect(drag.windowDestroyed(60) == [], "another window")
    #expect(drag.windowDestroyed(50) == [.end([])])
    #expect(drag.state == .ended)
    #expect(drag.awaited == nil)
  }

  @Test func moreThanThreeTypesGoInTheTypeList() {
    var drag = XdndDragging(source: 7, types: [1, 2, 3, 4], action: Self.atoms.copy, atoms: Self.atoms)
    #expect(
      drag.moved(x: 10, y: 10, time: 1, over: Self.target).first
        == .send(.enter(source: 7, version: 5, types: [1, 2, 3, 4], typeList: true), to: Self.target))
  }

  static func event(type: UInt32, data: [UInt32]) -> X11Connection.Event {
    var wire = X11Wire()
    wire.u8(33)
    wire.u8(32)
    wire.u16(0)
    wire.u32(9)
    wire.u32(type)
    for value in data { wire.u32(value) }
    return X11Connection.Event(bytes: wire.data)
  }
}
