import Foundation
import TestSupport
import Testing

@testable import UTIPlatform

@Suite("File I/O")
struct FileIOTests {
  /// A fresh folder under the temporary directory, removed afterwards.
  static func withFolder(_ body: (String) throws -> Void) throws {
    let path = try makeTemporaryDirectory("utiplatform").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(path)
  }

  @Test(arguments: [
    ("invoice.pdf", 1, "invoice.pdf"), ("invoice.pdf", 2, "invoice 2.pdf"), ("archive.tar.gz", 3, "archive.tar 3.gz"),
    (".hidden", 2, ".hidden 2"), ("README", 4, "README 4"),
  ])
  func aTakenNameIsNumberedBeforeItsLastExtension(name: String, number: Int, numbered: String) {
    #expect(FileIO.numberedName(name, number) == numbered)
  }

  @Test func aFullDeviceIsAnErrorNamingTheFile() throws {
    let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(fd >= 0, "/dev/full is missing")
    defer { close(fd) }
    #expect(throws: FileIO.Error(path: "out", operation: .write, code: ENOSPC)) {
      try FileIO.writeAll(fd: fd, [UInt8](repeating: 7, count: 100_000), path: "out")
    }
    #expect(
      FileIO.Error(path: "out", operation: .write, code: ENOSPC).description
        == "cannot write 'out': No space left on device")
  }

  @Test func replaceWritesWholeFilesAndKeepsTheMode() throws {
    try Self.withFolder { folder in
      let path = folder + "/a.txt"
      try FileIO.replace(path, with: Array("one".utf8))
      #expect(try FileIO.read(path) == Array("one".utf8))
      chmod(path, 0o604)
      try FileIO.replace(path, with: Array("two".utf8))
      #expect(try FileIO.read(path) == Array("two".utf8))
      var info = stat()
      stat(path, &info)
      #expect(info.st_mode & 0o7777 == 0o604)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.txt"])
    }
  }

  @Test func aFailingWriterLeavesTheTargetAndNoTemporaryFile() throws {
    try Self.withFolder { folder in
      let path = folder + "/a.txt"
      try FileIO.replace(path, with: Array("kept".utf8))
      #expect(throws: FileIO.Error(path: path, operation: .write, code: EIO)) {
        try FileIO.replace(path) { fd throws(FileIO.Error) in
          try FileIO.writeAll(fd: fd, Array("partial".utf8), path: path)
          throw FileIO.Error(path: path, operation: .write, code: EIO)
        }
      }
      #expect(try FileIO.read(path) == Array("kept".utf8))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.txt"])
    }
  }

  @Test func readingAFIFOFailsWithoutBlocking() throws {
    try Self.withFolder { folder in
      let fifo = folder + "/pipe"
      #expect(mkfifo(fifo, 0o600) == 0)
      #expect(throws: FileIO.Error(path: fifo, operation: .read, code: FileIO.Error.notARegularFile)) {
        try FileIO.read(fifo)
      }
      #expect(FileIO.kind(of: fifo, followingLinks: false) == .special)
    }
  }

  @Test func theWalkFollowsNoDirectoryLinksAndEntersNoFolderTwice() throws {
    try Self.withFolder { folder in
      let src = folder + "/src"
      try FileManager.default.createDirectory(atPath: src + "/inner", withIntermediateDirectories: true)
      #expect(FileManager.default.createFile(atPath: src + "/inner/A.swift", contents: Data()))
      #expect(FileManager.default.createFile(atPath: src + "/real.txt", contents: Data()))
      try FileManager.default.createSymbolicLink(atPath: src + "/a", withDestinationPath: "..")
      try FileManager.default.createSymbolicLink(atPath: src + "/b", withDestinationPath: "..")
      try FileManager.default.createSymbolicLink(atPath: src + "/Linked.swift", withDestinationPath: "inner/A.swift")
      try FileManager.default.createSymbolicLink(atPath: src + "/Dangling.swift", withDestinationPath: "nowhere")
      #expect(mkfifo(src + "/Pipe.swift", 0o600) == 0)
      let walk = DirectoryWalk(under: src, suffix: ".swift")
      #expect(walk.files == [src + "/Linked.swift", src + "/inner/A.swift"])
      #expect(
        Set(walk.skipped) == [
          .init(path: src + "/a", reason: .linkToDirectory), .init(path: src + "/b", reason: .linkToDirectory),
          .init(path: src + "/Pipe.swift", reason: .notARegularFile),
        ])
    }
  }

  @Test func aListingNamesEveryEntryAndSaysWhyItCannot() throws {
    try Self.withFolder { folder in
      #expect(FileManager.default.createFile(atPath: folder + "/b.txt", contents: Data()))
      #expect(FileManager.default.createFile(atPath: folder + "/.hidden", contents: Data()))
      try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: false)
      #expect(FileIO.entries(of: folder) == [".hidden", "a", "b.txt"])
      #expect(throws: FileIO.Error(path: folder + "/b.txt", operation: .list, code: ENOTDIR)) {
        try FileIO.names(in: folder + "/b.txt")
      }
      #expect(FileIO.entries(of: folder + "/missing").isEmpty)
      let walk = DirectoryWalk(under: folder + "/missing", suffix: ".swift")
      #expect(walk.files.isEmpty)
      #expect(walk.skipped.map(\.description) == ["'\(folder)/missing' cannot be listed: No such file or directory"])
    }
  }

  @Test func theWalkStopsAtItsDepthLimit() throws {
    try Self.withFolder { folder in
      try FileManager.default.createDirectory(atPath: folder + "/1/2/3", withIntermediateDirectories: true)
      #expect(FileManager.default.createFile(atPath: folder + "/1/2/3/Deep.swift", contents: Data()))
      #expect(FileManager.default.createFile(atPath: folder + "/1/Shallow.swift", contents: Data()))
      let walk = DirectoryWalk(under: folder, suffix: ".swift", depthLimit: 2)
      #expect(walk.files == [folder + "/1/Shallow.swift"])
      #expect(walk.skipped == [.init(path: folder + "/1/2/3", reason: .tooDeep(limit: 2))])
    }
  }
}

