import PropertyList
import SystemPasteboard
import TypeRegistry
import UTIPlatform

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
  /// conforming to `type` and a newline. A sensitive copy's content is not printed.
  static func watch(_ pasteboard: SystemPasteboard, type: UTType, invocation: Invocation, io: inout Console) -> Int32 {
    do {
      guard try pasteboard.hearsOtherApplications() else {
        io.error(
          "error: the Wayland compositor offers no data-control protocol, and --watch needs one to hear other applications' copies (as wl-paste --watch does)"
        )
        return ExitStatus.usage
      }
    } catch {
      io.error("error: \(error)")
      return ExitStatus.usage
    }
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
      usleep(20_000)
    }
    return ExitStatus.success
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
    if invocation.has("--json") {
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
      var wrote = false
      _ = try? pasteboard.read(conformingTo: type) { chunk throws(SystemPasteboardError) in
        io.write(chunk)
        wrote = true
      }
      if wrote || targets.contains(where: { $0.type.conforms(to: type) }) { io.write([0x0A]) }
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
    _ = fcntl(output, F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input, 0)
    posix_spawn_file_actions_addclose(&actions, input)
    // The content is read before the command starts, to know its state; the pipe holds what
    // the command has not read yet, so a large paste is written as the command reads it.
    var state = ClipboardState.nil
    let environment = { (state: ClipboardState) in
      ProcessEnvironment.entries.filter { !$0.hasPrefix("CLIPBOARD_STATE=") } + ["CLIPBOARD_STATE=\(state.rawValue)"]
    }
    var child: pid_t = 0
    var started = false
    let found = try? pasteboard.read(conformingTo: type) { chunk throws(SystemPasteboardError) in
      if !started {
        started = true
        state = sensitive ? .sensitive : .data
        let spawned = ProcessSpawn.spawn(program, arguments, actions: &actions, environment: environment(state))
        close(input)
        guard spawned.status == 0 else { throw SystemPasteboardError(.writeFailed, "cannot start \(program)") }
        child = spawned.pid
      }
      do {
        try FileIO.writeAll(fd: output, chunk, path: "the command's input")
      } catch {
        throw SystemPasteboardError(.writeFailed, "\(error)")
      }
    }
    if !started {
      // Nothing came (no owner, nothing conforms, or empty data): the command still runs.
      if found != nil { state = sensitive ? .sensitive : .data }
      let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
      var empty = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&empty)
      defer { posix_spawn_file_actions_destroy(&empty) }
      if found == nil && null >= 0 {
        posix_spawn_file_actions_adddup2(&empty, null, 0)
      } else {
        posix_spawn_file_actions_adddup2(&empty, input, 0)
      }
      let spawned = ProcessSpawn.spawn(program, arguments, actions: &empty, environment: environment(state))
      close(input)
      if null >= 0 { close(null) }
      child = spawned.status == 0 ? spawned.pid : 0
    }
    close(output)
    guard child > 0 else { return }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
  }
}
