import DesktopPasteboard
import Foundation
import TestSupport

/// The X11 clipboard: copy → paste round trips as processes, ours beside xclip's, and the
/// latency of one paste in process; on an Xvfb server of their own.
enum ClipboardBench {
  static func rows(quick: Bool, scratch: URL) -> [Bench.Row] {
    guard let utictl = Bench.shippedUtictl(), let xclip = Bench.which("xclip"), let server = XServer.start() else {
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
      ("a 50 MB PNG (INCR)", large, "public.png", "image/png", quick ? 2 : 5),
    ] {
      // Both told the type (xclip's -t, our --type), so neither identifies the file.
      let roundTrip = "'\(utictl)' copy --type \(type) '\(file)' && '\(utictl)' paste --type \(type)"
      // The figures count only if the round trip gives the file back.
      guard let check = try? server.run("/bin/sh", ["-c", roundTrip]),
        check.stdout == FileManager.default.contents(atPath: file)
      else {
        print("note: \(utictl) did not give \(label) back; its clipboard rows are left out")
        return rows
      }
      let ours = Bench.measureProcess(runs: runs, "/bin/sh", ["-c", roundTrip + " > /dev/null"])
      let theirs = Bench.measureProcess(
        runs: runs, "/bin/sh",
        [
          "-c",
          "'\(xclip)' -i -selection clipboard -t \(mime) '\(file)' >/dev/null 2>&1 && '\(xclip)' -o -selection clipboard -t \(mime) > /dev/null",
        ])
      rows.append(
        .init("copy → paste round trip, \(label) (processes, Xvfb)", ours, theirs, peer: "xclip -i, then xclip -o"))
    }
    // In process: one paste of 1 KB another process (xclip) owns.
    let owner = "'\(xclip)' -i -selection clipboard -t text/plain '\(small)' >/dev/null 2>&1"
    _ = try? server.run("/bin/sh", ["-c", owner])
    let pasteboard = SystemPasteboard(selection: .clipboard, display: try? X11Display(parsing: server.display))
    let latency = Bench.measure(runs: quick ? 20 : 200) {
      Bench.sink((try? pasteboard.data(forTarget: "text/plain"))?.count ?? 0)
    }
    let xclipPaste = Bench.measureProcess(
      runs: quick ? 5 : 21, xclip, ["-o", "-selection", "clipboard", "-t", "text/plain"])
    rows.append(
      .init("paste 1 KB of text in process (connect, convert, read)", latency, xclipPaste, peer: "xclip -o process"))
    return rows
  }
}
