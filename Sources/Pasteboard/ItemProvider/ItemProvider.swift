import Foundation
import TypeRegistry
import UTIPlatform

/// An item carried by a pasteboard or a drag session: an ordered list of representations of one
/// payload, each a type and a handler that produces the payload in that type when asked.
///
/// Representations are kept in registration order, which is fidelity order, highest first: a
/// reader asking for a type gets the first representation whose type conforms to it. Nothing is
/// produced until a reader loads it.
///
/// ```swift
/// let provider = ItemProvider(object: "Hello" as NSString)
/// provider.registerDataRepresentation(for: .png) { completion in
///   completion(pngBytes, nil)
///   return nil
/// }
/// provider.registeredTypeIdentifiers   // ["public.utf8-plain-text", "public.png"]
/// let text = try await provider.loadObject(ofClass: String.self)
/// let image = try await provider.loadDataRepresentation(for: .image)   // served by public.png
/// ```
///
/// Handlers run on Swift's global concurrent executor, never on the caller's thread; a completion
/// handler runs on the thread where the handler completed (that executor, for the representations
/// this library makes). A provider is safe to use from many threads.
///
/// Apple's counterpart: `NSItemProvider`, which is this type's name too on platforms whose
/// Foundation lacks it.
public final class ItemProvider: Sendable, CustomStringConvertible {
  /// The representations and properties, shared by every view of the provider.
  final class Storage: Sendable {
    let origin: AppIdentity
    let state: Locked<State>

    init(origin: AppIdentity) {
      self.origin = origin
      self.state = Locked(State())
    }
  }

  struct State {
    var representations: [Representation] = []
    var suggestedName: String?
    var loadTimeout: Double?
    /// The AppKit file promise the provider stands for (its file representation writes it), so
    /// that a pasteboard made from the provider reads it as an `NSFilePromiseReceiver` again.
    var filePromise: NSFilePromiseProvider?
    /// The types whose file representation is a file that exists (``init(contentsOf:contentType:openInPlace:coordinated:visibility:)``):
    /// no promise to the desktop.
    var existingFiles: Set<String> = []
  }

  let storage: Storage
  /// The application reading through this view.
  let reader: AppIdentity
  /// Closed while a drop's payload is protected; nil for an unprotected view.
  let gate: LoadGate?
  /// Whether the reader is the creating process, which sees every representation.
  let readerIsOrigin: Bool

  /// An empty provider, created by the current application.
  public init() {
    storage = Storage(origin: .current)
    reader = .current
    gate = nil
    readerIsOrigin = true
  }

  /// An empty provider created by `origin` (for testing code that receives items from another
  /// application).
  ///
  /// - Parameter origin: The application the provider comes from.
  public init(origin: AppIdentity) {
    storage = Storage(origin: origin)
    reader = origin
    gate = nil
    readerIsOrigin = true
  }

  init(storage: Storage, reader: AppIdentity, gate: LoadGate?) {
    self.storage = storage
    self.reader = reader
    self.gate = gate
    self.readerIsOrigin = reader.isSameProcess(as: storage.origin)
  }

  /// The same provider as `reader` sees it: representations whose visibility excludes `reader`
  /// are neither listed nor loadable.
  ///
  /// ```swift
  /// provider.registerDataRepresentation(for: .png, visibility: .ownProcess) { … }
  /// provider.accessed(by: otherApp).registeredContentTypes   // []
  /// ```
  ///
  /// - Parameter reader: The application reading the provider.
  /// - Returns: A view of this provider, sharing its representations.
  public func accessed(by reader: AppIdentity) -> ItemProvider {
    ItemProvider(storage: storage, reader: reader, gate: gate)
  }

  /// The same provider behind `gate`: while the gate is closed, loads fail.
  func gated(by gate: LoadGate, reader: AppIdentity) -> ItemProvider {
    ItemProvider(storage: storage, reader: reader, gate: gate)
  }

  /// The application that created the provider.
  public var origin: AppIdentity { storage.origin }

  /// A name for the item, used for files a reader receives. Apple's counterpart: `suggestedName`.
  public var suggestedName: String? {
    get { storage.state.withLock { $0.suggestedName } }
    set { storage.state.withLock { $0.suggestedName = newValue } }
  }

