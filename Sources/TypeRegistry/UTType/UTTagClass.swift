/// A kind of tag that names a type in another system: a filename extension, a MIME type ….
///
/// Apple's counterpart: `UTTagClass`.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The tag class identifier: `public.filename-extension`, `public.mime-type` …
  public let rawValue: String

  /// The tag class with this identifier.
  ///
  /// - Parameter rawValue: The tag class identifier, such as `public.filename-extension`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// `public.filename-extension`: extensions without the leading dot.
  public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
  /// `public.mime-type`.
  public static let mimeType = UTTagClass(rawValue: "public.mime-type")

  /// The tag class identifier.
  public var description: String { rawValue }
}
