import Foundation
import TypeRegistry

/// A type whose values travel between applications in the representations it lists.
///
/// ```swift
/// struct Arrow: Codable, Transferable {
///   var color: String
///   static var transferRepresentation: some TransferRepresentation {
///     CodableRepresentation(contentType: .arrow)
///   }
/// }
/// extension UTType {
///   static let arrow = UTType(exportedAs: "com.raywenderlich.pointybug.tool.arrow")
/// }
/// provider.register(Arrow(color: "red"))
/// let arrow = try await provider.loadTransferable(type: Arrow.self)
/// ```
///
/// Representations are listed highest fidelity first; a reader loading the value picks the
/// first of the provider's representations, in the provider's order, that one of the type's
/// importing representations accepts. String, Data and URL are `Transferable`.
///
/// Apple's counterpart: CoreTransferable's `Transferable`.
public protocol Transferable: SendableMetatype {
  /// The representation `transferRepresentation` builds.
  associatedtype Representation: TransferRepresentation
  /// How values of the type are exported and imported, highest fidelity first.
  @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

extension Transferable {
  /// The types this value exports to a reader with the given relationship to this process,
  /// highest fidelity first: `.all` (the default) lists what any application sees,
  /// `.ownProcess` everything (this process sees all its representations).
  ///
  /// Apple's counterpart: `exportedContentTypes(_:)`.
  ///
  /// - Parameter visibility: The reader's relationship to this process.
  /// - Returns: The types, highest fidelity first.
  public func exportedContentTypes(_ visibility: TransferRepresentationVisibility = .all) -> [UTType] {
    Self.transferEntries.compactMap { entry in
      guard let type = entry.exportedType, entry.export != nil, entry.exportingCondition?(self) ?? true,
        visibility.admits(entry.visibility)
      else { return nil }
      return type
    }
  }

  /// The types this type can be imported from, in order of preference.
  ///
  /// Apple's counterpart: `importedContentTypes()`.
  ///
  /// - Returns: The types, in order of preference.
  public static func importedContentTypes() -> [UTType] {
    transferEntries.compactMap { $0.import == nil ? nil : $0.importedType }
  }
}

extension Transferable {
  /// The flat list of the type's representations, highest fidelity first.
  ///
  /// `transferRepresentation` is opaque, so the compiler no longer knows that its `Item` is
  /// `Self`; the builder required it (``TransferRepresentationBuilder/buildExpression(_:)``), so
  /// the cast fails only for a representation built without the builder for another type.
  static var transferEntries: [_TransferEntry<Self>] {
    guard let entries = transferRepresentation._entries() as? [_TransferEntry<Self>] else {
      preconditionFailure("\(Self.self).transferRepresentation transfers \(Representation.Item.self), not \(Self.self)")
    }
    return entries
  }
}

/// Who may receive a representation of a `Transferable` value. Apple's counterpart:
/// `TransferRepresentationVisibility`.
public struct TransferRepresentationVisibility: Hashable, Sendable {
  let visibility: ItemProvider.RepresentationVisibility

  /// Every application.
  public static let all = TransferRepresentationVisibility(visibility: .all)
  /// Applications of the same team.
  public static let team = TransferRepresentationVisibility(visibility: .team)
  /// Applications of the same application group.
  public static let group = TransferRepresentationVisibility(visibility: .group)
  /// The source process only.
  public static let ownProcess = TransferRepresentationVisibility(visibility: .ownProcess)

  /// Whether a representation with `other` visibility is shown to readers that `self` admits.
  func admits(_ other: TransferRepresentationVisibility) -> Bool {
    other.visibility.rawValue <= visibility.rawValue
  }
}

/// A file a `Transferable` value exports. Apple's counterpart: `SentTransferredFile`.
public struct SentTransferredFile: Sendable {
  /// The file.
  public let file: URL
  /// Whether readers may open the file itself rather than a copy.
  public let allowAccessingOriginalFile: Bool

  /// A received file at `file`; `allowAccessingOriginalFile` says whether the receiver may open it in place. Apple's counterpart: `SentTransferredFile(_:allowAccessingOriginalFile:)`.
  ///
  /// - Parameters:
  ///   - file: The file.
  ///   - allowAccessingOriginalFile: Whether the receiver may open the original instead of a copy.
  public init(_ file: URL, allowAccessingOriginalFile: Bool = false) {
    self.file = file
    self.allowAccessingOriginalFile = allowAccessingOriginalFile
  }
}

/// A file a `Transferable` value is imported from. It is deleted after the importing closure
/// returns, unless it is the original. Apple's counterpart: `ReceivedTransferredFile`.
public struct ReceivedTransferredFile: Sendable {
  /// The file.
  public let file: URL
  /// Whether `file` is the sender's original rather than a copy.
  public let isOriginalFile: Bool
}
