import Foundation
import Testing
import TypeRegistry
import UTIPlatform

@testable import Pasteboard

extension NSDraggingTests {
  /// Another application's drag that says more than copy and move (a desktop backend sets the
  /// session's mask): an AppKit destination sees the link in its mask and answers with it, and
  /// the surface reports the link, at every position and when the drop settles.
  @Test @MainActor func anotherApplicationsLinkReachesAnAppKitDestinationAndIsReported() {
    let surface = DropSurface()
    let destination = RecordingDestination()
    destination.entered = .link
    surface.register(destination, forDraggedTypes: [.string], in: CGRect(x: 0, y: 0, width: 100, height: 100))
    var session = DragSession.crossingApplicationBoundary(
      items: [ItemProvider(object: "linked" as NSString)], operationsOutsideApp: [.copy])
    session.operationMask = [.copy, .link]
    let settled = Locked<[NSDragOperation?]>([])
    session.whenSettled = { _, mask in settled.withLock { $0.append(mask) } }
    surface.begin(session, at: CGPoint(x: 50, y: 50))
    #expect(destination.masks == [[.copy, .link]])
    #expect(surface.draggingOperation == .link)
    #expect(surface.end(at: CGPoint(x: 50, y: 50)) == .copy, "a link is a copy to the engine")
    #expect(settled.withLock { $0 } == [NSDragOperation.link])
  }

  /// An AppKit source's mask outside its application is the session's, when it says more than
  /// copy and move; what the destination performed reaches `endedAt` as AppKit names it.
  @Test @MainActor func anAppKitSourcesMaskLeavesTheProcessWhole() {
    let source = RecordingSource(inside: .every, outside: [.link, .private])
    let session = NSDraggingSession(
      items: [NSDraggingItem(pasteboardWriter: "x" as NSString)], at: .zero, source: source)
    #expect(session.dragSession.operationMask == [.link, .private])
    #expect(session.dragSession.operationsOutsideApp == [.copy])
    session.dragSession.onEndedWithMask?(.link)
    session.dragSession.onEnded?(.copy)
    #expect(source.ended == [.link])
  }
}
