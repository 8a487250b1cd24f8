import Foundation
import TypeRegistry

extension ItemProvider {
  /// Adds a representation for each of the value's exported representations, in fidelity order.
  ///
  /// `transferable` is evaluated once now when a representation has an exporting condition or
  /// a suggested file name (to decide what to register, and to name the item), and once more
  /// for each load. Data representations become data representations; file representations
  /// become file representations (opening in place when the file allows it).
  ///
  /// ```swift
  /// provider.register(Arrow(color: "red"))
  /// ```
  ///
  /// Apple's counterpart: `register(_:)`.
  ///
  /// - Parameter transferable: Makes the value when a reader first asks.
  public func register<T: Transferable>(_ transferable: @autoclosure @escaping @Sendable () -> T) {
    let entries = T.transferEntries.filter { $0.export != nil && $0.exportedType != nil }
    let needsValue = entries.contains { $0.exportingCondition != nil || $0.suggestedFileName != nil }
    let value = needsValue ? Unchecked(transferable()) : nil
    for entry in entries {
      if let condition = entry.exportingCondition, let value, !condition(value.value) { continue }
      if suggestedName == nil, let name = entry.suggestedFileName, let value, let suggested = name(value.value) {
        suggestedName = suggested
      }
      guard let export = entry.export, let type = entry.exportedType else { continue }
      let visibility = entry.visibility.visibility
      if entry.isFile {
        registerFileRepresentation(for: type, visibility: visibility, openInPlace: entry.openInPlace) { completion in
          Self.exporting({ try await export(transferable()) }) { result in
            switch result {
            case .success(.file(let file)): completion(file.file, false, nil)
            case .success(.data): completion(nil, false, nil)
            case .failure(let error): completion(nil, false, error)
            }
          }
        }
      } else {
        registerDataRepresentation(for: type, visibility: visibility) { completion in
          Self.exporting({ try await export(transferable()) }) { result in
            switch result {
            case .success(.data(let data)): completion(data, nil)
            case .success(.file): completion(nil, nil)
            case .failure(let error): completion(nil, error)
            }
          }
        }
      }
    }
  }

  /// Runs an exporting closure in a task; the returned progress cancels the task.
  private static func exporting(
    _ export: @escaping @Sendable () async throws -> TransferExport,
    then deliver: @escaping @Sendable (Result<TransferExport, any Error>) -> Void
  ) -> Progress {
    let progress = Progress(totalUnitCount: 1)
    let task = Task {
      do { deliver(.success(try await export())) } catch { deliver(.failure(error)) }
    }
    progress.cancellationHandler = { task.cancel() }
    return progress
  }

  /// Loads a value of `type` from the first representation, in the provider's fidelity order,
  /// that one of the type's importing representations accepts.
  ///
  /// Apple's counterpart: `loadTransferable(type:completionHandler:)`.
  ///
  /// - Parameters:
  ///   - transferableType: The type to make.
  ///   - completionHandler: Called once with the value or the error.
  /// - Returns: The load's progress; cancelling it cancels the load.
  @discardableResult
  public func loadTransferable<T: Transferable>(
    type transferableType: T.Type, completionHandler: @escaping @Sendable (Result<T, any Error>) -> Void
  ) -> Progress {
    let progress = Progress(totalUnitCount: 1)
    // Judged now: a request made inside performDrop(info:) stays admitted in the task.
    let task = LoadGate.carryingDecision(of: gate) { [self] in
      do {
        let value = try await loadTransferable(type: transferableType)
        progress.completedUnitCount = 1
        completionHandler(.success(value))
      } catch is CancellationError {
        completionHandler(.failure(CocoaError(.userCancelled)))
      } catch {
        completionHandler(.failure(error))
      }
    }
    progress.cancellationHandler = { task.cancel() }
    return progress
  }

  /// A value of `type` from the first representation, in the provider's fidelity order, that
  /// one of the type's importing representations accepts.
  ///
  /// ```swift
  /// let arrow = try await provider.loadTransferable(type: Arrow.self)
  /// ```
  ///
  /// - Parameter transferableType: The type to make.
  /// - Returns: The value.
  /// - Throws: ``ItemProviderError`` when no representation is importable as the type, or the
  ///   importing representation's error; `CancellationError` when the task is cancelled.
  public func loadTransferable<T: Transferable>(type transferableType: T.Type) async throws -> T {
    let importers = T.transferEntries.filter { $0.import != nil && $0.importedType != nil }
    var match: (Representation, _TransferEntry<T>)?
    search: for representation in visibleRepresentations {
      for entry in importers where representation.type.conforms(to: entry.importedType!) {
        match = (representation, entry)
        break search
      }
    }
    guard let (representation, entry) = match, let importer = entry.import else {
      throw ItemProviderError(
        .noConformingRepresentation,
        requested: "\(T.self) (\(importers.compactMap(\.importedType?.identifier).joined(separator: ", ")))",
        registered: registeredTypeIdentifiers)
    }
    if entry.isFile {
      return try await loadFileRepresentation(for: representation.type, openInPlace: entry.openInPlace) {
        url, isInPlace in
        try await importer(.file(ReceivedTransferredFile(file: url, isOriginalFile: isInPlace)))
      }
    }
    let data = try await loadDataRepresentation(for: representation.type)
    return try await importer(.data(data))
  }
}
