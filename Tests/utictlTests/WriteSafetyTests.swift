import Foundation
import PropertyList
import TestSupport
import Testing

@testable import utictl

/// A write never destroys what was there: faults injected into runs of the built binary leave
/// the old file byte for byte, report the file and the reason with status 1, and leave no
/// temporary file behind.
@Suite("Writes that never lose data")
struct WriteSafetyTests {
  /// A valid plist of about 1 MB as XML (2,000 declarations), and its bytes.
  static let big: [UInt8] = try! PropertyList.write(SyntheticInfoPlist.make(declarations: 2000), as: .binary)

  /// A folder with `big.plist` and a valid, different `existing.plist`, kept while `body` runs.
  static func inFolder(
    _ body: (_ directory: TemporaryDirectory, _ big: String, _ existing: String, _ old: [UInt8]) throws -> Void
  ) throws {
    let directory = try TemporaryDirectory()
    let old = Array(xmlPlist("<dict><key>kept</key><true/></dict>").utf8)
    try withExtendedLifetime(directory) {
      try body(directory, try directory.file("big.plist", Self.big), try directory.file("existing.plist", old), old)
    }
  }

  /// Runs `utictl` through bash, so that a test can set limits and signals first.
  static func shell(_ script: String, _ arguments: [String], binary: String? = nil) throws -> ProcessResult {
    try runProcess("/bin/bash", ["-c", script + " \"$@\"", try binary ?? builtUtictl()] + arguments)
  }

  /// Whether this process (and so the utictl built with it) runs under ThreadSanitizer, whose
  /// runtime cannot start under a 100 KB file-size limit: the limit tests run in the plain
  /// `swift test` and are skipped (a condition trait, which Swift Testing reports as a skip)
  /// under `--sanitize=thread`.
  static let underThreadSanitizer = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

  static func entries(of directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
  }

  @Test(.disabled(if: underThreadSanitizer, "ThreadSanitizer's runtime cannot start under ulimit -f"))
  func aFileSizeLimitLeavesTheTargetUntouched() throws {
    try Self.inFolder { directory, big, existing, old in
      // `trap "" XFSZ` ignores SIGXFSZ, so the limit shows as EFBIG on a write (no root needed).
      let result = try Self.shell(
        "trap '' XFSZ; ulimit -f 100; exec \"$0\"", ["plist", "convert", big, "--to", "xml1", "-o", existing])
      #expect(result.status == 1)
      #expect(result.stderrText.contains("cannot write '\(existing)': File too large"), "\(result.stderrText)")
      #expect(result.stderrText.contains("is unchanged"))
      #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: existing))) == old)
      #expect(try Self.entries(of: directory) == ["big.plist", "existing.plist"], "no temporary file is left")
    }
  }

  @Test(.disabled(if: underThreadSanitizer, "ThreadSanitizer's runtime cannot start under ulimit -f"))
  func aFileSizeLimitOnStandardOutputIsReported() throws {
    try Self.inFolder { directory, big, _, _ in
      let out = directory.url.appendingPathComponent("out.plist").path
      let result = try Self.shell(
        "trap '' XFSZ; ulimit -f 100; exec \"$0\" > '\(out)'", ["plist", "convert", big, "--to", "xml1"])
      #expect(result.status == 1)
      #expect(result.stderrText.contains("cannot write '<stdout>': File too large"), "\(result.stderrText)")
    }
  }

  @Test func aFullDeviceIsReported() throws {
    try Self.inFolder { _, big, _, _ in
      let result = try Self.shell("exec \"$0\" > /dev/full", ["plist", "convert", big, "--to", "xml1"])
      #expect(result.status == 1)
      #expect(result.stderrText.contains("No space left on device"), "\(result.stderrText)")
    }
  }

  @Test func aDirectoryWhereTheOutputShouldBeIsLeftAlone() throws {
    try Self.inFolder { directory, big, _, _ in
      let target = directory.url.appendingPathComponent("out.plist").path
      try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
      let result = try Self.shell("exec \"$0\"", ["plist", "convert", big, "--to", "xml1", "-o", target])
      #expect(result.status == 1)
      #expect(result.stderrText.contains("cannot write '\(target)': Is a directory"), "\(result.stderrText)")
      #expect(FileIOProbe.isDirectory(target))
      #expect(try Self.entries(of: directory) == ["big.plist", "existing.plist", "out.plist"])
    }
  }

  @Test func aReadOnlyFolderIsReported() throws {
    try Self.inFolder { directory, big, existing, old in
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
      defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path) }
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: big)
      // Root writes anywhere; run the binary as `nobody` then (setpriv, util-linux).
      let prefix = getuid() == 0 ? "exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$0\"" : "exec \"$0\""
      if getuid() == 0 && which("setpriv") == nil {
        Issue.record("running as root without setpriv: cannot drop privileges to test a read-only folder")
        return
      }
      // A copy of the binary in a folder anyone can enter: the checkout's may not be.
      let bin = try TemporaryDirectory()
      let binary = try bin.file("utictl", [UInt8](try Data(contentsOf: URL(fileURLWithPath: try builtUtictl()))))
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
      let result = try withExtendedLifetime(bin) {
        try Self.shell(prefix, ["plist", "convert", big, "--to", "xml1", "-o", existing], binary: binary)
      }
      #expect(result.status == 1)
      #expect(result.stderrText.contains("cannot write '\(existing)': Permission denied"), "\(result.stderrText)")
      #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: existing))) == old)
      #expect(try Self.entries(of: directory) == ["big.plist", "existing.plist"])
    }
  }

  @Test func aReplacedFileKeepsItsPermissionsAndLinksStayLinks() throws {
    try Self.inFolder { directory, big, existing, _ in
      try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: existing)
      let link = directory.url.appendingPathComponent("link.plist").path
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "existing.plist")
      let result = utictl("plist", "convert", big, "--to", "xml1", "-o", link)
      #expect(result.status == 0, "\(result.stderr)")
      let attributes = try FileManager.default.attributesOfItem(atPath: existing)
      #expect((attributes[.posixPermissions] as? Int) == 0o640)
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "existing.plist")
      let written = try PropertyList.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: existing))))
      #expect(written.format == .xml)
      #expect(written.root == (try PropertyList.parse(Self.big)).root)
      #expect(try Self.entries(of: directory) == ["big.plist", "existing.plist", "link.plist"])
    }
  }

  @Test func aTargetOnAnotherFileSystemIsReplacedWhole() throws {
    try Self.inFolder { _, big, _, _ in
      // /dev/shm is a tmpfs; the test folder lives on the disk. The temporary file is made beside
      // the target, so the final rename never crosses file systems.
      guard FileIOProbe.isDirectory("/dev/shm") else {
        Issue.record("no /dev/shm on this machine: the other-file-system case was not run")
        return
      }
      let target = "/dev/shm/utictl-test-\(UUID().uuidString).plist"
      defer { unlink(target) }
      try Data("old".utf8).write(to: URL(fileURLWithPath: target))
      let result = utictl("plist", "convert", big, "--to", "binary1", "-o", target)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: target)))
          == (try PropertyList.write(
            try PropertyList.parse(Self.big).root, as: .binary)))
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: "/dev/shm").filter {
        $0.hasPrefix(".\(URL(fileURLWithPath: target).lastPathComponent).tmp-")
      }
      #expect(leftovers.isEmpty)
    }
  }
}

/// File-kind questions for the tests, without Foundation's tolerance of links.
enum FileIOProbe {
  static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
