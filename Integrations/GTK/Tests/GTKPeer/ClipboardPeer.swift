import CSwiftUTIGTK
import Foundation
import Pasteboard
import PasteboardGTK
import SystemPasteboard
import TypeRegistry

/// The clipboard side: copies the items (saying each change and each loader), or pastes; either
/// at the first press in the window (a Wayland client copies and pastes with its input's serial).
@MainActor
enum ClipboardPeer {
  private static var done = false

  /// Runs `body` at the first press only.
  static func atFirstPress(_ window: PeerWindow, _ body: @escaping @MainActor @Sendable () -> Void) {
    window.onFirstPress {
      guard !done else { return }
      done = true
      body()
    }
  }

  static func copy(_ arguments: [String]) {
    var options = SystemPasteboard.Options()
    var rest: [String] = []
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--sensitive": options.isSensitive = true
      case "--limit":
        index += 1
        options.pasteLimit = Int(arguments[index])
      case "--expire":
        index += 1
        options.expirationDate = Date(timeIntervalSinceNow: Double(arguments[index]) ?? 0)
      case "--primary": break
      default: rest.append(arguments[index])
      }
      index += 1
    }
    let clipboard = arguments.contains("--primary") ? GTKPasteboard.primary : GTKPasteboard.clipboard
    let (items, _, _) = Items.parse(rest)
    clipboard.setItemProviders(items(), options: options)
    // Said once the server has the copy: GTK writes requests at its loop's next turn, and a
    // flush only hands them to the socket, where a paste from another client may overtake them
    // (sway served one the copy before); a round trip returns once the server has read them.
    gdk_display_sync(gdk_display_get_default())
    say("copied", clipboard.ownsSelection ? "ours" : "theirs")
    Task { @MainActor in
      for await count in clipboard.changes {
        say("changed", count, clipboard.ownsSelection ? "ours" : "theirs")
      }
    }
  }

  static func paste(_ typeName: String) {
    let type = UTType(typeName) ?? UTType(importedAs: typeName)
    let clipboard = GTKPasteboard.clipboard
    Task { @MainActor in
      // GTK learns the owner's formats a moment after the window has focus.
      for _ in 0..<100 where clipboard.targets().isEmpty { try? await Task.sleep(for: .milliseconds(50)) }
      say("targets", clipboard.targets().map(\.target).joined(separator: ","))
      do {
        if let (found, target, data) = try await clipboard.data(conformingTo: type) {
          say(
            "pasted", found.identifier, target, data.count, digest(data),
            String(decoding: data.prefix(64), as: UTF8.self).debugDescription)
        } else {
          say("nothing")
        }
      } catch {
        say("error", error)
      }
      let providers = await clipboard.itemProviders()
      say(
        "providers",
        providers.map { $0.registeredContentTypes.map(\.identifier).joined(separator: ",") }.joined(separator: " | "))
    }
  }
}
