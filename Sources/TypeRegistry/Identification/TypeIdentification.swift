import UTIPlatform

/// What identifying data or a file found: its type in the registry and its MIME type.
///
/// ```swift
/// let found = try UTTypeRegistry.shared.current.identifyFile(atPath: "/usr/share/pixmaps/debian-logo.png")
/// found.type        // public.png
/// found.mimeType    // "image/png"
/// ```
///
/// Apple's `UTType` has no content sniffing; this is ours. `method` says what decided.
///
/// The type is resolved when first asked for: identification names its answer by identifier
/// and MIME type, and an answer that only the machine's MIME database declares reads the
/// registry's MIME layer then (and only then), so that a program that wants the MIME type
/// alone never builds it.
public struct TypeIdentification: Sendable, Hashable, CustomStringConvertible {
  /// How an identification was decided.
  public enum Method: String, Sendable, Hashable {
    /// The file name's globs (or, without a MIME database, its filename extension).
    case name
    /// The content: the built-in detectors, the magic rules, or the text/binary test.
    case content
    /// What the file is (a directory, a FIFO, a socket, a device, a dangling link), not what it holds.
    case fileKind
  }

  /// The type: the registry's preferred type for the MIME type, the type of the format a
  /// built-in detector named, or a dynamic type carrying the MIME type.
  public var type: UTType { resolved.type }
  /// The MIME type the database or a detector gave (the database's canonical name), or the
  /// type's preferred one.
  public let mimeType: String
  /// What decided.
  public let method: Method
  /// What decided, in a sentence a person can check: which rule, and what it saw (the
  /// database's globs, a detector's format, a declared extension and the content's type …).
  /// `utictl identify --explain` prints it.
  ///
  /// ```swift
  /// try registry.identifyFile(atPath: "x.pbarrow").explanation
  /// // "the name: '.pbarrow' is declared by com.raywenderlich.pointybug.tool.arrow, and the
  /// //  content (public.json) is not a kind of it"
  /// ```
  public let explanation: String

  let resolved: IdentifiedType

  init(_ resolved: IdentifiedType, mimeType: String, method: Method, explanation: String? = nil) {
    self.resolved = resolved
    self.mimeType = mimeType
    self.method = method
    self.explanation = explanation ?? Self.defaultExplanation(method)
  }

  /// The same identification with another explanation.
  func explained(_ explanation: String) -> TypeIdentification {
    TypeIdentification(resolved, mimeType: mimeType, method: method, explanation: explanation)
  }

  static func defaultExplanation(_ method: Method) -> String {
    switch method {
    case .name: "the name"
    case .content: "the content"
    case .fileKind: "what the file is, not what it holds"
    }
  }

  /// The type's identifier, known without resolving the type.
  package var identifier: String { resolved.identifier }

  /// `identifier (mimeType)`.
  public var description: String { "\(identifier) (\(mimeType))" }

  /// Whether two identifications name the same type, MIME type and method.
  ///
  /// - Parameters:
  ///   - a: An identification to compare.
  ///   - b: Another identification to compare.
  /// - Returns: Whether both name the same type, MIME type and method.
  public static func == (a: TypeIdentification, b: TypeIdentification) -> Bool {
    UTTypeRegistry.fold(a.identifier) == UTTypeRegistry.fold(b.identifier) && a.mimeType == b.mimeType
      && a.method == b.method
  }

  /// Hashes what `==` compares.
  ///
  /// - Parameter hasher: The hasher to feed the type, MIME type and method to.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(UTTypeRegistry.fold(identifier))
    hasher.combine(mimeType)
    hasher.combine(method)
  }
}

/// Where an identification's type is resolved: a registry, or one built when first needed.
enum TypeResolver: Sendable {
  case registry(UTTypeRegistry)
  case pending(PendingRegistry)

  var registry: UTTypeRegistry {
    switch self {
    case .registry(let registry): registry
    case .pending(let pending): pending.registry
    }
  }
}

/// A registry that a builder builds on first use.
final class PendingRegistry: Sendable {
  private let builder: UTTypeRegistry.Builder
  private let built = Locked<UTTypeRegistry?>(nil)

  init(_ builder: UTTypeRegistry.Builder) { self.builder = builder }

  var registry: UTTypeRegistry {
    if let done = built.withLock({ $0 }) { return done }
    let registry = builder.build()
    return built.withLock { done in
      if let done { return done }
      done = registry
      return registry
    }
  }
}

/// An identification's type: named by identifier, resolved on first use (in the registry's MIME
/// layer for a type only the database declares).
final class IdentifiedType: Sendable {
  let identifier: String
  private let mimeType: String
  private let resolver: TypeResolver
  private let cache = Locked<UTType?>(nil)

  init(_ identifier: String, mimeType: String, resolver: TypeResolver) {
    self.identifier = identifier
    self.mimeType = mimeType
    self.resolver = resolver
  }

  var type: UTType {
    if let done = cache.withLock({ $0 }) { return done }
    let registry = resolver.registry
    let found =
      registry.type(withIdentifier: identifier)
      ?? registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: registry.type(withIdentifier: "public.data"))
      ?? UTType(registry: registry, undeclared: identifier, conformingTo: nil)
    cache.withLock { $0 = found }
    return found
  }
}

/// A file that could not be identified: it could not be examined or read.
public struct IdentificationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file.
  public let path: String
  /// The system's error number (`errno`).
  public let code: Int32
  /// `path: cannot read: reason`.
  public var description: String { FileIO.Error(path: path, operation: .read, code: code).description }
}
