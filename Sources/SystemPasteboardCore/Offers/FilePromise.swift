import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A file an item promises: named now, written only when a destination asks for it, by the
/// closure the application gave (AppKit's `NSFilePromiseProvider`, an item provider's file
/// representation).
///
/// Two ways to keep it, one per kind of destination:
/// - into a folder the destination chose (X11's XdndDirectSave, ``write(to:)``): the writer is
///   given that folder and the promise's name, the final name as AppKit gives it, even where a
///   file of that name is there (the writer decides to replace or keep it); a writer that fails
///   leaves nothing of a file it made;
/// - into a folder of the promise's own, under `$XDG_RUNTIME_DIR` (``fileInOwnFolder()``), for a
///   destination that asks for the file's URL (`text/uri-list`) or its bytes: written once,
///   whoever asks and however often, and removed with the promise, when no selection or drag
///   offers its item any more.
///
/// Sendable: its name never changes, and what it wrote is kept under a lock; writes of one
/// promise run one at a time.
package final class FilePromise: Sendable {
  /// The file's name: no `/`, no leading dot, no control characters, never empty.
  package let fileName: String
  private let writer: @Sendable (String) throws -> Void
  /// The folder of the promise's own, once made, and the file written there.
  private let own = Locked<(folder: String, file: String)?>(nil)
  /// Held while the promise is written, so that writes run one at a time.
  private let writing = Locked(())

  /// A promise of the file `fileName` (made safe), which `writer` writes at the path it is given
  /// and returns once it is whole (throwing when it cannot).
  package init(fileName: String, writer: @escaping @Sendable (String) throws -> Void) {
    self.fileName = Self.safeName(fileName)
    self.writer = writer
  }

  deinit {
    if let own = own.withLock({ $0 }) { FilePromise.removeTree(own.folder) }
  }

  /// The promised file in the promise's own folder, written there now unless it was before.
  /// Runs the writer on the calling thread: a thread of the process's work pool, never a loop.
  /// - Throws: ``SystemPasteboardError`` (`.fileUnreadable`) when the folder cannot be made or
  ///   the writer fails.
  package func fileInOwnFolder() throws(SystemPasteboardError) -> String {
    try writing.withLock { _ in Result { () throws(SystemPasteboardError) in try writeInOwnFolder() } }.get()
  }

  /// ``fileInOwnFolder()``'s work, under ``writing``.
  private func writeInOwnFolder() throws(SystemPasteboardError) -> String {
    if let file = own.withLock({ $0?.file }) { return file }
    let folder: String
    do {
      folder = try Self.makeOwnFolder()
    } catch {
      throw SystemPasteboardError(.fileUnreadable, "no folder for the promised file \(fileName): \(error)")
    }
    let file = folder + "/" + fileName
    do {
      try writer(file)
    } catch {
      Self.removeTree(folder)
      throw SystemPasteboardError(.fileUnreadable, "the promised file \(fileName) was not written: \(error)")
    }
    guard case .file = FileIO.kind(of: file, followingLinks: false) else {
      Self.removeTree(folder)
      throw SystemPasteboardError(.fileUnreadable, "the promised file \(fileName) was not written")
    }
    own.withLock { $0 = (folder, file) }
    return file
  }

  /// Writes the promised file at `path` (a destination's folder and name), as AppKit does: the
  /// name the promise gave is "the final filename", so the writer is given that path even where
  /// a file of that name is there already, and decides itself whether to replace it or keep it
  /// (a writer that returns without writing keeps what is there). A writer that fails leaves
  /// nothing of a file it made; a file that was there before is the writer's to keep or lose.
  /// Returns the path written.
  /// - Throws: ``SystemPasteboardError`` (`.fileUnreadable`) when the folder is not there or the
  ///   writer fails or leaves no file.
  package func write(to path: String) throws(SystemPasteboardError) -> String {
    let folder = FileIO.directoryName(of: path)
    let name = Self.safeName(FileIO.baseName(of: path))
    guard FileIO.isDirectory(folder) else {
      throw SystemPasteboardError(.fileUnreadable, "the folder \(folder) for the promised file \(name) is not there")
    }
    let target = folder + "/" + name
    let existed: Bool
    if case .missing = FileIO.kind(of: target, followingLinks: false) { existed = false } else { existed = true }
    let written = writing.withLock { _ in Result { try writer(target) } }
    if case .failure(let error) = written {
      if !existed { Self.removeTree(target) }
      throw SystemPasteboardError(.fileUnreadable, "the promised file \(name) was not written: \(error)")
    }
    guard case .file = FileIO.kind(of: target, followingLinks: false) else {
      if !existed { Self.removeTree(target) }
      throw SystemPasteboardError(.fileUnreadable, "the promised file \(name) was not written")
    }
    return target
  }

  /// Moves `staged` to `name` in `folder`, or the first free numbered name: a hard link, which
  /// fails rather than replace, then the staged name removed (a file system without hard links
  /// renames, after checking the name is free).
  package static func move(_ staged: String, into folder: String, as name: String) throws(SystemPasteboardError)
    -> String
  {
    for number in 1...1000 {
      let path = folder + "/" + FileIO.numberedName(name, number)
      if link(staged, path) == 0 {
        unlink(staged)
        return path
      }
      switch errno {
      case EEXIST: continue
      case EPERM, EXDEV, ENOTSUP, EMLINK:
        guard case .missing = FileIO.kind(of: path, followingLinks: false) else { continue }
        if rename(staged, path) == 0 { return path }
        fallthrough
      default:
        throw SystemPasteboardError(.fileUnreadable, "the file \(path) cannot be written: \(FileIO.reason(errno))")
      }
    }
    throw SystemPasteboardError(.fileUnreadable, "every name for \(name) in \(folder) is taken")
  }

  /// A name made safe from one another program or the application gave: `/` becomes `_`,
  /// control characters go, leading dots and spaces go (no `..`, no hidden file), at most 200
  /// bytes; empty becomes `file`.
  static func safeName(_ suggested: String) -> String {
    var name = ""
    for scalar in suggested.unicodeScalars {
      switch scalar.value {
      case 0..<0x20, 0x7F: continue  // data, not wire: control characters
      case 0x2F: name.unicodeScalars.append("_")  // data, not wire: "/"
      default: name.unicodeScalars.append(scalar)
      }
    }
    name = String(name.drop { $0 == "." || $0 == " " })
    while name.utf8.count > 200 { name.removeLast() }
    return name.isEmpty ? "file" : name
  }

  // MARK: Folders

  /// Where promises' own folders go: `$XDG_RUNTIME_DIR/swift-uti-promises` (private to the user,
  /// emptied at logout), else `$TMPDIR` or `/tmp`.
  static func ownFoldersRoot() -> String {
    if let runtime = ProcessEnvironment.value("XDG_RUNTIME_DIR"), runtime.hasPrefix("/"), FileIO.isDirectory(runtime) {
      return runtime + "/swift-uti-promises"
    }
    let temporary = ProcessEnvironment.value("TMPDIR").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    return temporary + "/swift-uti-promises-\(getuid())"
  }

  /// A new folder for one promise, mode 0700, inside ``ownFoldersRoot()`` (made 0700 if missing).
  private static func makeOwnFolder() throws(FileIO.Error) -> String {
    let root = ownFoldersRoot()
    if mkdir(root, 0o700) != 0 && errno != EEXIST { throw FileIO.Error(path: root, operation: .write, code: errno) }
    return try makeFolder(template: root + "/\(ProcessEnvironment.processID)-XXXXXX")
  }

  /// A new folder from `template` (its last six characters `XXXXXX`), mode 0700.
  package static func makeFolder(template: String) throws(FileIO.Error) -> String {
    var bytes = Array(template.utf8CString)
    guard mkdtemp(&bytes) != nil else { throw FileIO.Error(path: template, operation: .write, code: errno) }
    return String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes `folder` and what a promise wrote in it (files and folders, never following links);
  /// a path that is no folder is removed itself.
  package static func removeTree(_ folder: String) {
    guard case .directory = FileIO.kind(of: folder, followingLinks: false) else {
      unlink(folder)
      return
    }
    for name in FileIO.entries(of: folder) {
      let path = folder + "/" + name
      if case .directory = FileIO.kind(of: path, followingLinks: false) { removeTree(path) } else { unlink(path) }
    }
    rmdir(folder)
  }
}
