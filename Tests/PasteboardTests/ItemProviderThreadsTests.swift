import Foundation
import Testing
import TypeRegistry
import UTIPlatform

@testable import Pasteboard

/// Where a load's handler runs: the app's code may block (a slow file, a network mount), so it
/// runs on the process's one bounded pool, never on a thread of Swift's cooperative pool; a
/// caller that waits for a load itself runs it in place.
@Suite("Item providers: where loads run")
struct ItemProviderThreadsTests {
  /// A handler runs on a thread of the process's pool (named `uti-pool`), never on one of
  /// Swift's cooperative pool, which a handler that blocks would hold from every async task.
  @Test func handlersRunOnThePoolsThreads() throws {
    let names = Locked<[String]>([])
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .plainText) { completion in
      names.withLock { $0.append(WorkerThread.currentName) }
      completion(Data("read".utf8), nil)
      return nil
    }
    let count = 16
    let loaded = Waiter<Void>()
    let delivered = Locked(0)
    for _ in 0..<count {
      provider.loadDataRepresentation(for: .plainText) { data, _ in
        let all = delivered.withLock { delivered -> Bool in
          delivered += data == Data("read".utf8) ? 1 : 0
          return delivered == count
        }
        if all { loaded.deliver(()) }
      }
    }
    #expect(loaded.wait(seconds: 60) != nil, "\(delivered.withLock { $0 }) of \(count) loads ended")
    #expect(names.withLock { $0 } == Array(repeating: WorkPool.threadName, count: count))
  }

  /// A promised file is written by a caller that waits for it (the desktop's pool thread that
  /// serves a drop): the handler runs on that thread, taking no other pool thread.
  @Test func aPromisedFileIsLoadedOnTheWritersThread() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("promise-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("source.txt")
    try Data("promised".utf8).write(to: source)
    let handlerThread = Locked<pthread_t?>(nil)
    let provider = ItemProvider()
    provider.registerFileRepresentation(for: .plainText, openInPlace: false) { completion in
      handlerThread.withLock { $0 = pthread_self() }
      completion(source, false, nil)
      return nil
    }
    let file = try #require(provider.promisedFiles.first)
    let written = Waiter<(any Error)?>()
    let writer = pthread_self()
    file.write(folder.appendingPathComponent(file.fileName)) { error in written.deliver(error) }
    let outcome = try #require(written.wait(seconds: 20))
    #expect(outcome == nil)
    #expect(handlerThread.withLock { $0.map { pthread_equal($0, writer) != 0 } } == true)
    let text = try String(contentsOf: folder.appendingPathComponent(file.fileName), encoding: .utf8)
    #expect(text == "promised")
  }

  /// The app's own loads, many more in flight than the pool queues (a drop of thousands of
  /// files, a load started for each), wait their turn in the lane and all load, in any order.
  @Test func loadsBeyondThePoolsQueueAllLoad() throws {
    // Every handler waits until all loads were asked for, so that none ends meanwhile.
    let gate = DispatchSemaphore(value: 0)
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .plainText) { completion in
      gate.wait()
      gate.signal()
      completion(Data("x".utf8), nil)
      return nil
    }
    let count = WorkPool.shared.queueLimit * 3
    let (loaded, failed) = (Locked(0), Locked<[String]>([]))
    let all = Waiter<Void>()
    for _ in 0..<count {
      provider.loadDataRepresentation(for: .plainText) { data, error in
        if let error { failed.withLock { $0.append("\(error)") } }
        if loaded.withLock({ loaded -> Int in
          loaded += 1
          return loaded
        }) == count {
          all.deliver(())
        }
      }
    }
    gate.signal()
    #expect(all.wait(seconds: 120) != nil, "\(loaded.withLock { $0 }) of \(count) loads ended")
    #expect(failed.withLock { $0.isEmpty }, "\(failed.withLock { $0.prefix(3) })")
  }

  /// A pool with no room even for the lane (its queue full of peers' work) fails the load at
  /// once, saying so, with Apple's code for an item that cannot be loaded.
  @Test func aFullPoolIsALoadError() {
    let error = ItemProviderError(.busy(waiting: 4096), requested: "public.png", registered: [])
    #expect(error.code == .itemUnavailableError)
    #expect("\(error)" == "cannot load public.png: the process's work pool has no room (4096 loads waiting)")
  }
}