  /// How many seconds a load waits for a handler before failing with
  /// ``ItemProvider/ErrorCode/itemUnavailableError``; nil (the default) waits until cancelled.
  ///
  /// Negative values count as zero; values beyond a year, infinity and NaN as no timeout.
  /// Apple has no timeout; this is for hosts that must not wait forever on another
  /// application's handler.
  public var loadTimeout: Double? {
    get { storage.state.withLock { $0.loadTimeout } }
    set {
      let timeout = newValue.flatMap { $0.isNaN || $0 > Self.longestTimeout ? nil : max($0, 0) }
      storage.state.withLock { $0.loadTimeout = timeout }
    }
  }

  /// The longest timeout taken as one: a year.
  static let longestTimeout = 365.0 * 24 * 3600

  /// The representations `reader` may see, in fidelity order.
  var visibleRepresentations: [Representation] {
    let origin = storage.origin
    let reader = reader
    let sameProcess = readerIsOrigin
    return storage.state.withLock { state in
      sameProcess
        ? state.representations : state.representations.filter { $0.visibility.allows(reader, origin: origin) }
    }
  }

  func append(_ representation: Representation) {
    storage.state.withLock { $0.representations.append(representation) }
  }

  // MARK: Queries

  /// The type identifiers of the representations, highest fidelity first.
  ///
  /// Apple's counterpart: `registeredTypeIdentifiers`.
  /// - Complexity: O(*n*) in the number of representations.
  public var registeredTypeIdentifiers: [String] { visibleRepresentations.map(\.identifier) }

  /// The type identifiers that can be loaded with `fileOptions`: every representation for `[]`,
  /// the file representations that open in place for `.openInPlace`.
  ///
  /// Apple's counterpart: `registeredTypeIdentifiers(fileOptions:)`.
  ///
  /// - Parameter fileOptions: `[]` for every representation, `.openInPlace` for those that open in place.
  /// - Returns: The identifiers, highest fidelity first.
  public func registeredTypeIdentifiers(fileOptions: FileOptions) -> [String] {
    visibleRepresentations.filter { $0.fileOptions.isSuperset(of: fileOptions) }.map(\.identifier)
  }

  /// The types of the representations, highest fidelity first. Apple's counterpart:
  /// `registeredContentTypes`.
  public var registeredContentTypes: [UTType] { visibleRepresentations.map(\.type) }

  /// The types of the file representations that open in place. Apple's counterpart:
  /// `registeredContentTypesForOpenInPlace`.
  public var registeredContentTypesForOpenInPlace: [UTType] {
    visibleRepresentations.filter { $0.fileOptions.contains(.openInPlace) }.map(\.type)
  }

  /// The registered types that conform to `contentType`, highest fidelity first.
  ///
  /// Apple's counterpart: `registeredContentTypes(conformingTo:)`.
  ///
  /// - Parameter contentType: The supertype.
  /// - Returns: The conforming registered types.
  public func registeredContentTypes(conformingTo contentType: UTType) -> [UTType] {
    visibleRepresentations.map(\.type).filter { $0.conforms(to: contentType) }
  }

