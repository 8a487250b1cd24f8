import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// The X11 clipboard against real peers: Xvfb as the server, xclip and a GTK window (Python)
/// as the other applications, and the built `utictl`.
///
/// `xclip -i` returns before its background copy owns the selection: ``xclipIn(_:)`` waits until
/// it does. Peers are given generous timeouts (30 s), for runs under ThreadSanitizer.
@Suite("System pasteboard: X11 selections with real peers", .serialized)
struct SystemPasteboardTests {
  static let server = XServer.start()

  /// A shell command with `DISPLAY` set, its output captured (daemons it starts must not keep
  /// the pipes: redirect theirs).
  @discardableResult
  static func shell(_ command: String, input: Data? = nil) throws -> ProcessResult {
    try server.orSkip().run("/bin/sh", ["-c", command], input: input)
  }

  /// Runs `xclip -i` with `options` on `input`, and waits (up to 10 s) until it owns the
  /// selection with `target` among its targets.
  static func xclipIn(_ options: String, input: String, target: String) throws {
    try shell("printf '%s' '\(input)' | xclip -i \(options) >/dev/null 2>&1")
    let selection = options.contains("primary") ? "primary" : "clipboard"
    _ = try eventually {
      let targets = try shell("timeout 5 xclip -o -selection \(selection) -t TARGETS 2>/dev/null").stdoutText
      return targets.split(separator: "\n").contains(Substring(target))
    }
  }

  static func utictl() throws -> String { try executable("utictl") }

  /// A product of this package built beside the tests.
  static func executable(_ name: String) throws -> String { try builtProduct(name) }

  static func pasteboard(_ selection: SystemPasteboard.Selection = .clipboard, timeout: Double = 5) throws
    -> SystemPasteboard
  {
    SystemPasteboard(
      selection: selection, display: try X11Display(parsing: try server.orSkip().display), timeout: .seconds(timeout))
  }

