import Foundation
import TypeRegistry
import UTIPlatform

/// The private directory that holds the files item providers hand to readers.
///
/// One directory per process, created on first use with mode 0700 under the temporary directory
/// (`$TMPDIR`, else `/tmp`). Each load gets its own subdirectory, so two loads of items with the
/// same suggested name never collide, and removing the subdirectory removes everything the load
/// wrote.
enum TemporaryFiles {
  private static let rootPath = Locked<String?>(nil)

  /// The private directory, created if needed.
  static func root() throws(POSIXFailure) -> String {
    try rootPath.withLock { (path: inout String?) -> Result<String, POSIXFailure> in
      if let path { return .success(path) }
      let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
      return Result { () throws(POSIXFailure) in
        let created = try makeDirectory(template: base + "/swift-uti-items-XXXXXX")
        path = created
        return created
      }
    }.get()
  }

  /// A new directory for one load, inside ``root()``.
  static func makeLoadDirectory() throws(POSIXFailure) -> String {
    try makeDirectory(template: try root() + "/load-XXXXXX")
  }

  /// Writes the file `name` with `write` into a new load directory; returns the directory (the
  /// caller removes it) and the file's path. Nothing is left behind when `write` fails.
  static func writeInNewLoadDirectory(
    name: String, write: (String) throws(POSIXFailure) -> Void
  ) throws(POSIXFailure) -> (directory: String, path: String) {
    let directory = try makeLoadDirectory()
    let path = directory + "/" + name
    do throws(POSIXFailure) {
      try write(path)
    } catch {
      remove(directory)
      throw error
    }
    return (directory, path)
  }

  private static func makeDirectory(template: String) throws(POSIXFailure) -> String {
    var bytes = Array(template.utf8CString)
    guard mkdtemp(&bytes) != nil else { throw POSIXFailure(path: template, code: errno) }
    return String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes a load directory and everything in it.
  static func remove(_ directory: String) {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Writes a new file named `name` in `directory` with `write`, adding ` 2`, ` 3` … before the
  /// extension while the name is taken; returns its path.
  static func createUnique(
    in directory: String, name: String, write: (String) throws(POSIXFailure) -> Void
  ) throws(POSIXFailure) -> String {
    for attempt in 1...1000 {
      let path = directory + "/" + FileIO.numberedName(name, attempt)
      do throws(POSIXFailure) {
        try write(path)
        return path
      } catch  where error.code == EEXIST && error.path == path {
        continue
      } catch {
        if error.path == path { unlink(path) }
        throw error
      }
    }
    throw POSIXFailure(path: directory + "/" + name, code: EEXIST)
  }

  /// A file name made safe from a name someone else suggested.
  ///
  /// Path separators (`/`, `\`) and `:` become `_`; control characters (including NUL) are
  /// dropped; leading dots and surrounding spaces are removed, so neither `..` nor a hidden file
  /// can result; the name is cut to 200 bytes of UTF-8 at a character boundary; an empty result
  /// becomes `item`. `pathExtension` (the type's preferred extension) is appended unless the name
  /// already ends with it.
  ///
  /// ```swift
  /// TemporaryFiles.sanitizedFileName("../../etc/passwd", pathExtension: nil)  // "_.._etc_passwd"
  /// ```
  static func sanitizedFileName(_ suggested: String?, pathExtension: String?) -> String {
    var name = ""
    for scalar in (suggested ?? "").unicodeScalars {
      switch scalar.value {
      case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029: continue
      case 0x2F, 0x5C, 0x3A: name.unicodeScalars.append("_")
      default: name.unicodeScalars.append(scalar)
      }
    }
    name = String(name.drop { $0 == "." || $0 == " " })
    while name.last == " " { name.removeLast() }
    let limit = 200
    if name.utf8.count > limit {
      var cut = ""
      for character in name {
        if cut.utf8.count + String(character).utf8.count > limit { break }
        cut.append(character)
      }
      name = cut
    }
    if name.isEmpty { name = "item" }
    if let pathExtension, !pathExtension.isEmpty,
      !name.lowercased().hasSuffix("." + pathExtension.lowercased())
    {
      name += "." + pathExtension
    }
    return name
  }

  /// Copies the file at `source` to the new file `destination`, streaming: the kernel copies with
  /// `sendfile` where it can, else 1 MiB at a time, so memory stays flat for any size. Every
  /// write, the `fsync` and the `close` are checked; on failure the partial copy is removed.
  /// `name` in `folder`, numbered before its extension (`name 2.ext`, `name 3.ext` …) while a
  /// file of that name is there.
  static func freeURL(in folder: URL, for name: String) -> URL {
    func isFree(_ url: URL) -> Bool {
      if case .missing = FileIO.kind(of: url.path, followingLinks: false) { return true }
      return false
    }
    for number in 1...10_000 {
      let url = folder.appendingPathComponent(FileIO.numberedName(name, number))
      if isFree(url) { return url }
    }
    let ext = (name as NSString).pathExtension
    return folder.appendingPathComponent(UUID().uuidString + (ext.isEmpty ? "" : "." + ext))
  }

  static func copyFile(from source: String, to destination: String) throws(POSIXFailure) {
    let input = open(source, O_RDONLY | O_CLOEXEC)
    guard input >= 0 else { throw POSIXFailure(path: source, code: errno) }
    defer { close(input) }
    try POSIXFailure.wrap { () throws(FileIO.Error) in
      try FileIO.create(destination) { output throws(FileIO.Error) in
        try copy(from: input, source: source, to: output, destination: destination)
      }
    }
  }

  private static func copy(from input: Int32, source: String, to output: Int32, destination: String)
    throws(FileIO.Error)
  {
    if try FileIO.copyInKernel(from: input, to: output, path: destination).finished { return }
    let bufferSize = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 16)
    defer { buffer.deallocate() }
    var interruptions = 0
    while true {
      let count = read(input, buffer, bufferSize)
      if count == 0 { return }
      if count < 0 {
        if errno == EINTR && interruptions < FileIO.interruptionLimit {
          interruptions += 1
          continue
        }
        throw FileIO.Error(path: source, operation: .read, code: errno)
      }
      interruptions = 0
      try FileIO.writeAll(fd: output, UnsafeRawBufferPointer(start: buffer, count: count), path: destination)
    }
  }

  /// Writes `data` to the new file `destination`, readable only by this user; every write, the
  /// `fsync` and the `close` are checked, and a failed file is removed.
  static func writeData(_ data: Data, to destination: String) throws(POSIXFailure) {
    try POSIXFailure.wrap { () throws(FileIO.Error) in
      try FileIO.create(destination) { output throws(FileIO.Error) in
        let failure = data.withUnsafeBytes { bytes -> FileIO.Error? in
          do throws(FileIO.Error) {
            try FileIO.writeAll(fd: output, bytes, path: destination)
            return nil
          } catch {
            return error
          }
        }
        if let failure { throw failure }
      }
    }
  }
}

/// A system call failed on a path.
struct POSIXFailure: Error, Sendable {
  let path: String
  let code: Int32

  /// Runs `body`, turning a file error into this one.
  static func wrap<T>(_ body: () throws(FileIO.Error) -> T) throws(POSIXFailure) -> T {
    do {
      return try body()
    } catch {
      throw POSIXFailure(path: error.path, code: error.code)
    }
  }
}
