import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

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
