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

/// The built `utictl` executable: beside the test bundle, as `swift build` and `swift test` place it.
func builtUtictl() throws -> String { try builtProduct("utictl") }
