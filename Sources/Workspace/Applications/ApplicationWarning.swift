import UTIPlatform

/// A file of the desktop's application places that was left out, and why: an entry or a list
/// that cannot be read (a link to nothing, a loop of links, not a regular file), one larger than
/// any key file is, one that is not a key file (at the line and column GLib stops at), an entry
/// whose first group is not `[Desktop Entry]`, a name that is not UTF-8, a link back to a folder
/// already read. GIO leaves these out without a word; `utictl apps`, `open` and `default` print
/// each once on standard error, as `PATH[:LINE:COLUMN]: warning: MESSAGE`.
package struct ApplicationWarning: Sendable, Hashable, CustomStringConvertible {
  /// The file.
  package let path: String
  /// Where in it (from 1), for a file that is not a key file.
  package let line: Int?
  /// The column (from 1) on ``line``.
  package let column: Int?
  /// What is wrong, and that the file is left out.
  package let message: String

  init(path: String, line: Int? = nil, column: Int? = nil, _ message: String) {
    (self.path, self.line, self.column, self.message) = (path, line, column, message)
  }

  /// `PATH[:LINE:COLUMN]: warning: MESSAGE`.
  package var description: String {
    let place = line.map { "\(path):\($0):\(column ?? 1)" } ?? path
    return "\(place): warning: \(message)"
  }

  /// Where warnings go, from whichever thread reads (the same warning may come twice).
  package typealias Report = @Sendable (ApplicationWarning) -> Void

  /// The warnings of one command, each once, in the order they came.
  package final class Log: Sendable {
    private let state = Locked<(list: [ApplicationWarning], seen: Set<ApplicationWarning>)>(([], []))

    /// An empty log.
    package init() {}

    /// Keeps `warning` unless it was kept before.
    package func add(_ warning: ApplicationWarning) {
      state.withLock { state in
        if state.seen.insert(warning).inserted { state.list.append(warning) }
      }
    }

    /// The warnings kept, in order.
    package var warnings: [ApplicationWarning] { state.withLock { $0.list } }
  }
}

extension KeyFile {
  /// The key file at `path`; nil, with a warning to `report`, when it cannot be read, is larger
  /// than ``sizeLimit`` or is not a key file (a file that is not there is no warning when
  /// `missingIsFine`: a place need not have a list).
  static func read(_ path: String, missingIsFine: Bool, report: ApplicationWarning.Report) -> KeyFile? {
    let bytes: [UInt8]
    do {
      bytes = try FileIO.readPrefix(path, count: sizeLimit)
    } catch {
      if !(missingIsFine && error.isMissing) {
        report(ApplicationWarning(path: path, "cannot be read (\(error.reason)); left out"))
      }
      return nil
    }
    guard bytes.count < sizeLimit else {
      report(ApplicationWarning(path: path, "is larger than 1 MiB, which no desktop entry or list is; left out"))
      return nil
    }
    do {
      return try KeyFile(parsing: bytes)
    } catch {
      report(ApplicationWarning(path: path, line: error.line, column: error.column, error.message + "; left out"))
      return nil
    }
  }
}
