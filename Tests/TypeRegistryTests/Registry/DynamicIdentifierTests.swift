import TestSupport
import Testing

@testable import TypeRegistry

@Suite("Dynamic type identifiers")
struct DynamicIdentifierTests {
  /// Pairs macOS produces.
  @Test(arguments: [
    ("?0=6:1=conf", "dyn.ah62d4rv4ge80g55sq2"),
    ("1=rs", "dyn.age81e62"),
  ])
  func macOSPairs(specification: String, identifier: String) throws {
    #expect(DynamicTypeIdentifier.decodeString(identifier) == specification)
    let decoded = try #require(DynamicTypeIdentifier.decode(identifier))
    #expect(DynamicTypeIdentifier.specificationString(decoded) == specification)
    #expect(DynamicTypeIdentifier.encode(decoded) == identifier)
  }

  @Test func encodesTagsAndConformance() {
    let specification = DynamicTypeIdentifier.Specification(
      conformsTo: ["public.data"], tags: [("public.filename-extension", "conf")])
    #expect(DynamicTypeIdentifier.encode(specification) == "dyn.ah62d4rv4ge80g55sq2")
    let decoded = DynamicTypeIdentifier.decode("dyn.ah62d4rv4ge80g55sq2")
    #expect(decoded?.conformsTo == ["public.data"])
    #expect(decoded?.values(of: "public.filename-extension") == ["conf"])
  }

  @Test func roundTripsRandomTagStrings() throws {
    var generator = SplitMix64(seed: 42)
    let classes = ["public.filename-extension", "public.mime-type", "com.apple.ostype", "com.example.custom-tag"]
    let parents = ["public.data", "public.image", "com.example.parent", "public.folder"]
    let alphabet = Array("abcXYZ019-_.+/:=,\\é😀 ")
    for _ in 0..<500 {
      let value = String(
        (0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      let conformsTo = Bool.random(using: &generator) ? [parents.randomElement(using: &generator)!] : []
      let specification = DynamicTypeIdentifier.Specification(
        conformsTo: conformsTo, tags: [(classes.randomElement(using: &generator)!, value)])
      let identifier = DynamicTypeIdentifier.encode(specification)
      #expect(identifier.hasPrefix("dyn.a"))
      #expect(identifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") })
      #expect(DynamicTypeIdentifier.decode(identifier) == specification, "\(identifier)")
    }
  }

  @Test(arguments: ["dyn.", "dyn.a", "dyn.a!!", "public.png", "dyn.b62d4rv4ge80g55sq2", "dyn.aiu"])
  func rejectsMalformedIdentifiers(identifier: String) {
    #expect(DynamicTypeIdentifier.decode(identifier) == nil)
  }

  @Test func dynamicTypesFromUnknownTags() throws {
    let type = try #require(UTType(filenameExtension: "conf"))
    #expect(type.identifier == "dyn.ah62d4rv4ge80g55sq2")
    #expect(type.isDynamic)
    #expect(!type.isDeclared)
    #expect(type.preferredFilenameExtension == "conf")
    #expect(type.conforms(to: .data))
    #expect(type.conforms(to: .item))
    #expect(!type.conforms(to: .text))
    #expect(type.supertypes == [.data, .item])
    #expect(UTType("dyn.ah62d4rv4ge80g55sq2") == type)
    // Apple's answer for an extension its catalog lacks ("rs" is Rust, which identification declares).
    #expect(
      UTTypeRegistry.builtIn.type(tag: "rsx", tagClass: .filenameExtension, conformingTo: nil)?.identifier
        == "dyn.age81e652")
    #expect(UTType(filenameExtension: "") == nil)
  }
}
