import DesktopPasteboard
import Foundation
import SystemPasteboard
import TestSupport

/// The X11 clipboard: copy → paste round trips as processes, ours beside xclip's, and the
/// latency of one paste in process; on an Xvfb server of their own.
enum ClipboardBench {
  static func rows(quick: Bool, scratch: URL) -> [Bench.Row] {
    guard let utictl = Bench.shippedUtictl(), let xclip = Bench.which("xclip"), let server = try? XServer.start().get()
    else {
      print("note: no utictl, xclip or Xvfb; the clipboard rows are left out")
      return []
    }
    setenv("DISPLAY", server.display, 1)
    defer { unsetenv("DISPLAY") }
    var rows: [Bench.Row] = []
    let small = scratch.appendingPathComponent("clip.txt").path
    _ = FileManager.default.createFile(atPath: small, contents: Data(repeating: UInt8(ascii: "a"), count: 1024))
    let large = scratch.appendingPathComponent("clip.png").path
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    png.append(Data(repeating: 0x5A, count: 50 << 20))
    _ = FileManager.default.createFile(atPath: large, contents: png)
    for (label, file, type, mime, runs) in [
      ("1 KB of text", small, "public.plain-text", "text/plain", quick ? 5 : 21),
      ("a 50 MB PNG (INCR)", large, "public.png", "image/png", quick ? 2 : 11),
    ] {
      // Both told the type (xclip's -t, our --type), so neither identifies the file.
      let roundTrip = "'\(utictl)' copy --type \(type) '\(file)' && '\(utictl)' paste -n --type \(type)"
      // The figures count only if the round trip gives the file back.
      guard let check = try? server.run("/bin/sh", ["-c", roundTrip]),
        check.stdout == FileManager.default.contents(atPath: file)
      else {
        print("note: \(utictl) did not give \(label) back; its clipboard rows are left out")
        return rows
      }
      let theirs =
        "'\(xclip)' -i -selection clipboard -t \(mime) '\(file)' >/dev/null 2>&1 && '\(xclip)' -o -selection clipboard -t \(mime) > /dev/null"
      rows += Bench.roundTripRows(
        "copy → paste round trip, \(label) (processes, Xvfb)", runs: runs, ours: roundTrip, utictl: utictl,
        theirs: theirs, peer: "xclip -i, then xclip -o")
    }
    // In process: one paste of 1 KB another process (xclip) owns.
    let owner = "'\(xclip)' -i -selection clipboard -t text/plain '\(small)' >/dev/null 2>&1"
    _ = try? server.run("/bin/sh", ["-c", owner])
    let pasteboard = SystemPasteboard(
      selection: .clipboard, backend: (try? X11Display(parsing: server.display)).map { .x11($0) })
    let latency = Bench.measure(runs: quick ? 20 : 200) {
      Bench.sink((try? pasteboard.data(forTarget: "text/plain"))?.count ?? 0)
    }
    let xclipPaste = Bench.measureProcess(
      runs: quick ? 5 : 21, xclip, ["-o", "-selection", "clipboard", "-t", "text/plain"])
    rows.append(
      .init("paste 1 KB of text in process (connect, convert, read)", latency, xclipPaste, peer: "xclip -o process"))
    if let row = manyTargetsRow(quick: quick, server: server, utictl: utictl, xclip: xclip, scratch: scratch) {
      rows.append(row)
    }
    return rows
  }

