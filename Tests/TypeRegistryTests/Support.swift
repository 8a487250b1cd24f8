import Foundation
import Testing

@testable import TypeRegistry

/// The repository's `Tests/Fixtures` folder, found from this file's path.
let fixturesDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The repository root.
let packageRoot = fixturesDirectory.deletingLastPathComponent().deletingLastPathComponent()

func fixture(_ path: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: fixturesDirectory.appendingPathComponent(path)))
}

func parse(_ text: String) throws -> PropertyList.Document {
  try PropertyList.parse(Array(text.utf8))
}

/// The error reading `bytes` gives; records an issue when it reads.
func parseError(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> PropertyList.ParseError? {
  do {
    let document = try PropertyList.parse(bytes)
    Issue.record("expected an error, read \(document.root)", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error
  }
}

func parseError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> PropertyList.ParseError? {
  parseError(Array(text.utf8), sourceLocation: sourceLocation)
}

/// Wraps XML in the plist header and `<plist>` element, with the body starting on line 4.
func xmlPlist(_ body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
  <plist version="1.0">
  \(body)
  </plist>
  """
}

/// Runs a program and returns its exit status and output.
@discardableResult
func runProcess(_ executable: String, _ arguments: [String], input: Data? = nil) throws -> (
  status: Int32, stdout: Data, stderr: Data
) {
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
  return (process.terminationStatus, outData, errData)
}

/// The first executable named `name` on the PATH.
func which(_ name: String) -> String? {
  for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
    let path = "\(dir)/\(name)"
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return nil
}
