import Foundation
import TestSupport
import Testing

/// What a person deciding to depend on the package reads first: the licence and the notice of
/// every piece of outside data, and the peers the tests need.
@Suite struct RepositoryTests {
  /// The folders whose every file needs an entry in `NOTICE`.
  static let noticed = ["Resources", "Tests/Fixtures", "Fuzz/corpus", "scripts/protocols", "scripts/reference"]

  /// The `Path:` entries of `NOTICE` (a folder's ends in `/`).
  static func noticePaths() throws -> [String] {
    let notice = try String(contentsOf: packageRoot.appendingPathComponent("NOTICE"), encoding: .utf8)
    return notice.split(separator: "\n").compactMap { line in
      line.hasPrefix("Path: ") ? String(line.dropFirst("Path: ".count)) : nil
    }
  }

  /// Every file under `folder` (relative to the package), hidden ones included.
  static func files(under folder: String) -> [String] {
    let root = packageRoot.appendingPathComponent(folder)
    guard let walk = FileManager.default.enumerator(atPath: root.path) else { return [] }
    var found: [String] = []
    while let path = walk.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        found.append(folder + "/" + path)
      }
    }
    return found
  }

  /// The folders named `Generated` under `Sources` and `Tests`.
  static func generatedFolders() throws -> [String] {
    try ["Sources", "Tests"].flatMap { top in
      try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(top).path)
        .map { "\(top)/\($0)/Generated" }
        .filter { FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent($0).path) }
    }
  }

  @Test func theLicenceIsApache2() throws {
    let licence = try String(contentsOf: packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
    #expect(licence.contains("Apache License"))
    #expect(licence.contains("Version 2.0, January 2004"))
    let notice = try String(contentsOf: packageRoot.appendingPathComponent("NOTICE"), encoding: .utf8)
    #expect(notice.contains("Licensed under the Apache License, Version 2.0"))
  }

  @Test func everyFileOfOutsideDataHasAnEntryInTheNotice() throws {
    let entries = try Self.noticePaths()
    let folders = try Self.noticed + Self.generatedFolders()
    #expect(folders.contains("Sources/TypeRegistry/Generated"))
    var checked = 0
    for folder in folders {
      for file in Self.files(under: folder) {
        checked += 1
        let covered = entries.contains { $0 == file || ($0.hasSuffix("/") && file.hasPrefix($0)) }
        #expect(covered, "\(file) has no entry in NOTICE (a `Path:` line naming it or a folder above it)")
      }
    }
    #expect(checked > 300)
  }

  @Test func everyEntryOfTheNoticeNamesAFileThatExists() throws {
    for entry in try Self.noticePaths() {
      let path = packageRoot.appendingPathComponent(entry).path
      #expect(FileManager.default.fileExists(atPath: path), "NOTICE names \(entry), which is not in the repository")
    }
  }

  /// Every peer tool the tests check is one whose package `scripts/install-peers.sh` installs
  /// (which `.ci/run` runs), so that it is the one command that gives a machine every peer.
  @Test func everyPeerToolComesFromAPackageCIInstalls() throws {
    let ci = try String(contentsOf: packageRoot.appendingPathComponent("scripts/install-peers.sh"), encoding: .utf8)
      .replacingOccurrences(of: "\\\n", with: " ")  // continued lines joined
    let installed = Set(
      ci.split(separator: "\n").filter { $0.contains("apt-get install") }
        .flatMap { $0.split(separator: " ").map(String.init) })
    for (tool, package) in Peers.tools {
      #expect(
        installed.contains(package), "\(tool) comes from \(package), which scripts/install-peers.sh does not install")
    }
  }

  @Test func theToolsOfAShellCommandAreFound() {
    #expect(Peers.toolsNamed(by: ["/bin/sh", "-c", "timeout 30 xclip -o -selection clipboard"]) == ["xclip"])
    #expect(Peers.toolsNamed(by: ["/usr/bin/xwd", "-root", "-silent"]) == ["xwd"])
    #expect(Peers.toolsNamed(by: ["wl-copy", "--type", "text/plain"]) == ["wl-copy"])
    #expect(Peers.toolsNamed(by: ["/bin/sh", "-c", "printf x | wl-copy; wl-paste -n"]) == ["wl-copy", "wl-paste"])
    // A program's arguments are not commands: only sh, bash, env and timeout run their words.
    #expect(Peers.toolsNamed(by: ["/usr/bin/python3", "script.py", "xclip"]).isEmpty)
  }
}
