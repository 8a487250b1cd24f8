import Foundation
import TestSupport
import Testing

@testable import TypeRegistry

/// The built-in detectors over a corpus with a sample of every format they name: each sample
/// three ways (without a name, with its extension, under a misleading name), in memory and as a
/// file, with and without the machine's database; a near miss for each structured detector;
/// and hostile containers.
@Suite("Identification: built-in detectors")
struct DetectorTests {
  let bare = UTTypeRegistry.Builder(mimeDatabase: nil).build()

  static func names(_ sample: FormatSample, _ index: Int) -> (named: String, misleading: String) {
    (
      sample.filenameExtension.isEmpty ? "sample\(index)" : "sample\(index).\(sample.filenameExtension)",
      "sample\(index)-notes.txt"
    )
  }

  @Test func everySampleIsNamedThreeWaysWithoutADatabase() throws {
    let directory = try makeTemporaryDirectory("detectors")
    defer { try? FileManager.default.removeItem(at: directory) }
    for (index, sample) in FormatSample.everyFormat.enumerated() {
      let (named, misleading) = Self.names(sample, index)
      let bytes = sample.bytes
      #expect(
        bare.identify(bytes, fileName: nil, isComplete: true).mimeType == sample.mimeType, "\(sample.name), no name")
      #expect(
        bare.identify(bytes, fileName: named, isComplete: true).mimeType == sample.mimeType,
        "\(sample.name) as \(named)")
      #expect(
        bare.identify(bytes, fileName: misleading, isComplete: true).mimeType == sample.mimeType,
        "\(sample.name) as \(misleading): without a database the content decides")
      for name in ["unnamed\(index)", named, misleading] {
        let path = directory.appendingPathComponent(name).path
        try Data(sample.bytes).write(to: URL(fileURLWithPath: path))
        #expect(try bare.identifyFile(atPath: path).mimeType == sample.mimeType, "\(sample.name), file \(name)")
      }
    }
  }

  /// With the database, the database's answer stands unless the detector's format refines it
  /// (is a kind of it): without a name, with the extension, and under a `.txt` name, where a
  /// text format refines `text/plain` and a binary one leaves GIO's answer.
  @Test func everySampleIsNamedThreeWaysWithTheDatabase() throws {
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    try Peers.sharedMimeInfo.orSkip()
    let database = try #require(registry.loadedMIMEDatabase)
    var refined = 0
    for (index, sample) in FormatSample.everyFormat.enumerated() {
      let (named, misleading) = Self.names(sample, index)
      let format = try #require(Format.named(sample.mimeType))
      for name in [nil, named, misleading] {
        let globs = name.map { database.globMatches(forFileName: $0).map(\.mimeType) } ?? []
        let theirs = sample.bytes.withUnsafeBytes { database.identify(globs: globs, data: $0, named: name != nil) }
        let expected =
          Identifying<UTTypeRegistry>.format(format, refines: theirs, in: database) ? sample.mimeType : theirs
        if expected != theirs { refined += 1 }
        let ours = registry.identify(sample.bytes, fileName: name, isComplete: true).mimeType
        #expect(ours == expected, "\(sample.name) named \(name ?? "nothing"): ours \(ours), expected \(expected)")
        #expect(
          UTTypeRegistry.mimeType(ours, isOrRefines: theirs, in: database), "\(sample.name): \(ours) vs \(theirs)")
      }
    }
    print("◇ the detectors refined the database's answer \(refined) times")
    // What a user meets: a template named .zip, an APNG, a PE with no name.
    let template = FormatSample.detectorSamples.first { $0.name == "Word template" }!.bytes
    #expect(
      registry.identify(template, fileName: "letter.zip").type.identifier
        == "org.openxmlformats.wordprocessingml.template")
    #expect(registry.identify(FormatSample.detectorSamples[0].bytes, fileName: "anim.png").mimeType == "image/apng")
    #expect(
      registry.identify(FormatSample.pe(characteristics: 0x2102), fileName: nil).mimeType == "application/x-msdownload")
  }

  /// Where the database decides by a magic that several formats share (CAFEBABE: Java; an ID3
  /// tag: MP3), the detector's structural answer stands; the database's own format, the near
  /// miss, keeps its name.
  @Test func sharedMagicIsSettledByStructureWithTheDatabase() throws {
    try Peers.sharedMimeInfo.orSkip()
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    let ascii = { (text: String) in Array(text.utf8) }
    let zeros = { (count: Int) in [UInt8](repeating: 0, count: count) }
    // <mach-o/fat.h>: 3 architectures, then (cputype, cpusubtype, offset, size, align) each.
    var fat: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 3]
    for cpu: UInt8 in [7, 12, 18] { fat += [1, 0, 0, cpu, 0, 0, 0, 3, 0, 0, 0x10, 0, 0, 0, 0x10, 0, 0, 0, 0, 12] }
    let javaClass: [UInt8] = [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 45] + zeros(40)
    let tag = ascii("ID3") + [4, 0, 0, 0, 0, 0, 10] + zeros(10)
    let adts: [UInt8] = [0xFF, 0xF1, 0x50, 0x80, 0x02, 0x1F, 0xFC] + zeros(9)
    let mp3Frame: [UInt8] = [0xFF, 0xFB, 0x90, 0x64] + zeros(413)
    // Two and thirty architectures: the counts a fat file has, all below a class file's 45.
    let fatOf = { (count: UInt8) -> [UInt8] in
      let architecture: [UInt8] = [0, 0, 0, 7] + zeros(16)
      return [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, count]
        + Array([[UInt8]](repeating: architecture, count: Int(count)).joined())
    }
    let cases: [(String, [UInt8], String)] = [
      ("fat Mach-O, 3 architectures", fat + zeros(64), "application/x-mach-binary"),
      ("fat Mach-O, 2 architectures", fatOf(2) + zeros(64), "application/x-mach-binary"),
      ("fat Mach-O, 30 architectures", fatOf(30) + zeros(64), "application/x-mach-binary"),
      ("Java class, major 45 (near miss)", javaClass, "application/x-java"),
      ("FLAC after ID3", tag + ascii("fLaC") + [0x80, 0, 0, 0x22] + zeros(64), "audio/flac"),
      ("ADTS AAC after ID3", tag + Array(repeating: adts, count: 8).flatMap { $0 }, "audio/aac"),
      ("MP3 after ID3 (near miss)", tag + mp3Frame + mp3Frame, "audio/mpeg"),
    ]
    for (name, bytes, expected) in cases {
      #expect(registry.identify(bytes, fileName: nil, isComplete: true).mimeType == expected, "\(name)")
    }
  }

  /// MPEG audio of every layer is `audio/mpeg` (RFC 3003), as `file` says; the type names the
  /// layer: Apple's `public.mp2` for layer II, and for layer I a type whose MIME tag is the legacy
  /// `audio/x-mp1`, so that the legacy name still finds it.
  @Test func mpegAudioLayersAreAudioMPEGOfTheirLayersType() throws {
    for (layer, identifier) in [(1, "org.freedesktop.mime.audio.x-mp1"), (2, "public.mp2"), (3, "public.mp3")] {
      let bytes =
        FormatSample.mpegFrame(layer: layer) + FormatSample.mpegFrame(layer: layer) + [UInt8](repeating: 0, count: 64)
      let found = bare.identify(bytes, fileName: nil, isComplete: true)
      #expect(found.mimeType == "audio/mpeg", "layer \(layer)")
      #expect(found.identifier == identifier, "layer \(layer)")
    }
    #expect(
      bare.type(tag: "audio/x-mp1", tagClass: .mimeType, conformingTo: nil)?.identifier
        == "org.freedesktop.mime.audio.x-mp1")
    #expect(bare.type(tag: "audio/mpeg", tagClass: .mimeType, conformingTo: nil)?.identifier == "public.mp3")
  }

  @Test func nearMissesAreNotTheirFormat() throws {
    // The detectors alone: with a database, its own (looser) magic rules answer first.
    for miss in FormatSample.nearMisses {
      let found = bare.identify(miss.bytes, fileName: nil, isComplete: true).mimeType
      #expect(found != miss.notMIMEType, "\(miss.name) identified as \(found)")
      let detected = miss.bytes.withUnsafeBytes { bytes in
        var content = ContentBytes(bytes, size: bytes.count)
        return ContentDetector.detect(&content)?.mimeType
      }
      #expect(detected != miss.notMIMEType, "\(miss.name) detected as \(detected ?? "nothing")")
    }
  }

  /// Every answer a detector gives is a format of the table, and the table is consistent with the
  /// catalog: Apple's identifiers exist, and no format declared here takes a MIME type or an
  /// identifier the catalog has.
  @Test func theFormatTableAgreesWithTheCatalog() throws {
    let catalog = BuiltInCatalog.declarations
    let identifiers = Set(catalog.map { UTTypeRegistry.fold($0.identifier) })
    let catalogMIMETypes = Set(catalog.flatMap { $0.tags[UTTagClass.mimeType.rawValue] ?? [] }.map(UTTypeRegistry.fold))
    for format in Format.all {
      if format.isDeclaredHere {
        #expect(!identifiers.contains(UTTypeRegistry.fold(format.identifier)), "\(format.identifier) is Apple's")
        #expect(
          !catalogMIMETypes.contains(UTTypeRegistry.fold(format.declaredMIMEType)),
          "the catalog declares \(format.declaredMIMEType)")
        for parent in format.parents {
          #expect(bare.type(withIdentifier: parent) != nil, "\(format.mimeType): \(parent)")
        }
      } else {
        #expect(
          identifiers.contains(UTTypeRegistry.fold(format.identifier)), "\(format.identifier) is not in the catalog")
      }
      let type = try #require(bare.type(withIdentifier: format.identifier))
      // Formats declared here conform to a container declared here (a catalog container, such as
      // ZIP for OOXML, is what a database calls the format, not always a parent in Apple's graph).
      if format.isDeclaredHere, let container = format.container, let parent = Format.named(container),
        parent.isDeclaredHere
      {
        #expect(
          type.conforms(to: bare.type(withIdentifier: parent.identifier)!),
          "\(format.identifier) conforms to its container's type \(parent.identifier)")
      }
    }
    #expect(Set(Format.all.map(\.identifier)).count == Format.all.count)
    #expect(Format.containers == Set(Format.all.compactMap(\.container)))
    #expect(identifiers.allSatisfy { !$0.hasPrefix(MIMEDatabase.derivedIdentifierPrefix) })
    for sample in FormatSample.everyFormat {
      #expect(Format.named(sample.mimeType) != nil, "\(sample.name): \(sample.mimeType) is not in Format.all")
    }
    #expect(bare.type(withIdentifier: "org.freedesktop.mime.image.apng")!.conforms(to: .png))
    #expect(bare.type(withIdentifier: "org.freedesktop.mime.image.x-nikon-nef")!.conforms(to: .tiff))
    #expect(bare.identify(FormatSample.detectorSamples[0].bytes, fileName: nil).type.conforms(to: .png))
  }

  /// An answer is mapped to its type without the registry's MIME layer: the catalog's type, a
  /// format's, or (for a type only the database declares) its derived identifier, with the type
  /// itself resolved only when asked for, and the same as the layer's.
  @Test func identificationDoesNotBuildTheMIMELayer() throws {
    let registry = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
    guard registry.loadedMIMEDatabase != nil else { return }
    let desktop = Array("[Desktop Entry]\nType=Application\nName=Thing\n".utf8)
    let answers = [
      registry.identify(FormatSample.all[0].bytes, fileName: "a.png"),
      registry.identify(Array("# Title\n".utf8), fileName: "README.md"),
      registry.identify(FormatSample.detectorSamples[0].bytes, fileName: nil),
      registry.identify(desktop, fileName: "thing.desktop"),
    ]
    #expect(!registry.hasBuiltMIMELayer, "identification alone must not build the layer")
    #expect(
      answers.map(\.identifier).prefix(3) == [
        "public.png", "net.daringfireball.markdown", "org.freedesktop.mime.image.apng",
      ])
    let derived = answers[3]
    #expect(derived.identifier == MIMEDatabase.derivedIdentifier(of: derived.mimeType))
    #expect(!registry.hasBuiltMIMELayer)
    #expect(derived.type.identifier == derived.identifier && derived.type.isDeclared, "the layer's type, resolved now")
    #expect(registry.hasBuiltMIMELayer)
    // The same answers as through the layer, on every sample.
    let completed = registry.completed
    for sample in FormatSample.everyFormat {
      let fast = registry.identify(sample.bytes, fileName: nil)
      let slow = completed.identify(sample.bytes, fileName: nil)
      #expect(fast.identifier == slow.type.identifier, "\(sample.name): \(fast.identifier) vs \(slow.type.identifier)")
    }
  }

  /// The system type index, which a command uses instead of building a registry, answers every
  /// tag and conformance question identification asks as the registry does.
  @Test func theSystemTypeIndexAnswersAsTheRegistry() throws {
    let registry = UTTypeRegistry.Builder(mimeDatabase: nil).build()
    let scan = SystemTypeLookup(UTTypeRegistry.Builder(mimeDatabase: nil))
    var tags: [(String, UTTagClass)] = []
    for type in registry.allTypes {
      for mimeType in type.tags[.mimeType] ?? [] { tags.append((mimeType, .mimeType)) }
      for ext in type.tags[.filenameExtension] ?? [] { tags.append((ext, .filenameExtension)) }
    }
    #expect(tags.count > 900)
    // The first lookups scan the entries; the rest go through the index: both are checked.
    for lookup in [scan, SystemTypeLookup(UTTypeRegistry.Builder(mimeDatabase: nil))] {
      for (tag, tagClass) in tags.prefix(lookup === scan ? 20 : tags.count) {
        for base in ["public.data", "public.item", "public.directory"] {
          #expect(
            lookup.preferredIdentifier(tag: tag, tagClass: tagClass, conformingTo: base)
              == registry.preferredIdentifier(tag: tag, tagClass: tagClass, conformingTo: base), "\(tag) under \(base)")
        }
      }
      for type in registry.allTypes.prefix(lookup === scan ? 20 : registry.count) {
        for base in ["public.data", "public.image", "public.text", "public.zip-archive"] {
          #expect(lookup.conforms(type.identifier, to: base) == registry.conforms(type.identifier, to: base))
        }
        #expect(lookup.preferredMIMEType(of: type.identifier) == type.preferredMIMEType)
        #expect(lookup.declares(type.identifier))
      }
    }
  }

  /// A command's identification (through the builder, no registry built) and a registry's agree
  /// on every sample, with and without the database.
  @Test func identifyingWithoutARegistryAgreesWithTheRegistry() throws {
    let directory = try makeTemporaryDirectory("identify-builder")
    defer { try? FileManager.default.removeItem(at: directory) }
    for source in [nil, UTTypeRegistry.MIMEDatabaseSource.machine] {
      let builder = UTTypeRegistry.Builder(mimeDatabase: source).makeFileIdentifier()
      let registry = UTTypeRegistry.Builder(mimeDatabase: source).build()
      for (index, sample) in FormatSample.everyFormat.enumerated() {
        for name in ["s\(index)", Self.names(sample, index).named, Self.names(sample, index).misleading] {
          let path = directory.appendingPathComponent(name).path
          try Data(sample.bytes).write(to: URL(fileURLWithPath: path))
          let fast = try builder.identifyFile(atPath: path)
          let built = try registry.identifyFile(atPath: path)
          #expect(fast == built, "\(sample.name) as \(name): \(fast) vs \(built)")
          #expect(fast.type.identifier == built.type.identifier)
        }
      }
      #expect(try builder.identifyFile(atPath: directory.path).identifier == "public.folder")
      #expect(
        try builder.identifyFile(atPath: "notes.md", byContent: false).identifier == "net.daringfireball.markdown")
    }
  }

  /// Real ZIP writers: Python's zipfile, deflating every entry (as Office does), so that the
  /// content types are read through the inflater.
  @Test func deflatedOfficePackagesFromPythonsZipfile() throws {
    let directory = try makeTemporaryDirectory("ooxml")
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = """
      import sys, zipfile
      main = {'dotx': ('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml'),
              'xltm': ('xl/workbook.xml', 'application/vnd.ms-excel.template.macroEnabled.main+xml'),
              'potx': ('ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.template.main+xml'),
              'docx': ('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml')}
      for ext, (part, kind) in main.items():
          with zipfile.ZipFile(sys.argv[1] + '/sample.' + ext, 'w', zipfile.ZIP_DEFLATED) as z:
              z.writestr('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\\n'
                  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                  '<Default Extension="xml" ContentType="application/xml"/>'
                  '<Override PartName="/' + part + '" ContentType="' + kind + '"/></Types>')
              z.writestr('_rels/.rels', '<Relationships/>')
              z.writestr(part, '<x/>' * 200)
      with zipfile.ZipFile(sys.argv[1] + '/book.epub', 'w') as z:
          z.writestr(zipfile.ZipInfo('mimetype'), 'application/epub+zip')
          z.writestr('META-INF/container.xml', '<container/>', zipfile.ZIP_DEFLATED)
      """
    let result = try runProcess("/usr/bin/python3", ["-c", script, directory.path])
    try #require(result.status == 0, "\(result.stderrText)")
    let expected = [
      "sample.dotx": "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
      "sample.xltm": "application/vnd.ms-excel.template.macroEnabled.12",
      "sample.potx": "application/vnd.openxmlformats-officedocument.presentationml.template",
      "sample.docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "book.epub": "application/epub+zip",
    ]
    for (name, mimeType) in expected {
      let path = directory.appendingPathComponent(name).path
      #expect(try bare.identifyFile(atPath: path).mimeType == mimeType, "\(name)")
      let renamed = directory.appendingPathComponent("x-" + name + ".zip").path
      try FileManager.default.copyItem(atPath: path, toPath: renamed)
      #expect(try bare.identifyFile(atPath: renamed).mimeType == mimeType, "\(name) named .zip, no database")
      let machine = UTTypeRegistry.Builder(mimeDatabase: .machine).build()
      if machine.loadedMIMEDatabase != nil {
        #expect(
          try machine.identifyFile(atPath: renamed).mimeType == mimeType, "\(name) named .zip: the entries refine zip")
      }
    }
  }

  /// Entries written with data descriptors cannot be walked from the start; the central
  /// directory names them (read from the file's end, never from a prefix alone).
  @Test func zipEntriesAfterADataDescriptorComeFromTheCentralDirectory() throws {
    let jar = FormatSample.zipArchive(
      [("a.class", Array(repeating: 1, count: 300)), ("META-INF/MANIFEST.MF", Array("Manifest-Version: 1.0\n".utf8))],
      descriptors: true)
    let directory = try makeTemporaryDirectory("zip-descriptors")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("lib").path
    try Data(jar).write(to: URL(fileURLWithPath: path))
    #expect(try bare.identifyFile(atPath: path).mimeType == "application/java-archive")
    #expect(bare.identify(jar, fileName: nil).mimeType == "application/zip", "a prefix has no end to read")
  }

  /// Lying containers end in a decision, reading nothing past the prefix they were given.
  @Test func hostileContainersEndInADecision() throws {
    var hostile: [(String, [UInt8])] = []
    // A ZIP whose entry sizes and central directory point past the end.
    var zip = FormatSample.zipArchive(["a.txt", "b.txt"])
    zip.replaceSubrange(18..<22, with: [0xFF, 0xFF, 0xFF, 0x7F])
    zip.replaceSubrange((zip.count - 6)..<(zip.count - 2), with: [0xFF, 0xFF, 0xFF, 0xFF])
    hostile.append(("zip past the end", zip))
    hostile.append(
      (
        "a compound file whose directory chain is a FAT cycle",
        FormatSample.compoundFile(clsid: Array(repeating: 0, count: 16), streams: ["Data"], fatLoop: true)
      ))
    hostile.append(("an ISO box of size 0", [0, 0, 0, 0] + Array("ftypisom".utf8)))
    hostile.append(
      (
        "an ISO box of size 2^64-1",
        [0, 0, 0, 1] + Array("ftyp".utf8) + Array(repeating: 0xFF, count: 8) + Array("isom".utf8)
      ))
    // A TIFF whose IFD's next pointer is the IFD itself.
    hostile.append(
      ("a TIFF IFD loop", [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0xFE, 0, 4, 0, 1, 0, 0, 0, 1, 0, 0, 0, 8, 0, 0, 0]))
    hostile.append(
      (
        "an EBML size that never ends",
        [0x1A, 0x45, 0xDF, 0xA3, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + Array(repeating: 0x42, count: 64)
      ))
    hostile.append(("an ID3 tag as long as it can be", Array("ID3".utf8) + [4, 0, 0, 0x7F, 0x7F, 0x7F, 0x7F]))
    hostile.append(
      (
        "a PNG chunk of length 2^31",
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x7F, 0xFF, 0xFF, 0xFF] + Array("IHDR".utf8)
      ))
    hostile.append(
      (
        "an ELF program header table past the end",
        FormatSample.detectorSamples.first { $0.name == "ELF shared library" }!.bytes.prefix(64).map { $0 }
      ))
    hostile.append(
      (
        "an ASF header of 2^32 objects",
        [0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C]
          + Array(repeating: 0xFF, count: 14)
      ))
    hostile.append(
      (
        "a truncated deflate stream in [Content_Types].xml",
        Array(FormatSample.zipArchive([("[Content_Types].xml", [0xED, 0xC0, 0x81, 0x00, 0x00])]))
      ))
    let directory = try makeTemporaryDirectory("hostile-detectors")
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, bytes) in hostile {
      _ = bare.identify(bytes, fileName: nil)
      let path = directory.appendingPathComponent(name.replacingOccurrences(of: " ", with: "-")).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      _ = try bare.identifyFile(atPath: path)
    }
    // Nothing past the prefix: the bytes after it say ISO 9660, and must not be read.
    var image = [UInt8](repeating: 0, count: 32_768) + [1] + Array("CD001".utf8) + [1, 0]
    let found = image.withUnsafeMutableBytes { bytes in
      bare.identify(prefix: UnsafeRawBufferPointer(rebasing: bytes.prefix(32_000)), fileName: nil)
    }
    #expect(found.mimeType != "application/x-cd-image")
    image = Array(image.prefix(32_774))
    #expect(bare.identify(image, fileName: nil).mimeType == "application/x-cd-image")
  }

  /// Inputs the fuzz target found (`Tests/Fixtures/fuzz-regressions/detectors-*`) end in a
  /// decision, as whole contents and as prefixes.
  @Test func fuzzRegressionsEndInADecision() throws {
    let directory = fixturesDirectory.appendingPathComponent("fuzz-regressions")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      $0.hasPrefix("detectors-")
    }
    #expect(!names.isEmpty)
    for name in names {
      let bytes = try fixture("fuzz-regressions/" + name)
      _ = bare.identify(bytes, fileName: nil, isComplete: true)
      _ = bare.identify(bytes, fileName: nil)
      _ = bytes.withUnsafeBytes { Inflate.decode($0, limit: 1 << 16) }
    }
  }

  /// The descriptor API reads a regular file with `pread` (its offset stays) and a pipe as a stream.
  @Test func identifyingADescriptor() throws {
    let directory = try makeTemporaryDirectory("identify-fd")
    defer { try? FileManager.default.removeItem(at: directory) }
    let sample = FormatSample.detectorSamples.first { $0.name == "ISO 9660" }!
    let path = directory.appendingPathComponent("disc").path
    try Data(sample.bytes).write(to: URL(fileURLWithPath: path))
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    #expect(try bare.identify(fileDescriptor: fd, fileName: nil).mimeType == "application/x-cd-image")
    #expect(lseek(fd, 0, SEEK_CUR) == 0, "pread leaves the offset where it was")
    var pipe: [Int32] = [0, 0]
    #expect(Glibc.pipe(&pipe) == 0)
    let png = FormatSample.all[0].bytes
    _ = png.withUnsafeBytes { write(pipe[1], $0.baseAddress, $0.count) }
    close(pipe[1])
    defer { close(pipe[0]) }
    #expect(try bare.identify(fileDescriptor: pipe[0], fileName: nil).mimeType == "image/png")
    #expect(throws: IdentificationError.self) { try bare.identify(fileDescriptor: -1, fileName: nil) }
    #expect(bare.identificationPrefixLength >= 4096)
  }
}
