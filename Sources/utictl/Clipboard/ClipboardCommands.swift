import SystemPasteboard
import TypeRegistry
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// What `utictl copy` and `utictl paste` share: the desktop's selections (X11 or Wayland), the
/// options that name one, and the signals that end a foreground run.
enum ClipboardCommands {
  /// The values of `--selection`.
  enum SelectionName: String, CaseIterable, Sendable {
    case clipboard, primary

    var selection: SystemPasteboard.Selection { self == .clipboard ? .clipboard : .primary }
  }

  /// `--selection clipboard|primary`.
  static let selection = Command.Key<SelectionName>(["--selection"], help: "The selection (default: clipboard).")
  /// `--backend x11|wayland`, read as its name (the display is the environment's when the command runs).
  static let backend = Command.Key<String>(
    ["--backend"], .oneOf(SystemPasteboard.Backend.names),
    help: "The desktop protocol (default: wayland where $WAYLAND_DISPLAY is set, else x11).")

  /// The pasteboard `--selection` and `--backend` name (parsing checked both values), mapping
  /// types with `registry` (the `--types` declarations).
  static func pasteboard(_ invocation: Invocation, registry: UTTypeRegistry, io: inout Console) -> SystemPasteboard? {
    let selection = invocation[selection] ?? .clipboard
    var backend: SystemPasteboard.Backend?
    if let name = invocation[Self.backend] {
      do {
        backend = try SystemPasteboard.Backend.named(name)
      } catch {
        io.error("error: \(error)")
        return nil
      }
    }
    return SystemPasteboard(selection: selection.selection, backend: backend, registry: registry)
  }
}

/// `path` made absolute against the working directory (the server may run elsewhere).
func absolutePath(_ path: String) -> String {
  guard !path.hasPrefix("/") else { return path }
  var buffer = [UInt8](repeating: 0, count: 4096)
  let cwd = buffer.withUnsafeMutableBufferPointer { pointer in
    pointer.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, 4096) != nil }
  }
  return cwd ? String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self) + "/" + path : path
}

/// SIGINT, SIGTERM and SIGHUP ask a foreground copy (or a watch) to end and exit.
enum Termination {
  nonisolated(unsafe) static var flag: sig_atomic_t = 0
  static var requested: Bool { flag != 0 }

  static func install() {
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for number in [SIGINT, SIGTERM, SIGHUP] {
      _ = signal(number) { _ in Termination.flag = 1 }
      sigaddset(&unblock, number)
    }
    // A launcher that blocks them (a thread pool's thread, say) must not leave them blocked here.
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
  }
}
