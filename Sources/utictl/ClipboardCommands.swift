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
  static let backendOption = Command.Option(
    names: ["--backend"], valueName: "x11|wayland",
    help: "The desktop protocol (default: wayland where $WAYLAND_DISPLAY is set, else x11).")

  static var copy: Command {
    Command(
      name: "copy",
      abstract: "Own the desktop's clipboard (X11 or Wayland) with a file's data (or standard input's).",
      discussion: """
        The source (a file, a pipe, a FIFO, standard input) is read into a private spool first, so
        the selection serves the bytes as they were at copy time, whatever their size: memory up to
        4 MB, beyond that a file only this user can read, freed when the copy ends. The data's type
        is --type, else identified from the file's name and then its content; standard input is
        public.utf8-plain-text when it is UTF-8 text, else identified by content. Other
        applications see the type's MIME types as targets (and UTF8_STRING, STRING, text/plain for
        text). utictl copy returns once it owns the selection and serves it in the background
        until another application takes it over, as xclip and wl-copy do; with --foreground it
        serves in the foreground, and on SIGINT or SIGTERM hands the data to the clipboard manager
        (if one runs) before it exits. --files copies files as file managers do: their URLs as
        text/uri-list and x-special/gnome-copied-files (copy, or cut with --cut) and their paths as
        text. Exit status 2 when there is no X display or the source cannot be read.
        """,
      arguments: [
        .init(
          name: "file", help: "The file to copy, or - for standard input (default); with --files, the files.",
          isRepeating: true, isOptional: true)
      ],
      options: [
        selectionOption,
        backendOption,
        .init(names: ["--type"], valueName: "uti", help: "The data's type."),
        .init(
          names: ["--files"], valueName: nil,
          help: "Copy the files themselves, as a file manager does (text/uri-list, x-special/gnome-copied-files)."),
        .init(names: ["--cut"], valueName: nil, help: "With --files: a paste moves the files (a file manager's cut)."),
        .init(names: ["--foreground"], valueName: nil, help: "Serve in the foreground until the selection is lost."),
      ],
      run: runCopy
    )
  }

  static var paste: Command {
    Command(
      name: "paste",
      abstract: "Write the desktop clipboard's data that conforms to a type to standard output.",
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
        backendOption,
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
    let selection: SystemPasteboard.Selection
    switch invocation.value("--selection") ?? "clipboard" {
    case "clipboard": selection = .clipboard
    case "primary": selection = .primary
    case let other:
      io.error("Error: '\(other)' is not a selection (clipboard or primary)")
      return nil
    }
    var backend: SystemPasteboard.Backend?
    if let name = invocation.value("--backend") {
      guard SystemPasteboard.Backend.names.contains(name) else {
        io.error("Error: '\(name)' is not a backend (\(SystemPasteboard.Backend.names.joined(separator: ", ")))")
        return nil
      }
      do {
        backend = try SystemPasteboard.Backend.named(name)
      } catch {
        io.error("error: \(error)")
        return nil
      }
    }
    return SystemPasteboard(selection: selection, backend: backend, registry: registry)
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
      // Each chunk is written as it arrives: memory stays flat for any size.
      let found = try pasteboard.read(conformingTo: type) { chunk throws(SystemPasteboardError) in
        io.write(chunk)
        if let failure = io.outputError {
          throw SystemPasteboardError(.writeFailed, "\(failure)")
        }
      }
      guard found != nil else {
        io.error("error: nothing on the \(pasteboard.selection.rawValue) selection conforms to \(type.identifier)")
        return ExitStatus.failure
      }
    } catch {
      if error.code == .writeFailed { return ExitStatus.failure }  // the console reports it
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
    // A file-size limit must fail the spool's write (EFBIG), not kill the process (SIGXFSZ).
    signal(SIGXFSZ, SIG_IGN)
    let spool: Spool
    do {
      spool = path == "-" ? try Spool(readingFrom: 0, name: "standard input") : try Spool(contentsOf: path)
    } catch {
      io.error("error: \(error)")
      return ExitStatus.usage
    }
    let type: UTType
    if let wanted = invocation.value("--type") {
      guard let declared = QueryContext.type(wanted, in: registry, io: &io) else { return ExitStatus.usage }
      type = declared
    } else if path == "-" {
      // Text needs no identification (nor the machine's MIME database): UTF-8 without NULs is text.
      let isText = !spool.prefix.contains(0) && String(validating: spool.prefix, as: UTF8.self) != nil
      type = isText ? .utf8PlainText : registry.identify(spool.prefix, fileName: nil).type
    } else {
      type = registry.identify(spool.prefix, fileName: FileIO.baseName(of: path)).type
    }
    var item = SystemPasteboard.Item()
    spool.register(type, in: &item)
    return own(pasteboard, [item], invocation: invocation, io: &io)
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
    let items = paths.map { path in
      var item = SystemPasteboard.Item()
      let url = Array(FileList.fileURL(forPath: path).utf8)
      item.register(.fileURL) { url }
      return item
    }
    return own(
      pasteboard, items, fileOperation: invocation.has("--cut") ? .cut : .copy, invocation: invocation, io: &io)
  }

  /// Owns the selection with `items` and serves it: in this process with --foreground, else in
  /// a child forked before any thread exists (no second start-up), in a session of its own, that
  /// this process waits for until it owns the selection (as xclip and wl-copy return).
  static func own(
    _ pasteboard: SystemPasteboard, _ items: [SystemPasteboard.Item], fileOperation: FileList.Operation = .copy,
    invocation: Invocation, io: inout Console
  ) -> Int32 {
    guard !invocation.has("--foreground") else {
      do {
        try pasteboard.setItems(items, fileOperation: fileOperation)
      } catch {
        io.error("error: \(error)")
        return ExitStatus.usage
      }
      return serve(pasteboard)
    }
    var console = io
    let status = Detached.run { ready -> Int32 in
      do {
        try pasteboard.setItems(items, fileOperation: fileOperation)
      } catch {
        console.error("error: \(error)")
        return ExitStatus.usage
      }
      ready()
      return serve(pasteboard)
    }
    switch status {
    case .ready: return ExitStatus.success
    case .exited(let code): return code
    case .failed(let reason):
      io.error("error: cannot start the process that serves the selection: \(reason)")
      return ExitStatus.usage
    }
  }

  /// Serves the copy this process owns until the selection is lost or a signal asks it to stop.
  /// Exiting then hands the data to the clipboard manager, if one runs (SystemPasteboard does
  /// it at exit).
  static func serve(_ pasteboard: SystemPasteboard) -> Int32 {
    Termination.install()
    while pasteboard.ownsSelection && !Termination.requested { usleep(20_000) }
    return ExitStatus.success
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
