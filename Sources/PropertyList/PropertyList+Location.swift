extension PropertyList {
  /// Where something is in a source: a byte offset, and for text formats a line and column.
  ///
  /// Lines and columns are 1-based; columns count UTF-8 bytes, as clang's do, so a tab is one
  /// column. Binary sources have no lines, and their `line` and `column` are nil.
  public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The 0-based byte offset.
    public var offset: Int
    /// The 1-based line, for text formats.
    public var line: Int?
    /// The 1-based column in UTF-8 bytes, for text formats.
    public var column: Int?

    /// A location with only an offset (binary sources).
    ///
    /// - Parameter offset: The byte offset in the input.
    public init(offset: Int) {
      self.offset = offset
    }

    /// A location with a line and column.
    ///
    /// - Parameters:
    ///   - offset: The byte offset in the input.
    ///   - line: The line, counted from 1.
    ///   - column: The column in UTF-8 bytes, counted from 1.
    public init(offset: Int, line: Int, column: Int) {
      self.offset = offset
      self.line = line
      self.column = column
    }

    /// Computes the line and column of `offset` in `text`.
    /// - Complexity: O(*n*) in `offset`.
    /// - Parameters:
    ///   - offset: The byte offset to locate, at most `text.count`.
    ///   - text: The UTF-8 input the offset indexes.
    public init(offset: Int, in text: [UInt8]) {
      let end = min(max(offset, 0), text.count)
      var line = 1
      var lineStart = 0
      for i in 0..<end where text[i] == UInt8(ascii: "\n") {
        line += 1
        lineStart = i + 1
      }
      self.init(offset: offset, line: line, column: end - lineStart + 1)
    }

    /// `line:column`, or `offset N` without lines.
    public var description: String {
      if let line, let column { "\(line):\(column)" } else { "offset \(offset)" }
    }
  }

  /// The start of every line of a text, to turn many offsets into lines and columns.
  ///
  /// ```swift
  /// let lines = PropertyList.LineTable(document.source)
  /// for offset in offsets { print(lines.location(ofOffset: offset)) }
  /// ```
  /// - Complexity: O(*n*) to build; O(log *n*) per location.
  public struct LineTable: Sendable {
    private let lineStarts: [Int]
    private let count: Int

    /// Indexes the lines of `text`.
    ///
    /// - Parameter text: The UTF-8 input whose line starts are recorded.
    public init(_ text: [UInt8]) {
      var starts = [0]
      text.withUnsafeBufferPointer { buffer in
        for i in buffer.indices where buffer[i] == UInt8(ascii: "\n") { starts.append(i + 1) }
      }
      lineStarts = starts
      count = text.count
    }

    /// The line and column of `offset`.
    ///
    /// - Parameter offset: A byte offset into the indexed text.
    /// - Returns: The offset with its line and column, found by binary search over the line starts.
    public func location(ofOffset offset: Int) -> SourceLocation {
      let clamped = min(max(offset, 0), count)
      var low = 0
      var high = lineStarts.count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
      }
      return SourceLocation(offset: offset, line: low + 1, column: clamped - lineStarts[low] + 1)
    }
  }
}
