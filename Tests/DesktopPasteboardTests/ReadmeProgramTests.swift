import Foundation
import TestSupport
import Testing

extension DragAndDropTests {
  /// The README's programs (`Examples/Readme/`, each the README's text exactly), built with the
  /// package and run: the identification programs anywhere, the clipboard and drop programs on
  /// the suite's X server with xclip and a GTK window as the other applications.
  @Suite("The README's programs, run")
  @MainActor
  struct ReadmeProgramTests {
    static let readme =
      (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The program in `Examples/Readme/<folder>`, after checking that the README shows it as it is.
    static func program(_ folder: String, product: String) throws -> String {
      let source = packageRoot.appendingPathComponent("Examples/Readme/\(folder)/main.swift")
      let text = try String(contentsOf: source, encoding: .utf8)
      #expect(
        readme.contains("```swift\n" + text + "```"), "the README does not show Examples/Readme/\(folder) as it is")
      return try builtProduct(product)
    }

    /// Runs `program` with its output line-buffered (a pipe is block-buffered otherwise).
    static func start(_ program: String, on server: XServer) throws -> XServer.Peer {
      try server.start("stdbuf", ["-oL", program])
    }

    @Test func theCompleteProgramPrintsWhatTheReadmeSays() throws {
      let run = try runProcess(try Self.program("Hello", product: "readme-hello"), [])
      #expect(run.status == 0, "\(run.stderrText)")
      #expect(run.stdoutText.hasPrefix("public.png image/png true\n"))
      #expect(Self.readme.contains("`swift run Hello` prints:\n\n```text\n" + run.stdoutText + "```"))
    }

    @Test func identifyNamesFilesByNameAndContent() throws {
      let png = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png").path
      let pdf = fixturesDirectory.appendingPathComponent("corpus/ghostscript.pdf").path
      let run = try runProcess(try Self.program("Identify", product: "readme-identify"), [png, pdf])
      #expect(run.status == 0, "\(run.stderrText)")
      #expect(run.stdoutText == "\(png) public.png image/png\n\(pdf) com.adobe.pdf application/pdf\n")
    }

    @Test func copyServesUntilAnotherApplicationCopies() async throws {
      let server = try DragAndDropTests.server.orSkip()
      try Peers.executable("xclip", package: "xclip").orSkip()
      let copy = try Self.start(try Self.program("Copy", product: "readme-copy"), on: server)
      defer { copy.terminate() }
      let pasted = await suspendUntil(within: 20) {
        let read = try? await offThePool {
          try server.run("/bin/sh", ["-c", "timeout 5 xclip -o -selection clipboard"])
        }
        return read?.stdoutText == "Hello from Swift"
      }
      #expect(pasted, "xclip -o never printed the program's text")
      #expect(copy.process.isRunning, "the program serves until another application copies")
      _ = try await offThePool {
        try server.run("/bin/sh", ["-c", "printf other | xclip -i -selection clipboard >/dev/null 2>&1"])
      }
      #expect(await suspendUntil(within: 20) { !copy.process.isRunning }, "the program did not end when xclip copied")
      #expect(copy.process.terminationStatus == 0)
    }

    @Test func pasteListsTheOffersAndPrintsTheText() async throws {
      let server = try DragAndDropTests.server.orSkip()
      try Peers.executable("xclip", package: "xclip").orSkip()
      let program = try Self.program("Paste", product: "readme-paste")
      _ = try await offThePool {
        try server.run("/bin/sh", ["-c", "printf 'from xclip' | xclip -i -selection clipboard >/dev/null 2>&1"])
      }
      var output = ""
      _ = await suspendUntil(within: 20) {
        output = (try? await offThePool { try server.run(program, []) })?.stdoutText ?? ""
        return output.hasSuffix("from xclip\n")
      }
      #expect(output.hasSuffix("from xclip\n"), "\(output)")
      #expect(output.contains("UTF8_STRING → public.utf8-plain-text"), "\(output)")
    }

    @Test func theDropWindowPrintsTheDroppedFile() async throws {
      try Peers.gtk.orSkip()
      let server = try DragAndDropTests.server.orSkip()
      let window = try Self.start(try Self.program("DropWindow", product: "readme-drop-window"), on: server)
      defer { window.terminate() }
      let mapped = await suspendUntil(within: 20) {
        let search = try? await offThePool {
          try server.run("/bin/sh", ["-c", "xdotool search --onlyvisible --name '^Drop files here$'"])
        }
        return search?.status == 0
      }
      #expect(mapped, "the program's window never showed")
      let ladybug = packageRoot.appendingPathComponent("Examples/PointyBug/ladybug.png").path
      let source = try await DragAndDropTests.startGTK(["source", "500", "0", "uris", "file://" + ladybug])
      defer { source.terminate() }
      try await DragAndDropTests.dragFromGTK(to: (200, 150))
      let dropped = try await DragAndDropTests.line(from: window) { $0.hasPrefix("dropped") }
      #expect(dropped == "dropped \(ladybug)")
    }
  }
}
