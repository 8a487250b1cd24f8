import DesktopPasteboard
import Foundation
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
