import Foundation
import TypeRegistry
import UTIPlatform

extension ItemProvider {
  /// The handler of a data representation. Apple's counterpart: the `loadHandler` of
  /// `registerDataRepresentation(forTypeIdentifier:visibility:loadHandler:)`.
  public typealias DataLoadHandler = @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
  /// The handler of a file representation: it passes a file URL and whether access to it was
  /// coordinated.
  public typealias FileLoadHandler = @Sendable (@escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress?
  /// The handler of an object representation.
  public typealias ObjectLoadHandler =
    @Sendable (@escaping @Sendable ((any ItemProviderWriting)?, (any Error)?) -> Void) -> Progress?
  /// The completion of a legacy item load. Apple's counterpart: `NSItemProvider.CompletionHandler`.
  public typealias CompletionHandler = @Sendable ((any NSSecureCoding)?, (any Error)?) -> Void
  /// The handler of a legacy item representation: it receives the completion, the class the
  /// reader expects (always nil here: Swift callers cannot express it) and the reader's options.
  /// Apple's counterpart: `NSItemProvider.LoadHandler`.
  public typealias LoadHandler = @Sendable (@escaping CompletionHandler, AnyClass?, [AnyHashable: Any]?) -> Void

  /// One registered representation.
  struct Representation: Sendable {
    let identifier: String
    let type: UTType
    let visibility: RepresentationVisibility
    let source: Source

    /// A representation of `identifier`, whose type is `type` when the caller has one (it may be
    /// undeclared, with the parents it was made with), else the declared type of that name.
    init(
      identifier: String, type: UTType? = nil, visibility: RepresentationVisibility, source: Source
    ) {
      self.identifier = identifier
      self.type = type ?? UTType.named(identifier)
      self.visibility = visibility
      self.source = source
    }

    enum Source: Sendable {
      case data(DataLoadHandler)
      /// A file, with how readers may open it (`.openInPlace`: the original, not a copy).
      case file(FileLoadHandler, options: FileOptions)
      case object(ObjectLoadHandler, expectedClass: ObjectIdentifier, className: String)
      /// A value held by the provider: an ``ItemProviderWriting`` or `NSSecureCoding` instance.
      case value(Stored)
      case item(LoadHandler)
    }

    /// How readers may open the file, for a file representation; empty for every other.
    var fileOptions: FileOptions {
      if case .file(_, let options) = source { return options }
      return []
    }

    /// The held value, for representations that hold one.
    var storedValue: Any? {
      if case .value(let stored) = source { return stored.value }
      return nil
    }
  }

  /// A value the provider holds, used only from the load that reads it.
  struct Stored: @unchecked Sendable {
    // Sendable: an immutable value the app registered, handed to the one load that reads it; the load's
    // handler is the app's, as on Apple's platforms.
    let value: Any
  }

  /// What a representation's handler produced.
  enum Payload {
    case data(Data)
    case file(URL)
    case value(Any)
  }

  /// A requested type, with the coercion Apple applies when no representation conforms,
  /// worked out once per request.
  struct Request {
    enum Coercion { case none, text, url, fileURL }
    let type: UTType
    let coercion: Coercion

    init(_ type: UTType) {
      self.type = type
      let identifier = type.identifier
      if Self.equalIgnoringCase(identifier, "public.utf8-plain-text")
        || Self.equalIgnoringCase(identifier, "public.plain-text")
      {
        coercion = .text
      } else if Self.equalIgnoringCase(identifier, "public.url") {
        coercion = .url
      } else if Self.equalIgnoringCase(identifier, "public.file-url") {
        coercion = .fileURL
      } else {
        coercion = .none
      }
    }

    /// ASCII case-insensitive equality, without allocating.
    private static func equalIgnoringCase(_ a: String, _ b: StaticString) -> Bool {
      var a = a
      return a.withUTF8 { a in
        guard a.count == b.utf8CodeUnitCount else { return false }
        let b = UnsafeBufferPointer(start: b.utf8Start, count: b.utf8CodeUnitCount)
        for index in a.indices where a[index] | 0x20 != b[index] | 0x20 { return false }
        return true
      }
    }

    /// Whether a held value serves the request by coercion.
    func isServed(byHeld value: Any?) -> Bool {
      switch coercion {
      case .none: return false
      case .text: return value is String || value is NSString
      case .url: return ItemProvider.url(in: value) != nil
      case .fileURL: return ItemProvider.url(in: value)?.isFileURL == true
      }
    }
  }

  /// The representation that serves a request for `type`: the first visible one, in fidelity
  /// order, whose type conforms to `type`; failing that, a held string for a plain-text request
  /// or a held URL for a URL request (Apple's coercions).
  ///
  /// - Complexity: O(*n*) conformance lookups, with no allocation, under the provider's lock.
  func resolve(_ type: UTType) -> Representation? { resolve(Request(type)) }

  func resolve(_ request: Request) -> Representation? {
    if readerIsOrigin {
      return storage.state.withLock { state in Self.first(in: state.representations, serving: request) { _ in true } }
    }
    let origin = storage.origin
    let reader = reader
    return storage.state.withLock { state in
      Self.first(in: state.representations, serving: request) { $0.allows(reader, origin: origin) }
    }
  }

  /// The first of `representations` that `isVisible` admits and that serves `request`.
  private static func first(
    in representations: [Representation], serving request: Request,
    isVisible: (RepresentationVisibility) -> Bool
  ) -> Representation? {
    representations.withUnsafeBufferPointer { representations -> Representation? in
      // Fields are read in place: copying each representation would cost a dozen retains.
      for index in representations.indices
      where isVisible(representations[index].visibility) && representations[index].type.conforms(to: request.type) {
        return representations[index]
      }
      guard request.coercion != .none else { return nil }
      for index in representations.indices
      where isVisible(representations[index].visibility) && request.isServed(byHeld: representations[index].storedValue)
      {
        return representations[index]
      }
      return nil
    }
  }

  /// Whether a representation serves one of `requests`: the question drop targets, drop infos
  /// and pasteboards ask of every item.
  func servesAny(of requests: [Request]) -> Bool { requests.contains { resolve($0) != nil } }

  /// The representation and type that ``loadObject(ofClass:completionHandler:)`` reads for
  /// `aClass`: the first visible representation, in fidelity order, that conforms to one of the
  /// class's readable types.
  func resolveObject(_ aClass: any ItemProviderReading.Type) -> Representation? {
    let readable = aClass.readableTypeIdentifiersForItemProvider.map(UTType.named)
    if let match = visibleRepresentations.first(where: { representation in
      readable.contains { representation.type.conforms(to: $0) }
    }) {
      return match
    }
    for type in readable { if let coerced = resolve(Request(type)) { return coerced } }
    return nil
  }

  static func url(in value: Any?) -> URL? {
    if let url = value as? URL { return url }
    if let url = value as? NSURL { return url as URL }
    return nil
  }

  /// The error for a request that no representation serves.
  func unavailable(_ requested: String) -> ItemProviderError {
    ItemProviderError(.noConformingRepresentation, requested: requested, registered: registeredTypeIdentifiers)
  }
}
