import Testing

@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardWayland

/// The image a drag shows, as the backends take it: its size checked, its hot spot kept inside,
/// its pixels in the byte order each wire wants, and its opaque part as the rows of a shape.
@Suite("Drag icons")
struct DragIconTests {
  @Test func aSizeOutOfRangeOrPixelsThatDoNotFillItMakeNoIcon() {
    #expect(DragIcon(width: 0, height: 4, pixels: [], hotX: 0, hotY: 0) == nil)
    #expect(DragIcon(width: 1_025, height: 1, pixels: .init(repeating: 0, count: 1_025), hotX: 0, hotY: 0) == nil)
    #expect(DragIcon(width: 2, height: 2, pixels: [0, 0, 0], hotX: 0, hotY: 0) == nil)
    let icon = DragIcon(width: 4, height: 3, pixels: .init(repeating: 0, count: 12), hotX: 9, hotY: -2)
    #expect(icon?.hotX == 3 && icon?.hotY == 0, "a hot spot outside is clamped to the nearest pixel")
  }

  @Test func pixelsGoLeastSignificantByteFirstOrMost() throws {
    let icon = try #require(DragIcon(width: 2, height: 2, pixels: [0x8040_2010, 0xFF00_00FF, 0, 1], hotX: 0, hotY: 0))
    #expect(icon.bytes() == [0x10, 0x20, 0x40, 0x80, 0xFF, 0, 0, 0xFF, 0, 0, 0, 0, 1, 0, 0, 0])
    #expect(icon.bytes(mostSignificantFirst: true, rows: 0..<1) == [0x80, 0x40, 0x20, 0x10, 0xFF, 0, 0, 0xFF])
    #expect(icon.bytes(rows: 1..<2) == [0, 0, 0, 0, 1, 0, 0, 0])
  }

  /// Runs of pixels at least half opaque, row by row, left to right: the bounding shape of an
  /// image window no compositor blends.
  @Test func theOpaquePartIsRunsOfHalfOpaquePixels() throws {
    let (clear, half, faint, solid): (UInt32, UInt32, UInt32, UInt32) = (0, 0x8080_8080, 0x7F7F_7F7F, 0xFF11_2233)
    let icon = try #require(
      DragIcon(
        width: 5, height: 3,
        pixels: [
          solid, solid, clear, half, half,
          faint, faint, faint, faint, faint,
          solid, clear, solid, clear, solid,
        ], hotX: 0, hotY: 0))
    let runs = icon.opaqueRuns.map { [$0.x, $0.y, $0.width] }
    #expect(runs == [[0, 0, 2], [3, 0, 2], [0, 2, 1], [2, 2, 1], [4, 2, 1]])
  }
}

/// Wayland's action masks: a target names one preferred action, however many it takes.
@Suite("Wayland drag actions")
struct WaylandDragActionTests {
  @Test func aTargetPrefersOneAction() {
    typealias Mask = WaylandEnum.DataDeviceManagerDndAction
    #expect(DragActions([.copy, .move, .ask]).waylandMask.rawValue == 1 | 2 | 4, "copy 1, move 2, ask 4 on the wire")
    #expect(DragActions([.copy, .move]).waylandPreferred == .copy)
    #expect(DragActions([.move, .ask]).waylandPreferred == .move)
    #expect(DragActions.ask.waylandPreferred == .ask)
    #expect(DragActions([.link, .private]).waylandPreferred.isEmpty, "Wayland has no link or private action")
    #expect(DragActions(waylandMask: Mask(rawValue: 1 | 4 | 0x80)) == [.copy, .ask], "unknown bits are left out")
  }
}
