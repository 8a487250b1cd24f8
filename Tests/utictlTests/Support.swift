import Foundation
import TestSupport
import Testing

@testable import utictl

struct Run {
  var status: Int32
  var stdout: String
  var stderr: String
  var stdoutBytes: [UInt8]
}

/// Runs utictl in-process.
func utictl(_ arguments: String..., input: [UInt8] = []) -> Run {
  utictl(arguments, input: input)
}

func utictl(_ arguments: [String], input: [UInt8] = []) -> Run {
  var console = Console.capturing(input: input)
  let status = UtiCtl.run(arguments, io: &console)
  return Run(status: status, stdout: console.stdoutText, stderr: console.stderrText, stdoutBytes: console.stdout)
}

/// A temporary directory removed when the test ends.
final class TemporaryDirectory {
  let url: URL
  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("utictl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(at: url) }

  func file(_ name: String, _ contents: String) throws -> String {
    try file(name, Array(contents.utf8))
  }

  func file(_ name: String, _ contents: [UInt8]) throws -> String {
    let path = url.appendingPathComponent(name).path
    try Data(contents).write(to: URL(fileURLWithPath: path))
    return path
  }
}

/// The built `utictl` executable: beside the test bundle, as `swift build` and `swift test` place it.
func builtUtictl() throws -> String { try builtProduct("utictl") }
