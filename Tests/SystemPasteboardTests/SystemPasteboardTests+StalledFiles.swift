import Foundation
import TestSupport
import Testing
import TypeRegistry

@testable import SystemPasteboard
@testable import SystemPasteboardCore

/// A file on a file system that stops answering (a network mount whose server went silent,
/// `StalledFileSystem`): the owner opens and reads files off its loop, so the read stalls only
/// its own answer.
extension SystemPasteboardTests {
  /// While a paste of a file waits on a stalled mount (a file that fits one property, and one
  /// that goes by `INCR`), the loop serves everything else: the clipboard's other representation,
  /// and a copy made meanwhile on the same connection's primary selection, which xclip reads.
  /// When the mount goes, the stalled paste ends (the small file's is refused, the large one's
  /// transfer dropped) and the clipboard is still served.
  @Test(arguments: [1000, 5_000_000])
  func aStalledFileHoldsUpNothingElse(size: Int) throws {
    let server = try Self.server.orSkip()
    let mount = try StalledFileSystem.start(size: size).orSkip()
    defer { mount.stop() }
    let clipboard = try Self.pasteboard()
    var item = SystemPasteboard.Item()
    item.register(.png, contentsOfFile: mount.file)
    item.register(.utf8PlainText, bytes: Array("beside the file".utf8))
    try clipboard.setItems([item])
    let stalled = try server.start("xclip", ["-o", "-selection", "clipboard", "-t", "image/png"])
    defer { stalled.terminate() }
    #expect(mount.server.line() == "read", "the paste's read reached the stalled mount")
    let primary = try Self.pasteboard(.primary)
    try primary.setItems([Self.text("copied meanwhile")])
    #expect(try Self.xclipOut(selection: "primary") == "copied meanwhile")
    #expect(try Self.xclipOut().stdoutText == "beside the file")
    mount.stop()
    if size == 1000 {
      let status = stalled.exitStatus(within: 30)
      #expect(status != nil && status != 0, "the stalled paste is refused once the mount goes")
    } else {
      // The count is the loop's as of its last event: each paste of the targets is one.
      let dropped = try eventually { try Self.xclipOut("TARGETS").status == 0 && clipboard.transferCount == 0 }
      #expect(dropped, "the transfer whose chunk could not be read is dropped")
    }
    #expect(try Self.xclipOut().stdoutText == "beside the file", "the clipboard is still served")
  }
}
