/// A kind of tag that names a type in another system: a filename extension, a MIME type ….
///
/// Apple's counterpart: `UTTagClass`.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// `public.filename-extension`: extensions without the leading dot.
  public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
  /// `public.mime-type`.
  public static let mimeType = UTTagClass(rawValue: "public.mime-type")

  public var description: String { rawValue }
}
