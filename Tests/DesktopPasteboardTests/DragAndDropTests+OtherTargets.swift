import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import PointyBug
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// Our drags to other applications' targets: proxies, targets that go away or answer late, Escape.
extension DragAndDropTests {
  /// A target whose XdndProxy names a window of another connection: our drag's messages go to
  /// the proxy, naming the target.
  @Test func ourDragFollowsATargetsProxy() async throws {
    try Self.server.orSkip()
    try await Self.withPointyBugTypes {
      let target = try await Self.startPeer(["proxied", "500", "0"])
      defer { target.terminate() }
      let window = try Self.dragWindow(timeout: 1)
      defer { window.close() }
      let ended = try await Self.pressAndDrag(from: window, ArrowTool(), release: false)
      let entered = try await Self.line(from: target) { $0.hasPrefix("enter") }
      #expect(entered == "enter via proxy 5 application/vnd.pointybug.arrow+json", "\(entered ?? "nothing")")
      try await Self.xdotool("key Escape sleep 0.2 mouseup 1")
      #expect(await suspendUntil(within: 20) { ended.operations == [.cancel] }, "\(ended.operations)")
    }
  }

  /// A target that fetched the drop and stays silent: the pointer was given back at the drop (the
  /// target grabs it), and the drag ends as a cancel when the target's window goes away.
  @Test func aTargetThatGoesAwayBeforeFinishingEndsInACancel() async throws {
    try Self.server.orSkip()
    try await Self.withPointyBugTypes {
      let target = try await Self.startPeer(["target", "500", "0", "5", "silent"])
      defer { target.terminate() }
      let window = try Self.dragWindow(timeout: 1)
      defer { window.close() }
      let ended = try await Self.pressAndDrag(from: window, ArrowTool())
      #expect(try await Self.line(from: target) { $0.hasPrefix("received") } != nil)
      #expect(try await Self.line(from: target) { $0.hasPrefix("grab") } == "grab 0", "the pointer is the user's again")
      try await Task.sleep(for: .seconds(2))
      #expect(ended.operations.isEmpty && window.isDragging, "a drop waits for its target beyond the timeout")
      target.terminate()
      #expect(await suspendUntil(within: 10) { ended.operations == [.cancel] }, "\(ended.operations)")
      #expect(!window.isDragging)
    }
  }

  /// A target whose window goes away after accepting, before the button is released: the drop
  /// goes to a window that is gone, and the drag ends at once as a cancel rather than waiting
  /// for a finish that cannot come (no `DestroyNotify` reaches a client that was not watching).
  @Test func aDropOnATargetAlreadyGoneEndsInACancel() async throws {
    try Self.server.orSkip()
    try await Self.withPointyBugTypes {
      let target = try await Self.startPeer(["target", "500", "0", "5", "vanish"])
      defer { target.terminate() }
      let window = try Self.dragWindow(timeout: 1)
      defer { window.close() }
      let ended = try await Self.pressAndDrag(from: window, ArrowTool(), release: false)
      #expect(try await Self.line(from: target) { $0 == "vanished" } == "vanished")
      try await Self.xdotool("mouseup 1")
      #expect(await suspendUntil(within: 10) { ended.operations == [.cancel] }, "\(ended.operations)")
      #expect(!window.isDragging)
    }
  }

  /// A target that answers the drop after the window's timeout: the drop is the target's to
  /// finish (GTK waits five minutes), and the source hears what it performed.
  @Test func aTargetThatFinishesAfterTheTimeoutIsHeard() async throws {
    try Self.server.orSkip()
    try await Self.withPointyBugTypes {
      let target = try await Self.startPeer(["target", "500", "0", "5", "slow"])
      defer { target.terminate() }
      let window = try Self.dragWindow(timeout: 1)
      defer { window.close() }
      let ended = try await Self.pressAndDrag(from: window, ArrowTool())
      #expect(try await Self.line(from: target) { $0.hasPrefix("received") } != nil)
      #expect(await suspendUntil(within: 20) { ended.operations == [.copy] }, "\(ended.operations)")
    }
  }

  @Test func escapeCancelsOurDrag() async throws {
    try await Self.withGTKArrowTarget { target, window in
      let ended = try await Self.pressAndDrag(from: window, ArrowTool(), release: false)
      #expect(try await Self.line(from: target) { $0 == "motion" } == "motion")
      try await Self.xdotool("key Escape sleep 0.2 mouseup 1")
      #expect(await suspendUntil(within: 20) { ended.operations == [.cancel] }, "\(ended.operations)")
      #expect(try await Self.line(from: target) { $0 == "leave" || $0.hasPrefix("received") } == "leave")
    }
  }
}
