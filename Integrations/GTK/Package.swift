// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "swift-uti-gtk",
  dependencies: [.package(name: "swift-uti", path: "../..")],
  targets: [
    .systemLibrary(name: "CSwiftUTIGTK", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    .target(name: "PasteboardGTK", dependencies: ["CSwiftUTIGTK", .product(name: "DesktopPasteboard", package: "swift-uti")]),
    .executableTarget(
      name: "GTKPeer",
      dependencies: [
        "PasteboardGTK", "CSwiftUTIGTK", .product(name: "DesktopPasteboard", package: "swift-uti"),
      ],
      path: "Tests/GTKPeer"),
    .testTarget(
      name: "PasteboardGTKTests",
      dependencies: [
        "PasteboardGTK", "GTKPeer", .product(name: "DesktopPasteboard", package: "swift-uti"),
        .product(name: "_DesktopTestSupport", package: "swift-uti"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
