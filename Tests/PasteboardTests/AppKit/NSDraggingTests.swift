import Foundation
import Testing
import TypeRegistry

@testable import Pasteboard

/// A destination that records AppKit's calls, in order.
@MainActor
final class RecordingDestination: NSObject, NSDraggingDestination {
  var calls: [String] = []
  var entered: NSDragOperation = .copy
  var updated: NSDragOperation?
  var perform = true
  var read: [String] = []
  var locations: [NSPoint] = []
  var masks: [NSDragOperation] = []
  var sources: [Any?] = []

  func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation {
    calls.append("entered")
    locations.append(sender.draggingLocation)
    masks.append(sender.draggingSourceOperationMask)
    sources.append(sender.draggingSource)
    return entered
  }
  func draggingUpdated(_ sender: any NSDraggingInfo) -> NSDragOperation {
    calls.append("updated")
    locations.append(sender.draggingLocation)
    return updated ?? entered
  }
  func draggingExited(_ sender: (any NSDraggingInfo)?) { calls.append("exited") }
  func prepareForDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    calls.append("prepare")
    return true
  }
  func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    calls.append("perform")
    read = sender.draggingPasteboard.readObjects(forClasses: [NSString.self]) as? [String] ?? []
    return perform
  }
  func concludeDragOperation(_ sender: (any NSDraggingInfo)?) { calls.append("conclude") }
  func draggingEnded(_ sender: any NSDraggingInfo) { calls.append("ended") }
}

/// A destination that implements only what a minimal AppKit view does.
@MainActor
final class MinimalDestination: NSObject, NSDraggingDestination {
  var taken: [URL] = []
  func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation { .copy }
  func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    taken = sender.draggingPasteboard.readObjects(forClasses: [NSURL.self]) as? [URL] ?? []
    return !taken.isEmpty
  }
}

/// A source that allows `mask` and records how its drags end.
@MainActor
final class RecordingSource: NSObject, NSDraggingSource {
  let inside: NSDragOperation
  let outside: NSDragOperation
  var began = 0
  var ended: [NSDragOperation] = []
  init(inside: NSDragOperation, outside: NSDragOperation) {
    self.inside = inside
    self.outside = outside
  }
  func draggingSession(_ session: NSDraggingSession, sourceOperationMaskFor context: NSDraggingContext)
    -> NSDragOperation
  {
    context == .withinApplication ? inside : outside
  }
  func draggingSession(_ session: NSDraggingSession, willBeginAt screenPoint: NSPoint) { began += 1 }
  func draggingSession(_ session: NSDraggingSession, endedAt screenPoint: NSPoint, operation: NSDragOperation) {
    ended.append(operation)
  }
}

/// A mock that conforms with only the seven members AppKit code reads, as a test's mock would.
final class MockDraggingInfo: NSObject, NSDraggingInfo {
  let draggingPasteboard = NSPasteboard.withUniqueName()
  let draggingLocation = NSPoint(x: 1, y: 2)
  let draggingSourceOperationMask: NSDragOperation = [.copy, .move]
  let draggingSource: Any? = nil
  let draggingSequenceNumber = 7
  var numberOfValidItemsForDrop = 1
  var animatesToDestination = false
}

@Suite("AppKit: dragging")
@MainActor
struct NSDraggingTests {
  @Test func dragOperationsHaveAppKitsBits() {
    #expect(NSDragOperation.copy.rawValue == 1)
    #expect(NSDragOperation.link.rawValue == 2)
    #expect(NSDragOperation.generic.rawValue == 4)
    #expect(NSDragOperation.private.rawValue == 8)
    #expect(NSDragOperation.move.rawValue == 16)
    #expect(NSDragOperation.delete.rawValue == 32)
    #expect(NSDragOperation.every.rawValue == UInt.max)
    #expect(NSDragOperation.none.isEmpty)
    #expect(NSDragOperation.every.contains([.copy, .move, .delete]))
  }

  @Test func aMockWithSevenMembersIsADraggingInfo() {
    let destination = MinimalDestination()
    let info = MockDraggingInfo()
    #expect(destination.draggingEntered(info) == .copy)
    #expect(destination.prepareForDragOperation(info), "prepare goes on by default")
    #expect(destination.draggingUpdated(info) == .none, "a mock carries no entry to keep")
    #expect(!destination.performDragOperation(info), "an empty pasteboard takes nothing")
  }

  @Test func aDropCallsTheDestinationInAppKitsOrder() {
    let surface = DropSurface()
    let destination = RecordingDestination()
    surface.register(destination, forDraggedTypes: [.string], in: CGRect(x: 100, y: 100, width: 100, height: 100))
    let source = RecordingSource(inside: [.copy, .move], outside: .copy)
    let item = NSDraggingItem(pasteboardWriter: "dragged" as NSString)
    surface.beginDraggingSession(with: [item], at: NSPoint(x: 10, y: 10), source: source)
    surface.move(to: CGPoint(x: 150, y: 120))
    surface.move(to: CGPoint(x: 160, y: 130))
    let done = surface.end(at: CGPoint(x: 160, y: 130))
    #expect(destination.calls == ["entered", "updated", "updated", "prepare", "perform", "conclude", "ended"])
    #expect(destination.locations.first == NSPoint(x: 50, y: 20), "in the destination's coordinates")
    #expect(destination.masks == [[.copy, .move]], "the source's mask within the application")
    #expect(destination.sources.first as? RecordingSource === source)
    #expect(destination.read == ["dragged"])
    #expect(done == .copy)
    #expect(source.began == 1)
    #expect(source.ended == [.copy])
  }

