import SystemPasteboardCore
import UTIPlatform

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// XdndDirectSave (XDS), the target's side: a drag whose source offers `XdndDirectSave0` (File
/// Roller's, Engrampa's or Xarchiver's member, Firefox's download) promises a file named in its
/// source window's property of that name. Receiving it writes the URL where it goes into that
/// property and converts `XdndSelection` to `XdndDirectSave0`: the source writes the file and
/// answers `S`; on `F` the bytes are read (`application/octet-stream`) and written here; on `E`
/// whatever the source left is removed. The URL is in a hidden folder of the reception's own,
/// whose contents are then moved where the application asked (see
/// ``receivePromisedFiles(of:at:)``).
///
/// The source has to be there for it: a drop that offered XDS and was taken holds its
/// `XdndFinished` while a reception runs, and for ``directSaveGrace`` after its loads are done
/// when none has started (a receiver read during the drop and received from a task just after
/// it), as the source's wait for the finish allows (five minutes, GTK's).
extension XdndWindow {
  /// How long a drop that offered XDS waits, once its loads are done, for a reception to start.
  static let directSaveGrace: Double = 2

  /// XDS receptions, on the loop: the drops whose source promised a file, how many receptions
  /// of each run, and the finishes held for them.
  struct DirectSaves {
    var offered: Set<Int> = []
    var running: [Int: Int] = [:]
    var held: [Int: DragActions] = [:]
  }

  /// The file drag `number`'s source promises by XDS: its name (its window's
  /// `XdndDirectSave0`, UTF-8, or Latin-1 as XDS assumes without a charset), read through the
  /// window's loop, and the target `XdndDirectSave0`; nil when `targets` has none or the source
  /// names no file.
  package func promisedFile(of number: Int, targets: [String]) -> (name: String, target: String)? {
    guard targets.contains(XdndDirectSave.target) else { return nil }
    let read: @Sendable (@escaping EventLoop.Completion<String?>) throws(SystemPasteboardError) -> Void = {
      [self] done in
      guard let source = receiver?.machine.source(of: number),
        let property = connection.cachedAtom(XdndDirectSave.target)
      else { return done(.success(nil)) }
      let request = X11.GetProperty(
        delete: false, window: source, property: property, type: X11Enum.GetPropertyType.any.rawValue, longOffset: 0,
        longLength: UInt32(XdndDirectSave.urlLimit / 4))
      connection.send(request) { [self] answer in
        guard case .success(let reply) = answer, reply.format == 8, !reply.value.isEmpty else {
          return done(.success(nil))
        }
        directSaves.offered.insert(number)
        let name =
          String(validating: reply.value, as: UTF8.self)
          ?? String(String.UnicodeScalarView(reply.value.map { Unicode.Scalar($0) }))
        done(.success(name))
      }
      try? connection.flush()
    }
    return ((try? loop.submit(within: timeout, completing: read)) ?? nil).map { ($0, XdndDirectSave.target) }
  }

  /// Has drag `number`'s source write its promised file at `path` (a free name in a folder that
  /// exists) by XDS; returns the paths of what it wrote once they are there: on the calling
  /// thread, off the loop. The source gets the URL of `path`'s name in a hidden folder of its
  /// own beside `path`, since some sources (Xarchiver's members, Seahorse's keys) name a
  /// placeholder (`xds.txt`) and write what is dragged into the URL's folder under its own
  /// names. What it wrote there is moved beside `path`: the named file to `path`, anything
  /// else under its own name (numbered where one is taken, never over it); the folder goes.
  /// - Throws: ``SystemPasteboardError`` when the source answers `E`, writes nothing, refuses, or
  ///   is gone; nothing is left beside `path` then.
  package func receivePromisedFiles(of number: Int, at path: String) throws(SystemPasteboardError) -> [String] {
    let folder = FileIO.directoryName(of: path)
    let staging: String
    do {
      staging = try FilePromise.makeFolder(template: folder + "/.swift-uti-xds-XXXXXX")
    } catch {
      throw SystemPasteboardError(.fileUnreadable, "the folder \(folder) cannot be written: \(error)")
    }
    defer { FilePromise.removeTree(staging) }
    let staged = staging + "/" + FileIO.baseName(of: path)
    try perform { window throws(SystemPasteboardError) in try window.startDirectSave(number, path: staged) }
    defer { post { $0.endDirectSave(number) } }
    let answer = try read(XdndDirectSave.target, of: number)
    switch answer.first {
    case UInt8(ascii: "S"): break
    case UInt8(ascii: "F"):
      // Not here for the source (another host): its bytes, written here as they arrive.
      try receiveBytes(of: number, at: staged)
    default:
      throw SystemPasteboardError(
        .conversionRefused, "the drag's source could not write its promised file at \(path) (XdndDirectSave: E)")
    }
    return try Self.moveReceived(from: staging, named: FileIO.baseName(of: path), beside: path)
  }

