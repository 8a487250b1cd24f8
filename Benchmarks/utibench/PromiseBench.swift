import Foundation
import SystemPasteboard
import TestSupport
import UTIPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// A promised file kept where a file manager asks (XdndDirectSave's path): 100 MB written by
/// the app's writer into a hidden folder of the destination and linked to its name, beside `cp`
/// copying the same 100 MB into the same folder; and this process's peak resident memory around
/// it (the source's memory stays flat: the bytes go from file to file in the kernel).
enum PromiseBench {
  static func rows(quick: Bool, scratch: URL) -> [Bench.Row] {
    let size = quick ? 8 << 20 : 100 << 20
    let original = scratch.appendingPathComponent("promised-original.bin").path
    let folder = scratch.appendingPathComponent("promise-destination").path
    var bytes = [UInt8](repeating: 0, count: 1 << 20)
    var generator = SplitMix64(seed: 57)
    for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
    guard FileManager.default.createFile(atPath: original, contents: nil),
      let handle = FileHandle(forWritingAtPath: original),
      (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
    else { return [] }
    for _ in 0..<(size >> 20) { handle.write(Data(bytes)) }
    try? handle.close()
    // The app's writer: a download or an export, here the original's bytes copied by the kernel
    // as cp copies them (no fsync, which cp does not do either).
    let promise = FilePromise(fileName: "promised.bin") { path in
      let input = open(original, O_RDONLY | O_CLOEXEC)
      let output = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      defer {
        close(input)
        close(output)
      }
      _ = try FileIO.copyInKernel(from: input, to: output, path: path)
    }
    let runs = quick ? 2 : 5
    let before = Self.peakResident()
    let ours = Bench.measure(runs: runs) {
      let written = try? promise.write(to: folder + "/promised.bin")
      if let written { unlink(written) }
    }
    let after = Self.peakResident()
    let cp = Bench.measureProcess(
      runs: runs, "/bin/sh", ["-c", "cp '\(original)' '\(folder)/copied.bin' && rm '\(folder)/copied.bin'"])
    print(
      "file promise: peak resident \(Bench.size(before)) before \(runs) writes of \(Bench.size(size)), \(Bench.size(after)) after"
    )
    return [
      .init(
        "file promise kept in a file manager's folder (XdndDirectSave: staged, then linked), \(Bench.size(size))",
        ours, cp, peer: "cp of the same file (and rm)", bytes: size)
    ]
  }

  /// This process's peak resident memory (`VmHWM`), in bytes.
  static func peakResident() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
  }
}
