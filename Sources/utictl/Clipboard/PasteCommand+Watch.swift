import PropertyList
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

extension PasteCommand {
  /// What a change of the selection is, for a watcher: wl-paste's `CLIPBOARD_STATE` values.
  enum ClipboardState: String {
    /// Data that conforms to the type.
    case data
    /// Nothing owns the selection, or nothing on it conforms.
    case `nil`
    /// The owner offers `x-kde-passwordManagerHint`: a password or a token.
    case sensitive
  }

  /// `paste --watch`: reports the selection now and at each change of its owner until SIGINT,
  /// SIGTERM or SIGHUP, as `wl-paste --watch` and clipnotify do. With `--json`, one line per
  /// change with `changeCount`, `types` (the owner's, in its order), `targets` and
  /// `sensitive`; with a command (after `--`), the command runs for each change with the content
  /// on its standard input and `CLIPBOARD_STATE` set as wl-paste sets it; otherwise the content
  /// conforming to `type` and a newline where it does not end with one. A sensitive copy's
  /// content is not printed.
  static func watch(_ pasteboard: SystemPasteboard, type: UTType, invocation: Invocation, io: inout Console) -> Int32 {
    guard let pasteboard = watchable(pasteboard, io: &io) else { return ExitStatus.usage }
    var program: String?
    if let name = invocation.positionals.first {
      guard let found = ProcessSpawn.resolve(name) else {
        io.error("error: cannot run '\(name)': no such program in $PATH")
        return ExitStatus.usage
      }
      program = found
    }
    Termination.install()
    // A command that does not read its input must not kill the watcher.
    signal(SIGPIPE, SIG_IGN)
    var reported: Int?
    while !Termination.requested {
      let count = pasteboard.changeCount
      if count != reported {
        reported = count
        let status = report(
          count, pasteboard: pasteboard, type: type, program: program, invocation: invocation, io: &io)
        if status != ExitStatus.success { return status }
      }
      pasteboard.waitForChange(from: count, orUntil: { Termination.requested })
    }
    return ExitStatus.success
  }

  /// The pasteboard a watch hears other applications' copies through: `pasteboard`, or, where
  /// it is a Wayland compositor's without data-control (GNOME's mutter), the same selection on
  /// the session's XWayland (`$DISPLAY`), which such a compositor keeps in sync with its own, as
  /// a GNOME session does; nil, with the reason written, when neither can.
  static func watchable(_ pasteboard: SystemPasteboard, io: inout Console) -> SystemPasteboard? {
    let missing = "the Wayland compositor offers no data-control protocol"
    let needs =
      missing + ", and --watch needs one to hear other applications' copies (as wl-paste --watch does)"
    do {
      if try pasteboard.hearsOtherApplications() { return pasteboard }
    } catch {
      io.error("error: \(error)")
      return nil
    }
    do {
      let name = ProcessEnvironment.value("DISPLAY") ?? ""
      guard !name.isEmpty else {
        io.error("error: \(needs), or the X11 display of the session's XWayland, and DISPLAY is not set")
        return nil
      }
      let x11 = SystemPasteboard(
        selection: pasteboard.selection, backend: .x11(try X11Display(parsing: name)), registry: pasteboard.registry)
      guard try x11.hearsOtherApplications() else {
        io.error("error: \(needs), and the X11 display \(name) cannot hear them either")
        return nil
      }
      io.error(
        "note: \(missing); watching the \(pasteboard.selection) of its XWayland (DISPLAY=\(name)) instead, which it keeps in sync"
      )
      return x11
    } catch {
      io.error("error: \(needs); the session's X11 display could not be used either: \(error)")
      return nil
    }
  }

