import PropertyList

extension FreedesktopExport {
  /// Something of the Info.plist the export left out or changed, and where the plist says it.
  ///
  /// ```swift
  /// for warning in export.warnings { print("Info.plist:\(warning)") }  // Info.plist:12:5: …
  /// ```
  public struct Warning: Sendable, Hashable, CustomStringConvertible {
    /// What was left out or changed, and why.
    public var message: String
    /// Where the value is in the Info.plist (a line and column for text plists, an offset for
    /// binary ones); nil for what no one value says (the app's name, say).
    public var location: PropertyList.SourceLocation?

    /// A warning about the value at `location`.
    /// - Parameters:
    ///   - message: What was left out or changed, and why.
    ///   - location: Where the value is in the Info.plist.
    public init(_ message: String, at location: PropertyList.SourceLocation? = nil) {
      self.message = message
      self.location = location
    }

    /// `LINE:COLUMN: message` (`offset N: message` in a binary plist), or the message alone.
    public var description: String { location.map { "\($0): \(message)" } ?? message }
  }
}