  @Test func textCopiedByUsIsReadByXclip() throws {
    try Self.server.orSkip()
    let text = "héllo wörld ✓ 日本語\n"
    let copy = try Self.shell("'\(try Self.utictl())' copy", input: Data(text.utf8))
    #expect(copy.status == 0, "\(copy.stderrText)")
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard").stdoutText == text)
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard -t UTF8_STRING").stdoutText == text)
    let targets = try Self.shell("timeout 30 xclip -o -selection clipboard -t TARGETS").stdoutText
      .split(separator: "\n").map(String.init)
    for expected in [
      "TARGETS", "TIMESTAMP", "MULTIPLE", "SAVE_TARGETS", "UTF8_STRING", "text/plain;charset=utf-8",
      "text/plain", "STRING", "TEXT",
    ] {
      #expect(targets.contains(expected), "\(expected) in \(targets)")
    }
    // STRING is Latin-1: é and ö are one byte each; characters beyond Latin-1 become '?'.
    let latin1 = try Self.shell("timeout 30 xclip -o -selection clipboard -t STRING").stdout
    #expect(
      [UInt8](latin1) == [UInt8]("h".utf8) + [0xE9] + [UInt8]("llo w".utf8) + [0xF6] + [UInt8]("rld ? ???\n".utf8))
    // TEXT's encoding is the owner's to choose (ICCCM): ours is UTF-8, named UTF8_STRING in the reply.
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard -t TEXT").stdoutText == text)
    #expect(try Self.shell("timeout 5 '\(try Self.utictl())' paste").stdoutText == text)
  }

  @Test func aLargeImageGoesThroughINCRBothWays() throws {
    try Self.server.orSkip()
    var png = [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    var generator = SplitMix64(seed: 20)
    var noise = [UInt64](repeating: 0, count: (20 << 20) / 8)
    for index in noise.indices { noise[index] = generator.next() }
    png += noise.withUnsafeBytes { Array($0) }
    let directory = try makeTemporaryDirectory("incr")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("picture.png").path
    try Data(png).write(to: URL(fileURLWithPath: file))
    // Ours, identified by content and name, read by xclip (20 MB: many INCR chunks).
    #expect(try Self.shell("'\(try Self.utictl())' copy '\(file)'").status == 0)
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard -t TARGETS").stdoutText.contains("image/png\n"))
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard -t image/png").stdout == Data(png))
    // xclip's, read by our paste asking for any image: by conformance, not by MIME string.
    try Self.shell("xclip -i -selection clipboard -t image/png '\(file)' >/dev/null 2>&1")
    _ = try eventually {
      try Self.shell("timeout 5 xclip -o -selection clipboard -t TARGETS 2>/dev/null").stdoutText
        == "TARGETS\nimage/png\n"
    }
    let list = try Self.shell("timeout 5 '\(try Self.utictl())' paste --list").stdoutText
    #expect(list == "public.png\timage/png\n")
    let pasted = try Self.shell("timeout 30 '\(try Self.utictl())' paste --type public.image")
    #expect(pasted.status == 0)
    #expect(pasted.stdout == Data(png))
    let text = try Self.shell("timeout 5 '\(try Self.utictl())' paste")
    #expect(text.status == 1, "no text on the clipboard")
    #expect(text.stderrText == "error: nothing on the CLIPBOARD selection conforms to public.plain-text\n")
  }

  @Test func itemProvidersFromAnotherApplicationLoadByConformance() async throws {
    try Self.server.orSkip()
    try Self.xclipIn("-selection primary", input: "from xclip", target: "UTF8_STRING")
    let primary = try Self.pasteboard(.primary)
    let providers = try primary.itemProviders()
    let provider = try #require(providers.first)
    #expect(provider.canLoadObject(ofClass: String.self))
    #expect(provider.hasItemConformingToTypeIdentifier("public.plain-text"))
    let text = try await provider.loadObject(ofClass: String.self)
    #expect(text == "from xclip")
  }

  @Test func ourItemProvidersServeOtherApplications() async throws {
    try Self.server.orSkip()
    let clipboard = try Self.pasteboard()
    let loads = Locked(0)
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .utf8PlainText) { completion in
      loads.withLock { $0 += 1 }
      completion(Data("lazy".utf8), nil)
      return nil
    }
    let before = clipboard.changeCount
    try clipboard.setItemProviders([provider])
    #expect(clipboard.ownsSelection)
    #expect(clipboard.changeCount > before)
    #expect(loads.withLock { $0 } == 0, "nothing is loaded until someone asks")
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard").stdoutText == "lazy")
    #expect(loads.withLock { $0 } == 1)
    // Another application takes the clipboard: we lose it, and the count moves on.
    let countBefore = clipboard.changeCount
    try Self.xclipIn("-selection clipboard", input: "mine now", target: "UTF8_STRING")
    #expect(await suspendUntil { !clipboard.ownsSelection })
    #expect(clipboard.changeCount > countBefore)
    let data = try clipboard.data(forTarget: "UTF8_STRING")
    #expect(String(decoding: data, as: UTF8.self) == "mine now")
  }

  @Test func theChangesStreamFollowsOtherApplications() async throws {
    try Self.server.orSkip()
    let clipboard = try Self.pasteboard()
    var changes = clipboard.changes.makeAsyncIterator()
    let first = try #require(await changes.next())
    try Self.xclipIn("-selection clipboard", input: "one", target: "UTF8_STRING")
    let second = try #require(await changes.next())
    #expect(second > first, "another application's copy is a change")
    try clipboard.setItemProviders([ItemProvider(object: "ours" as NSString)])
    let third = try #require(await changes.next())
    #expect(third > second)
  }

  @Test func unknownTargetsAreDynamicTypesOfTheirOwnTagClass() throws {
    try Self.server.orSkip()
    try Self.xclipIn("-selection clipboard -t MY_PRIVATE_ATOM", input: "x", target: "MY_PRIVATE_ATOM")
    let targets = try Self.pasteboard().targets()
    let target = try #require(targets.first { $0.target == "MY_PRIVATE_ATOM" })
    #expect(target.type.isDynamic)
    #expect(target.type.tags[UTTagClass(rawValue: "org.x.atom")] == ["MY_PRIVATE_ATOM"])
    #expect(target.type.conforms(to: .data))
    let data = try Self.pasteboard().data(conformingTo: target.type)
    #expect(data?.data == Data("x".utf8))
  }

  /// ICCCM's MULTIPLE: several conversions in one request; a target we cannot convert gets None.
  @Test func multipleConvertsEachPair() throws {
    try Self.server.orSkip()
    try Peers.xlib.orSkip()
    try Self.pasteboard().setItemProviders([ItemProvider(object: "multi" as NSString)])
    let script = """
      from Xlib import X, Xatom, display
      d = display.Display(); w = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
      a = d.intern_atom; p1, p2, m = a("P1"), a("P2"), a("M")
      w.change_property(m, a("ATOM_PAIR"), 32, [a("UTF8_STRING"), p1, a("image/png"), p2]); d.flush()
      w.convert_selection(a("CLIPBOARD"), a("MULTIPLE"), m, X.CurrentTime); d.flush()
      while True:
          e = d.next_event()
          if e.type == X.SelectionNotify: break
      pairs = w.get_full_property(m, X.AnyPropertyType).value
      print(bytes(w.get_full_property(p1, X.AnyPropertyType).value).decode(), pairs[3])
      """
    let run = try Self.shell("timeout 30 /usr/bin/python3 -c '\(script)'")
    #expect(run.stdoutText == "multi 0\n", "\(run.stderrText)")
  }

  @Test func aRequestorThatDisappearsMidINCR() throws {
    try Self.server.orSkip()
    try Peers.xlib.orSkip()
    let clipboard = try Self.pasteboard()
    let large = Data(repeating: 0x41, count: 8 << 20)
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      completion(large, nil)
      return nil
    }
    try clipboard.setItemProviders([provider])
    // A requestor that starts an INCR transfer, takes the first chunk, and exits.
    let script = """
      from Xlib import X, display
      d = display.Display(); w = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)
      p = d.intern_atom("P"); w.convert_selection(d.intern_atom("CLIPBOARD"), d.intern_atom("image/png"), p, X.CurrentTime); d.flush()
      while True:
          e = d.next_event()
          if e.type == X.SelectionNotify: break
      prop = w.get_full_property(p, X.AnyPropertyType); print(d.get_atom_name(prop.property_type)); w.delete_property(p); d.flush()
      while True:
          e = d.next_event()
          if e.type == X.PropertyNotify and e.state == X.PropertyNewValue: break
      print("chunk"); d.close()
      """
    let quitter = try Self.shell("timeout 30 /usr/bin/python3 -c '\(script)'")
    #expect(quitter.stdoutText == "INCR\nchunk\n", "\(quitter.stderrText)")
    // The owner goes on serving others.
    #expect(clipboard.ownsSelection)
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard -t image/png").stdout == large)
  }

  /// The copy is of the bytes at copy time (a spool), from any kind of source; standard input
  /// is identified by content; a spool that cannot be written is a clear error, not a crash.
  @Test func copiesAreSpooledFromAnySource() throws {
    try Self.server.orSkip()
    let utictl = try Self.utictl()
    let files = try Self.filesToCopy()
    defer { try? FileManager.default.removeItem(at: files.directory) }
    // A PNG piped in is a PNG, not text.
    #expect(try Self.shell("'\(utictl)' copy < '\(files.png)'").status == 0)
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard -t TARGETS").stdoutText.contains("image/png\n"))
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard -t image/png").stdout == files.pngBytes)
    // A file changed after the copy: the copy keeps what it read.
    #expect(try Self.shell("'\(utictl)' copy '\(files.text)'").status == 0)
    try Data("changed\n".utf8).write(to: URL(fileURLWithPath: files.text))
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard").stdoutText == "notes\n")
    // A process substitution and a FIFO are read as streams.
    let substituted = try Self.shell("bash -c \"'\(utictl)' copy <(printf 'from a pipe')\"")
    #expect(substituted.status == 0, "\(substituted.stderrText)")
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard").stdoutText == "from a pipe")
    let fifo = files.directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let fromFIFO = try Self.shell(
      "(printf 'through a FIFO' > '\(fifo)' &) ; '\(utictl)' copy --type public.utf8-plain-text '\(fifo)'")
    #expect(fromFIFO.status == 0, "\(fromFIFO.stderrText)")
    #expect(try Self.shell("timeout 30 xclip -o -selection clipboard").stdoutText == "through a FIFO")
    // A file-size limit below the spool's size (past the 4 MB held in memory): status 2 and the reason.
    let limited = try Self.shell("ulimit -f 2048; head -c 8000000 /dev/zero | '\(utictl)' copy --foreground")
    #expect(limited.status == 2)
    #expect(limited.stderrText.contains("cannot spool standard input: File too large"), "\(limited.stderrText)")
    // A regular file past the 4 MB held in memory goes to the spool file through the kernel
    // (sendfile): overwritten after the copy, the copy keeps what it read; a file-size limit
    // below its size is the same clear error.
    let large = files.directory.appendingPathComponent("large.bin").path
    let largeBytes = Data((0..<(6 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 >> 3) })
    try largeBytes.write(to: URL(fileURLWithPath: large))
    #expect(try Self.shell("'\(utictl)' copy --type public.data '\(large)'").status == 0)
    #expect(try Self.shell("printf changed > '\(large)'").status == 0)
    let pastedLarge = try Self.shell("timeout 30 xclip -o -selection clipboard -t application/octet-stream")
    #expect(pastedLarge.stdout == largeBytes, "\(pastedLarge.stdout.count) bytes")
    try largeBytes.write(to: URL(fileURLWithPath: large))
    let limitedFile = try Self.shell("ulimit -f 2048; '\(utictl)' copy --foreground --type public.data '\(large)'")
    #expect(limitedFile.status == 2)
    #expect(limitedFile.stderrText.contains("cannot spool '\(large)': File too large"), "\(limitedFile.stderrText)")
    // A directory is refused with its name.
    let directory = try Self.shell("'\(utictl)' copy '\(files.directory.path)'")
    #expect(directory.status == 2 && directory.stderrText.contains("is a directory"), "\(directory.stderrText)")
  }

  @Test func aHundredOwnershipChangesLeakNothing() throws {
    try Self.server.orSkip()
    let clipboard = try Self.pasteboard()
    func openDescriptors() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0 }
    func residentBytes() -> Int {
      let fields = ((try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "").split(separator: " ")
      return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }
    for index in 0..<20 { try clipboard.setItemProviders([ItemProvider(object: "warm \(index)" as NSString)]) }
    let descriptors = openDescriptors()
    let resident = residentBytes()
    var counts: [Int] = []
    for index in 1...100 {
      try clipboard.setItemProviders([ItemProvider(object: "\(index)" as NSString)])
      counts.append(clipboard.changeCount)
    }
    #expect(counts == counts.sorted() && Set(counts).count == counts.count, "the change count only grows")
    // Other suites open and close descriptors meanwhile: a leak would be one per change (100).
    #expect(openDescriptors() - descriptors < 10, "no descriptor is left open per change")
    #expect(residentBytes() - resident < 4 << 20, "memory stays flat (under 4 MB of growth for 100 changes)")
    #expect(String(decoding: try clipboard.data(forTarget: "UTF8_STRING"), as: UTF8.self) == "100")
  }

  /// Reads go through the pasteboard's one connection, the one that owns and watches: the same
  /// window serves every read, and a read of our own copy is served by the loop it waits on.
  @Test func readsShareThePasteboardsConnection() throws {
    try Self.server.orSkip()
    try Self.xclipIn("-selection clipboard", input: "shared", target: "UTF8_STRING")
    let clipboard = try Self.pasteboard()
    #expect(clipboard.readingWindow == nil)
    #expect(String(decoding: try clipboard.data(forTarget: "UTF8_STRING"), as: UTF8.self) == "shared")
    let window = try #require(clipboard.readingWindow)
    for _ in 0..<20 { _ = try clipboard.targets() }
    #expect(try clipboard.data(conformingTo: .plainText)?.data == Data("shared".utf8))
    #expect(clipboard.readingWindow == window, "the same window served every read")
    try clipboard.setItemProviders([ItemProvider(object: "ours" as NSString)])
    #expect(String(decoding: try clipboard.data(forTarget: "UTF8_STRING"), as: UTF8.self) == "ours")
    #expect(clipboard.readingWindow == window, "our own copy was read over the same connection")
    // An owner that never answers: the read fails within its timeout, and the next read gets a
    // new window (aLateAnswerNeverReachesTheNextRead).
    let silent = try SilentOwner(display: try Self.server.orSkip().display, selection: "CLIPBOARD")
    defer { silent.release() }
    let impatient = try Self.pasteboard(timeout: 1)
    #expect(throws: SystemPasteboardError.self) { try impatient.data(forTarget: "UTF8_STRING") }
    #expect(impatient.readingWindow != nil)
  }

  /// A copy of ours large enough for `INCR` (5 MB, five chunks), read back by the same pasteboard:
  /// the loop serves each chunk to the very requestor window it reads them from, and the
  /// bytes come back whole.
  @Test func ourOwnLargeCopyIsReadBackThroughINCROnOneConnection() throws {
    try Self.server.orSkip()
    var generator = SplitMix64(seed: 47)
    var noise = [UInt64](repeating: 0, count: (5 << 20) / 8)
    for index in noise.indices { noise[index] = generator.next() }
    let bytes = noise.withUnsafeBytes { Array($0) }
    var item = SystemPasteboard.Item()
    item.register(.data) { bytes }
    let clipboard = try Self.pasteboard()
    try clipboard.setItems([item])
    let target = try #require(clipboard.targets().first { $0.type == .data }?.target)
    let read = try clipboard.data(forTarget: target)
    #expect(read.count == bytes.count)
    #expect(read == Data(bytes), "the same bytes, in order")
    #expect(clipboard.transferCount == 0, "the transfer ended with its last chunk")
    try clipboard.clearContents()
  }

  /// An owner that answers after the reader gave up: its late answer never reaches the next
  /// read, which gets the owner's next answer, on a new window of the same connection.
  @Test func aLateAnswerNeverReachesTheNextRead() throws {
    let server = try Self.server.orSkip()
    try Peers.xlib.orSkip()
    let owner = try server.start(
      "/usr/bin/python3", [fixturesDirectory.appendingPathComponent("x11/late_owner.py").path, "1.5"])
    defer { owner.terminate() }
    try #require(owner.line() == "ready")
    let clipboard = try Self.pasteboard(timeout: 1)
    let error = try #require(throws: SystemPasteboardError.self) { try clipboard.data(forTarget: "UTF8_STRING") }
    #expect(error.description == "timed out waiting for the owner of CLIPBOARD to answer UTF8_STRING")
    let first = try #require(owner.line(within: 5))
    #expect(owner.line(within: 5) == "late answer sent")
    #expect(String(decoding: try clipboard.data(forTarget: "UTF8_STRING"), as: UTF8.self) == "fresh")
    let second = try #require(owner.line(within: 5))
    #expect(second.hasPrefix("request ") && second != first, "the abandoned read's window was replaced")
    #expect(second == "request \(clipboard.readingWindow ?? 0)")
  }

  @Test func noOwnerAndAnOwnerThatNeverAnswers() throws {
    let server = try Self.server.orSkip()
    // No owner: take the primary selection and give it up.
    let primary = try Self.pasteboard(.primary, timeout: 1)
    try primary.setItemProviders([ItemProvider(object: "x" as NSString)])
    try primary.clearContents()
    let none = try server.run(try Self.utictl(), ["paste", "--selection", "primary"])
    #expect(none.status == 1)
    #expect(none.stderrText == "error: nothing owns the PRIMARY selection\n")
    #expect(try primary.itemProviders().isEmpty)
    // An owner that never answers: a window that owns the selection and serves nothing.
    let silent = try SilentOwner(display: server.display, selection: "CLIPBOARD")
    let started = Date()
    let clipboard = try Self.pasteboard(timeout: 1)
    #expect(throws: SystemPasteboardError.self) { try clipboard.data(forTarget: "UTF8_STRING") }
    #expect(Date().timeIntervalSince(started) < 4, "a bounded wait, not a hang")
    let paste = try server.run(try Self.utictl(), ["paste"])
    #expect(paste.status == 2, "\(paste.stderrText)")
    #expect(paste.stderrText.contains("timed out waiting for the owner of CLIPBOARD"))
    silent.release()
  }

  /// The complaint users of every X11 clipboard library raise first: the copy is gone when the
  /// program exits. With a clipboard manager running, it is not.
  @Test func aCopySurvivesItsProcessWhereAClipboardManagerRuns() throws {
    let server = try Self.server.orSkip()
    let manager = try Self.startClipboardManager()
    var png = [UInt8]([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
    png += (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let directory = try makeTemporaryDirectory("manager")
    defer { try? FileManager.default.removeItem(at: directory) }
    let pngFile = directory.appendingPathComponent("shot.png").path
    try Data(png).write(to: URL(fileURLWithPath: pngFile))
    let textFile = directory.appendingPathComponent("note.txt").path
    try Data("kept after exit ✓\n".utf8).write(to: URL(fileURLWithPath: textFile))
    for (file, type, target, expected) in [
      (textFile, "public.plain-text", "UTF8_STRING", Array("kept after exit ✓\n".utf8)),
      (pngFile, "public.image", "image/png", png),
    ] {
      let copier = try server.start(try Self.utictl(), ["copy", "--foreground", file])
      // Owning: xclip sees the copy's own target while the copying process runs (the manager,
      // which owns the clipboard after the first hand-over, has the text targets only).
      #expect(
        try eventually {
          let targets = try Self.shell("timeout 2 xclip -o -selection clipboard -t TARGETS").stdoutText
          return targets.split(separator: "\n").contains(Substring(target))
        })
      kill(copier.process.processIdentifier, SIGTERM)
      #expect(copier.exitStatus(within: 30) == 0, "the copier hands over and exits")
      let saved = manager.line()
      #expect(saved?.hasPrefix("saved ") == true && saved?.contains("(not:") == false, "\(saved ?? "no line")")
      let pasted = try Self.shell("timeout 5 '\(try Self.utictl())' paste --type \(type)")
      #expect(pasted.status == 0, "\(pasted.stderrText)")
      #expect(pasted.stdout == Data(expected), "\(type) is served by the manager after the copier exited")
    }
  }

  /// A GTK 3 application on the other side, both ways: text and an image.
  @Test func aGTKApplicationBothWays() throws {
    let server = try Self.server.orSkip()
    try Peers.gtk.orSkip()
    let gtk = fixturesDirectory.appendingPathComponent("x11/gtk_clipboard.py").path
    let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png").path
    let size = try server.run("/usr/bin/python3", [gtk, "size", ladybug]).stdoutText
    // GTK copies; we paste.
    let text = try server.start("/usr/bin/python3", [gtk, "set-text", "from GTK ✓"])
    try #require(text.line() == "ready")
    #expect(try Self.shell("timeout 5 '\(try Self.utictl())' paste -n").stdoutText == "from GTK ✓")
    let image = try server.start("/usr/bin/python3", [gtk, "set-image", ladybug])
    try #require(image.line() == "ready")
    let targets = try Self.shell("timeout 5 '\(try Self.utictl())' paste --list").stdoutText
    #expect(targets.contains("public.png\timage/png\n"), "\(targets)")
    let pasted = try Self.shell("timeout 10 '\(try Self.utictl())' paste --type public.image")
    #expect(pasted.status == 0)
    #expect(pasted.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]), "an image GTK encoded for us")
    let pastedFile = FileManager.default.temporaryDirectory.appendingPathComponent("gtk-\(UUID().uuidString).img").path
    try pasted.stdout.write(to: URL(fileURLWithPath: pastedFile))
    defer { try? FileManager.default.removeItem(atPath: pastedFile) }
    #expect(try server.run("/usr/bin/python3", [gtk, "size", pastedFile]).stdoutText == size)
    // We copy; GTK pastes.
    #expect(try Self.shell("printf 'from us ✓' | '\(try Self.utictl())' copy").status == 0)
    #expect(try server.run("/usr/bin/python3", [gtk, "read-text"]).stdoutText == "from us ✓\n")
    #expect(try Self.shell("'\(try Self.utictl())' copy '\(ladybug)'").status == 0)
    #expect(try server.run("/usr/bin/python3", [gtk, "read-image"]).stdoutText == size)
  }

  @Test func withoutADisplayAClearErrorAndStatus2() throws {
    let unset = ["-u", "DISPLAY", "-u", "WAYLAND_DISPLAY", "-u", "WAYLAND_SOCKET"]
    let run = try runProcess("/usr/bin/env", unset + [try Self.utictl(), "paste"])
    #expect(run.status == 2)
    #expect(run.stderrText == "error: no desktop display: neither $WAYLAND_DISPLAY nor $DISPLAY is set\n")
    let copy = try runProcess(
      "/usr/bin/env", unset + [try Self.utictl(), "copy", "--foreground"], input: Data("x".utf8))
    #expect(copy.status == 2)
    #expect(copy.stderrText == "error: no desktop display: neither $WAYLAND_DISPLAY nor $DISPLAY is set\n")
    let x11 = try runProcess("/usr/bin/env", unset + [try Self.utictl(), "paste", "--backend", "x11"])
    #expect(x11.stderrText == "error: no X display: $DISPLAY is not set\n")
    #expect(throws: SystemPasteboardError.self) {
      try SystemPasteboard(selection: .clipboard, display: try X11Display(parsing: ":250"), timeout: .seconds(1))
        .targets()
    }
  }
}
