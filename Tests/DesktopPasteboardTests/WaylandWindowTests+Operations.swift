import DesktopTestSupport
import Foundation
import Pasteboard
import TestSupport
import Testing
import UTIPlatform

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

/// Wayland's `ask` both ways with GTK 3 on sway, the compositor negotiating: a source that may
/// ask is shown to an AppKit destination as `.generic` beside its copy and move, and the copy it
/// answers is what the source hears; an AppKit source's `.generic` reaches a GTK target as
/// `GDK_ACTION_ASK`.
extension DragAndDropTests.WaylandWindowTests {
  @Test func aSourceThatMayAskIsGenericToAnAppKitDestination() async throws {
    let (compositor, input, display) = try Self.desktop()
    let window = try WaylandWindow(
      title: "drops", width: 400, height: 400, display: display, applicationID: "swift-uti")
    defer { window.close() }
    let surface = DropSurface()
    let bar = LinkingBar()
    surface.register(bar, forDraggedTypes: [.string], in: CGRect(x: 0, y: 0, width: 400, height: 400))
    try window.acceptDrops(into: surface)
    let gtk = try await Self.startGTK(
      compositor, ["source", "0", "0", "text", "asked"], environment: ["GTK_DND_ACTIONS=copy,move,ask"])
    defer { gtk.terminate() }
    let ours = try compositor.place(appID: "swift-uti", at: 0, 0)
    let source = try Self.gtkCentre(compositor)
    try await pressDragRelease(input, through: [source, (ours.x + 200, ours.y + 200)])
    #expect(try await Self.line(from: gtk) { $0.hasPrefix("action") } == "action copy")
    #expect(bar.masks.last == [.copy, .move, .generic], "\(bar.masks.map(\.rawValue))")
    #expect(bar.performed == 1)
  }

  @Test func anAppKitSourcesGenericIsAskToAGTKTarget() async throws {
    let (compositor, input, display) = try Self.desktop()
    let window = try WaylandWindow(
      title: "drags", width: 400, height: 400, display: display, applicationID: "swift-uti")
    defer { window.close() }
    let gtk = try await Self.startGTK(
      compositor, ["target", "0", "0", "UTF8_STRING"], environment: ["GTK_DND_ACTIONS=copy,ask"])
    defer { gtk.terminate() }
    let ours = try compositor.place(appID: "swift-uti", at: 0, 0)
    let target = try Self.gtkCentre(compositor)
    let source = MaskedSource(outside: [.copy, .generic])
    let presses = window.buttonPresses
    try await offThePool {
      try input.move(to: ours.x + 100, ours.y + 100)
      try input.button(pressed: true)
    }
    let press = try #require(await nextPress(presses), "the press never reached the window")
    try window.beginDraggingSession(
      with: [NSDraggingItem(pasteboardWriter: "asked" as NSString)], at: press.location, source: source)
    try await offThePool { try input.drag(from: (ours.x + 100, ours.y + 100), to: target) }
    // GDK_ACTION_COPY (2) and GDK_ACTION_ASK (32).
    #expect(try await Self.line(from: gtk) { $0.hasPrefix("offered") } == "offered 34")
    #expect(try await Self.line(from: gtk) { $0 == "motion" } == "motion")
    try await offThePool {
      usleep(100_000)
      try input.button(pressed: false)
    }
    #expect(try await Self.line(from: gtk) { $0.hasPrefix("received") }?.hasPrefix("received UTF8_STRING 5") == true)
    #expect(await suspendUntil(within: 20) { source.ended == [.copy] }, "\(source.ended.map(\.rawValue))")
  }
}