  /// A paste from an owner whose `TARGETS` lists 60,000 atoms and one the server does not know
  /// (the python3-xlib owner of the tests): our paste reads and names every target; xclip asks
  /// for `UTF8_STRING` without reading the list.
  static func manyTargetsRow(quick: Bool, server: XServer, utictl: String, xclip: String, scratch: URL) -> Bench.Row? {
    guard let display = try? X11Display(parsing: server.display),
      let connection = try? X11Connection(display: display, timeout: 30),
      let atoms = try? connection.atoms((0..<60_000).map { "swift-uti-bench-target-\($0)" })
    else { return nil }
    let list = scratch.appendingPathComponent("atoms.txt").path
    _ = FileManager.default.createFile(
      atPath: list, contents: Data(atoms.map(String.init).joined(separator: "\n").utf8))
    let script = fixturesDirectory.appendingPathComponent("x11/hostile_owner.py").path
    guard let owner = try? server.start("/usr/bin/python3", [script, "many-targets", list]),
      owner.line(within: 60) == "ready"
    else {
      print("note: the python3-xlib owner did not start; the 60,000-target row is left out")
      return nil
    }
    defer { owner.terminate() }
    let runs = quick ? 3 : 11
    let ours = Bench.measureProcess(runs: runs, utictl, ["paste"])
    let theirs = Bench.measureProcess(runs: runs, xclip, ["-o", "-selection", "clipboard", "-t", "UTF8_STRING"])
    return .init(
      "paste from an owner of 60,000 targets, one of them unknown (process, Xvfb)", ours, theirs,
      peer: "xclip -o -t UTF8_STRING process (reads no TARGETS)")
  }
}

/// Peak resident memory (VmHWM) of the two processes of a large copy → paste, ours beside xclip's.
extension ClipboardBench {
  struct MemoryRow {
    var name: String
    var serving: Int
    var pasting: Int
    var peerServing: Int
    var peerPasting: Int
  }

  static func memoryRows(quick: Bool, scratch: URL) -> [MemoryRow] {
    guard let utictl = Bench.shippedUtictl(), let xclip = Bench.which("xclip"), let server = try? XServer.start().get()
    else {
      return []
    }
    setenv("DISPLAY", server.display, 1)
    defer { unsetenv("DISPLAY") }
    let megabytes = quick ? 20 : 200
    let file = scratch.appendingPathComponent("clip-\(megabytes)mb.bin").path
    _ = FileManager.default.createFile(atPath: file, contents: nil)
    guard let handle = try? FileHandle(forWritingTo: URL(fileURLWithPath: file)) else { return [] }
    let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
    for _ in 0..<megabytes { handle.write(block) }
    try? handle.close()
    let mime = "application/octet-stream"
    guard
      let ours = peaks(
        serve: [utictl, "copy", "--foreground", "--type", "public.data", file],
        paste: [utictl, "paste", "--type", "public.data"], mime: mime, xclip: xclip),
      let theirs = peaks(
        serve: [xclip, "-i", "-quiet", "-selection", "clipboard", "-t", mime, file],
        paste: [xclip, "-o", "-selection", "clipboard", "-t", mime], mime: mime, xclip: xclip)
    else {
      print("note: a large copy → paste did not complete; the memory rows are left out")
      return []
    }
    return [
      MemoryRow(
        name: "copy → paste of \(megabytes) MB (processes, Xvfb)", serving: ours.serving, pasting: ours.pasting,
        peerServing: theirs.serving, peerPasting: theirs.pasting)
    ]
  }

