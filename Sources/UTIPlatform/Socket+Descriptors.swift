#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// File descriptors passed over a Unix socket (`SCM_RIGHTS`), as the Wayland protocol passes
/// pipes and shared memory: written with the bytes they travel with, and read back with the
/// bytes they arrived with, in order.
///
/// The control-message layout is Linux's and the BSDs': a `cmsghdr` (`size_t` length, `int`
/// level, `int` type) padded to the size of a `size_t`, then the descriptors as `int`s; the
/// `CMSG_*` macros are not imported into Swift, so it is spelled out here.
extension Socket {
  /// The most descriptors one read accepts (libwayland's limit, 28, is per message; several
  /// messages may arrive in one read).
  package static let descriptorLimit = 255

  private static let headerSize =
    (MemoryLayout<Int>.size + 2 * MemoryLayout<Int32>.size + MemoryLayout<Int>.size - 1)
    & ~(MemoryLayout<Int>.size - 1)

  private static func space(for count: Int) -> Int {
    headerSize + ((count * 4 + MemoryLayout<Int>.size - 1) & ~(MemoryLayout<Int>.size - 1))
  }

  /// Writes all of `bytes`, passing `descriptors` with the first of them (the descriptors stay
  /// open here: the caller closes its copies), waiting for the peer to drain at most until
  /// `deadline`.
  /// - Throws: ``Error`` on a timeout (`ETIMEDOUT`), a closed connection or a failure.
  package func write(_ bytes: [UInt8], passing descriptors: [Int32], until deadline: UInt64?) throws(Error) {
    guard !descriptors.isEmpty else { return try write(bytes, until: deadline) }
    var control = [UInt8](repeating: 0, count: Self.space(for: descriptors.count))
    control.withUnsafeMutableBytes { raw in
      raw.storeBytes(of: Self.headerSize + descriptors.count * 4, toByteOffset: 0, as: Int.self)
      raw.storeBytes(of: SOL_SOCKET, toByteOffset: MemoryLayout<Int>.size, as: Int32.self)
      raw.storeBytes(of: Int32(SCM_RIGHTS), toByteOffset: MemoryLayout<Int>.size + 4, as: Int32.self)
      for (index, fd) in descriptors.enumerated() {
        raw.storeBytes(of: fd, toByteOffset: Self.headerSize + index * 4, as: Int32.self)
      }
    }
    var sent = 0
    while sent == 0 {
      // Tried at once (as ``write(_:until:)``), waited on only when the socket is full.
      let count = bytes.withUnsafeBytes { data in
        control.withUnsafeMutableBytes { control in
          Self.withMessage(data: UnsafeMutableRawBufferPointer(mutating: data), control: control) { message in
            sendmsg(fd, &message, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
          }
        }
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        guard try waitWritable(until: deadline) else { throw Error("sendmsg", code: ETIMEDOUT) }
        continue
      }
      guard count > 0 else { throw Error("sendmsg", code: count < 0 ? errno : EPIPE) }
      sent = count
    }
    if sent < bytes.count { try write(Array(bytes[sent...]), until: deadline) }
  }

  /// Reads what is available (at most `capacity` bytes) and the descriptors that came with it,
  /// waiting until `deadline`. The descriptors are the caller's to close (they are close-on-exec).
  /// - Throws: ``Error`` on a timeout (`ETIMEDOUT`), a closed connection (`ECONNRESET`) or a
  ///   failure; descriptors beyond ``descriptorLimit`` (cut off by the kernel) fail with `EMSGSIZE`.
  package func read(capacity: Int, descriptors: inout [Int32], until deadline: UInt64?) throws(Error) -> [UInt8] {
    guard try waitReadable(until: deadline, wakeable: false) else { throw Error("recvmsg", code: ETIMEDOUT) }
    var control = [UInt8](repeating: 0, count: Self.space(for: Self.descriptorLimit))
    while true {
      var controlLength = 0
      var flags: Int32 = 0
      var count = 0
      // Uninitialized, as `read(capacity:until:wakeable:)`'s buffer.
      let buffer = [UInt8](unsafeUninitializedCapacity: capacity) { data, initialized in
        count = control.withUnsafeMutableBytes { control in
          Self.withMessage(data: UnsafeMutableRawBufferPointer(data), control: control) { message in
            let count = recvmsg(fd, &message, Int32(MSG_CMSG_CLOEXEC))
            controlLength = Int(message.msg_controllen)
            flags = message.msg_flags
            return count
          }
        }
        initialized = max(count, 0)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { throw Error("recvmsg", code: errno) }
      var offset = 0
      control.withUnsafeBytes { raw in
        while offset + Self.headerSize <= controlLength {
          let length = raw.load(fromByteOffset: offset, as: Int.self)
          let level = raw.load(fromByteOffset: offset + MemoryLayout<Int>.size, as: Int32.self)
          let type = raw.load(fromByteOffset: offset + MemoryLayout<Int>.size + 4, as: Int32.self)
          guard length >= Self.headerSize, offset + length <= controlLength else { break }
          if level == SOL_SOCKET && type == Int32(SCM_RIGHTS) {
            for index in 0..<((length - Self.headerSize) / 4) {
              descriptors.append(raw.load(fromByteOffset: offset + Self.headerSize + index * 4, as: Int32.self))
            }
          }
          offset += Self.space(for: (length - Self.headerSize + 3) / 4)
        }
      }
      if flags & Int32(MSG_CTRUNC) != 0 { throw Error("recvmsg", code: EMSGSIZE) }
      guard count > 0 else { throw Error("recvmsg", code: ECONNRESET) }
      return buffer
    }
  }

  /// Calls `body` with a message header over one data vector and a control buffer, as
  /// `sendmsg` and `recvmsg` take them.
  private static func withMessage<Result>(
    data: UnsafeMutableRawBufferPointer, control: UnsafeMutableRawBufferPointer, _ body: (inout msghdr) -> Result
  ) -> Result {
    var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
    return withUnsafeMutablePointer(to: &vector) { vector in
      var message = msghdr()
      message.msg_iov = vector
      message.msg_iovlen = 1
      message.msg_control = control.baseAddress
      message.msg_controllen = numericCast(control.count)
      return body(&message)
    }
  }
}
