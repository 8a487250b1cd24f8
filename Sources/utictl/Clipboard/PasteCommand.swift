import PropertyList
import SystemPasteboard
import TypeRegistry
import UTIPlatform

/// `utictl paste`: writes the selection's data that conforms to a type, lists what the owner
/// offers, or watches the selection change (`PasteCommand+Watch.swift`).
enum PasteCommand {
  static var command: Command {
    Command(
      name: "paste",
      abstract: "Write the desktop clipboard's data that conforms to a type to standard output.",
      discussion: """
        The owner's first target whose type conforms to --type (default public.plain-text) is
        written (text from a UTF-8 target whenever the owner offers one, whatever its order); text
        in an encoding the owner lacks (public.utf16-plain-text, say) is converted.
        Text gets a trailing newline unless it ends with one, or -n is given; other data never
        does (as wl-paste). Files copied in a file manager are files: --type public.file-url
        prints their URLs, and a type a file conforms to prints the first such file's bytes.
        --list prints 'UTI<TAB>target' in the owner's order, then what its file list's files give
        ('UTI<TAB>target<TAB>file'), then the conversions: every type listed is one --type gets.
        --watch reports each new owner until interrupted: the content and a newline where it has
        none, a JSON line with --json, or the content piped to the command after --; where the
        Wayland compositor has no data-control (GNOME), through the session's XWayland ($DISPLAY). Exit status 1 when nothing owns the
        selection or nothing conforms, 2 when there is no display or the owner fails.
        """,
      arguments: [
        .init(
          name: "command", value: .command, help: "With --watch: the command to run for each change (after --).",
          isRepeating: true, isOptional: true)
      ],
      options: [
        ClipboardCommands.selection, ClipboardCommands.backend, type, noNewline, list, watchFlag, Command.Flag.json,
        Command.Flag.pretty,
      ],
      run: run
    )
  }

  static let type = Command.Key<String>(
    ["--type"], .type("uti"), help: "The type to paste (default public.plain-text).")
  static let noNewline = Command.Flag(["-n", "--no-newline"], help: "Write text as it is, without a trailing newline.")
  static let list = Command.Flag(["-l", "--list"], help: "List the owner's targets, their types and conversions.")
  static let watchFlag = Command.Flag(
    ["-w", "--watch"], help: "Report each change of the selection until interrupted.")

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard invocation.positionals.isEmpty || invocation[watchFlag] else {
      io.error("Error: paste takes a command only with --watch (utictl paste --watch -- COMMAND ...)")
      return ExitStatus.usage
    }
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    guard let pasteboard = ClipboardCommands.pasteboard(invocation, registry: registry, io: &io) else {
      return ExitStatus.usage
    }
    let wanted = invocation[type] ?? "public.plain-text"
    guard let type = QueryContext.type(wanted, in: registry, io: &io) else { return ExitStatus.usage }
    if invocation[watchFlag] { return watch(pasteboard, type: type, invocation: invocation, io: &io) }
    if invocation[list] { return list(pasteboard, invocation: invocation, io: &io) }
    do {
      var last: UInt8?
      // Each chunk is written as it arrives: memory stays flat for any size.
      let found = try pasteboard.read(conformingTo: type) { chunk throws(SystemPasteboardError) in
        io.write(chunk)
        if let failure = io.outputError { throw SystemPasteboardError(.writeFailed, "\(failure)") }
        last = chunk.last ?? last
      }
      guard let found else {
        io.error("error: nothing on the \(pasteboard.selection.rawValue) selection conforms to \(type.identifier)")
        return ExitStatus.failure
      }
      if found.type.conforms(to: .text) && !invocation[noNewline] && last != 0x0A { io.write([0x0A]) }
      if io.outputError != nil { return ExitStatus.failure }
    } catch {
      if error.code == .writeFailed { return ExitStatus.failure }  // the console reports it
      io.error("error: \(error)")
      return error.code == .noOwner ? ExitStatus.failure : ExitStatus.usage
    }
    return ExitStatus.success
  }

  /// `--list`: each target as `UTI<TAB>target` in the owner's order; then what the files of
  /// the owner's file list give as `UTI<TAB>target<TAB>file` (`public.file-url` and each file's
  /// type); then the text encodings a paste converts to as `UTI<TAB>target<TAB>converted`
  /// (JSON: objects with `type`, `target` and, for those, `"file": true` or `"converted": true`).
  /// Every type listed is one `--type` gets.
  static func list(_ pasteboard: SystemPasteboard, invocation: Invocation, io: inout Console) -> Int32 {
    let targets: [(type: UTType, target: String)]
    let files: [(type: UTType, target: String)]
    do {
      (targets, files) = try pasteboard.targetsAndFileTypes()
    } catch {
      io.error("error: \(error)")
      return error.code == .noOwner ? ExitStatus.failure : ExitStatus.usage
    }
    let rows =
      targets.map { ($0.type, $0.target, nil as String?) } + files.map { ($0.type, $0.target, "file") }
      + SystemPasteboard.conversions(from: targets).map { ($0.type, $0.target, "converted") }
    if invocation[.json] {
      let values = rows.map { type, target, how -> PropertyList.Value in
        var entries: [PropertyList.Dictionary.Entry] = [
          .init(key: "type", value: .init(.string(type.identifier))),
          .init(key: "target", value: .init(.string(target))),
        ]
        if let how { entries.append(.init(key: how, value: .init(.boolean(true)))) }
        return .init(.dictionary(.init(entries)))
      }
      QueryContext.printJSON(.init(.array(values)), io: &io, pretty: invocation[.pretty])
    } else {
      for (type, target, how) in rows {
        io.print(([type.identifier, target] + [how].compactMap { $0 }).joined(separator: "\t"))
      }
    }
    return ExitStatus.success
  }
}