  /// A link between AppKit views of this process is carried whole: the destination sees the
  /// source's link in its mask, chooses it, and the source hears the link (the drop engine, which
  /// has SwiftUI's copy and move, carries it as a copy).
  @Test func aLinkBetweenAppKitViewsIsCarriedWhole() {
    let surface = DropSurface()
    let destination = RecordingDestination()
    destination.entered = .link
    surface.register(destination, forDraggedTypes: [.string], in: CGRect(x: 0, y: 0, width: 100, height: 100))
    let source = RecordingSource(inside: [.link, .copy], outside: .copy)
    let item = NSDraggingItem(pasteboardWriter: "linked" as NSString)
    surface.beginDraggingSession(with: [item], at: .zero, source: source)
    surface.move(to: CGPoint(x: 10, y: 10))
    #expect(surface.end(at: CGPoint(x: 10, y: 10)) == .copy, "the engine's operation")
    #expect(destination.masks == [[.link, .copy]])
    #expect(destination.read == ["linked"])
    #expect(source.ended == [.link])
  }

  @Test func aDragThatLeavesOrIsRefusedExits() {
    let surface = DropSurface()
    let destination = RecordingDestination()
    destination.entered = .none
    surface.register(destination, forDraggedTypes: [.string], in: CGRect(x: 0, y: 0, width: 100, height: 100))
    let source = RecordingSource(inside: .copy, outside: .copy)
    surface.beginDraggingSession(
      with: [NSDraggingItem(pasteboardWriter: "x" as NSString)], at: NSPoint(x: 10, y: 10), source: source)
    surface.move(to: CGPoint(x: 200, y: 200))
    #expect(destination.calls == ["entered", "exited"])
    surface.move(to: CGPoint(x: 20, y: 20))
    #expect(surface.end(at: CGPoint(x: 20, y: 20)) == .cancel)
    #expect(destination.calls == ["entered", "exited", "entered", "updated", "exited"])
    #expect(source.ended == [.none])
  }

  @Test func aDestinationWithoutDraggingUpdatedKeepsItsEntry() {
    let surface = DropSurface()
    let destination = MinimalDestination()
    surface.register(destination, forDraggedTypes: [.URL], in: CGRect(x: 0, y: 0, width: 100, height: 100))
    let source = RecordingSource(inside: .copy, outside: .copy)
    let url = URL(string: "https://swift.org")!
    surface.beginDraggingSession(with: [NSDraggingItem(pasteboardWriter: url as NSURL)], at: .zero, source: source)
    #expect(surface.move(to: CGPoint(x: 10, y: 10)) == .copy)
    #expect(surface.move(to: CGPoint(x: 20, y: 10)) == .copy, "the entry's copy stands")
    #expect(surface.end(at: CGPoint(x: 20, y: 10)) == .copy)
    #expect(destination.taken == [url])
  }

  @Test func unregisteredTypesNeverReachTheDestination() {
    let surface = DropSurface()
    let destination = RecordingDestination()
    surface.register(destination, forDraggedTypes: [.png], in: CGRect(x: 0, y: 0, width: 100, height: 100))
    let source = RecordingSource(inside: .copy, outside: .copy)
    surface.beginDraggingSession(
      with: [NSDraggingItem(pasteboardWriter: "text" as NSString)], at: NSPoint(x: 10, y: 10), source: source)
    #expect(surface.end(at: CGPoint(x: 10, y: 10)) == .cancel)
    #expect(destination.calls.isEmpty)
  }

  @Test func anOperationTheSourceForbidsIsCancelled() {
    let surface = DropSurface()
    let destination = RecordingDestination()
    destination.entered = .move
    surface.register(destination, forDraggedTypes: [.string], in: CGRect(x: 0, y: 0, width: 100, height: 100))
    let source = RecordingSource(inside: .copy, outside: .copy)
    surface.beginDraggingSession(
      with: [NSDraggingItem(pasteboardWriter: "text" as NSString)], at: NSPoint(x: 10, y: 10), source: source)
    #expect(surface.end(at: CGPoint(x: 10, y: 10)) == .cancel, "move is not in the source's mask")
    #expect(!destination.calls.contains("perform"))
  }

  @Test func aDraggingItemKeepsItsWriterAndFrame() {
    let item = NSDraggingItem(pasteboardWriter: "x" as NSString)
    #expect(item.draggingFrame == .zero)
    item.setDraggingFrame(NSRect(x: 1, y: 2, width: 30, height: 40), contents: nil)
    #expect(item.draggingFrame == NSRect(x: 1, y: 2, width: 30, height: 40))
    #expect((item.item as? NSString) == "x")
  }

  @Test func aSourceNamesItsOperationsPerContext() {
    let source = RecordingSource(inside: [.copy, .move], outside: .copy)
    let session = NSDraggingSession(
      items: [NSDraggingItem(pasteboardWriter: "x" as NSString)], at: .zero, source: source)
    #expect(session.dragSession.allowedOperations == [.copy, .move])
    #expect(session.dragSession.operationsOutsideApp == [.copy])
    #expect(session.draggingPasteboard.name == .drag)
    #expect(session.draggingPasteboard.string(forType: .string) == "x")
  }
}