  /// Moves what a source wrote in `staging` into `path`'s folder: the file named `name` first
  /// (to `path`, which was free), then the rest in name order, each under its own name.
  private static func moveReceived(from staging: String, named name: String, beside path: String)
    throws(SystemPasteboardError) -> [String]
  {
    let written = FileIO.entries(of: staging).sorted()
    guard !written.isEmpty else {
      throw SystemPasteboardError(.conversionRefused, "the drag's source said it wrote \(path), and did not")
    }
    let folder = FileIO.directoryName(of: path)
    var moved: [String] = []
    for entry in written.filter({ $0 == name }) + written.filter({ $0 != name }) {
      moved.append(try FilePromise.move(staging + "/" + entry, into: folder, as: entry))
    }
    return moved
  }

  /// Reads drag `number`'s `application/octet-stream` into the new file `path`, a chunk at a
  /// time (an `INCR` answer is never held whole); a read or write that fails leaves no file.
  private func receiveBytes(of number: Int, at path: String) throws(SystemPasteboardError) {
    var readFailure: SystemPasteboardError?
    do {
      try FileIO.create(path, mode: 0o644) { fd throws(FileIO.Error) in
        do throws(SystemPasteboardError) {
          try read("application/octet-stream", of: number) { chunk throws(SystemPasteboardError) in
            do {
              try FileIO.writeAll(fd: fd, chunk, path: path)
            } catch {
              throw SystemPasteboardError(.fileUnreadable, "the promised file \(path) cannot be written: \(error)")
            }
          }
        } catch {
          readFailure = error
          throw FileIO.Error(path: path, operation: .read, code: EIO)
        }
      }
    } catch {
      // FileIO.create removed the file it made (and touched none it did not make).
      throw readFailure
        ?? SystemPasteboardError(.fileUnreadable, "the promised file \(path) cannot be written: \(error)")
    }
  }

  /// Writes `path`'s URL into drag `number`'s source window's `XdndDirectSave0`, on the loop.
  private func startDirectSave(_ number: Int, path: String) throws(SystemPasteboardError) {
    guard let source = receiver?.machine.source(of: number), directSaves.offered.contains(number),
      let property = connection.cachedAtom(XdndDirectSave.target),
      let type = connection.cachedAtom(XdndDirectSave.propertyType)
    else { throw SystemPasteboardError(.request, "the drag's source promises no file, or is gone") }
    // No host, as GTK's file managers write it (g_file_get_uri): every XDS source reads it.
    connection.changeProperty(
      source, property, type: type, format: 8, data: Array(FileList.fileURL(forPath: path).utf8))
    try connection.flush()
    directSaves.running[number, default: 0] += 1
  }

  /// A reception of drag `number` ended: its held finish goes when it was the last.
  private func endDirectSave(_ number: Int) {
    directSaves.running[number, default: 1] -= 1
    guard directSaves.running[number] == 0 else { return }
    directSaves.running[number] = nil
    if let action = directSaves.held.removeValue(forKey: number) { sendFinish(number, action) }
  }

  /// Dropped drag `number` is settled with `action`: finished now, unless its source promised a
  /// file and the drop was taken, when the finish waits for the receptions (or the grace).
  func finishOrHold(_ number: Int, _ action: DragActions) {
    guard directSaves.offered.contains(number), !action.isEmpty else { return sendFinish(number, action) }
    directSaves.held[number] = action
    guard directSaves.running[number] == nil else { return }
    _ = loop.scheduleTask(in: Self.directSaveGrace) { [self] in
      guard directSaves.running[number] == nil, let action = directSaves.held.removeValue(forKey: number) else {
        return
      }
      sendFinish(number, action)
    }
  }
}
