// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "swift-uti-gtk",
  products: [
    .library(name: "PasteboardGTK", targets: ["PasteboardGTK"]),
    .executable(name: "pointybug-gtk", targets: ["PointyBugGTK"]),
  ],
  dependencies: [.package(name: "swift-uti", path: "../..")],
  targets: [
    .systemLibrary(name: "CSwiftUTIGTK", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    .target(
      name: "PasteboardGTK",
      dependencies: [
        "CSwiftUTIGTK", .product(name: "DesktopPasteboard", package: "swift-uti"),
        .product(name: "Pasteboard", package: "swift-uti"), .product(name: "TypeRegistry", package: "swift-uti"),
      ]),
    // PointyBug in GTK 4: `swift run pointybug-gtk`.
    .executableTarget(
      name: "PointyBugGTK",
      dependencies: [
        "PasteboardGTK", "CSwiftUTIGTK", .product(name: "DesktopPasteboard", package: "swift-uti"),
        .product(name: "Pasteboard", package: "swift-uti"), .product(name: "TypeRegistry", package: "swift-uti"),
      ],
      path: "Examples/PointyBugGTK"),
    .executableTarget(
      name: "GTKPeer",
      dependencies: [
        "PasteboardGTK", "CSwiftUTIGTK", .product(name: "DesktopPasteboard", package: "swift-uti"),
        .product(name: "Pasteboard", package: "swift-uti"), .product(name: "SystemPasteboard", package: "swift-uti"),
        .product(name: "TypeRegistry", package: "swift-uti"),
      ],
      path: "Tests/GTKPeer"),
    // The adapter beside GTK alone, in the same run: `swift run -c release gtkbench`.
    .executableTarget(
      name: "gtkbench",
      dependencies: [
        "GTKPeer", .product(name: "_DesktopTestSupport", package: "swift-uti"),
        .product(name: "SystemPasteboard", package: "swift-uti"),
      ],
      path: "Benchmarks/gtkbench"),
    .testTarget(
      name: "PasteboardGTKTests",
      dependencies: [
        "PasteboardGTK", "GTKPeer", "PointyBugGTK", .product(name: "DesktopPasteboard", package: "swift-uti"),
        .product(name: "Pasteboard", package: "swift-uti"), .product(name: "SystemPasteboard", package: "swift-uti"),
        .product(name: "TypeRegistry", package: "swift-uti"),
        .product(name: "_DesktopTestSupport", package: "swift-uti"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Every file of the package's own modules and tests imports the modules whose members it uses
// (SE-0444), as in the main package; the example is left as users write it.
for target in package.targets where target.type != .system && target.path?.hasPrefix("Examples/") != true {
  target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
