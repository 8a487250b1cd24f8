import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// The pre-parsed catalog the binaries build registries from says exactly what the plist says.
@Suite("Built-in catalog entries")
struct CatalogEntriesTests {
  /// `Resources/exported-types.plist`, the catalog's source of truth.
  static func plist() throws -> DeclarationFile {
    try DeclarationFile(contentsOf: packageRoot.appendingPathComponent("Resources/exported-types.plist").path)
  }

  @Test func entriesMatchThePlist() throws {
    let file = try Self.plist()
    #expect(file.problems.isEmpty)
    let parsed = file.declarations
    let entries = BuiltInCatalog.declarations
    #expect(parsed.count == entries.count)
    for (a, b) in zip(parsed, entries) {
      #expect(a.identifier == b.identifier)
      #expect(a.conformsTo == b.conformsTo)
      #expect(a.description == b.description)
      #expect(a.tags == b.tags, "\(a.identifier)")
      #expect(b.isBuiltIn && b.kind == .exported)
    }
  }

  @Test func registriesFromEntriesAndFromThePlistAgree() throws {
    var fromPlist = UTTypeRegistry.Builder(includingSystemTypes: false, mimeDatabase: nil)
    fromPlist.add(try Self.plist())
    let a = fromPlist.build()
    let b = UTTypeRegistry.builtIn
    #expect(a.count + Format.declarations.count == b.count, "the catalog, then the detectors' formats")
    for type in a.allTypes {
      let other = try #require(b.type(withIdentifier: type.identifier))
      #expect(Set(type.supertypes.map(\.identifier)) == Set(other.supertypes.map(\.identifier)))
      #expect(type.tags == other.tags)
    }
    #expect(b.declaration(of: .png)?.origin == "built-in")
  }
}
