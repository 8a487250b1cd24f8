#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The process's environment variables, read with `getenv`.
package enum ProcessEnvironment {
  /// Runs `body` when the process exits normally (`exit`, or returning from `main`), after the
  /// handlers registered after it (`atexit`).
  /// - Parameter body: A function that captures nothing.
  package static func atExit(_ body: @escaping @convention(c) () -> Void) { _ = atexit(body) }

  /// This process's id (a forked child's differs from its parent's).
  package static var processID: Int32 { getpid() }

  /// The value of `name`, or nil when it is unset.
  package static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The machine's host name (`gethostname`), as bytes.
  package static var hostName: [UInt8] {
    var name = [UInt8](repeating: 0, count: 256)
    _ = name.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { gethostname($0.baseAddress!, 255) }
    }
    return Array(name.prefix { $0 != 0 })
  }

  /// The program's name: the last component of `argv[0]` (`pointybug`).
  package static var programName: String {
    let path = CommandLine.arguments.first ?? "swift-uti"
    return path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Every variable, as `NAME=value` entries in the environment's order.
  package static var entries: [String] {
    var entries: [String] = []
    var entry = environ
    while let pointer = entry.pointee {
      entries.append(String(cString: pointer))
      entry += 1
    }
    return entries
  }

  /// The set variables among `names`, by name.
  package static func values(_ names: [String]) -> [String: String] {
    var result: [String: String] = [:]
    for name in names { if let value = value(name) { result[name] = value } }
    return result
  }
}