  /// An owner of a 20 MB PNG asked for it 2,000 times by one window that never takes a chunk
  /// (the tests' python3-xlib flood requestor): its peak resident memory and most threads, ours
  /// (`utictl copy`) beside xclip's, and whether xclip's paste of the whole PNG then succeeds.
  static func printFloodTable(quick: Bool, scratch: URL) {
    guard let utictl = Bench.shippedUtictl(), let xclip = Bench.which("xclip"), let server = try? XServer.start().get()
    else { return }
    setenv("DISPLAY", server.display, 1)
    defer { unsetenv("DISPLAY") }
    let file = scratch.appendingPathComponent("flood.png").path
    var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    png.append(Data((0..<(20 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
    _ = FileManager.default.createFile(atPath: file, contents: png)
    let requests = quick ? 500 : 2000
    print("")
    print(
      "| \(requests) unread requests for a 20 MB PNG | peak resident (VmHWM) | most threads | paste served meanwhile |")
    print("|---|---|---|---|")
    for (name, serve) in [
      ("swift-uti (`utictl copy --foreground`)", [utictl, "copy", "--foreground", "--type", "public.png", file]),
      ("xclip -i", [xclip, "-i", "-quiet", "-selection", "clipboard", "-t", "image/png", file]),
    ] {
      guard let owner = spawn(serve) else { continue }
      defer {
        kill(owner, SIGKILL)
        var status: Int32 = 0
        waitpid(owner, &status, 0)
      }
      let (peak, threads, served) = flood(owner, requests: requests, file: file, xclip: xclip, server: server)
      print(
        "| \(name) | \(String(format: "%.1f MB", Double(peak) / 1_048_576)) | \(threads) | \(served ? "yes" : "no") |")
    }
  }

  /// Floods `owner`'s clipboard with `requests` unread requests, samples it, then pastes.
  private static func flood(_ owner: pid_t, requests: Int, file: String, xclip: String, server: XServer) -> (
    peak: Int, threads: Int, served: Bool
  ) {
    for _ in 0..<400 {
      let check = try? runProcess("/usr/bin/timeout", ["2", xclip, "-o", "-selection", "clipboard", "-t", "TARGETS"])
      if check?.stdoutText.contains("image/png") == true { break }
      usleep(25_000)
    }
    let script = fixturesDirectory.appendingPathComponent("x11/hostile_requestor.py").path
    guard
      let requestor = try? server.start("/usr/bin/python3", [script, "flood", "CLIPBOARD", "image/png", "\(requests)"])
    else { return (0, 0, false) }
    defer { requestor.terminate() }
    var threads = 0
    var answered: String?
    let deadline = Date(timeIntervalSinceNow: 60)
    while answered?.hasPrefix("answered") != true, Date() < deadline {
      answered = requestor.line(within: 0.2)
      threads = max(threads, (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(owner)/task").count) ?? 0)
    }
    let paste = try? server.run(
      "/bin/sh", ["-c", "timeout 10 '\(xclip)' -o -selection clipboard -t image/png | cmp - '\(file)' && echo same"])
    return (peakMemory(of: owner) ?? 0, threads, paste?.stdoutText == "same\n")
  }

  /// Starts `serve`, waits until the clipboard offers `mime`, runs `paste` (output discarded),
  /// and returns both processes' peak resident bytes.
  private static func peaks(serve: [String], paste: [String], mime: String, xclip: String) -> (
    serving: Int, pasting: Int
  )? {
    guard let server = spawn(serve) else { return nil }
    defer {
      kill(server, SIGKILL)
      var status: Int32 = 0
      waitpid(server, &status, 0)
    }
    var owned = false
    for _ in 0..<400 where !owned {
      let check = try? runProcess("/usr/bin/timeout", ["2", xclip, "-o", "-selection", "clipboard", "-t", "TARGETS"])
      owned = check?.stdoutText.contains(mime) == true
      if !owned { usleep(25_000) }
    }
    guard owned, let paster = spawn(paste) else { return nil }
    // VmHWM read while the paster runs (its mm's own high-water mark): wait4's ru_maxrss would
    // count this process's memory too, as posix_spawn's child starts on our address space.
    var status: Int32 = 0
    var pasting = 0
    while waitpid(paster, &status, WNOHANG) == 0 {
      pasting = max(pasting, peakMemory(of: paster) ?? 0)
      usleep(2_000)
    }
    guard status == 0, let serving = peakMemory(of: server) else { return nil }
    return (serving, pasting)
  }

  private static func spawn(_ command: [String]) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv = command.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    return posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0 ? pid : nil
  }

  /// VmHWM of a running process, in bytes.
  static func peakMemory(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ")[1]).map { $0 * 1024 }
  }

  static func printMemoryTable(_ rows: [MemoryRow]) {
    guard !rows.isEmpty else { return }
    print("")
    print(
      "| peak resident memory (VmHWM) | swift-uti serving | swift-uti pasting | xclip -i serving | xclip -o pasting |")
    print("|---|---|---|---|---|")
    func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
    for row in rows {
      print(
        "| \(row.name) | \(mb(row.serving)) | \(mb(row.pasting)) | \(mb(row.peerServing)) | \(mb(row.peerPasting)) |")
    }
  }
}
