// gtkbench: the GTK adapter beside GTK alone, in the same run (utibench may not link GTK).
//
//   swift run -c release gtkbench [--runs N] [--megabytes M]
//
// A drop of an M MB image (20 by default) from a GTK 3 application into a GTK 4 widget, timed
// from the pointer's release to the bytes in memory: into the adapter's widget (a DropDelegate
// whose performDrop loads the image, PasteboardGTK over GtkDropTargetAsync), and into a plain
// GTK 4 GtkDropTargetAsync that reads the bytes itself (gdk_drop_read_async spliced into
// memory). Runs interleave (adapter, plain, plain, adapter, …) on one headless sway, its pointer
// a virtual one; medians, and every run, are printed.
import DesktopTestSupport
import Foundation
import TestSupport

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
  return Int(arguments[index + 1]) ?? value
}
let runs = option("--runs", default: 5)
let megabytes = option("--megabytes", default: 20)

do {
  let bench = try DropBench(megabytes: megabytes)
  var times: [String: [Double]] = [:]
  for run in 0..<runs {
    let order = run % 2 == 0 ? ["adapter", "plain"] : ["plain", "adapter"]
    for target in order {
      let milliseconds = try bench.drop(into: target)
      times[target, default: []].append(milliseconds)
      print("run \(run + 1): \(target) \(String(format: "%.1f", milliseconds)) ms")
    }
  }
  func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }
  let (adapter, plain) = (median(times["adapter"] ?? []), median(times["plain"] ?? []))
  print("")
  print("| drop of a \(megabytes) MB image from GTK 3, release to bytes in memory (sway) | median of \(runs) |")
  print("|---|---|")
  print("| PasteboardGTK: onDrop(of:delegate:), performDrop loads the image | \(String(format: "%.1f", adapter)) ms |")
  print("| GTK 4 alone: GtkDropTargetAsync, gdk_drop_read_async into memory | \(String(format: "%.1f", plain)) ms |")
  print("| ratio (plain / adapter) | \(String(format: "%.2f", plain / adapter))× |")
} catch {
  print("gtkbench: \(error)")
  exit(1)
}