  /// Reports the selection as it is at change `count`; a failure to write ends the watch.
  static func report(
    _ count: Int, pasteboard: SystemPasteboard, type: UTType, program: String?, invocation: Invocation,
    io: inout Console
  ) -> Int32 {
    let targets = (try? pasteboard.targets()) ?? []
    let sensitive = targets.contains { $0.target == SelectionTargets.passwordManagerHintTarget }
    if let program {
      run(program, Array(invocation.positionals.dropFirst()), pasteboard: pasteboard, type: type, sensitive: sensitive)
      return ExitStatus.success
    }
    if invocation[.json] {
      var types: [String] = []
      for (type, target) in targets where target != SelectionTargets.passwordManagerHintTarget {
        if !types.contains(type.identifier) { types.append(type.identifier) }
      }
      let line: PropertyList.Value = .init(
        .dictionary(
          .init([
            .init(key: "changeCount", value: .init(.integer(.init(Int64(count))))),
            .init(key: "types", value: .init(.array(types.map { .init(.string($0)) }))),
            .init(key: "targets", value: .init(.array(targets.map { .init(.string($0.target)) }))),
            .init(key: "sensitive", value: .init(.boolean(sensitive))),
          ])))
      QueryContext.printJSON(line, io: &io, pretty: false)
    } else if !sensitive && !targets.isEmpty {
      // Each change ends with a newline, as paste's text does: one is added only where the
      // content does not end with one already.
      var last: UInt8?
      _ = try? pasteboard.read(conformingTo: type) { chunk throws(SystemPasteboardError) in
        io.write(chunk)
        last = chunk.last ?? last
      }
      if last.map({ $0 != 0x0A }) ?? targets.contains(where: { $0.type.conforms(to: type) }) { io.write([0x0A]) }
    }
    return io.outputError == nil ? ExitStatus.success : ExitStatus.failure
  }

  /// Runs `program` with `arguments`, the content conforming to `type` on its standard input
  /// (`/dev/null` when there is none) and `CLIPBOARD_STATE` in its environment, and waits for it.
  static func run(_ program: String, _ arguments: [String], pasteboard: SystemPasteboard, type: UTType, sensitive: Bool)
  {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return }
    let (input, output) = (fds[0], fds[1])
    // Neither end goes to the command as it is: its standard input is a copy (dup2 clears the flag).
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    /// Starts the command with `fd` as its standard input and `state` in its environment.
    func start(_ state: ClipboardState, input fd: Int32) -> pid_t? {
      let environment =
        ProcessEnvironment.entries.filter { !$0.hasPrefix("CLIPBOARD_STATE=") } + ["CLIPBOARD_STATE=\(state.rawValue)"]
      let spawned = ProcessSpawn.spawn(program, arguments, descriptors: [0: .copy(of: fd)], environment: environment)
      return spawned.status == 0 ? spawned.pid : nil
    }
    let present: ClipboardState = sensitive ? .sensitive : .data
    // The command starts with the first chunk (the state is known then) and reads the rest from
    // the pipe as it comes, so a large paste is written as the command reads it. Our copy of the
    // pipe's reading end is closed once it has started: a command that exits early gives EPIPE.
    var child: pid_t?
    var started = false
    let found = try? pasteboard.read(conformingTo: type) { chunk throws(SystemPasteboardError) in
      if !started {
        started = true
        child = start(present, input: input)
        close(input)
        guard child != nil else { throw SystemPasteboardError(.writeFailed, "cannot start \(program)") }
      }
      do {
        try FileIO.writeAll(fd: output, chunk, path: "the command's input")
      } catch {
        throw SystemPasteboardError(.writeFailed, "\(error)")
      }
    }
    if !started {
      // Nothing came. Empty data: the command reads the empty pipe. No owner, or nothing that
      // conforms: CLIPBOARD_STATE=nil, and /dev/null as its input, as wl-paste gives it.
      let null = found == nil ? open("/dev/null", O_RDONLY | O_CLOEXEC) : -1
      child = found == nil ? start(.nil, input: null >= 0 ? null : input) : start(present, input: input)
      if null >= 0 { close(null) }
      close(input)
    }
    close(output)
    guard let child else { return }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
  }
}
