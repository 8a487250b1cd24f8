import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

@Suite("Type declarations")
struct DeclarationTests {
  @Test func aDeclarationKnowsWhereItWasRead() throws {
    let file = try DeclarationFile(contentsOf: fixturesDirectory.appendingPathComponent("Info.plist").path)
    let declaration = try #require(file.attachedDeclarations.first)
    let offset = try #require(declaration.offset)
    #expect(file.location(ofOffset: offset).description == "11:3")
    #expect(declaration.origin == "\(file.path):11")
    #expect(declaration.file === file)
    #expect(!declaration.isBuiltIn)
  }

  @Test func aDeclarationMadeInCodeHasNoPlace() {
    let declaration = TypeDeclaration(identifier: "com.example.code", conformsTo: ["public.data"])
    #expect(declaration.offset == nil)
    #expect(declaration.file == nil)
    #expect(declaration.origin == "code")
    #expect(declaration.offset(ofKey: "UTTypeIdentifier") == nil)
  }
}
