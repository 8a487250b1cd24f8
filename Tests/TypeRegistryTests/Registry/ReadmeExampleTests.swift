import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// The README's property list example (its `UTType` example registers types, so it runs with
/// the other tests that change the shared registry, in `SharedRegistryTests`).
@Suite("README examples")
struct ReadmeExampleTests {
  @Test func propertyListExample() throws {
    let bytes = try fixture("Info.plist")
    let document = try PropertyList.parse(bytes)
    let declarations = document.root.dictionary?["UTExportedTypeDeclarations"]?.array ?? []
    #expect(declarations.count == 1)
    #expect(document.location(of: declarations[0])?.description == "11:3")
    #expect(declarations[0].dictionary?["UTTypeIdentifier"]?.string == "com.raywenderlich.pointybug.tool.arrow")
    #expect(try PropertyList.write(document.root, as: .xml) == bytes)
  }
}
