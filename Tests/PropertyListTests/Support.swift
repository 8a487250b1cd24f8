import Foundation
import TestSupport
import Testing

@testable import PropertyList

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
