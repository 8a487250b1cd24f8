import Foundation
import TestSupport

/// A pointer for GNOME's compositor: the remote desktop session of its seat's peer
/// (`Tests/Fixtures/wayland/mutter_seat.py`, which ``WaylandCompositor/startMutter(keyboard:xwayland:)``
/// starts), told where to move and when to press through its command socket; each command is
/// answered once mutter has taken it.
public final class MutterPointer: TestPointer, @unchecked Sendable {
  private let socket: FileHandle
  /// Held while a command waits for its answer: one at a time on the socket.
  private let lock = NSLock()

  /// Connects to the seat peer of `compositor` (a mutter started with its keyboard and pointer).
  /// - Throws: ``PeerUnavailable`` when the seat peer does not listen.
  public init(compositor: WaylandCompositor) throws {
    let path = compositor.runtimeDirectory + "/seat-commands"
    let fd = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard fd >= 0, connected == 0 else {
      if fd >= 0 { close(fd) }
      throw PeerUnavailable("mutter", "its seat peer does not listen at \(path)")
    }
    socket = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
  }

  public func move(to x: Double, _ y: Double) throws { try send("move \(x) \(y)") }
  public func button(pressed: Bool) throws { try send("button \(pressed ? 1 : 0)") }

  /// Sends one command and waits (at most 10 s) for its answer.
  private func send(_ command: String) throws {
    lock.lock()
    defer { lock.unlock() }
    socket.write(Data((command + "\n").utf8))
    var answer: [UInt8] = []
    var descriptor = pollfd(fd: socket.fileDescriptor, events: Int16(POLLIN), revents: 0)
    while answer.last != 0x0A {
      guard poll(&descriptor, 1, 10_000) > 0 else { throw PeerUnavailable("mutter", "\(command): no answer in 10 s") }
      var byte: UInt8 = 0
      guard read(socket.fileDescriptor, &byte, 1) == 1 else {
        throw PeerUnavailable("mutter", "\(command): its seat peer left")
      }
      answer.append(byte)
    }
    let text = String(decoding: answer.dropLast(), as: UTF8.self)
    guard text == "ok" else { throw PeerUnavailable("mutter", "\(command): \(text)") }
  }
}
