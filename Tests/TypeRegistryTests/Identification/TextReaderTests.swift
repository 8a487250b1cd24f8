import Foundation
import Testing

@testable import TypeRegistry

/// The strict text readers that decide before the token model, each with the forms the world
/// writes and the near misses that must not pass for it.
@Suite struct TextReaderTests {
  let bare = UTTypeRegistry.Builder(mimeDatabase: nil).build()

  func mimeType(_ text: String) -> String { bare.identify(Array(text.utf8), fileName: nil, isComplete: true).mimeType }

  /// BuildKit's Dockerfiles: a `# syntax=` directive first, `FROM --platform=… AS build`,
  /// heredocs (whose bodies are shell or files, not instructions), lowercase instructions, and
  /// Windows' `# escape=` with backtick continuations.
  @Test(arguments: [
    """
    # syntax=docker/dockerfile:1.4
    FROM --platform=$BUILDPLATFORM golang:1.22 AS build
    WORKDIR /src
    RUN <<EOF
    set -e
    apt-get update
    apt-get install -y git make
    go mod download
    EOF
    COPY <<-"CONF" /etc/app.conf
    \tlisten = 8080
    \tworkers = 4
    \tCONF
    FROM gcr.io/distroless/static
    COPY --from=build /out/app /app
    ENTRYPOINT ["/app"]
    """,
    """
    # escape=`
    FROM mcr.microsoft.com/windows/servercore:ltsc2022
    RUN powershell -Command `
        Invoke-WebRequest https://example.com/setup.exe -OutFile setup.exe ; `
        Start-Process setup.exe -Wait
    WORKDIR C:\\app
    CMD ["app.exe"]
    """,
    """
    from alpine:3.19
    run apk add --no-cache curl
    copy entrypoint.sh /usr/local/bin/
    entrypoint ["entrypoint.sh"]
    """,
  ])
  func dockerfilesAsBuildKitReadsThem(_ text: String) {
    #expect(mimeType(text) == "text/x-dockerfile")
  }

  /// A Dockerfile shown in a Markdown fence is Markdown; a shell script with a heredoc is not a
  /// Dockerfile; one instruction is not enough.
  @Test func dockerfileNearMisses() {
    let markdown = """
      # Building the image

      Use this file:

      ```dockerfile
      FROM alpine:3.19
      RUN apk add curl
      ```

      Then run `docker build -t app .` in the folder.
      """
    #expect(mimeType(markdown) != "text/x-dockerfile")
    let shell = "#!/bin/sh\ncat <<EOF > /etc/motd\nFROM the team\nEOF\necho done\n"
    #expect(mimeType(shell) == "application/x-shellscript")
    #expect(mimeType("FROM the desk of the editor\nDear reader, thank you.\n") != "text/x-dockerfile")
  }

  @Test func heredocMarkersAreReadAsBuildKitReadsThem() {
    let markers = TextClassifier.heredocMarkers(in: "COPY <<one <<-\"two\" /dst/ && cat <<<'not' <<'three'")
    #expect(markers.map(\.word) == ["one", "two", "three"])
    #expect(markers.map(\.stripsTabs) == [false, true, false])
    #expect(TextClassifier.escapeDirective("# escape=`") == "`")
    #expect(TextClassifier.escapeDirective("# syntax=docker/dockerfile:1") == nil)
  }
}
