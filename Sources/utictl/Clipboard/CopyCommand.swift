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

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `utictl copy`: owns a selection with a file's data (or standard input's, or several
/// representations at once), serves it in the background until another copy replaces it, and
/// ends it early where asked: after one paste, after some seconds, or at once (`--clear`).
enum CopyCommand {
  /// How long a `--sensitive` copy stays without `--clear-after`, as `pass -c` keeps a password.
  static let sensitiveSeconds = 45.0

  static var command: Command {
    Command(
      name: "copy",
      abstract: "Own the desktop's clipboard (X11 or Wayland) with a file's data (or standard input's).",
      discussion: """
        The source (a file, a pipe, a FIFO, /dev/stdin, <(cmd), standard input) is read into a
        private spool first, so the selection serves the bytes as they were at copy time: memory up
        to 4 MB, beyond that a file only this user can read. Its type is --type, else identified by
        name and content (standard input: UTF-8 text, else by content). HTML is also offered as
        plain text for terminals. --representation TYPE=FILE adds representations. utictl copy
        returns once it owns the selection and serves in the background until another copy takes
        it (as xclip and wl-copy do); at exit a copy is handed to the clipboard manager, if one
        runs, unless it is --sensitive or limited. Exit status 2 when there is no display or the
        source cannot be read.
        """,
      arguments: [
        .init(
          name: "file", value: .path("file"),
          help: "The file to copy, or - for standard input (default); with --files, the files.", isRepeating: true,
          isOptional: true)
      ],
      options: [
        ClipboardCommands.selection, ClipboardCommands.backend, type, representation, files, cut, pasteOnce, sensitive,
        clearAfter, clear, foreground,
      ],
      run: run
    )
  }

  static let type = Command.Key<String>(["--type"], .type("uti"), help: "The data's type.")
  static let representation = Command.Key<String>(
    ["--representation"], .text("type=file"), help: "Also offer FILE (- for standard input) as TYPE (repeatable).",
    repeating: true)
  static let files = Command.Flag(
    ["--files"], help: "Copy the files themselves, as a file manager does (text/uri-list).")
  static let cut = Command.Flag(["--cut"], help: "With --files: a paste moves the files (a file manager's cut).")
  static let pasteOnce = Command.Flag(["-o", "--paste-once"], help: "Serve one paste, then give the selection up.")
  static let sensitive = Command.Flag(
    ["--sensitive"], help: "A password: hint managers to skip it, never hand it over, clear it after 45 s.")
  static let clearAfter = Command.Key<Double>(
    seconds: ["--clear-after"], help: "Give the selection up after this many seconds.")
  static let clear = Command.Flag(["-c", "--clear"], help: "Empty the selection (nothing owns it after).")
  static let foreground = Command.Flag(["--foreground"], help: "Serve in the foreground until the selection is lost.")

  static func run(_ invocation: Invocation, _ io: inout Console) -> Int32 {
    guard let registry = QueryContext.registry(invocation, io: &io) else { return ExitStatus.usage }
    guard let pasteboard = ClipboardCommands.pasteboard(invocation, registry: registry, io: &io) else {
      return ExitStatus.usage
    }
    if invocation[clear] { return clear(pasteboard, invocation: invocation, io: &io) }
    let options = SystemPasteboard.Options(
      isSensitive: invocation[sensitive], pasteLimit: invocation[pasteOnce] ? 1 : nil)
    let seconds =
      invocation[clearAfter] ?? (options.isSensitive ? sensitiveSeconds : nil)
    // The expiration date is set when the selection is owned (see own): a slow source does not shorten it.
    if invocation[files] {
      return copyFiles(invocation, pasteboard: pasteboard, options: options, clearAfter: seconds, io: &io)
    }
    guard invocation.positionals.count <= 1 else {
      io.error("Error: copy takes one file (--files copies several as files; --representation adds others)")
      return ExitStatus.usage
    }
    // A file-size limit must fail the spool's write (EFBIG), not kill the process (SIGXFSZ).
    signal(SIGXFSZ, SIG_IGN)
    var item = SystemPasteboard.Item()
    var spools: [Spool] = []
    let representations = invocation.all(representation)
    // With only --representation, standard input is not read unless one of them names it.
    if !invocation.positionals.isEmpty || representations.isEmpty {
      let path = invocation.positionals.first ?? "-"
      guard let spool = spool(path, io: &io) else { return ExitStatus.usage }
      let type: UTType
      if let wanted = invocation[Self.type] {
        guard let declared = QueryContext.type(wanted, in: registry, io: &io) else { return ExitStatus.usage }
        type = declared
      } else {
        type = identify(spool, path: path, registry: registry)
      }
      spool.register(type, in: &item)
      spools.append(spool)
    } else if invocation[Self.type] != nil {
      io.error("Error: --type names the type of a file or of standard input; with --representation, each names its own")
      return ExitStatus.usage
    }
    for representation in representations {
      guard let equals = representation.firstIndex(of: "="), equals != representation.startIndex else {
        io.error("Error: '\(representation)' is not TYPE=FILE, for '--representation <type=file>'")
        return ExitStatus.usage
      }
      let path = String(representation[representation.index(after: equals)...])
      guard let type = QueryContext.type(String(representation[..<equals]), in: registry, io: &io),
        let spool = spool(path.isEmpty ? "-" : path, io: &io)
      else { return ExitStatus.usage }
      spool.register(type, in: &item)
      spools.append(spool)
    }
    addPlainText(to: &item, spools: spools)
    return own(
      pasteboard, [item], options: options, clearAfter: seconds, keeping: spools.compactMap(\.descriptor),
      invocation: invocation, io: &io)
  }

