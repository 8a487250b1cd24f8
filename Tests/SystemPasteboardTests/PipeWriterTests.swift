import Foundation
import TestSupport
import Testing
import UTIPlatform

@testable import SystemPasteboard

/// Serving one answer into a reader's pipe: a paste counts once the reader has taken the bytes.
@Suite("Pipe writer: a paste is what the reader took")
struct PipeWriterTests {
  /// A pipe whose write end has close-on-exec, as a Wayland `send` hands us.
  static func pipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    try #require(Glibc.pipe(&fds) == 0)
    return (fds[0], fds[1])
  }

  @Test func theWriteReturnsOnlyOnceTheReaderHasTakenTheBytes() async throws {
    let (reader, writer) = try Self.pipe()
    let started = Locked(false)
    let readerThread = Thread {
      usleep(300_000)
      started.withLock { $0 = true }
      var buffer = [UInt8](repeating: 0, count: 64)
      while read(reader, &buffer, buffer.count) > 0 {}
      close(reader)
    }
    readerThread.start()
    let served = PipeWriter.write(to: writer, timeout: 10, untilTaken: true) { Payload(Array("only once".utf8)) }
    #expect(served)
    #expect(started.withLock { $0 }, "the write returned before the reader had read anything")
  }

  @Test func aReaderThatHangsUpWithTheBytesUnreadServedNoPaste() throws {
    let (reader, writer) = try Self.pipe()
    let closer = Thread {
      usleep(100_000)
      close(reader)
    }
    closer.start()
    #expect(!PipeWriter.write(to: writer, timeout: 10, untilTaken: true) { Payload(Array("never read".utf8)) })
  }

  @Test func anUncountedAnswerClosesAtOnce() throws {
    let (reader, writer) = try Self.pipe()
    defer { close(reader) }
    #expect(PipeWriter.write(to: writer, timeout: 10) { Payload(Array("a drag's".utf8)) })
    #expect(FileIO.unreadBytes(inPipe: reader) == 8, "near miss: closed with the bytes unread")
  }

  @Test func aReaderThatLeavesTheBytesUnreadPastTheTimeoutServedNoPaste() throws {
    let (reader, writer) = try Self.pipe()
    defer { close(reader) }
    #expect(!PipeWriter.write(to: writer, timeout: 0.2, untilTaken: true) { Payload(Array("left".utf8)) })
    #expect(FileIO.unreadBytes(inPipe: reader) == 4, "near miss: the bytes are there, unread")
  }
}
