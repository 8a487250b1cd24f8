import PropertyList
import SystemPasteboard
import TypeRegistry
import UTIPlatform

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `utictl copy` and `utictl paste`: the desktop's clipboard (X11 selections), by `UTType`.
enum ClipboardCommands {
  static let selectionOption = Command.Option(
    names: ["--selection"], valueName: "clipboard|primary", help: "The selection (default: clipboard).")

  static var copy: Command {
    Command(
      name: "copy",
      abstract: "Own the X11 clipboard with a file's data (or standard input's).",
      discussion: """
        The data's type is --type, else identified from the file's name and content; text read
        from standard input is public.utf8-plain-text. Other applications see the type's MIME
        types as targets (and UTF8_STRING, STRING, text/plain for text). utictl copy returns once
        it owns the selection and serves it in the background until another application takes it
        over, as xclip and wl-copy do. --files copies files as file managers do: their URLs as
        text/uri-list and x-special/gnome-copied-files (copy, or cut with --cut) and their paths
        as text; with --foreground it serves in the foreground, and on
        SIGINT or SIGTERM hands the data to the clipboard manager (if one runs) before it exits.
        Exit status 2 when there is no X display.
        """,
      arguments: [
        .init(
          name: "file", help: "The file to copy, or - for standard input (default); with --files, the files.",
          isRepeating: true, isOptional: true)
      ],
      options: [
        selectionOption,
        .init(names: ["--type"], valueName: "uti", help: "The data's type."),
        .init(
          names: ["--files"], valueName: nil,
          help: "Copy the files themselves, as a file manager does (text/uri-list, x-special/gnome-copied-files)."),
        .init(names: ["--cut"], valueName: nil, help: "With --files: a paste moves the files (a file manager's cut)."),
        .init(names: ["--foreground"], valueName: nil, help: "Serve in the foreground until the selection is lost."),
        .init(names: ["--serve-ready"], valueName: nil, help: "(internal) Say 'ready' on standard output once owning."),
      ],
      run: runCopy
    )
  }

  static var paste: Command {
    Command(
      name: "paste",
      abstract: "Write the X11 clipboard's data that conforms to a type to standard output.",
      discussion: """
        The owner's first target whose type conforms to --type (default public.plain-text) is
        converted and written. Files copied in a file manager are files: --type public.file-url
        prints their URLs, one a line, and a type a file conforms to (public.image, say) prints
        the first such file's bytes. --list prints each target as 'UTI<TAB>target' in the owner's
        order (--json: an array of objects with type and target). Exit status 1 when nothing owns
        the selection or nothing conforms, 2 when there is no X display or the owner fails.
        """,
      options: [
        selectionOption,
        .init(names: ["--type"], valueName: "uti", help: "The type to paste (default public.plain-text)."),
        .init(names: ["--list"], valueName: nil, help: "List the owner's targets and their types."),
        .json,
        .pretty,
      ],
      run: runPaste
    )
  }

  /// The pasteboard `--selection` names, mapping types with `registry` (the `--types` declarations).
  static func pasteboard(_ invocation: Invocation, registry: UTTypeRegistry, io: inout Console) -> SystemPasteboard? {
    switch invocation.value("--selection") ?? "clipboard" {
    case "clipboard": return SystemPasteboard(selection: .clipboard, registry: registry)
    case "primary": return SystemPasteboard(selection: .primary, registry: registry)
    case let other:
      io.error("Error: '\(other)' is not a selection (clipboard or primary)")
      return nil
    }
  }

  // MARK: Paste

  static func runPaste(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    guard let pasteboard = pasteboard(invocation, registry: registry, io: &io) else { return ExitStatus.usage }
    let wanted = invocation.value("--type") ?? "public.plain-text"
    guard let type = QueryContext.type(wanted, in: registry, io: &io) else { return ExitStatus.usage }
    if invocation.has("--list") {
      let targets: [(type: UTType, target: String)]
      do {
        targets = try pasteboard.targets()
      } catch {
        io.error("error: \(error)")
        return error.code == .noOwner ? ExitStatus.failure : ExitStatus.usage
      }
      if invocation.has("--json") {
        QueryContext.printJSON(
          .init(
            .array(targets.map { ["type": .init(.string($0.type.identifier)), "target": .init(.string($0.target))] })),
          io: &io, pretty: invocation.has("--pretty"))
      } else {
        for (type, target) in targets { io.print("\(type.identifier)\t\(target)") }
      }
      return ExitStatus.success
    }
    do {
      guard let found = try pasteboard.data(conformingTo: type) else {
        io.error("error: nothing on the \(pasteboard.selection.rawValue) selection conforms to \(type.identifier)")
        return ExitStatus.failure
      }
      io.write([UInt8](found.data))
    } catch {
      io.error("error: \(error)")
      return error.code == .noOwner ? ExitStatus.failure : ExitStatus.usage
    }
    return ExitStatus.success
  }

  // MARK: Copy

