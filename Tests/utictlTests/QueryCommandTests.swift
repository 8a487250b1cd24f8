import Foundation
import TestSupport
import Testing
import TypeRegistry

@testable import utictl

@Suite("utictl queries")
struct QueryCommandTests {
  static let pointyBug = fixturesDirectory.appendingPathComponent("Info.plist").path

  @Test func conformsToExitsByTheAnswer() {
    let yes = utictl("conforms-to", "public.png", "public.data")
    #expect(yes.status == 0)
    #expect(yes.stdout == "public.png conforms to public.data\n")
    let no = utictl("conforms-to", "public.png", "public.text")
    #expect(no.status == 1)
    #expect(no.stdout == "public.png does not conform to public.text\n")
    let unknown = utictl("conforms-to", "com.example.nope", "public.data")
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr
        == "error: 'com.example.nope' is not a declared type identifier (add its declaration with --types PATH)\n")
    let ext = utictl("conforms-to", "png", "public.data")
    #expect(ext.stderr.contains("use 'utictl lookup --extension png'"))
    #expect(
      utictl("conforms-to", "public.png", "public.data", "--json").stdout
        == #"{"type":"public.png","supertype":"public.data","conforms":true}"# + "\n")
  }

  @Test func pointyBugWithTypesBeforeOrAfterTheCommand() {
    let after = utictl(
      "conforms-to", "com.raywenderlich.pointybug.tool.arrow", "public.data", "--types", Self.pointyBug)
    #expect(after.status == 0)
    let before = utictl(
      "--types", Self.pointyBug, "conforms-to", "com.raywenderlich.pointybug.tool.arrow", "public.item")
    #expect(before.status == 0)
    #expect(
      utictl("conforms-to", "com.raywenderlich.pointybug.tool.arrow", "public.image", "--types", Self.pointyBug).status
        == 1)
    let noSystem = utictl(
      "conforms-to", "com.raywenderlich.pointybug.tool.arrow", "public.data", "--types", Self.pointyBug, "--no-system")
    #expect(noSystem.status == 2)
    #expect(noSystem.stderr.contains("'public.data' is not a declared type identifier"))
    let missing = utictl("info", "public.png", "--types", "/nonexistent/Info.plist")
    #expect(missing.status == 2)
    #expect(missing.stderr == "error: cannot read '/nonexistent/Info.plist': No such file or directory\n")
  }

  @Test func infoShowsEverythingAndWhereItIsDeclared() {
    let run = utictl("info", "com.raywenderlich.pointybug.tool.arrow", "public.png", "--types", Self.pointyBug)
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        com.raywenderlich.pointybug.tool.arrow
          description:  PointyBug arrow tool
          conforms to:  public.data
          supertypes:   public.data, public.item
          public.filename-extension: pbarrow
          declared:     yes, public: no, dynamic: no
          declared in:  \(Self.pointyBug):11

        public.png
          description:  PNG image
          conforms to:  public.image
          supertypes:   public.content, public.data, public.image, public.item
          public.filename-extension: png
          public.mime-type: image/png
          declared:     yes, public: yes, dynamic: no
          declared in:  built-in

        """)
    let json = utictl("info", "public.png", "--json")
    #expect(
      json.stdout
        == #"[{"description":"PNG image","identifier":"public.png","conformsTo":["public.image"],"supertypes":["public.content","public.data","public.image","public.item"],"tags":{"public.filename-extension":["png"],"public.mime-type":["image/png"]},"declared":true,"dynamic":false,"public":true,"declaredIn":"built-in"}]"#
        + "\n")
  }

  @Test func supertypesAndSubtypes() {
    #expect(utictl("supertypes", "public.png").stdout == "public.content\npublic.data\npublic.image\npublic.item\n")
    let subtypes = utictl("subtypes", "public.image").stdout.split(separator: "\n")
    #expect(subtypes.contains("public.png"))
    #expect(subtypes.contains("public.jpeg"))
    #expect(!subtypes.contains("public.image"))
    #expect(subtypes == subtypes.sorted())
    #expect(utictl("subtypes", "public.png", "--json").stdout.hasPrefix("["))
  }

  @Test func treeIndentsTheHierarchy() {
    let run = utictl("tree", "public.image")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "public.image")
    #expect(lines.contains("  public.png"))
    #expect(lines.contains { $0.hasPrefix("    ") })
    let whole = utictl("tree", "--no-system", "--types", Self.pointyBug)
    #expect(whole.stdout == "com.raywenderlich.pointybug.tool.arrow\n")
  }

  @Test func lookupFollowsThePreferenceRule() {
    #expect(utictl("lookup", "--extension", "png").stdout == "public.png\n")
    #expect(utictl("lookup", "--extension", ".PNG").stdout == "public.png\n")
    #expect(utictl("lookup", "--mime", "application/pdf").stdout == "com.adobe.pdf\n")
    #expect(utictl("lookup", "--extension", "conf").stdout == "dyn.ah62d4rv4ge80g55sq2\n")
    #expect(
      utictl("lookup", "--extension", "app", "--conforming-to", "public.directory").stdout
        == "com.apple.application-bundle\n")
    let all = utictl("lookup", "--extension", "mp4", "--all").stdout.split(separator: "\n")
    #expect(all.count >= 2)
    #expect(all.first == "public.mpeg-4")
    #expect(
      utictl("lookup", "--tag", "public.filename-extension=pbarrow", "--types", Self.pointyBug).stdout
        == "com.raywenderlich.pointybug.tool.arrow\n")
    #expect(utictl("lookup").status == 2)
    #expect(utictl("lookup", "--extension", "a", "--mime", "b").status == 2)
  }

  /// `identify --formats`: every format the detectors name, one a line (identifier, MIME type,
  /// description), the same as JSON; without it and without a file, a usage error.
  @Test func identifyListsTheDetectorsFormats() throws {
    let run = utictl("identify", "--formats")
    #expect(run.status == 0)
    let rows = run.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    #expect(rows.count > 100 && rows.allSatisfy { $0.count == 3 })
    #expect(rows.contains { $0 == ["public.png", "image/png", "PNG image"] }, "\(rows.prefix(3))")
    #expect(rows.contains { $0.first == "org.openxmlformats.wordprocessingml.template" })
    let json = utictl("identify", "--formats", "--json")
    #expect(json.stdout.hasPrefix("[{\"identifier\":\"public.png\",\"mimeType\":\"image/png\",\"description\":"))
    let none = utictl("identify")
    #expect(none.status == 2 && none.stderr.contains("Missing expected argument '<file> ...'"))
  }

  @Test func identifyByFileName() throws {
    let dir = try TemporaryDirectory()
    let bundle = dir.url.appendingPathComponent("Thing.app").path
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
    let run = utictl(
      "identify", "--name-only", "photo.JPG", "notes.txt", "README", bundle, dir.url.path, "x.unknownext")
    #expect(
      run.stdout == """
        photo.JPG: public.jpeg
        notes.txt: public.plain-text
        README: public.data
        \(bundle): com.apple.application-bundle
        \(dir.url.path): public.folder
        x.unknownext: \(DynamicTypeIdentifier.encode(.init(conformsTo: ["public.data"], tags: [("public.filename-extension", "unknownext")])))

        """)
  }

  @Test func identifyByContentAndName() throws {
    try Peers.sharedMimeInfo.orSkip()
    let dir = try TemporaryDirectory()
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
    let picture = try dir.file("picture", png)
    let text = try dir.file("letter", "Dear reader,\nhello.\n")
    let bundle = dir.url.appendingPathComponent("Thing.app").path
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
    let pipe = dir.url.appendingPathComponent("pipe").path
    #expect(mkfifo(pipe, 0o600) == 0)
    let missing = dir.url.appendingPathComponent("missing").path
    let run = utictl("identify", picture, text, bundle, pipe, missing, dir.url.path)
    #expect(
      run.stdout == """
        \(picture): public.png
        \(text): public.plain-text
        \(bundle): com.apple.application-bundle
        \(pipe): public.named-pipe
        \(dir.url.path): public.folder

        """)
    #expect(run.stderr == "error: cannot read '\(missing)': No such file or directory\n")
    #expect(run.status == 2, "an unreadable file is reported after the others, with status 2")

    let mime = utictl("identify", "--mime", picture, pipe)
    #expect(mime.stdout == "\(picture): image/png\n\(pipe): inode/fifo\n")
    let json = utictl("identify", "--json", picture)
    let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
    #expect(objects == [["file": picture, "identifier": "public.png", "mimeType": "image/png", "method": "content"]])
    #expect(utictl("identify", "--content", "--name-only", picture).status == 2)
  }

  /// The machine's MIME types: in the registry by default, left out with --no-mime-database, and
  /// replaced by built-in signatures where the machine has no database at all.
  @Test func theMachinesMIMETypes() throws {
    try Peers.sharedMimeInfo.orSkip()
    let sqlite = utictl("lookup", "--mime", "application/x-sqlite3")
    #expect(sqlite.stdout == "org.freedesktop.mime.application.vnd.sqlite3\n")
    #expect(utictl("lookup", "--mime", "application/x-sqlite3", "--no-mime-database").stdout.hasPrefix("dyn."))
    #expect(utictl("conforms-to", "org.freedesktop.mime.application.vnd.sqlite3", "public.data").status == 0)
    #expect(
      utictl("info", "org.freedesktop.mime.application.x-desktop").stdout.contains("declared in:  shared-mime-info"))
    #expect(
      utictl("info", "org.freedesktop.mime.application.vnd.sqlite3").stdout.contains("declared in:  built-in"),
      "a format the built-in detectors name is declared with them, database or not")
    #expect(
      utictl("conforms-to", "org.freedesktop.mime.application.vnd.sqlite3", "public.data", "--no-system").status == 2)

    // The built binary in an environment with no database: built-in signatures.
    let dir = try TemporaryDirectory()
    let png = try dir.file("picture", FormatSample.all[0].bytes)
    let sqliteFile = try dir.file("store", FormatSample.all.first { $0.name == "SQLite" }!.bytes)
    let empty = dir.url.appendingPathComponent("none").path
    let run = try runProcess(
      "/usr/bin/env",
      ["XDG_DATA_HOME=\(empty)", "XDG_DATA_DIRS=\(empty)", try builtUtictl(), "identify", "--json", png, sqliteFile])
    let objects = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [[String: String]])
    #expect(objects.first?["identifier"] == "public.png")
    #expect(objects.map { $0["mimeType"] } == ["image/png", "application/vnd.sqlite3"])
    #expect(objects.map { $0["method"] } == ["content", "content"])
    #expect(
      objects.last?["identifier"] == "org.freedesktop.mime.application.vnd.sqlite3",
      "the detectors' format: the same type with or without a database")
  }

  @Test func dynEncodeAndDecode() {
    #expect(
      utictl("dyn", "encode", "public.filename-extension=conf", "--conforming-to", "public.data").stdout
        == "dyn.ah62d4rv4ge80g55sq2\n")
    #expect(utictl("dyn", "encode", "public.filename-extension=rs").stdout == "dyn.age81e62\n")
    #expect(
      utictl("dyn", "decode", "dyn.ah62d4rv4ge80g55sq2").stdout
        == "conforms to: public.data\npublic.filename-extension: conf\n")
    #expect(
      utictl("dyn", "decode", "dyn.ah62d4rv4ge80g55sq2", "--json").stdout
        == #"{"conformsTo":["public.data"],"tags":{"public.filename-extension":["conf"]}}"# + "\n")
    let bad = utictl("dyn", "decode", "public.png")
    #expect(bad.status == 1)
    #expect(bad.stderr == "error: 'public.png' is not a dynamic type identifier (dyn.a followed by base32)\n")
    #expect(utictl("dyn", "encode", "novalue").status == 2)
  }

  @Test func graphAsDotAndMermaid() {
    #expect(
      utictl("graph", "public.png").stdout == """
        digraph conformance {
          rankdir=BT;
          node [shape=box];
          "public.png";
          "public.content";
          "public.data";
          "public.image";
          "public.item";
          "public.png" -> "public.image";
          "public.data" -> "public.item";
          "public.image" -> "public.data";
          "public.image" -> "public.content";
        }

        """)
    let mermaid = utictl("graph", "public.png", "--format", "mermaid").stdout
    #expect(mermaid.hasPrefix("graph BT\n  n0[\"public.png\"]\n"))
    #expect(mermaid.contains("  n0 --> n3\n"))
    #expect(utictl("graph", "--format", "svg").status == 2)
  }

  /// utictl links no Foundation (FoundationEssentials at most), clipboard included: libFoundation
  /// and ICU would cost every run of it more than a hello world's whole start-up.
  @Test func theBinaryLinksNoFoundation() throws {
    let libraries = try runProcess("/usr/bin/ldd", [try builtUtictl()])
    #expect(libraries.status == 0, "\(libraries.stderrText)")
    #expect(libraries.stdoutText.contains("libswiftCore.so"), "a dynamic build: \(libraries.stdoutText)")
    for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
      #expect(!libraries.stdoutText.contains(library), "\(library) is linked: \(libraries.stdoutText)")
    }
  }

  /// `utictl` copied alone to another folder still answers from the embedded catalog.
  @Test func aCopiedBinaryAnswersFromTheEmbeddedCatalog() throws {
    let dir = try TemporaryDirectory()
    let copy = dir.url.appendingPathComponent("utictl").path
    try FileManager.default.copyItem(atPath: try builtUtictl(), toPath: copy)
    let yes = try runProcess(copy, ["conforms-to", "public.png", "public.data"])
    #expect(yes.status == 0)
    #expect(yes.stdoutText == "public.png conforms to public.data\n")
    let no = try runProcess(copy, ["conforms-to", "public.png", "public.text"])
    #expect(no.status == 1)
    let arrow = try runProcess(
      copy, ["--types", Self.pointyBug, "conforms-to", "com.raywenderlich.pointybug.tool.arrow", "public.data"])
    #expect(arrow.status == 0)
  }
}
