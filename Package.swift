// swift-tools-version: 6.2
// 6.2: the code uses `SendableMetatype`, which needs a Swift 6.2 compiler.
import PackageDescription

let package = Package(
  name: "swift-uti",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "PropertyList", targets: ["PropertyList"]),
    .library(name: "TypeRegistry", targets: ["TypeRegistry"]),
    .library(name: "TypeValidation", targets: ["TypeValidation"]),
    .library(name: "Pasteboard", targets: ["Pasteboard"]),
    .library(name: "SystemPasteboard", targets: ["SystemPasteboard"]),
    .library(name: "DesktopPasteboard", targets: ["DesktopPasteboard"]),
    .library(name: "Workspace", targets: ["Workspace"]),
    .executable(name: "utictl", targets: ["utictl"]),
    .executable(name: "pointybug", targets: ["PointyBug"]),
    .executable(name: "bookmarks", targets: ["Bookmarks"]),
    .executable(name: "drag-source", targets: ["DragSource"]),
    // The tests' peers and virtual input, for the repository's second package (Integrations/GTK),
    // whose tests start the same desktops: not API (its name's underscore says so; the
    // versioning policy does not cover it).
    .library(name: "_DesktopTestSupport", targets: ["TestSupport", "DesktopTestSupport"]),
    // `swift package validate-types`, and the build-tool plugin that fails `swift build` on errors.
    .plugin(name: "ValidateTypes", targets: ["ValidateTypes"]),
    .plugin(name: "ValidateTypesBuildTool", targets: ["ValidateTypesBuildTool"]),
  ],
  dependencies: [],
  targets: [
    // Locks, threads, clocks and file I/O over Glibc, Musl and Darwin; shared by the modules, no product.
    .target(name: "UTIPlatform"),
    // Property lists: readers, writer, located values. Knows nothing of types.
    .target(name: "PropertyList"),
    // Type declarations, the registry, `UTType` and the built-in catalog.
    .target(name: "TypeRegistry", dependencies: ["PropertyList", "UTIPlatform"]),
    // The declaration linter behind `utictl validate`: rules, diagnostics, the Swift source scanner.
    .target(name: "TypeValidation", dependencies: ["TypeRegistry", "PropertyList", "UTIPlatform"]),
    .target(name: "Pasteboard", dependencies: ["TypeRegistry", "UTIPlatform"]),
    // The desktop, backend-neutral: pasteboards, windows' seam, the error, backend choice, the
    // event loop and work pool, offers, the portal. The X11 and Wayland wire protocols are in Swift
    // (no C library) and no module of the desktop imports Foundation (FoundationEssentials at most):
    // what utictl links.
    .target(name: "SystemPasteboardCore", dependencies: ["TypeRegistry", "UTIPlatform"]),
    // The backends, each its own target so that neither the neutral core nor the other backend can
    // name its types: X11 (connection, selections, INCR, XDND, XDS) and Wayland (connection, data
    // control, data devices, drag and drop).
    .target(name: "SystemPasteboardX11", dependencies: ["SystemPasteboardCore", "TypeRegistry", "UTIPlatform"]),
    .target(name: "SystemPasteboardWayland", dependencies: ["SystemPasteboardCore", "TypeRegistry", "UTIPlatform"]),
    // What users import: the core and both backends, and the one place that names both (which
    // backend makes a pasteboard's way to its selection), as swift-nio's `NIO` is over its modules.
    .target(
      name: "SystemPasteboard",
      dependencies: ["SystemPasteboardCore", "SystemPasteboardX11", "SystemPasteboardWayland", "TypeRegistry"]),
    // Pasteboard's model on the desktop: item providers on the system pasteboard, and one bridge from
    // SystemPasteboard's window seam to DropSurface and DragSession. The one desktop part that imports
    // Foundation; it imports no wire type.
    .target(
      name: "DesktopPasteboard",
      dependencies: [
        "SystemPasteboard", "SystemPasteboardCore", "SystemPasteboardX11", "SystemPasteboardWayland", "Pasteboard",
        "TypeRegistry", "UTIPlatform",
      ]),
    // The app's side of the Linux desktop, with NSWorkspace's names: the freedesktop export of an
    // Info.plist's declarations (a shared-mime-info package, a desktop entry), and which
    // application opens what.
    .target(name: "Workspace", dependencies: ["TypeRegistry", "PropertyList", "UTIPlatform"]),
    // A self-contained release binary: `swift build -c release --static-swift-stdlib` (scripts/release.sh).
    .executableTarget(
      name: "utictl",
      dependencies: ["TypeRegistry", "TypeValidation", "PropertyList", "SystemPasteboard", "Workspace", "UTIPlatform"]),
    .plugin(
      name: "ValidateTypes",
      capability: .command(
        intent: .custom(
          verb: "validate-types",
          description: "Check the type declarations of the package's targets with utictl validate.")),
      dependencies: ["utictl"]),
    .plugin(name: "ValidateTypesBuildTool", capability: .buildTool(), dependencies: ["utictl"]),
    .executableTarget(
      name: "utibench",
      dependencies: [
        "PropertyList", "TypeRegistry", "Pasteboard", "SystemPasteboard", "DesktopPasteboard", "Workspace",
        "UTIPlatform", "TestSupport", "DesktopTestSupport",
      ],
      path: "Benchmarks/utibench"
    ),
    .executableTarget(name: "utibench-hello", path: "Benchmarks/hello"),
    .executableTarget(
      name: "PointyBug",
      dependencies: ["Pasteboard", "TypeRegistry", "SystemPasteboard", "DesktopPasteboard"],
      path: "Examples/PointyBug",
      exclude: ["Info.plist", "ladybug.png"]
    ),
    // The AppKit-style example: a bookmarks bar with NSPasteboard and NSDraggingDestination.
    .executableTarget(
      name: "Bookmarks", dependencies: ["Pasteboard", "TypeRegistry", "SystemPasteboard", "DesktopPasteboard"],
      path: "Examples/Bookmarks", exclude: ["Info.plist"]),
    // A window to drag files or text from, to try a drop target with.
    .executableTarget(
      name: "DragSource", dependencies: ["Pasteboard", "TypeRegistry", "DesktopPasteboard"], path: "Examples/DragSource"
    ),
    // The guides by task (SwiftUTI.docc): a documentation target, with no product and no API.
    .target(name: "SwiftUTI", path: "Sources/SwiftUTI"),
    // The README's programs, as written there (ReadmeProgramTests checks the text and runs them).
    .executableTarget(name: "readme-hello", dependencies: ["TypeRegistry"], path: "Examples/Readme/Hello"),
    .executableTarget(name: "readme-identify", dependencies: ["TypeRegistry"], path: "Examples/Readme/Identify"),
    .executableTarget(name: "readme-copy", dependencies: ["SystemPasteboard"], path: "Examples/Readme/Copy"),
    .executableTarget(name: "readme-paste", dependencies: ["SystemPasteboard"], path: "Examples/Readme/Paste"),
    .executableTarget(
      name: "readme-drop-window", dependencies: ["DesktopPasteboard", "Pasteboard", "TypeRegistry"],
      path: "Examples/Readme/DropWindow"),
    // Test helpers and the generators that tests, benchmarks and fuzzers share.
    .target(
      name: "TestSupport", dependencies: ["PropertyList", "TypeRegistry", "UTIPlatform"], path: "Tests/TestSupport"),
    // Test-only desktop tools: virtual input for a headless seat, and the drag probes that time a
    // target's answer (XDND and Wayland). Never in a library product.
    .target(
      name: "DesktopTestSupport",
      dependencies: [
        "SystemPasteboard", "SystemPasteboardX11", "SystemPasteboardWayland", "DesktopPasteboard", "UTIPlatform",
        "TestSupport",
      ],
      path: "Tests/DesktopTestSupport"),
    .testTarget(name: "UTIPlatformTests", dependencies: ["UTIPlatform", "TestSupport"]),
    .testTarget(
      name: "SystemPasteboardTests",
      dependencies: [
        "SystemPasteboard", "SystemPasteboardCore", "SystemPasteboardX11", "SystemPasteboardWayland",
        "DesktopPasteboard", "Pasteboard", "TypeRegistry", "UTIPlatform", "TestSupport", "utictl",
      ]),
    .testTarget(
      name: "DesktopPasteboardTests",
      dependencies: [
        "DesktopPasteboard", "SystemPasteboard", "SystemPasteboardCore", "SystemPasteboardX11",
        "SystemPasteboardWayland", "Pasteboard", "TypeRegistry", "UTIPlatform", "TestSupport",
        "DesktopTestSupport", "utictl", "PointyBug", "Bookmarks",
      ]),
    .testTarget(name: "PropertyListTests", dependencies: ["PropertyList", "TestSupport"]),
    .testTarget(name: "TypeRegistryTests", dependencies: ["TypeRegistry", "PropertyList", "TestSupport"]),
    .testTarget(
      name: "TypeValidationTests",
      dependencies: ["TypeValidation", "TypeRegistry", "PropertyList", "UTIPlatform", "TestSupport"]),
    .testTarget(
      name: "PasteboardTests", dependencies: ["Pasteboard", "PointyBug", "TypeRegistry", "UTIPlatform", "TestSupport"]),
    .testTarget(
      name: "utictlTests",
      dependencies: ["utictl", "TypeRegistry", "TypeValidation", "PropertyList", "Workspace", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// Every file of the package's own modules and tests imports the modules whose members it uses
// (SE-0444), rather than reaching them through another file's import or a module's re-export:
// what a target uses shows in its files' imports, and each import is among the target's
// dependencies (scripts/package-graph.py checks). The examples are left as users write them.
for target in package.targets where target.type != .plugin && target.path?.hasPrefix("Examples/") != true {
  target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
