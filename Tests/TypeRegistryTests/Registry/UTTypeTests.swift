import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

@Suite("UTType and the built-in catalog")
struct UTTypeTests {
  @Test func everyConstantIsDeclaredWithApplesDocumentedParents() throws {
    #expect(UTType.constants.count >= 140)
    for constant in UTType.constants {
      let type = try #require(UTType(constant.identifier), "\(constant.name) (\(constant.identifier)) is not declared")
      #expect(type.isDeclared)
      let direct = Set(UTTypeRegistry.builtIn.directSupertypes(of: type).map(\.identifier))
      for parent in constant.documentedParents {
        #expect(direct.contains(parent) || type.conforms(to: UTType(parent)!), "\(constant.identifier) → \(parent)")
      }
    }
  }

  @Test(arguments: [
    (UTType.png, UTType.image), (.png, .data), (.png, .item), (.png, .content), (.jpeg, .image),
    (.utf8PlainText, .plainText), (.utf8PlainText, .text), (.json, .text), (.swiftSource, .sourceCode),
    (.pythonScript, .script), (.fileURL, .url), (.pdf, .compositeContent), (.mp3, .audio), (.mpeg4Movie, .movie),
    (.video, .audiovisualContent), (.applicationBundle, .bundle), (.applicationBundle, .directory),
    (.applicationBundle, .executable), (.zip, .archive), (.folder, .directory), (.xmlPropertyList, .xml),
    (.mpeg4Audio, .mpeg4Movie), (.osaScriptBundle, .script), (.heic, .image), (.dng, .rawImage), (.jpegxl, .image),
    (.tarArchive, .archive), (.executable, .item),
  ])
  func conformance(type: UTType, supertype: UTType) {
    #expect(type.conforms(to: supertype))
    #expect(type.isSubtype(of: supertype))
    #expect(supertype.isSupertype(of: type))
    #expect(type.supertypes.contains(supertype))
  }

  @Test(arguments: [
    (UTType.png, UTType.text), (.image, .png), (.plainText, .utf8PlainText), (.folder, .data), (.data, .directory),
    (.audio, .video), (.json, .image), (.item, .data), (.url, .text), (.directory, .package),
  ])
  func unrelatedFamiliesDoNotConform(type: UTType, other: UTType) {
    #expect(!type.conforms(to: other))
    #expect(!type.isSubtype(of: other))
  }

  @Test func conformanceIsReflexiveButNotSubtyping() {
    #expect(UTType.png.conforms(to: .png))
    #expect(!UTType.png.isSubtype(of: .png))
    #expect(!UTType.png.supertypes.contains(.png))
  }

  @Test func properties() throws {
    let png = UTType.png
    #expect(png.identifier == "public.png")
    #expect(png.preferredFilenameExtension == "png")
    #expect(png.preferredMIMEType == "image/png")
    #expect(png.tags[.filenameExtension] == ["png"])
    #expect(png.isDeclared && png.isPublic && !png.isDynamic)
    #expect(png.localizedDescription == "PNG image")
    #expect(png.description == "public.png")
    #expect(png.debugDescription == "public.png (declared)")
    #expect(!UTType.gif.isPublic)
    #expect(UTType.jpeg.tags[.filenameExtension]?.contains("jpg") == true)
  }

  @Test func identifiersCompareCaseInsensitively() throws {
    let upper = try #require(UTType("Public.PNG"))
    #expect(upper == .png)
    #expect(upper.identifier == "public.png")
    #expect(Set([UTType.png, upper]).count == 1)
  }

  @Test func undeclaredIdentifiersAreNil() {
    #expect(UTType("com.example.not-declared") == nil)
    #expect(UTType("") == nil)
  }

  @Test(arguments: [
    ("png", UTType.png), ("PNG", .png), ("jpg", .jpeg), ("jpeg", .jpeg), ("txt", .plainText), ("json", .json),
    ("swift", .swiftSource), ("pdf", .pdf), ("zip", .zip), ("html", .html), ("ts", .mpeg2TransportStream),
    ("md", UTType("net.daringfireball.markdown")!), ("jxl", .jpegxl),
  ])
  func filenameExtensions(ext: String, expected: UTType) {
    #expect(UTType(filenameExtension: ext) == expected)
  }

  @Test(arguments: [("image/png", UTType.png), ("IMAGE/PNG", .png), ("application/json", .json), ("text/html", .html)])
  func mimeTypes(mime: String, expected: UTType) {
    #expect(UTType(mimeType: mime) == expected)
  }

