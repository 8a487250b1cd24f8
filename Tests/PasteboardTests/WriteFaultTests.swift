import Foundation
import TestSupport
import Testing
import TypeRegistry

@testable import Pasteboard

/// Files written for loads never survive half-written: on a full file system the load fails with
/// the file and the reason, and nothing is left in the folder.
@Suite("Item providers: write faults")
struct WriteFaultTests {
  /// A 256 KB tmpfs mounted for the test (needs root, as CI runs); the test is skipped (failed
  /// under `SWIFT_UTI_REQUIRE_PEERS=1`) where it cannot be mounted.
  static func withSmallFileSystem(_ body: (URL) async throws -> Void) async throws {
    let directory = try makeTemporaryDirectory("swift-uti-tests")
    defer { try? FileManager.default.removeItem(at: directory) }
    guard getuid() == 0, mount("tmpfs", directory.path, "tmpfs", 0, "size=256k") == 0 else {
      try Peers.skip(PeerUnavailable("a 256 KB tmpfs", "cannot be mounted here (needs root and mount permission)"))
    }
    defer { umount(directory.path) }
    try await body(directory)
  }

  @Test func copyFileRepresentationOnAFullFileSystemFailsAndLeavesNothing() async throws {
    try await Self.withSmallFileSystem { directory in
      let provider = dataProvider(.png, Data(repeating: 0x89, count: 1 << 20))
      provider.suggestedName = "Big"
      let (url, error) = await completion { done in
        provider.copyFileRepresentation(for: .png, to: directory, completionHandler: done)
      }
      #expect(url == nil)
      #expect(providerCode(error) == .itemUnavailableError)
      #expect("\(error.map { "\($0)" } ?? "")".contains("No space left on device"), "\(String(describing: error))")
      #expect(files(under: directory.path).isEmpty, "the partial copy is removed")
    }
  }

  @Test func aStreamedFileCopyOnAFullFileSystemFailsAndLeavesNothing() async throws {
    try await Self.withSmallFileSystem { directory in
      let source = try makeTemporaryDirectory("swift-uti-tests")
      defer { try? FileManager.default.removeItem(at: source) }
      let file = source.appendingPathComponent("movie.mov")
      try Data(repeating: 1, count: 1 << 20).write(to: file)
      let provider = ItemProvider()
      provider.registerFileRepresentation(for: .quickTimeMovie) { completion in
        completion(file, false, nil)
        return nil
      }
      let (url, error) = await completion { done in
        provider.copyFileRepresentation(for: .movie, to: directory, completionHandler: done)
      }
      #expect(url == nil)
      #expect("\(error.map { "\($0)" } ?? "")".contains("No space left on device"), "\(String(describing: error))")
      #expect(files(under: directory.path).isEmpty)
      #expect(try Data(contentsOf: file).count == 1 << 20, "the source is untouched")
    }
  }
}
