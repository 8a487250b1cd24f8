// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "swift-uti",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "TypeRegistry", targets: ["TypeRegistry"]),
    .library(name: "Pasteboard", targets: ["Pasteboard"]),
    .executable(name: "utictl", targets: ["utictl"]),
    .executable(name: "pointybug", targets: ["PointyBug"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "TypeRegistry"),
    .target(name: "Pasteboard", dependencies: ["TypeRegistry"]),
    .executableTarget(
      name: "utictl",
      dependencies: ["TypeRegistry"],
      linkerSettings: [
        // Release builds link the Swift runtime and Foundation statically: a `utictl` copied alone
        // to another machine runs, and starts without loading shared libraries. lld, because GNU ld
        // warns about `mktemp` inside the static Foundation.
        .unsafeFlags(
          [
            "-static-stdlib", "-use-ld=lld", "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-l_FoundationCShims",
            "-Xlinker", "-lswiftSynchronization",
          ],
          .when(platforms: [.linux], configuration: .release))
      ]
    ),
    .executableTarget(
      name: "utibench",
      dependencies: ["TypeRegistry", "Pasteboard"],
      path: "Benchmarks/utibench"
    ),
    .executableTarget(name: "utibench-hello", path: "Benchmarks/hello"),
    .executableTarget(
      name: "PointyBug",
      dependencies: ["Pasteboard", "TypeRegistry"],
      path: "Examples/PointyBug",
      exclude: ["Info.plist", "ladybug.png"]
    ),
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "TypeRegistryTests", dependencies: ["TypeRegistry", "TestSupport"]),
    .testTarget(name: "PasteboardTests", dependencies: ["Pasteboard", "PointyBug", "TypeRegistry", "TestSupport"]),
    .testTarget(name: "utictlTests", dependencies: ["utictl", "TypeRegistry", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