  /// Whether a representation conforms to `typeIdentifier` (or can be coerced to it).
  ///
  /// Apple's counterpart: `hasItemConformingToTypeIdentifier(_:)`.
  ///
  /// - Parameter typeIdentifier: The identifier of the type to look for.
  /// - Returns: Whether a representation can be loaded as that type.
  public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
    resolve(UTType.named(typeIdentifier)) != nil
  }

  /// Whether a representation conforms to `typeIdentifier` and can be loaded with `fileOptions`.
  ///
  /// With no file options it answers as ``hasItemConformingToTypeIdentifier(_:)`` does, held
  /// strings and URLs included; a held value has no file to open in place, so with options only
  /// representations that declare them count.
  ///
  /// Apple's counterpart: `hasRepresentationConforming(toTypeIdentifier:fileOptions:)`.
  ///
  /// - Parameters:
  ///   - typeIdentifier: The identifier of the type to look for.
  ///   - fileOptions: `.openInPlace` to count only representations that open in place.
  /// - Returns: Whether such a representation exists.
  public func hasRepresentationConforming(toTypeIdentifier typeIdentifier: String, fileOptions: FileOptions = [])
    -> Bool
  {
    let type = UTType.named(typeIdentifier)
    if fileOptions.isEmpty { return resolve(type) != nil }
    return visibleRepresentations.contains { $0.fileOptions.isSuperset(of: fileOptions) && $0.type.conforms(to: type) }
  }

  /// Whether ``loadObject(ofClass:completionHandler:)`` can make an instance of `aClass`.
  ///
  /// Apple's counterpart: `canLoadObject(ofClass:)`.
  ///
  /// - Parameter aClass: The type to make.
  /// - Returns: Whether a representation is of a type the class reads.
  public func canLoadObject(ofClass aClass: any ItemProviderReading.Type) -> Bool {
    resolveObject(aClass) != nil
  }

  /// `ItemProvider(…)` with the registered type identifiers, in fidelity order.
  public var description: String {
    "ItemProvider(\(registeredTypeIdentifiers.joined(separator: ", ")))"
  }
}

extension UTType {
  /// The declared type named `identifier`, else an undeclared type that conforms only to itself.
  static func named(_ identifier: String) -> UTType {
    UTType(identifier) ?? UTType(importedAs: identifier)
  }
}

/// A gate that keeps a drop's payload closed except while the drop is performed.
///
/// SwiftUI's rule: the receiver can request the payload only from within `performDrop(info:)`.
/// A load is judged when it starts: one started inside `performDrop` completes however long it
/// takes; one started before or after fails.
final class LoadGate: Sendable {
  enum State: Sendable {
    /// The drag is in progress: types are visible, payloads are not.
    case protected
    /// `performDrop(info:)` is running.
    case open
    /// `performDrop(info:)` has returned.
    case over
  }

  private struct Counts {
    var state = State.protected
    /// Loads admitted while the gate was open that have not finished.
    var inFlight = 0
    var whenSettled: [@Sendable () -> Void] = []
  }

  private let counts = Locked(Counts())

  /// A gate that admitted a request made while it was open, carried into the task that serves
  /// the request: a completion-handler load that hops to a task (`loadTransferable`) is judged
  /// when it is called, not when the task gets to the representation.
  @TaskLocal static var admitted: LoadGate?

  var current: State { counts.withLock { $0.state } }

  /// The state a load requested now is judged by.
  var stateForRequest: State {
    let state = current
    return state != .open && LoadGate.admitted === self ? .open : state
  }

  /// Runs `body` in a task that keeps this gate's decision for a request made now (and counts
  /// it as in flight until `body` returns).
  static func carryingDecision(of gate: LoadGate?, _ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
    guard let gate, gate.stateForRequest == .open else { return Task.detached(operation: body) }
    gate.admit()
    return Task.detached {
      await LoadGate.$admitted.withValue(gate) { await body() }
      gate.release()
    }
  }

  func openGate() { counts.withLock { $0.state = .open } }
  func closeGate() { settle { $0.state = .over } }

  /// Counts a load admitted now as in flight, until ``release()``.
  func admit() { counts.withLock { $0.inFlight += 1 } }

  /// An admitted load finished.
  func release() { settle { $0.inFlight -= 1 } }

  /// Runs `body` once the drop is settled: the gate is not open and every load it admitted has
  /// finished (at once if that is so now). A drop's host learns here when the source may let
  /// the data go (XDND's `XdndFinished`).
  func whenSettled(_ body: @escaping @Sendable () -> Void) {
    settle { $0.whenSettled.append(body) }
  }

  /// Applies `change`, then runs the waiting bodies if the drop is now settled.
  private func settle(_ change: (inout Counts) -> Void) {
    let ready = counts.withLock { counts -> [@Sendable () -> Void] in
      change(&counts)
      guard counts.state != .open && counts.inFlight == 0 else { return [] }
      defer { counts.whenSettled = [] }
      return counts.whenSettled
    }
    for body in ready { body() }
  }
}
