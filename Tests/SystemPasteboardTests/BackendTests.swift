import Foundation
import Pasteboard
import TestSupport
import Testing

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland
@testable import SystemPasteboardX11

/// The backend-neutral seam: one error type matched by code, the backend named or resolved,
/// and one window protocol with the X11 window behind it.
@Suite("System pasteboard: the backend seam")
struct BackendTests {
  @Test func errorsAreMatchedByTheirCode() {
    do {
      _ = try X11Display(parsing: "no-colon")
      Issue.record("a bad display name parsed")
    } catch SystemPasteboardError.Code.badDisplayName {
      // matched with ~=
    } catch {
      Issue.record("another error: \(error)")
    }
    let timeout = SystemPasteboardError(.timeout, "slow")
    #expect(SystemPasteboardError.timeout ~= timeout)
    #expect(!(SystemPasteboardError.noOwner ~= timeout))
    #expect(SystemPasteboardError.Code.timeout.description == "timeout")
  }

  @Test func aBackendNamedExplicitlyIsTheOneUsed() throws {
    let display = try X11Display(parsing: ":250")
    let pasteboard = SystemPasteboard(selection: .primary, backend: .x11(display), timeout: .seconds(1))
    #expect(try pasteboard.resolvedBackend() == .x11(display))
    #expect(SystemPasteboard.Backend.x11(display).description == "x11 :250.0")
    // No server there: a connection error, at once.
    #expect(throws: SystemPasteboardError.self) { try pasteboard.targets() }
  }

  @MainActor @Test func theWindowProtocolHasTheX11WindowBehindIt() throws {
    let server = try XServer.start().orSkip()
    let window = try makeWindow(
      title: "seam", width: 100, height: 100, backend: .x11(try X11Display(parsing: server.display)))
    defer { window.close() }
    #expect(window is X11Window)
    #expect(!window.isDragging)
    try window.acceptDrops(into: DropSurface())
  }

  @Test func utictlTakesOnlyTheBackendsItHas() throws {
    let run = try runProcess(try SystemPasteboardTests.utictl(), ["paste", "--backend", "mir"])
    #expect(run.status == 2)
    #expect(
      run.stderrText.hasPrefix(
        "Error: Unknown value 'mir' for '--backend <x11|wayland>'; expected one of: x11, wayland\nUsage: utictl paste"))
  }
}
