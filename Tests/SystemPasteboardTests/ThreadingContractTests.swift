import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland
@testable import SystemPasteboardX11

extension SystemPasteboardTests {
  /// The threading contract written on `PasteboardBackend`, kept by every backend: one
  /// pasteboard called from many threads at once (copies, reads of the targets and the data,
  /// while the loop also answers the copies' own reads), each call's work done on the
  /// connection's loop. Debug builds (the tests') stop at any request written off the loop, so a
  /// backend that wrote from its caller's thread fails here; the answers are checked too (a read
  /// gives one of the copies, or says the copy changed while it was read, never an empty
  /// answer), and the last copy is what another application pastes.
  @Suite("System pasteboard: the threading contract, on every backend", .serialized)
  struct ThreadingContractTests {
    enum Desktop: String, CaseIterable, CustomTestStringConvertible, Sendable {
      case x11, wayland
      var testDescription: String { rawValue }
    }

    static func pasteboard(_ desktop: Desktop) throws -> SystemPasteboard {
      switch desktop {
      case .x11: try SystemPasteboardTests.pasteboard(timeout: 30)
      case .wayland: try WaylandTests.pasteboard(timeout: 30)
      }
    }

    /// What another application pastes (`xclip -o`, `wl-paste -n`).
    static func peerPaste(_ desktop: Desktop) throws -> String {
      switch desktop {
      case .x11: try SystemPasteboardTests.shell("timeout 30 xclip -o -selection clipboard").stdoutText
      case .wayland: try WaylandTests.shell("timeout 30 wl-paste -n").stdoutText
      }
    }

    static func item(_ text: String) -> SystemPasteboard.Item {
      var item = SystemPasteboard.Item()
      item.register(.utf8PlainText) { Array(text.utf8) }
      return item
    }

    @Test(arguments: Desktop.allCases)
    func concurrentCallersAreServedOnTheLoop(_ desktop: Desktop) throws {
      let pasteboard = try Self.pasteboard(desktop)
      let failures = Locked<[String]>([])
      let threads = 8
      let rounds = 12
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for round in 0..<rounds {
          let text = "thread \(thread) round \(round)"
          do throws(SystemPasteboardError) {
            try pasteboard.setItems([Self.item(text)])
            let targets = try pasteboard.targets().map(\.target)
            let read = try pasteboard.data(conformingTo: .plainText).map { String(decoding: $0.data, as: UTF8.self) }
            // Another thread may have copied in between: what is read is one of the copies.
            if !targets.isEmpty && !(read ?? "").hasPrefix("thread ") {
              failures.withLock { $0.append("\(text): read \(read ?? "nothing"), targets \(targets)") }
            }
          } catch  where error.message.contains("changed while it was read") {
            // Another thread's copy replaced the one asked for: refused, as X11 refuses a
            // request older than the copy (never an empty answer).
          } catch {
            failures.withLock { $0.append("\(text): \(error)") }
          }
        }
      }
      #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(5) })")
      try pasteboard.setItems([Self.item("the last copy")])
      #expect(try Self.peerPaste(desktop) == "the last copy")
    }
  }
}
