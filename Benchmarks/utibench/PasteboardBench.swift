import Foundation
import Pasteboard
import TypeRegistry

#if canImport(Glibc)
  import Glibc
#endif

/// Figures for the payload side: item provider loads, streaming file copies, pasteboard queries.
enum PasteboardBench {
  @MainActor
  static func rows(quick: Bool, scratch: URL) -> [Bench.Row] {
    var rows: [Bench.Row] = []
    rows += loads(quick: quick)
    rows += fileCopy(quick: quick, scratch: scratch)
    rows += pasteboard(quick: quick)
    rows += AppKitBench.rows(quick: quick)
    rows += dropMove(quick: quick)
    return rows
  }

  /// Counts completions from any thread and wakes the waiter at the last.
  final class Countdown: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int
    private let done = DispatchSemaphore(value: 0)
    init(_ count: Int) { remaining = count }
    func tick() {
      lock.lock()
      remaining -= 1
      let finished = remaining == 0
      lock.unlock()
      if finished { done.signal() }
    }
    func wait() { done.wait() }
  }

  /// Loads in flight, over and over, for a profiler.
  static func profileLoads() {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      completion(Data(), nil)
      return nil
    }
    for _ in 0..<40 {
      let countdown = Countdown(50_000)
      for _ in 0..<50_000 { provider.loadDataRepresentation(for: .png) { _, _ in countdown.tick() } }
      countdown.wait()
    }
  }

  static func loads(quick: Bool) -> [Bench.Row] {
    let payload = Data(repeating: 1, count: 256)
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      completion(payload, nil)
      return nil
    }
    let count = quick ? 2_000 : 50_000
    let ours =
      Bench.measure(runs: quick ? 3 : 9) {
        let countdown = Countdown(count)
        for _ in 0..<count {
          provider.loadDataRepresentation(for: .png) { data, _ in
            precondition(data != nil)
            countdown.tick()
          }
        }
        countdown.wait()
      } / Double(count)
    let hop =
      Bench.measure(runs: quick ? 3 : 9) {
        let countdown = Countdown(count)
        for _ in 0..<count {
          Task.detached {
            precondition(!payload.isEmpty)
            countdown.tick()
          }
        }
        countdown.wait()
      } / Double(count)
    let latencyRuns = quick ? 200 : 5_000
    let latency =
      Bench.measure(runs: 3) {
        for _ in 0..<latencyRuns {
          let countdown = Countdown(1)
          provider.loadDataRepresentation(for: .png) { _, _ in countdown.tick() }
          countdown.wait()
        }
      } / Double(latencyRuns)
    let hopLatency =
      Bench.measure(runs: 3) {
        for _ in 0..<latencyRuns {
          let countdown = Countdown(1)
          Task.detached { countdown.tick() }
          countdown.wait()
        }
      } / Double(latencyRuns)
    let board = Pasteboard.withUniqueName()
    board.itemProviders = [provider]
    let syncRuns = quick ? 2_000 : 100_000
    var bytes = 0
    let synchronous =
      Bench.measure(runs: 5) {
        for _ in 0..<syncRuns { bytes += board.data(forPasteboardType: "public.image")?.count ?? 0 }
      } / Double(syncRuns)
    Bench.sink(bytes)
    return [
      .init(
        "load an in-memory data representation, per load (\(count) in flight)", ours, hop,
        peer: "the bare hop: `Task.detached` + completion"),
      .init(
        "load an in-memory data representation, one at a time (caller waits)", latency, hopLatency,
        peer: "the bare hop, one at a time"),
      .init(
        "`Pasteboard.data(forPasteboardType:)` (synchronous, conformance-resolved)", synchronous, nil, peer: "—"),
    ]
  }

  /// Peak resident memory since the last reset (Linux: VmHWM), in bytes.
  static func peakResident() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }
    return 0
  }

  /// Resets the peak to the current resident size (Linux: `clear_refs` 5).
  static func resetPeak() {
    let fd = open("/proc/self/clear_refs", O_WRONLY)
    guard fd >= 0 else { return }
    _ = write(fd, "5", 1)
    close(fd)
  }

  static func fileCopy(quick: Bool, scratch: URL) -> [Bench.Row] {
    let size = quick ? 64 << 20 : 1 << 30
    let source = scratch.appendingPathComponent("large.bin")
    // A real file of `size` bytes (not sparse), written in 8 MiB blocks.
    _ = FileManager.default.createFile(atPath: source.path, contents: nil)
    let handle = try! FileHandle(forWritingTo: source)
    let block = Data(repeating: 0xA5, count: 8 << 20)
    for _ in 0..<(size / block.count) { handle.write(block) }
    try! handle.close()
    let provider = ItemProvider()
    provider.registerFileRepresentation(for: .movie) { completion in
      completion(source, false, nil)
      return nil
    }
    let destination = scratch.appendingPathComponent("copies")
    try? FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)

    resetPeak()
    let before = Bench.allocatedBytes()
    let start = Bench.now()
    let countdown = Countdown(1)
    provider.loadFileRepresentation(forTypeIdentifier: "public.movie") { url, _ in
      precondition(url != nil)
      countdown.tick()
    }
    countdown.wait()
    let ours = Double(Bench.now() - start) / 1e9
    let oursPeak = max(0, peakResident() - before)

    resetPeak()
    let peerBefore = Bench.allocatedBytes()
    let peerStart = Bench.now()
    let copy = destination.appendingPathComponent("whole.bin")
    try! Data(contentsOf: source).write(to: copy)
    let peer = Double(Bench.now() - peerStart) / 1e9
    let peerPeak = max(0, peakResident() - peerBefore)
    try? FileManager.default.removeItem(at: copy)
    try? FileManager.default.removeItem(at: source)
    let label = quick ? "64 MB" : "1 GB"
    return [
      .init(
        "file representation served as a file copy, \(label) (peak memory +\(oursPeak >> 20) MB; peer +\(peerPeak >> 20) MB)",
        ours, peer, peer: "`Data(contentsOf:)` + `write(to:)`", bytes: size)
    ]
  }

  /// A pasteboard with 10,000 items of two image or text types each.
  static func largeBoard() -> Pasteboard {
    let board = Pasteboard.withUniqueName()
    let types: [UTType] = [.png, .jpeg, .utf8PlainText, .pdf, .rtf, .html]
    board.itemProviders = (0..<10_000).map { index in
      let provider = ItemProvider()
      for type in [types[index % types.count], types[(index + 1) % types.count]] {
        provider.registerDataRepresentation(for: type) { _ in nil }
      }
      return provider
    }
    return board
  }

  static func pasteboard(quick: Bool) -> [Bench.Row] {
    let board = largeBoard()
    let runs = quick ? 5 : 50
    var hits = 0
    // The worst case: a type no item has, so every representation of every item is tested.
    let ours = Bench.measure(runs: runs) {
      if board.contains(pasteboardTypes: ["public.movie"], inItemSet: nil) { hits += 1 }
    }
    let identifiers = board.itemProviders.map { Set($0.registeredTypeIdentifiers) }
    let peer = Bench.measure(runs: runs) {
      if identifiers.contains(where: { $0.contains("public.movie") }) { hits += 1 }
    }
    let found = Bench.measure(runs: runs) {
      if board.contains(pasteboardTypes: ["public.image"], inItemSet: nil) { hits += 1 }
    }
    Bench.sink(hits)
    return [
      .init(
        "`contains(pasteboardTypes:inItemSet: nil)`, 10,000 items, absent type (by conformance)", ours, peer,
        peer: "exact identifier match over precomputed sets"),
      .init("`contains(pasteboardTypes:inItemSet: nil)`, 10,000 items, present supertype", found, nil, peer: "—"),
    ]
  }

  /// A delegate that proposes a copy on every update, as most do.
  struct CopyDelegate: DropDelegate {
    func dropUpdated(info: DropInfo) -> DropProposal? { DropProposal(operation: .copy) }
    func performDrop(info: DropInfo) -> Bool { true }
  }

  /// The peer: the hit test a hand-written loop does, collecting every containing frame and
  /// sorting by z (no delegate calls, which only flatters the peer); seconds per point. Not on
  /// the main actor: its closures would then carry Swift 6's run-time isolation checks, which a
  /// hand-written loop in a host does not pay.
  static func peerHitTest(_ frames: [(CGRect, Double)], points: [CGPoint], rounds: Int) -> Double {
    var hits = 0
    let seconds = Bench.measure(runs: 5) {
      for _ in 0..<rounds {
        for point in points {
          let containing = frames.indices.filter { $0.isMultiple(of: 2) && frames[$0].0.contains(point) }
            .sorted { frames[$0].1 > frames[$1].1 }
          if containing.first != nil { hits += 1 }
        }
      }
    }
    Bench.sink(hits)
    return seconds / Double(rounds * points.count)
  }

  @MainActor
  static func dropMove(quick: Bool) -> [Bench.Row] {
    // 1,000 targets on a 40 × 25 grid of 20-point cells, alternating image and text targets,
    // some overlapping their neighbours; the pointer sweeps the grid.
    let surface = DropSurface()
    var frames: [(CGRect, Double)] = []
    for index in 0..<1000 {
      let frame = CGRect(x: CGFloat(index % 40) * 20, y: CGFloat(index / 40) * 20, width: 30, height: 30)
      let zIndex = Double(index % 7)
      frames.append((frame, zIndex))
      surface.addTarget(
        DropTarget(
          frame: frame, of: index.isMultiple(of: 2) ? [.image] : [.plainText], zIndex: zIndex, delegate: CopyDelegate())
      )
    }
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { _ in nil }
    surface.begin(DragSession(items: [provider]), at: .zero)
    let points = (0..<4096).map { (i: Int) -> CGPoint in
      let x: Int = (i * 37) % 800
      let y: Int = (i * 91) % 500
      return CGPoint(x: CGFloat(x), y: CGFloat(y))
    }
    let rounds = quick ? 2 : 20
    var operations = 0
    let ours =
      Bench.measure(runs: 5) {
        for _ in 0..<rounds {
          for point in points where surface.move(to: point) == .copy { operations += 1 }
        }
      } / Double(rounds * points.count)
    surface.cancel()
    let peer = peerHitTest(frames, points: points, rounds: rounds)
    Bench.sink(operations)
    return [
      .init(
        "drop surface: one pointer move over 1,000 targets (hit test + delegate calls)", ours, peer,
        peer: "hit test alone: filter containing frames, sort by z")
    ]
  }
}
