import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

extension WaylandConnection {
  /// The data an offer has for `mimeType` (a selection's or a drop's), asked with
  /// `receive` into a pipe and handed to `sink` a chunk at a time until the owner closes it.
  /// - Throws: ``SystemPasteboardError``: `.timeout` when the owner leaves the pipe silent for
  ///   longer than `timeout` seconds (`what` names it in the message); what `sink` throws.
  func receive(
    _ mimeType: String, from offer: WaylandOffer, what: String,
    into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      throw SystemPasteboardError(.connectionFailed, "cannot make a pipe for the data: \(FileIO.reason(errno))")
    }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    FileIO.enlargePipe(fds[0])
    defer { _ = closeDescriptor(fds[0]) }
    do {
      try send(offer.receive(mimeType: mimeType, fd: fds[1]))
      _ = closeDescriptor(fds[1])
    } catch {
      _ = closeDescriptor(fds[1])
      throw error
    }
    // As large as the pipe, so that a full pipe is read in one call, and left uninitialized:
    // a 1 KB answer touches one page of it.
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FileIO.pipeCapacity, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      var descriptor = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(min(timeout * 1000, Double(Int32.max))))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else {
        throw SystemPasteboardError(.timeout, "the owner of \(what) sent no \(mimeType) for \(timeout) s")
      }
      let count = readDescriptor(fds[0], buffer.baseAddress, buffer.count)
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count >= 0 else {
        throw SystemPasteboardError(.closed, "reading the owner's \(mimeType) failed: \(FileIO.reason(errno))")
      }
      if count == 0 { return }
      try sink(Array(buffer[0..<count]))
    }
  }

  /// The data of a selection's offer `held` (as ``WaylandOffers/selection(primary:)`` gave it)
  /// for `mimeType`, as ``receive(_:from:what:into:)`` reads it; an empty pipe from an offer the
  /// selection no longer holds is refused. The compositor closes unwritten the pipe of an offer
  /// whose source was replaced, and that is no empty copy: the read says the copy changed, as
  /// X11's owner refuses a request older than its copy. `heldNow` gives the announcement of
  /// the selection's offer after a round trip (offers are compared by announcement: a newer one
  /// may have the old one's id); nil where no round trip can be made (the loop's own thread),
  /// and the empty answer stands.
  /// - Throws: ``SystemPasteboardError``: as ``receive(_:from:what:into:)`` does;
  ///   `.conversionRefused` when the selection changed while it was read.
  func receive(
    _ mimeType: String, fromSelection held: WaylandOffers.Held, what: String,
    heldNow: (() throws(SystemPasteboardError) -> UInt64?)?, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void
  ) throws(SystemPasteboardError) {
    var received = 0
    try receive(
      mimeType, from: held.offer, what: what,
      into: { chunk throws(SystemPasteboardError) in
        received += chunk.count
        try sink(chunk)
      })
    guard received == 0, let heldNow, try heldNow() != held.announcement else { return }
    throw SystemPasteboardError(.conversionRefused, "\(what) changed while it was read: ask again for the new copy")
  }
}

@inline(__always) private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
@inline(__always) private func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
