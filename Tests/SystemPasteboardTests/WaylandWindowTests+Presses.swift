import DesktopPasteboard
import Foundation
import SystemPasteboard
import TestSupport
import Testing

/// The next press a window reports, or nil when none comes within `seconds`.
@MainActor
func nextPress(_ presses: AsyncStream<WindowButtonPress>, within seconds: Double = 10) async -> WindowButtonPress? {
  await withTaskGroup(of: WindowButtonPress?.self) { group in
    group.addTask {
      var iterator = presses.makeAsyncIterator()
      return await iterator.next()
    }
    group.addTask {
      try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}

/// A drag with the virtual pointer, off the main actor: press at the first point (holding it
/// `hold` seconds), move through the rest, rest 0.2 s over the last (so that the target answers
/// the last motion), and release.
func pressDragRelease(_ input: WaylandVirtualInput, through points: [(Double, Double)], hold: Double = 0) async throws {
  try await offThePool {
    try input.move(to: points[0].0, points[0].1)
    try input.button(pressed: true)
    if hold > 0 { usleep(UInt32(hold * 1_000_000)) }
    for (from, to) in zip(points, points.dropFirst()) { try input.drag(from: from, to: to) }
    usleep(200_000)
    try input.button(pressed: false)
  }
}
