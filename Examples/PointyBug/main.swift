import DesktopPasteboard
import Foundation
import Pasteboard
import TypeRegistry

// PointyBug, headless: `swift run pointybug` prints the tutorial's drag and drop step by step.
// `swift run pointybug --window` opens it in a window instead: on Wayland where $WAYLAND_DISPLAY
// is set, else on the X display ($DISPLAY); `--backend x11|wayland` chooses.

let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
do {
  try UTTypeRegistry.shared.register(contentsOf: directory.appendingPathComponent("Info.plist"))
} catch {
  print("error: \(error)")
  exit(2)
}
print("registered \(UTType.arrowTool.identifier), conforming to public.data: \(UTType.arrowTool.conforms(to: .data))")

if CommandLine.arguments.dropFirst().contains("--window") {
  do {
    var backend: SystemPasteboard.Backend?
    if let index = CommandLine.arguments.firstIndex(of: "--backend"), index + 1 < CommandLine.arguments.count {
      backend = try SystemPasteboard.Backend.named(CommandLine.arguments[index + 1])
    }
    // Unbuffered, a line at a time, for whoever reads the log.
    let window = try PointyBugWindow(backend: backend) { line in
      FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
    // The main thread runs the window's events and the main actor's work, as gtk_main() does.
    Task {
      await window.run()
      exit(0)
    }
    try DesktopEvents.run()
    exit(0)
  } catch {
    print("error: \(error)")
    exit(2)
  }
}

let scenario = PointyBugScenario { print($0) }
print("\n1. An arrow dropped before there is a screenshot is refused.")
scenario.dragArrow(along: PointyBugScenario.path(from: CGPoint(x: 40, y: 40), to: CGPoint(x: 400, y: 500), steps: 4))

print("\n2. A screenshot dragged in from another app is loaded into the bug.")
if scenario.dropScreenshot(directory.appendingPathComponent("ladybug.png")) == .copy,
  !scenario.bug.waitForImage(seconds: 10)
{
  print("the image did not arrive")
  exit(1)
}

print("\n3. The arrow dropped on the screenshot adds a marker, in image pixels.")
scenario.dragArrow(along: PointyBugScenario.path(from: CGPoint(x: 40, y: 40), to: CGPoint(x: 600, y: 500), steps: 4))

print("\nThe bug: \(scenario.bug.image?.count ?? 0)-byte screenshot, markers \(scenario.bug.markers.map(format))")