  static func runCopy(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    guard let pasteboard = pasteboard(invocation, registry: registry, io: &io) else { return ExitStatus.usage }
    if invocation.has("--files") { return copyFiles(invocation, pasteboard: pasteboard, io: &io) }
    guard invocation.positionals.count <= 1 else {
      io.error("Error: copy takes one file (--files copies several as files)")
      return ExitStatus.usage
    }
    let path = invocation.positionals.first ?? "-"
    let data: [UInt8]
    do {
      data = try FileIO.read(path, console: io)
    } catch {
      io.error("error: \(error)")
      return ExitStatus.usage
    }
    let type: UTType
    if let wanted = invocation.value("--type") {
      guard let declared = QueryContext.type(wanted, in: registry, io: &io) else { return ExitStatus.usage }
      type = declared
    } else if path == "-" {
      type = .utf8PlainText
    } else {
      type = registry.identify(data, fileName: FileIO.baseName(of: path)).type
    }
    if !invocation.has("--foreground") && !invocation.has("--serve-ready") {
      return copyInBackground(invocation, data: data, type: type, io: &io)
    }
    if invocation.has("--serve-ready") { closeInheritedPipes() }
    var item = SystemPasteboard.Item()
    item.register(type) { data }
    do {
      try pasteboard.setItems([item])
    } catch {
      io.error("error: \(error)")
      return ExitStatus.usage
    }
    return serve(pasteboard, invocation: invocation, io: &io)
  }

  /// Serves the copy this process owns until the selection is lost or a signal asks it to stop;
  /// a detached server first says "ready" and lets go of its standard streams.
  static func serve(_ pasteboard: SystemPasteboard, invocation: Invocation, io: inout Console) -> Int32 {
    if invocation.has("--serve-ready") {
      io.print("ready")
      // Standard output is the parent's pipe and standard error its terminal or log: let both go,
      // so that nothing waits on this detached server (as xclip's and wl-copy's do).
      let null = open("/dev/null", O_WRONLY)
      if null >= 0 {
        dup2(null, 1)
        dup2(null, 2)
        close(null)
      }
    }
    Termination.install()
    while pasteboard.ownsSelection && !Termination.requested { usleep(20_000) }
    // Exiting hands the data to the clipboard manager, if one runs (SystemPasteboard does it at exit).
    return ExitStatus.success
  }

  /// `copy --files`: one item per file, each with its file URL, offered as file managers copy
  /// files; served in the background (or the foreground) as any copy is.
  static func copyFiles(_ invocation: Invocation, pasteboard: SystemPasteboard, io: inout Console) -> Int32 {
    let paths = invocation.positionals.map(absolutePath)
    guard !paths.isEmpty else {
      io.error("error: --files needs at least one file")
      return ExitStatus.usage
    }
    for path in paths {
      if case .missing(let code) = FileIO.kind(of: path, followingLinks: true) {
        io.error("error: \(path): \(FileIO.reason(code))")
        return ExitStatus.usage
      }
    }
    if !invocation.has("--foreground") && !invocation.has("--serve-ready") {
      var arguments = ["copy", "--serve-ready", "--files"] + (invocation.has("--cut") ? ["--cut"] : [])
      if let selection = invocation.value("--selection") { arguments += ["--selection", selection] }
      return startServer(arguments + ["--"] + paths, input: [], io: &io)
    }
    if invocation.has("--serve-ready") { closeInheritedPipes() }
    let items = paths.map { path in
      var item = SystemPasteboard.Item()
      let url = Array(FileList.fileURL(forPath: path).utf8)
      item.register(.fileURL) { url }
      return item
    }
    do {
      try pasteboard.setItems(items, fileOperation: invocation.has("--cut") ? .cut : .copy)
    } catch {
      io.error("error: \(error)")
      return ExitStatus.usage
    }
    return serve(pasteboard, invocation: invocation, io: &io)
  }

  /// Closes the pipes and sockets a detached server inherited beyond its standard streams (a
  /// shell's, a launcher's that waits for its children's copies to close), so that nobody waits
  /// on this long-lived process. Runs before the X connection is opened.
  static func closeInheritedPipes() {
    for fd in Int32(3)..<1024 {
      var info = stat()
      guard fstat(fd, &info) == 0 else { continue }
      let kind = info.st_mode & S_IFMT
      if kind == S_IFIFO || kind == S_IFSOCK { close(fd) }
    }
  }

  /// Starts this program again, detached (its own session), to own and serve the selection;
  /// returns once it owns it (its "ready"), or with its failure.
  static func copyInBackground(_ invocation: Invocation, data: [UInt8], type: UTType, io: inout Console) -> Int32 {
    // A file is read again by the server itself (no copy through a pipe); standard input is passed on.
    let path = invocation.positionals.first ?? "-"
    var arguments = ["copy", "--serve-ready", "--type", type.identifier, path == "-" ? "-" : absolutePath(path)]
    if let selection = invocation.value("--selection") { arguments += ["--selection", selection] }
    for file in invocation.all("--types") { arguments += ["--types", file] }
    return startServer(arguments, input: path == "-" ? data : [], io: &io)
  }

  /// Starts the detached process that serves a copy, feeding it `input`; returns once it owns
  /// the selection (its "ready"), or with its failure.
  static func startServer(_ arguments: [String], input: [UInt8], io: inout Console) -> Int32 {
    do {
      let child = try DetachedChild(arguments: arguments, input: input)
      if child.waitForReady() { return ExitStatus.success }
      return child.exitStatus()
    } catch {
      io.error("error: cannot start the process that serves the selection: \(error)")
      return ExitStatus.usage
    }
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

/// SIGINT, SIGTERM and SIGHUP ask a foreground copy to hand over and exit.
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
