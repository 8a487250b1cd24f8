import Foundation
import TypeRegistry

/// One way of exporting and importing values of ``Item``: data, a file, JSON, or another
/// `Transferable` type; or several, built from a ``body``.
///
/// Apple's counterpart: CoreTransferable's `TransferRepresentation`.
public protocol TransferRepresentation<Item>: Sendable {
  /// The type the representation transfers.
  associatedtype Item: Transferable
  /// The representation `body` builds.
  associatedtype Body: TransferRepresentation
  /// The representations this one is made of.
  @TransferRepresentationBuilder<Item> var body: Body { get }

  /// The flat list of representations, highest fidelity first. Implemented by the library's
  /// representations; a representation written with ``body`` gets it from there.
  func _entries() -> [_TransferEntry<Item>]
}

extension TransferRepresentation where Body.Item == Item {
  /// The representation's entries, in order (an implementation detail of the result builder).
  ///
  /// - Returns: The exporting and importing entries this representation stands for.
  public func _entries() -> [_TransferEntry<Item>] { body._entries() }
}

extension TransferRepresentation where Body == Never {
  /// Primitive representations have no body; reading it traps.
  public var body: Never { fatalError("\(Self.self) has no body") }
}

/// One flat representation of a `Transferable` type. An implementation detail of
/// ``TransferRepresentation``, public only because protocol requirements must be.
public struct _TransferEntry<Item: Transferable>: Sendable {

  var exportedType: UTType?
  var importedType: UTType?
  var isFile = false
  var openInPlace = false
  var visibility = TransferRepresentationVisibility.all
  var suggestedFileName: (@Sendable (Item) -> String?)?
  var exportingCondition: (@Sendable (Item) -> Bool)?
  var export: (@Sendable (Item) async throws -> TransferExport)?
  var `import`: (@Sendable (TransferImport) async throws -> Item)?
}

/// What an exporting closure produced.
enum TransferExport: Sendable {
  case data(Data)
  case file(SentTransferredFile)
}

/// What an importing closure receives.
enum TransferImport: Sendable {
  case data(Data)
  case file(ReceivedTransferredFile)
}

/// Builds a ``TransferRepresentation`` from a list of representations, highest fidelity first.
///
/// Attached to ``Transferable/transferRepresentation``, so a conforming type writes its
/// representations one per line with no attribute and no generic arguments.
///
/// Apple's counterpart: `TransferRepresentationBuilder`.
@resultBuilder
public struct TransferRepresentationBuilder<Item: Transferable> {
  /// Passes one representation through.
  ///
  /// - Parameter content: A representation.
  /// - Returns: The same representation.
  public static func buildExpression<Content: TransferRepresentation>(_ content: Content) -> Content
  where Content.Item == Item {
    content
  }

  /// A block of one representation.
  ///
  /// - Parameter content: A representation.
  /// - Returns: The same representation.
  public static func buildBlock<Content: TransferRepresentation>(_ content: Content) -> Content
  where Content.Item == Item {
    content
  }

  /// A block of several representations, in fidelity order.
  ///
  /// - Parameter content: The representations, in fidelity order.
  /// - Returns: A representation of them all.
  public static func buildBlock<each Content: TransferRepresentation>(
    _ content: repeat each Content
  ) -> TupleTransferRepresentation<Item, (repeat each Content)> {
    // `buildExpression` has already required every component's `Item` to be `Item` (a pack
    // cannot say so yet: same-element requirements are unsupported), so the cast cannot fail.
    var entries: [_TransferEntry<Item>] = []
    for representation in repeat each content { entries += representation._entries() as! [_TransferEntry<Item>] }
    return TupleTransferRepresentation(entries: entries)
  }
}

/// Several representations, in order. Apple's counterpart: `TupleTransferRepresentation`.
public struct TupleTransferRepresentation<Item: Transferable, Value>: TransferRepresentation {
  /// A primitive representation: it has no body.
  public typealias Body = Never
  let entries: [_TransferEntry<Item>]

  /// The representation's entries, in order (an implementation detail of the result builder).
  ///
  /// - Returns: The exporting and importing entries this representation stands for.
  public func _entries() -> [_TransferEntry<Item>] { entries }
}

/// Representations with changed properties, as the modifiers return them.
public struct _ModifiedTransferRepresentation<Item: Transferable>: TransferRepresentation {
  /// A primitive representation: it has no body.
  public typealias Body = Never
  let entries: [_TransferEntry<Item>]

  /// The representation's entries, in order (an implementation detail of the result builder).
  ///
  /// - Returns: The exporting and importing entries this representation stands for.
  public func _entries() -> [_TransferEntry<Item>] { entries }
}

extension TransferRepresentation {
  private func modified(_ change: (inout _TransferEntry<Item>) -> Void) -> _ModifiedTransferRepresentation<Item> {
    _ModifiedTransferRepresentation(
      entries: _entries().map { entry in
        var entry = entry
        change(&entry)
        return entry
      })
  }

  /// Names the files readers receive. Apple's counterpart: `suggestedFileName(_:)`.
  ///
  /// - Parameter fileName: The name, with its extension.
  /// - Returns: The representation with the name.
  public func suggestedFileName(_ fileName: String) -> some TransferRepresentation<Item> {
    modified { $0.suggestedFileName = { _ in fileName } }
  }

  /// Names the files readers receive, from the value. Apple's counterpart: `suggestedFileName(_:)`.
  ///
  /// - Parameter fileName: Names the file of a value; nil leaves it unnamed.
  /// - Returns: The representation with the names.
  public func suggestedFileName(_ fileName: @escaping @Sendable (Item) -> String?) -> some TransferRepresentation<Item>
  {
    modified { $0.suggestedFileName = fileName }
  }

  /// Limits who receives the representation. Apple's counterpart: `visibility(_:)`.
  ///
  /// - Parameter visibility: Who may receive the representation.
  /// - Returns: The representation, limited.
  public func visibility(_ visibility: TransferRepresentationVisibility) -> some TransferRepresentation<Item> {
    modified { $0.visibility = visibility }
  }

  /// Exports the representation only for values that satisfy `condition`.
  /// Apple's counterpart: `exportingCondition(_:)`.
  ///
  /// - Parameter condition: Whether a value exports this representation.
  /// - Returns: The representation, conditional.
  public func exportingCondition(_ condition: @escaping @Sendable (Item) -> Bool) -> some TransferRepresentation<Item> {
    modified { entry in
      let previous = entry.exportingCondition
      entry.exportingCondition = { item in (previous?(item) ?? true) && condition(item) }
    }
  }
}

extension Never: Transferable, TransferRepresentation {
  /// `Never` transfers nothing.
  public typealias Item = Never
  /// A primitive representation: it has no body.
  public typealias Body = Never
  /// `Never` has no representation; reading it traps.
  public static var transferRepresentation: Never { fatalError("Never has no representation") }
  /// The representation's entries, in order (an implementation detail of the result builder).
  ///
  /// - Returns: No entries.
  public func _entries() -> [_TransferEntry<Never>] { [] }
}