  /// The source at `path` (`-`: standard input) in a spool; nil after reporting why not.
  static func spool(_ path: String, io: inout Console) -> Spool? {
    do {
      return path == "-" ? try Spool(readingFrom: 0, name: "standard input") : try Spool(contentsOf: path)
    } catch {
      io.error("error: \(error)")
      return nil
    }
  }

  /// The type of a spooled source: standard input is UTF-8 text when it is (no NULs, valid
  /// UTF-8; no MIME database needed), else identified by content; a file by name and content.
  static func identify(_ spool: Spool, path: String, registry: UTTypeRegistry) -> UTType {
    guard path == "-" else { return registry.identify(spool.prefix, fileName: FileIO.baseName(of: path)).type }
    let isText = !spool.prefix.contains(0) && String(validating: spool.prefix, as: UTF8.self) != nil
    return isText ? .utf8PlainText : registry.identify(spool.prefix, fileName: nil).type
  }

  /// HTML without a plain-text representation of its own also gets one: its text as a
  /// browser renders it (tags removed, references decoded, blocks as lines), made when a
  /// paste asks for it. A terminal pastes the text, a rich editor the HTML.
  static func addPlainText(to item: inout SystemPasteboard.Item, spools: [Spool]) {
    guard !item.types.contains(where: { $0.conforms(to: .plainText) }),
      let index = item.types.firstIndex(where: { $0.conforms(to: .html) })
    else { return }
    let spool = spools[index]
    item.register(.utf8PlainText) { HTMLText.render(try spool.bytes()) }
  }

  /// `copy --files`: one item per file, each with its file URL, offered as file managers copy
  /// files; served in the background (or the foreground) as any copy is.
  static func copyFiles(
    _ invocation: Invocation, pasteboard: SystemPasteboard, options: SystemPasteboard.Options, clearAfter: Double?,
    io: inout Console
  ) -> Int32 {
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
      item.register(.fileURL, bytes: url)
      return item
    }
    return own(
      pasteboard, items, fileOperation: invocation[cut] ? .cut : .copy, options: options,
      clearAfter: clearAfter, invocation: invocation, io: &io)
  }

  /// `copy --clear`: empties the selection, whoever owns it (the owner gives it up).
  static func clear(_ pasteboard: SystemPasteboard, invocation: Invocation, io: inout Console) -> Int32 {
    let conflicting = ([files, type, representation, pasteOnce, sensitive, clearAfter] as [any OptionDeclaration])
      .filter(invocation.gave).map(\.option.name)
    guard invocation.positionals.isEmpty, conflicting.isEmpty else {
      io.error(
        "Error: --clear copies nothing: it takes no file\(conflicting.isEmpty ? "" : " and no \(conflicting[0])")")
      return ExitStatus.usage
    }
    do {
      try pasteboard.clearContents()
    } catch {
      io.error("error: \(error)")
      return ExitStatus.usage
    }
    return ExitStatus.success
  }

  /// Owns the selection with `items` and serves it: in this process with --foreground, else in
  /// a child forked before any thread exists (no second start-up), in a session of its own (as
  /// xclip and wl-copy return once the selection is owned). This process owns the selection
  /// before it forks where the backend can without a thread, as `xclip -i` does, and returns at
  /// once; elsewhere the child owns it and this process waits until it does. The child keeps the
  /// descriptors in `keeping` (the spools') and its connection's, and none other it inherited.
  static func own(
    _ pasteboard: SystemPasteboard, _ items: [SystemPasteboard.Item], fileOperation: FileList.Operation = .copy,
    options: SystemPasteboard.Options, clearAfter: Double?, keeping: [Int32] = [], invocation: Invocation,
    io: inout Console
  ) -> Int32 {
    var options = options
    func setItems(_ console: inout Console, beforeFork: Bool = false) -> Bool? {
      options.expirationDate = clearAfter.map { Date(timeIntervalSinceNow: $0) }
      do {
        guard beforeFork else {
          try pasteboard.setItems(items, fileOperation: fileOperation, options: options)
          return true
        }
        return try pasteboard.setItemsBeforeFork(items, fileOperation: fileOperation, options: options)
      } catch {
        console.error("error: \(error)")
        return nil
      }
    }
    guard !invocation[foreground] else {
      return setItems(&io) != nil ? serve(pasteboard) : ExitStatus.usage
    }
    // Before the connection is made, so that the child (either way) inherits only it and the spools.
    Detached.closeInherited(keeping: keeping)
    guard let owned = setItems(&io, beforeFork: true) else { return ExitStatus.usage }
    var console = io
    let status =
      owned
      ? Detached.serve {
        do {
          try pasteboard.startServing()
        } catch {
          return ExitStatus.usage
        }
        return serve(pasteboard)
      }
      : Detached.run { ready -> Int32 in
        guard setItems(&console) != nil else { return ExitStatus.usage }
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

  /// Serves the copy this process owns until the selection is lost (another copy, the paste
  /// limit, the expiration date) or a signal asks it to stop. Exiting then hands the data to
  /// the clipboard manager where one runs and the copy may be handed over (SystemPasteboard
  /// does it at exit).
  ///
  /// A copy whose connection was lost (a compositor that closed it under a flood of requests)
  /// is served again on a new one where nobody owns the selection now; where it cannot be, the
  /// process says why and exits 1, never 0 in silence.
  static func serve(_ pasteboard: SystemPasteboard) -> Int32 {
    Termination.install()
    while true {
      pasteboard.waitUntilOwnershipEnds(orUntil: { Termination.requested })
      guard !Termination.requested else { return ExitStatus.success }
      do {
        guard try pasteboard.ownAgainAfterLostConnection() else { return ExitStatus.success }
      } catch {
        var io = Console.standard
        io.error("error: the connection the copy was served on was lost, and it cannot be served again: \(error)")
        return ExitStatus.failure
      }
    }
  }
}
