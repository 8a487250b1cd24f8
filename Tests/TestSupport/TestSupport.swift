import Foundation

// Helpers shared by the test targets.

/// The repository root, found from this file's path.
public let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The repository's `Tests/Fixtures` folder.
public let fixturesDirectory = packageRoot.appendingPathComponent("Tests/Fixtures")

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

/// What a program printed and how it exited.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: Data
  public var stderr: Data
  public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs a program to completion, feeding it `input` on standard input.
@discardableResult
public func runProcess(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let out = Pipe()
  let err = Pipe()
  let inPipe = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = inPipe
  try process.run()
  if let input { inPipe.fileHandleForWriting.write(input) }
  try inPipe.fileHandleForWriting.close()
  // Read both pipes before waiting, so a large output cannot block the child.
  let group = DispatchGroup()
  nonisolated(unsafe) var errData = Data()
  group.enter()
  DispatchQueue.global().async {
    errData = err.fileHandleForReading.readDataToEndOfFile()
    group.leave()
  }
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  process.waitUntilExit()
  return ProcessResult(status: process.terminationStatus, stdout: outData, stderr: errData)
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
