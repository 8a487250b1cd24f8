import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// An AppKit destination that links where the source allows a link, else does something private
/// where it allows that, else copies; it records the masks it saw and takes text.
@MainActor
final class LinkingBar: NSObject, NSDraggingDestination {
  var masks: [NSDragOperation] = []
  var performed = 0

  private func choose(_ sender: any NSDraggingInfo) -> NSDragOperation {
    let mask = sender.draggingSourceOperationMask
    masks.append(mask)
    return mask.contains(.link) ? .link : mask.contains(.private) ? .private : .copy
  }

  func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation { choose(sender) }
  func draggingUpdated(_ sender: any NSDraggingInfo) -> NSDragOperation { choose(sender) }
  func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
    performed += 1
    return true
  }
}

/// An AppKit source that allows `outside` to other applications and records how its drags end.
@MainActor
final class MaskedSource: NSObject, NSDraggingSource {
  let outside: NSDragOperation
  var ended: [NSDragOperation] = []
  init(outside: NSDragOperation) { self.outside = outside }

  func draggingSession(_ session: NSDraggingSession, sourceOperationMaskFor context: NSDraggingContext)
    -> NSDragOperation
  {
    context == .outsideApplication ? outside : .every
  }
  func draggingSession(_ session: NSDraggingSession, endedAt screenPoint: NSPoint, operation: NSDragOperation) {
    ended.append(operation)
  }
}

/// XDND's link, private and ask actions both ways between another application (a python3-xlib
/// peer) and AppKit's names: a destination sees them in its mask and answers with them; a
/// source's link reaches the target and the source hears it back.
extension DragAndDropTests {
  static func linkingWindow() throws -> (X11Window, LinkingBar) {
    let window = try X11Window(title: "swift-uti operations", width: 400, height: 400, display: try display())
    let surface = DropSurface()
    let bar = LinkingBar()
    surface.register(bar, forDraggedTypes: [.string], in: CGRect(x: 0, y: 0, width: 400, height: 400))
    try window.acceptDrops(into: surface)
    return (window, bar)
  }

  @Test(arguments: [
    ("XdndActionLink", NSDragOperation.link), ("XdndActionPrivate", .private), ("XdndActionCopy", .copy),
  ])
  func anotherApplicationsActionReachesAnAppKitDestinationAndIsAnswered(action: String, expected: NSDragOperation)
    async throws
  {
    let (window, bar) = try Self.linkingWindow()
    defer { window.close() }
    let lines = try await Self.peer([
      "source", String(window.id), "enter", "5", "UTF8_STRING", "position-as", action, "200", "200", "drop",
    ])
    #expect(lines.contains { $0.hasPrefix("status 1 \(action)") }, "\(lines)")
    #expect(lines.contains("finished 1 \(action)"), "\(lines)")
    #expect(bar.masks.last?.contains(expected) == true, "\(bar.masks.map(\.rawValue))")
    #expect(bar.performed == 1)
  }

  @Test func anAskingSourcesListIsTheDestinationsMask() async throws {
    let (window, bar) = try Self.linkingWindow()
    defer { window.close() }
    let lines = try await Self.peer([
      "source", String(window.id), "action-list", "XdndActionCopy", "XdndActionLink", "enter", "5", "UTF8_STRING",
      "position-as", "XdndActionAsk", "200", "200", "drop",
    ])
    #expect(bar.masks.last == [.copy, .link], "\(bar.masks.map(\.rawValue))")
    #expect(lines.contains("finished 1 XdndActionLink"), "\(lines)")
  }

  @Test func anAppKitSourcesLinkReachesTheTargetAndComesBack() async throws {
    let target = try await Self.startPeer(["target", "500", "0", "5", "echo"])
    defer { target.terminate() }
    let window = try Self.dragWindow()
    defer { window.close() }
    let source = MaskedSource(outside: .link)
    var presses = window.buttonPresses.makeAsyncIterator()
    try await Self.xdotool("mousemove 100 100 sleep 0.1 mousedown 1")
    let press = try #require(await presses.next())
    try window.beginDraggingSession(
      with: [NSDraggingItem(pasteboardWriter: "linked" as NSString)], at: press.location, source: source)
    try await Self.xdotool("mousemove 450 100 sleep 0.2 mousemove 600 100 sleep 0.2 mouseup 1 sleep 0.2")
    #expect(try await Self.line(from: target) { $0.hasPrefix("received") }?.hasPrefix("received") == true)
    #expect(await suspendUntil(within: 20) { source.ended == [.link] }, "\(source.ended.map(\.rawValue))")
  }
}
