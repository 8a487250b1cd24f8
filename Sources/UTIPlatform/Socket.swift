#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Stream sockets for protocol clients (the X11 connection): connecting by Unix path (Linux's
/// abstract namespace too) or TCP, and reads and writes that wait at most a deadline, so that a
/// peer that stalls or dies gives an error instead of a hang.
package final class Socket: @unchecked Sendable {
  // Sendable: `fd` never changes; `wakeDescriptor`, `woken` and `closed` are the reading thread's (the
  // loop's, or the caller's before it starts), and `close()` runs there or in the connection's `deinit`;
  // other threads only write to `fd` (under their connection's write lock) or shut it down.
  /// Why a socket operation failed.
  package struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    package var operation: String
    package var code: Int32
    package var description: String {
      code == ETIMEDOUT ? "\(operation): timed out" : "\(operation): \(FileIO.reason(code))"
    }
    package init(_ operation: String, code: Int32) {
      self.operation = operation
      self.code = code
    }
  }

  package let fd: Int32
  private var closed = false
  /// A descriptor whose readability also ends a wait (another thread's wake-up pipe); a wait it
  /// ends reports the socket not readable and sets ``woken``.
  package var wakeDescriptor: Int32?
  /// Whether a wait was woken through ``wakeDescriptor`` (its byte consumed) since
  /// ``takeWake()`` last asked: kept until asked, so that a wake that came with data to read is
  /// not lost, and every wakeable wait until then ends at once (a reader that reads on after
  /// such data would otherwise wait on with the wake-up spent).
  private var woken = false

  /// Whether a wait was woken since the last call; clears it.
  package func takeWake() -> Bool {
    defer { woken = false }
    return woken
  }

  init(fd: Int32) { self.fd = fd }

  /// A socket connected already (inherited, as `$WAYLAND_SOCKET` hands one over); it is closed
  /// when released, and made close-on-exec now.
  package init(adopting fd: Int32) {
    self.fd = fd
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
  }

  deinit { close() }

  /// Closes the socket (once).
  package func close() {
    guard !closed else { return }
    closed = true
    _ = systemClose(fd)
  }

  /// Ends the connection both ways, the descriptor kept until the socket is released: the peer
  /// sees the end at once (a compositor takes a closed window's surfaces away), and a thread
  /// that still holds the socket gets errors, never another file that reused the number.
  package func shutdown() {
    guard !closed else { return }
    #if os(Linux)
      _ = systemShutdown(fd, Int32(SHUT_RDWR))
    #else
      _ = systemShutdown(fd, SHUT_RDWR)
    #endif
  }

  /// Connects to a Unix socket: `path` in the file system, or in Linux's abstract namespace.
  package static func unix(path: String, abstract: Bool = false) throws(Error) -> Socket {
    #if os(Linux)
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw Error("socket", code: errno) }
    let socket = Socket(fd: fd)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = (abstract ? [0] : []) + Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else { throw Error("connect \(path)", code: ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in bytes.enumerated() { raw[index] = byte }
    }
    let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
    }
    guard result == 0 else { throw Error("connect \(abstract ? "@" : "")\(path)", code: errno) }
    return socket
  }

  /// Connects to `host`:`port` over TCP (IPv4 or IPv6, the first address that answers).
  package static func tcp(host: String, port: Int) throws(Error) -> Socket {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if os(Linux)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else { throw Error("resolve \(host)", code: EHOSTUNREACH) }
    defer { freeaddrinfo(first) }
    var lastError = ECONNREFUSED
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let current = entry {
      let fd = socket(current.pointee.ai_family, current.pointee.ai_socktype, current.pointee.ai_protocol)
      if fd >= 0 {
        if connect(fd, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 { return Socket(fd: fd) }
        lastError = errno
        _ = systemClose(fd)
      }
      entry = current.pointee.ai_next
    }
    throw Error("connect \(host):\(port)", code: lastError)
  }

  /// Waits until the socket is readable (or has hung up), at most until `deadline`
  /// (``MonotonicClock`` nanoseconds; nil waits without end). False on timeout.
  /// With `wakeable`, a wake through ``wakeDescriptor`` also ends the wait (false).
  package func waitReadable(until deadline: UInt64?, wakeable: Bool = true) throws(Error) -> Bool {
    try wait(events: Int16(POLLIN), until: deadline, wakeable: wakeable)
  }

  /// Waits until the socket can be written to, at most until `deadline` (nil waits without
  /// end). False on timeout.
  package func waitWritable(until deadline: UInt64?) throws(Error) -> Bool {
    try wait(events: Int16(POLLOUT), until: deadline, wakeable: false)
  }

  private func wait(events: Int16, until deadline: UInt64?, wakeable: Bool) throws(Error) -> Bool {
    if wakeable && woken { return false }
    while true {
      var timeout: Int32 = -1
      if let deadline {
        let now = MonotonicClock.now()
        timeout = now >= deadline ? 0 : Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
      }
      var descriptors = [pollfd(fd: fd, events: events, revents: 0)]
      // Only the reading thread's idle waits are woken: a write (from any thread, on a connection
      // shared by threads) or the wait for a reply must neither take the wake-up nor fail by it.
      if wakeable, let wake = wakeDescriptor {
        descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0))
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        throw Error("poll", code: errno)
      }
      if descriptors.count == 2 && descriptors[1].revents != 0 {
        var byte: UInt8 = 0
        _ = systemRead(descriptors[1].fd, &byte, 1)
        woken = true
        if descriptors[0].revents == 0 { return false }
      }
      return ready > 0 && descriptors[0].revents != 0
    }
  }

  /// Reads what is available (at most `capacity` bytes), waiting until `deadline`; with
  /// `wakeable`, a wake through ``wakeDescriptor`` ends the wait as a timeout does.
  /// - Throws: ``Error`` on a timeout (`ETIMEDOUT`), a closed connection (`ECONNRESET`) or a failure.
  package func read(capacity: Int, until deadline: UInt64?, wakeable: Bool = false) throws(Error) -> [UInt8] {
    guard try waitReadable(until: deadline, wakeable: wakeable) else { throw Error("read", code: ETIMEDOUT) }
    while true {
      // Uninitialized: zeroing the 64 KB that a 32-byte reply arrives in cost more than reading it.
      var count = 0
      let buffer = [UInt8](unsafeUninitializedCapacity: capacity) { bytes, initialized in
        count = systemRead(fd, bytes.baseAddress, capacity)
        initialized = max(count, 0)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw Error("read", code: errno) }
      guard count > 0 else { throw Error("read", code: ECONNRESET) }
      return buffer
    }
  }

  /// Writes all of `bytes`, waiting for the peer to drain at most until `deadline`. Each
  /// write is tried first without waiting (`MSG_DONTWAIT`: what fits goes at once, one system
  /// call for a small message), and only a full socket is waited on, so a write never blocks
  /// past `deadline`.
  package func write(_ bytes: [UInt8], until deadline: UInt64?) throws(Error) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        send(fd, raw.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        guard try waitWritable(until: deadline) else { throw Error("write", code: ETIMEDOUT) }
        continue
      }
      guard count > 0 else { throw Error("write", code: count < 0 ? errno : EPIPE) }
      offset += count
    }
  }
}

@inline(__always) private func systemClose(_ fd: Int32) -> Int32 { close(fd) }

/// A pipe that wakes a thread waiting on a ``Socket``: the socket's ``Socket/wakeDescriptor`` is
/// its read end, and ``wake()`` writes a byte (from any thread). Both ends close on release.
package final class WakePipe: Sendable {
  package let read: Int32
  let write: Int32

  /// A pipe (close-on-exec); nil when the process has no descriptors left.
  package init?() {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    (read, write) = (fds[0], fds[1])
  }

  deinit {
    _ = systemClose(read)
    _ = systemClose(write)
  }

  /// Makes `socket`'s waits end when ``wake()`` is called.
  package func attach(to socket: Socket) { socket.wakeDescriptor = read }

  /// Wakes the waiting thread (once per call; a full pipe already wakes it).
  package func wake() {
    var byte: UInt8 = 1
    _ = systemWrite(write, &byte, 1)
  }
}
@inline(__always) private func systemShutdown(_ fd: Int32, _ how: Int32) -> Int32 { shutdown(fd, how) }
