import Foundation
import TestSupport
import Testing

/// A test whose peer cannot start is a skip that Swift Testing reports, and a failure that names
/// the peer under `SWIFT_UTI_REQUIRE_PEERS=1` (as `.ci/run` sets): the test bundle itself, run on
/// one X11 test with Xvfb taken off the `PATH`.
@Suite("Peers: a missing peer is a reported skip, or a failure when peers are required")
struct PeerRequirementTests {
  /// Runs this test bundle's `multipleConvertsEachPair` with `PATH` holding no Xvfb.
  static func runWithoutXvfb(requirePeers: Bool) throws -> ProcessResult {
    let bundle = CommandLine.arguments[0]
    var settings = ["-u", "SWIFT_UTI_REQUIRE_PEERS", "PATH=/nonexistent", "NO_COLOR=1"]
    if requirePeers { settings.append("SWIFT_UTI_REQUIRE_PEERS=1") }
    return try runProcess(
      "/usr/bin/env",
      settings + [bundle, "--testing-library", "swift-testing", "--filter", "multipleConvertsEachPair"])
  }

  @Test func aMissingPeerIsACancelledTestNotAPass() throws {
    let run = try Self.runWithoutXvfb(requirePeers: false)
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.output.contains(
        "Test multipleConvertsEachPair() was cancelled after"),
      "\(run.output)")
    #expect(run.output.contains("skipped: Xvfb: not installed (Debian's xvfb; scripts/install-peers.sh installs it)"))
    #expect(!run.output.contains("Test multipleConvertsEachPair() passed"))
  }

  @Test func withPeersRequiredTheSameTestFailsNamingThePeer() throws {
    let run = try Self.runWithoutXvfb(requirePeers: true)
    #expect(run.status != 0, "\(run.output)")
    #expect(
      run.output.contains(
        "required peer missing: Xvfb: not installed (Debian's xvfb; scripts/install-peers.sh installs it)"
          + " (SWIFT_UTI_REQUIRE_PEERS=1 turns this skip into a failure)"),
      "\(run.output)")
    #expect(run.output.contains("Test multipleConvertsEachPair() failed"))
  }
}

extension ProcessResult {
  /// What Swift Testing printed: its events go to standard error, its summary too.
  fileprivate var output: String { stdoutText + stderrText }
}
