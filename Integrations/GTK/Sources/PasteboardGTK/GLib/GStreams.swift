import CSwiftUTIGTK
@_spi(Toolkit) import DesktopPasteboard
import Foundation

/// GLib's errors, as the pasteboards report them.
enum GTKError {
  /// `what` and the message of `error`, which is freed.
  static func take(_ error: UnsafeMutablePointer<GError>?, _ what: String) -> String {
    defer { if let error { g_error_free(error) } }
    return "\(what): " + (error.map { String(cString: $0.pointee.message) } ?? "failed")
  }
}

/// A GIO error as the pasteboards report one: `.timeout` where our deadline cancelled the
/// operation, else the error's own message under `code`.
func pasteboardError(
  _ error: UnsafeMutablePointer<GError>?, timedOut: Bool, _ what: String, code: SystemPasteboardError.Code
) -> SystemPasteboardError {
  if timedOut {
    if let error { g_error_free(error) }
    return Toolkit.error(.timeout, "\(what): nothing came within the timeout")
  }
  return Toolkit.error(code, GTKError.take(error, what))
}

/// A deadline that cancels a GIO operation when nothing moved for `timeout`: armed before each
/// step, disarmed when the step ends.
@MainActor
final class InactivityDeadline {
  let cancellable = GObjectReference(adopting: UnsafeMutableRawPointer(g_cancellable_new()!))
  private let milliseconds: UInt32
  /// The wait.
  let timeout: Duration
  private var timer: guint = 0
  /// Whether the deadline passed (and cancelled the operation).
  private(set) var passed = false