  @Test func conformingToRestrictsTheCandidates() throws {
    // `app` names an application bundle (a directory) and com.apple.application-file (data).
    #expect(UTType(filenameExtension: "app", conformingTo: .directory) == .applicationBundle)
    #expect(UTType(filenameExtension: "app")?.identifier == "com.apple.application-file")
    #expect(UTType.types(tag: "app", tagClass: .filenameExtension, conformingTo: nil).contains(.applicationBundle))
    // No declared type with `png` is a directory: a dynamic type that is one.
    let dynamic = try #require(UTType(filenameExtension: "png", conformingTo: .directory))
    #expect(dynamic.isDynamic)
    #expect(dynamic.conforms(to: .directory))
    #expect(!dynamic.conforms(to: .data))
  }

  @Test func typesForATagInPreferenceOrder() {
    let mp4 = UTType.types(tag: "mp4", tagClass: .filenameExtension, conformingTo: nil)
    #expect(mp4.count >= 2)
    #expect(mp4.allSatisfy(\.isPublic) || mp4.first!.isPublic)
    #expect(
      UTType.types(tag: "mp4", tagClass: .filenameExtension, conformingTo: .audio).allSatisfy {
        $0.conforms(to: .audio)
      })
  }

  /// A constant made before its app registered its declarations (a `static let` read early)
  /// answers from the declaration once the shared registry has it: conformance either way,
  /// tags, description, supertypes, and its offers on a pasteboard.
  @Test func anEarlyExportedConstantFollowsTheSharedRegistry() async {
    await changingSharedRegistry {
      let identifier = "com.example.late-\(UInt32.random(in: 0...UInt32.max))"
      let early = UTType(exportedAs: identifier)
      let imported = UTType(importedAs: identifier + ".imported", conformingTo: .data)
      #expect(!early.isDeclared && !early.conforms(to: .image) && early.preferredMIMEType == nil)
      UTTypeRegistry.shared.register([
        TypeDeclaration(
          identifier: identifier, conformsTo: ["public.png"], description: "late image",
          tags: ["public.mime-type": ["image/x-late"], "public.filename-extension": ["late"]]),
        TypeDeclaration(identifier: identifier + ".imported", kind: .imported, conformsTo: [identifier]),
      ])
      defer { UTTypeRegistry.shared.reset() }
      #expect(early.isDeclared)
      #expect(early.conforms(to: .image) && early.conforms(to: .png) && early.isSubtype(of: .data))
      #expect(UTType.image.isSupertype(of: early))
      #expect(early.preferredMIMEType == "image/x-late" && early.preferredFilenameExtension == "late")
      #expect(early.localizedDescription == "late image")
      #expect(early.supertypes.contains(.png) && early.supertypes.contains(.image))
      // Both sides resolve: a type made early conforms to another made early.
      #expect(imported.conforms(to: early) && !early.conforms(to: imported))
      // A type made now is the same type.
      #expect(UTType(exportedAs: identifier) == early && UTType(identifier)?.conforms(to: .image) == true)
    }
  }

  @Test func exportedAndImportedTypes() {
    let declared = UTType(exportedAs: "public.png")
    #expect(declared == .png && declared.isDeclared)
    let arrow = UTType(exportedAs: "com.example.never-declared.arrow", conformingTo: .data)
    #expect(!arrow.isDeclared)
    #expect(!arrow.isDynamic)
    #expect(arrow.conforms(to: .data))
    #expect(arrow.conforms(to: .item))
    #expect(!arrow.conforms(to: .image))
    #expect(UTType(importedAs: "com.example.imported").supertypes.isEmpty)
  }

  @Test func codable() throws {
    let data = try JSONEncoder().encode([UTType.png, .pdf])
    #expect(String(decoding: data, as: UTF8.self) == #"["public.png","com.adobe.pdf"]"#)
    #expect(try JSONDecoder().decode([UTType].self, from: data) == [.png, .pdf])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(UTType.self, from: Data(#""com.example.nope""#.utf8))
    }
  }

  @Test func theBuiltInCatalogIsWholeAndConsistent() throws {
    let plist = try DeclarationFile(
      contentsOf: packageRoot.appendingPathComponent("Resources/exported-types.plist").path)
    #expect(UTTypeRegistry.builtIn.count == plist.declarations.count + Format.declarations.count)
    #expect(UTTypeRegistry.builtIn.count >= 969)
    #expect(UTTypeRegistry.builtIn.cycles.isEmpty)
    #expect(UTTypeRegistry.builtIn.unknownParents.isEmpty)
    #expect(UTTypeRegistry.builtIn.conflicts.isEmpty)
  }

  @Test func theCatalogFollowsTheHeaderWhereTheListDiffers() throws {
    let registry = UTTypeRegistry.builtIn
    #expect(registry.directSupertypes(of: .executable).map(\.identifier) == ["public.item"])
    #expect(Set(registry.directSupertypes(of: .mpeg4Audio).map(\.identifier)) == ["public.mpeg-4", "public.audio"])
    #expect(registry.directSupertypes(of: .osaScriptBundle).map(\.identifier).contains("public.script"))
    #expect(UTType("com.apple.homebuttonless-device") != nil)
  }
}
