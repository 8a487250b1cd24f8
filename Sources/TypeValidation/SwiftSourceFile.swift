import PropertyList
import TypeRegistry

/// A Swift file's calls of `UTType(exportedAs:)` and `UTType(importedAs:)` with string literals,
/// for the `undeclared-exported-type` rule.
public struct SwiftSourceFile: Sendable {
  /// One `UTType(exportedAs:)` or `UTType(importedAs:)` call with a string literal.
  public struct Call: Sendable, Hashable {
    /// Which initializer the call uses.
    public enum Kind: String, Sendable { case exportedAs, importedAs }
    /// Which initializer the call uses.
    public var kind: Kind
    /// The identifier the literal spells.
    public var identifier: String
    /// The byte offset of the string literal.
    public var offset: Int
  }

  /// The file's path, as given.
  public let path: String
  /// The calls found, in file order.
  public let calls: [Call]
  let lines: PropertyList.LineTable

  /// Scans Swift source text, skipping comments and other string literals.
  ///
  /// - Parameters:
  ///   - path: The file's path, as reported.
  ///   - text: The file's UTF-8 contents.
  public init(path: String, text: [UInt8]) {
    self.path = path
    self.lines = PropertyList.LineTable(text)
    self.calls = Self.scan(text)
  }

  /// The line and column of a byte offset in the file.
  ///
  /// - Parameter offset: A byte offset into the file.
  /// - Returns: The offset with its line and column.
  public func location(ofOffset offset: Int) -> PropertyList.SourceLocation { lines.location(ofOffset: offset) }

  /// The `UTType(exportedAs:)` and `UTType(importedAs:)` calls with a string literal, outside
  /// comments and other string literals.
  static func scan(_ t: [UInt8]) -> [Call] {
    var scanner = Scanner(t: t)
    var calls: [Call] = []
    while scanner.i < t.count {
      if scanner.skipCommentOrString() { continue }
      if scanner.at("UTType", scanner.i) && (scanner.i == 0 || !isIdentifierByte(t[scanner.i - 1])) {
        if let call = scanner.call() { calls.append(call) }
        scanner.i += 6
      } else {
        scanner.i += 1
      }
    }
    return calls
  }

  /// A position in Swift source text that moves past comments and string literals.
  struct Scanner {
    let t: [UInt8]
    var i = 0
    var n: Int { t.count }

    func at(_ s: String, _ k: Int) -> Bool {
      let u = Array(s.utf8)
      return k + u.count <= n && Array(t[k..<(k + u.count)]) == u
    }

    func skipSpace(_ k: inout Int) {
      while k < n && (t[k] == 0x20 || t[k] == 0x09 || t[k] == 0x0A || t[k] == 0x0D) { k += 1 }
    }

    /// Moves past the comment (nested block comments included) or string literal that starts at
    /// the position; false when none does.
    mutating func skipCommentOrString() -> Bool {
      if at("//", i) {
        while i < n && t[i] != 0x0A { i += 1 }
      } else if at("/*", i) {
        var depth = 0
        while i < n {
          if at("/*", i) {
            depth += 1
            i += 2
          } else if at("*/", i) {
            depth -= 1
            i += 2
            if depth == 0 { break }
          } else {
            i += 1
          }
        }
      } else if at("\"\"\"", i) {
        i += 3
        while i < n && !at("\"\"\"", i) { i += t[i] == UInt8(ascii: "\\") ? 2 : 1 }
        i += 3
      } else if t[i] == UInt8(ascii: "\"") {
        i += 1
        while i < n && t[i] != UInt8(ascii: "\"") && t[i] != 0x0A { i += t[i] == UInt8(ascii: "\\") ? 2 : 1 }
        i += 1
      } else {
        return false
      }
      return true
    }

    /// The call whose `UTType` is at the position, when it is `UTType(exportedAs: "…")` or
    /// `UTType(importedAs: "…")` with a literal free of escapes.
    func call() -> Call? {
      var k = i + 6
      skipSpace(&k)
      guard k < n, t[k] == UInt8(ascii: "(") else { return nil }
      k += 1
      skipSpace(&k)
      let kind: Call.Kind
      if at("exportedAs", k) {
        kind = .exportedAs
      } else if at("importedAs", k) {
        kind = .importedAs
      } else {
        return nil
      }
      k += 10
      skipSpace(&k)
      guard k < n, t[k] == UInt8(ascii: ":") else { return nil }
      k += 1
      skipSpace(&k)
      guard k < n, t[k] == UInt8(ascii: "\"") else { return nil }
      let start = k
      var end = k + 1
      while end < n && t[end] != UInt8(ascii: "\"") && t[end] != 0x0A && t[end] != UInt8(ascii: "\\") { end += 1 }
      guard end < n && t[end] == UInt8(ascii: "\"") else { return nil }
      return Call(kind: kind, identifier: String(decoding: t[(start + 1)..<end], as: UTF8.self), offset: start)
    }
  }

  static func isIdentifierByte(_ b: UInt8) -> Bool {
    b == UInt8(ascii: "_") || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
      || b >= 0x80
  }
}

extension ValidationRun {
  mutating func checkSources(_ sources: [SwiftSourceFile]) {
    guard !sources.isEmpty else { return }
    var exported = Set<String>()
    var imported = Set<String>()
    for file in files {
      for d in file.declarations {
        let key = UTTypeRegistry.fold(d.identifier)
        if d.kind == .exported { exported.insert(key) } else { imported.insert(key) }
      }
    }
    for source in sources {
      for call in source.calls {
        let key = UTTypeRegistry.fold(call.identifier)
        let message: String?
        switch call.kind {
        case .exportedAs where !exported.contains(key):
          message =
            imported.contains(key)
            ? "UTType(exportedAs: \"\(call.identifier)\") names a type the Info.plist imports; export it in UTExportedTypeDeclarations, or use UTType(importedAs:)"
            : "UTType(exportedAs: \"\(call.identifier)\") names a type no Info.plist exports; add it to UTExportedTypeDeclarations"
        case .importedAs where !imported.contains(key) && !exported.contains(key):
          message =
            "UTType(importedAs: \"\(call.identifier)\") names a type no Info.plist imports; add it to UTImportedTypeDeclarations"
        default:
          message = nil
        }
        guard let message else { continue }
        let d = Diagnostic(
          severity: .error, rule: .undeclaredExportedType, message: message,
          place: .init(path: source.path, location: source.location(ofOffset: call.offset)))
        if let d = validator.finish(d) { diagnostics.append(d) }
      }
    }
  }
}