  init(_ timeout: Duration) {
    self.timeout = timeout
    milliseconds = UInt32(
      clamping: max(1, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
  }

  /// The cancellable, for GIO's calls.
  var pointer: UnsafeMutablePointer<GCancellable> { cancellable.as(GCancellable.self) }

  /// Starts (or restarts) the wait.
  func arm() {
    disarm()
    timer = GTKThread.after(milliseconds: milliseconds) { [weak self] in
      guard let self else { return }
      self.timer = 0
      self.passed = true
      g_cancellable_cancel(self.pointer)
    }
  }

  /// Stops the wait.
  func disarm() {
    GTKThread.cancel(timer)
    timer = 0
  }
}

/// Reads a `GInputStream` to its end, a chunk at a time, asynchronously on GTK's thread, and
/// hands the bytes over once; a read that gets nothing for `timeout` fails with `.timeout`.
@MainActor
final class StreamReader {
  private static let chunk = 256 << 10
  private let stream: GObjectReference
  private let deadline: InactivityDeadline
  private let what: String
  private var buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
  /// What was read, kept as the `Data` a load hands over (no copy at the end).
  private var data = Data()
  private var completion: ((Result<Data, SystemPasteboardError>) -> Void)?

  /// Reads `stream` (a reference is taken) and calls `completion` once; `what` names the read
  /// in errors.
  static func readAll(
    _ stream: UnsafeMutablePointer<GInputStream>, timeout: Duration, what: String,
    completion: @escaping (Result<Data, SystemPasteboardError>) -> Void
  ) {
    let reader = StreamReader(stream, timeout: timeout, what: what, completion: completion)
    reader.next()
  }

  private init(
    _ stream: UnsafeMutablePointer<GInputStream>, timeout: Duration, what: String,
    completion: @escaping (Result<Data, SystemPasteboardError>) -> Void
  ) {
    self.stream = GObjectReference(retaining: stream)
    self.deadline = InactivityDeadline(timeout)
    self.what = what
    self.completion = completion
  }

  isolated deinit { buffer.deallocate() }

  /// Asks for the next chunk; the reader stays alive (retained by the pending call) until it ends.
  private func next() {
    deadline.arm()
    let me = Unmanaged.passRetained(self).toOpaque()
    g_input_stream_read_async(
      stream.as(GInputStream.self), buffer, gsize(Self.chunk), G_PRIORITY_DEFAULT, deadline.pointer,
      { source, result, data in
        let reader = Unmanaged<StreamReader>.fromOpaque(data!).takeRetainedValue()
        MainActor.assumeIsolated { reader.received(result) }
      }, me)
  }

  private func received(_ result: OpaquePointer?) {
    deadline.disarm()
    var error: UnsafeMutablePointer<GError>?
    let count = g_input_stream_read_finish(stream.as(GInputStream.self), result, &error)
    if count > 0 {
      data.append(buffer.assumingMemoryBound(to: UInt8.self), count: count)
      return next()
    }
    let outcome: Result<Data, SystemPasteboardError> =
      count == 0
      ? .success(data) : .failure(pasteboardError(error, timedOut: deadline.passed, what, code: .conversionRefused))
    g_input_stream_close_async(stream.as(GInputStream.self), G_PRIORITY_DEFAULT, nil, nil, nil)
    data = Data()
    completion.take()?(outcome)
  }
}

/// Writes bytes to a `GOutputStream` asynchronously on GTK's thread: a payload in memory in one
/// write (as GTK's own serializers write: GDK's X11 selection stream asserts when a write of an
/// INCR transfer follows another), copied once into memory GIO may read until the write ends and
/// let go of; a file a chunk at a time, each read on the work pool. A write that moves nothing for
/// `timeout` (a reader that stopped reading) fails with `.timeout`.
@MainActor
final class StreamWriter {
  private static let chunk = 256 << 10
  private let stream: GObjectReference
  /// The payload, while bytes of it are to be read (a payload in memory is let go of once copied).
  private var payload: ToolkitPayload?
  private let count: Int
  private let deadline: InactivityDeadline
  private let what: String
  private var offset = 0
  private let buffer: UnsafeMutableRawBufferPointer
  private var completion: ((Result<Void, SystemPasteboardError>) -> Void)?

  isolated deinit { buffer.deallocate() }

  /// Writes `payload` to `stream` (a reference is taken) and calls `completion` once.
  static func write(
    _ payload: ToolkitPayload, to stream: UnsafeMutablePointer<GOutputStream>,
    cancellable: UnsafeMutablePointer<GCancellable>?, timeout: Duration, what: String,
    completion: @escaping (Result<Void, SystemPasteboardError>) -> Void
  ) {
    let writer = StreamWriter(payload, stream, timeout: timeout, what: what, completion: completion)
    if let cancellable {
      // The caller's cancellation (GTK's) cancels the write too.
      g_cancellable_connect(
        cancellable, unsafeBitCast(Self.cancelled, to: GCallback.self),
        g_object_ref(writer.deadline.pointer), { data in g_object_unref(data) })
    }
    writer.next()
  }

  /// Cancels the writer's own cancellable when the caller's is cancelled.
  private static let cancelled: @convention(c) (UnsafeMutablePointer<GCancellable>?, gpointer?) -> Void = { _, own in
    g_cancellable_cancel(own?.assumingMemoryBound(to: GCancellable.self))
  }

  private init(
    _ payload: ToolkitPayload, _ stream: UnsafeMutablePointer<GOutputStream>, timeout: Duration, what: String,
    completion: @escaping (Result<Void, SystemPasteboardError>) -> Void
  ) {
    self.payload = payload
    count = payload.count
    buffer = .allocate(
      byteCount: payload.isFile ? min(Self.chunk, max(payload.count, 1)) : max(payload.count, 1), alignment: 16)
    self.stream = GObjectReference(retaining: stream)
    self.deadline = InactivityDeadline(timeout)
    self.what = what
    self.completion = completion
  }

  /// Puts the next bytes in the buffer (a file's read on the work pool) and writes them; ends at
  /// the payload's end.
  private func next() {
    guard offset < count, let payload else { return finish(.success(())) }
    let (offset, buffer) = (self.offset, GTKSendableBuffer(buffer))
    guard payload.isFile else {
      let copied = Result { () throws(SystemPasteboardError) in try payload.copyBytes(to: buffer.value, from: offset) }
      self.payload = nil  // in the buffer now, whole
      return write(copied)
    }
    let me = GTKSendable(self)
    let accepted = Toolkit.submit {
      let read = Result { () throws(SystemPasteboardError) in try payload.copyBytes(to: buffer.value, from: offset) }
      GTKThread.run { me.value.write(read) }
    }
    if !accepted { finish(.failure(Toolkit.error(.conversionRefused, "\(what): the work pool has no room"))) }
  }

  /// Writes the first `copied` bytes of the buffer.
  private func write(_ copied: Result<Int, SystemPasteboardError>) {
    let length: Int
    switch copied {
    case .failure(let error): return finish(.failure(error))
    case .success(let count):
      guard count > 0 else { return finish(.success(())) }
      length = count
    }
    deadline.arm()
    let me = Unmanaged.passRetained(self).toOpaque()
    g_output_stream_write_all_async(
      stream.as(GOutputStream.self), buffer.baseAddress, gsize(length), G_PRIORITY_DEFAULT, deadline.pointer,
      { _, result, data in
        let writer = Unmanaged<StreamWriter>.fromOpaque(data!).takeRetainedValue()
        MainActor.assumeIsolated { writer.wrote(result) }
      }, me)
  }

  private func wrote(_ result: OpaquePointer?) {
    deadline.disarm()
    var error: UnsafeMutablePointer<GError>?
    var written: gsize = 0
    guard g_output_stream_write_all_finish(stream.as(GOutputStream.self), result, &written, &error) != 0 else {
      return finish(.failure(pasteboardError(error, timedOut: deadline.passed, what, code: .writeFailed)))
    }
    offset += Int(written)
    next()
  }

  private func finish(_ outcome: Result<Void, SystemPasteboardError>) {
    completion.take()?(outcome)
  }
}

/// A buffer filled on the work pool while no write uses it, then written on GTK's thread.
struct GTKSendableBuffer: @unchecked Sendable {
  // Sendable: filled on the work pool while no write uses it, then written on GTK's main thread: one thread
  // at a time, each hand-over through the pool's queue or the main context's.
  let value: UnsafeMutableRawBufferPointer
  init(_ value: UnsafeMutableRawBufferPointer) { self.value = value }
}

/// A main-actor object carried across a hop to the work pool and back, never touched there.
struct GTKSendable<Value: AnyObject>: @unchecked Sendable {
  // Sendable: a main-thread object carried across a hop to the work pool and back, never touched on the pool.
  let value: Value
  init(_ value: Value) { self.value = value }
}
