import Foundation
import UTIPlatform

// Helpers shared by the test targets.

/// The repository root, found from this file's path.
public let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The repository's `Tests/Fixtures` folder.
public let fixturesDirectory = packageRoot.appendingPathComponent("Tests/Fixtures")

/// A product of this package built beside the tests (`utictl`, `pointybug`): beside the test
/// bundle, as `swift build` and `swift test` place it, else in `.build/debug`.
/// - Throws: `CocoaError(.fileNoSuchFile)` when it is not built.
public func builtProduct(_ name: String) throws -> String {
  let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  for directory in [bundle, bundle.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")] {
    let path = directory.appendingPathComponent(name).path
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(name) beside \(bundle.path)"])
}

/// The 30 real Info.plists of `Tests/Fixtures/info-plists` (provenance in its `SOURCES.md`).
public let corpusDirectory = fixturesDirectory.appendingPathComponent("info-plists")

/// The bytes of a file under `Tests/Fixtures`.
public func fixture(_ path: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: fixturesDirectory.appendingPathComponent(path)))
}

/// Wraps XML in the plist header and `<plist>` element, with the body starting on line 4.
public func xmlPlist(_ body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
  <plist version="1.0">
  \(body)
  </plist>
  """
}

/// A new, empty directory under the temporary directory, named `prefix-UUID`; the caller
/// removes it.
public func makeTemporaryDirectory(_ prefix: String) throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// A temporary directory (`makeTemporaryDirectory`) removed when the value is released: keep
/// it in a variable for as long as its files are used.
public final class TemporaryDirectory {
  public let url: URL
  public init(_ prefix: String = "swift-uti-tests") throws { url = try makeTemporaryDirectory(prefix) }
  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes `contents` to a file `name` in the directory; its path.
  public func file(_ name: String, _ contents: String) throws -> String {
    try file(name, Array(contents.utf8))
  }

  /// Writes `contents` to a file `name` in the directory; its path.
  public func file(_ name: String, _ contents: [UInt8]) throws -> String {
    let path = url.appendingPathComponent(name).path
    try Data(contents).write(to: URL(fileURLWithPath: path))
    return path
  }
}

/// What a program printed and how it exited.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: Data
  public var stderr: Data
  public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs a program to completion, feeding it `input` on standard input.
///
/// Spawned with `posix_spawn` and every other descriptor of this process closed in the child,
/// and finished when the program has exited and both its output pipes are at their end. (A
/// daemon the program leaves behind, such as `xclip -i`'s, must not keep them: redirect its
/// output.) Foundation's `Process` instead waits for a socket the child inherits, which every
/// daemon started below it keeps open.
@discardableResult
public func runProcess(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> ProcessResult {
  guard let toChild = closeOnExecPipe(), let fromOut = closeOnExecPipe(), let fromErr = closeOnExecPipe() else {
    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
  }
  // Whatever this process holds (these pipes' originals included) stays out of the child.
  for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
    if let fd = Int32(entry), fd > 2 { _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC) }
  }
  let (pid, status) = spawn(
    executable, arguments, descriptors: [0: .copy(of: toChild[0]), 1: .copy(of: fromOut[1]), 2: .copy(of: fromErr[1])])
  for fd in [toChild[0], fromOut[1], fromErr[1]] { close(fd) }
  guard status == 0 else {
    for fd in [toChild[1], fromOut[0], fromErr[0]] { close(fd) }
    throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
  }
  // Input is written on a thread of its own, so that a large output cannot block the child.
  let writer = toChild[1]
  let bytes = [UInt8](input ?? Data())
  let feeding = Thread {
    signal(SIGPIPE, SIG_IGN)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { write(writer, $0.baseAddress! + offset, bytes.count - offset) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      offset += count
    }
    close(writer)
  }
  feeding.start()
  var outputs: [Int32: [UInt8]] = [fromOut[0]: [], fromErr[0]: []]
  var open = [fromOut[0], fromErr[0]]
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while !open.isEmpty {
    var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { break }
    for descriptor in descriptors where descriptor.revents != 0 {
      let count = read(descriptor.fd, &buffer, buffer.count)
      if count > 0 {
        outputs[descriptor.fd]! += buffer[..<count]
      } else if count == 0 || errno != EINTR {
        close(descriptor.fd)
        open.removeAll { $0 == descriptor.fd }
      }
    }
  }
  var exit: Int32 = 0
  while waitpid(pid, &exit, 0) < 0 && errno == EINTR {}
  let code = exit & 0x7F == 0 ? (exit >> 8) & 0xFF : 128 + (exit & 0x7F)
  return ProcessResult(status: code, stdout: Data(outputs[fromOut[0]]!), stderr: Data(outputs[fromErr[0]]!))
}

/// A pipe whose two ends close on exec (the child's end is `dup2`ed onto its standard streams,
/// which clears the flag there): no other child inherits it, whichever thread spawns it.
public func closeOnExecPipe() -> [Int32]? {
  // Made and marked under the lock every spawn here holds (pipe2 is not in Swift's Glibc), so no
  // spawn sees the pipe before it is marked.
  spawnLock.lock()
  defer { spawnLock.unlock() }
  var ends: [Int32] = [0, 0]
  guard pipe(&ends) == 0 else { return nil }
  for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  return ends
}

/// Held while a pipe is made and marked, and while a child is spawned.
private let spawnLock = NSLock()

/// Starts a program with `descriptors` set up, no signal blocked and default dispositions, whatever
/// the test thread that spawns it blocks (a program would otherwise ignore SIGTERM, and a shell
/// that waits for its children would never see SIGCHLD): the pid, and `posix_spawn`'s status.
///
/// Pipes for children are made with ``closeOnExecPipe()``: another test's thread may spawn at any
/// moment, and a long-lived child (an Xvfb watchdog, a daemon) that kept one of this test's pipes
/// would keep it waiting for the pipe's end for ever.
package func spawn(_ executable: String, _ arguments: [String], descriptors: [Int32: ProcessSpawn.Descriptor]) -> (
  pid: pid_t, status: Int32
) {
  spawnLock.lock()
  defer { spawnLock.unlock() }
  return ProcessSpawn.spawn(executable, arguments, descriptors: descriptors)
}

/// The first executable named `name` on the PATH.
public func which(_ name: String) -> String? {
  for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
    let path = "\(dir)/\(name)"
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return nil
}

/// A small seeded generator, so that random tests repeat exactly.
public struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  public init(seed: UInt64) { state = seed }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Runs `body` while no other test, in any suite or test target, changes `UTTypeRegistry.shared`.
///
/// Every test that registers declarations in the shared registry or resets it runs inside this,
/// so that one test's `reset()` cannot remove what another just registered.
public func changingSharedRegistry<T>(
  isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
) async rethrows -> T {
  await SharedRegistryLock.instance.acquire()
  do {
    let result = try await body()
    await SharedRegistryLock.instance.release()
    return result
  } catch {
    await SharedRegistryLock.instance.release()
    throw error
  }
}

/// A lock that suspends, rather than blocks, the tests waiting for it.
private actor SharedRegistryLock {
  static let instance = SharedRegistryLock()
  private var held = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func acquire() async {
    guard held else {
      held = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty {
      held = false
    } else {
      waiting.removeFirst().resume()
    }
  }
}

/// Runs blocking work (processes, large file walks) on a thread of its own and awaits it, so
/// that a long synchronous test does not hold one of the few threads of Swift's cooperative pool
/// that other tests' asynchronous loads need (with two cores, two such tests would starve them).
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      do {
        continuation.resume(returning: try body())
      } catch {
        continuation.resume(throwing: error)
      }
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}

/// Failed checks collected off the test's task (see ``offThePool(_:)``), to be expected empty
/// by the test itself: `#expect` needs the test's task to attribute an issue.
public struct Checks: Sendable {
  public private(set) var failures: [String] = []
  public init() {}
  public mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String = "") {
    if !condition { failures.append(message()) }
  }
}

extension Optional {
  /// The value, or an error (for code off the test's task, where `#require` cannot record).
  public func orThrow() throws -> Wrapped {
    guard let value = self else { throw CocoaError(.coderValueNotFound) }
    return value
  }
}