@Suite("Threads and clocks")
struct ThreadTests {
  @Test func aParallelTaskReturnsItsResult() {
    let task = ParallelTask { (1...1000).reduce(0, +) }
    #expect(task.wait() == 500_500)
  }

  @Test func aWaiterTimesOutOnTheMonotonicClock() {
    let start = MonotonicClock.now()
    #expect(Waiter<Int>().wait(seconds: 0.05) == nil)
    let elapsed = MonotonicClock.now() - start
    #expect(elapsed >= 50_000_000, "the wait ended \(elapsed) ns after it began, before its deadline")
  }

  @Test func aWaiterReturnsWhatIsDelivered() {
    let waiter = Waiter<Int>()
    let thread = WorkerThread { waiter.deliver(42) }
    #expect(waiter.wait(seconds: 3600) == 42)
    thread?.join()
  }

  /// A spinning waiter hears a value delivered while it spins, one delivered after it went to
  /// sleep, and times out at its deadline even when the deadline comes before the spin ends.
  @Test func aSpinningWaiterHearsEarlyAndLateValuesAndItsDeadline() {
    let early = Waiter<Int>()
    let first = WorkerThread { early.deliver(1) }
    #expect(early.wait(seconds: 3600, spinning: 1_000_000_000) == 1)
    first?.join()
    let late = Waiter<Int>()
    let second = WorkerThread {
      MonotonicClock.sleep(seconds: 0.05)
      late.deliver(2)
    }
    #expect(late.wait(seconds: 3600, spinning: 1_000) == 2)
    second?.join()
    let start = MonotonicClock.now()
    #expect(Waiter<Int>().wait(seconds: 0.02, spinning: 10_000_000_000) == nil)
    let elapsed = MonotonicClock.now() - start
    #expect(elapsed >= 20_000_000 && elapsed < 5_000_000_000, "the wait took \(elapsed) ns")
  }

  /// A pipe asked to grow holds 1 MiB (Linux's default `pipe-max-size`); a descriptor that is
  /// not a pipe is left alone.
  @Test func aPipeIsEnlargedToTheClipboardsCapacity() throws {
    var fds: [Int32] = [-1, -1]
    try #require(pipe(&fds) == 0)
    defer { for fd in fds { close(fd) } }
    // F_GETPIPE_SZ: F_LINUX_SPECIFIC_BASE (1024) + 8.
    #expect(fcntl(fds[0], 1032) == 65536)
    FileIO.enlargePipe(fds[1])
    #expect(fcntl(fds[0], 1032) == Int32(FileIO.pipeCapacity))
    let null = open("/dev/null", O_WRONLY)
    defer { close(null) }
    FileIO.enlargePipe(null)
    #expect(fcntl(null, 1032) == -1)
  }

  @Test func deadlinesSaturate() {
    #expect(MonotonicClock.deadline(after: .max, from: 10) == .max)
    #expect(MonotonicClock.nanoseconds(.nan) == 0)
    #expect(MonotonicClock.nanoseconds(-1) == 0)
    #expect(MonotonicClock.nanoseconds(.infinity) > 1_000_000_000 * 3600 * 24 * 365 * 100)
  }
}
