import Foundation
import TypeRegistry
import UTIPlatform

extension ItemProvider {
  /// The data of the first representation that conforms to `contentType`.
  ///
  /// Cancelling the task cancels the load and throws `CancellationError`.
  ///
  /// ```swift
  /// let png = try await provider.loadDataRepresentation(for: .png)
  /// ```
  ///
  /// Our own convenience: Apple's SDK has no async form of this method (its completion-handler
  /// form returns a `Progress`, which Swift does not import as `async`); on Apple platforms wrap
  /// the completion-handler form.
  ///
  /// - Parameter contentType: The type to load.
  /// - Returns: The representation's data.
  /// - Throws: ``ItemProviderError`` when no representation conforms or its handler fails;
  ///   `CancellationError` when the task is cancelled.
  public func loadDataRepresentation(for contentType: UTType) async throws -> Data {
    try await Self.awaiting { completion in loadData(contentType, completion: completion) }
  }

  /// The data of the first representation that conforms to `typeIdentifier`.
  ///
  /// Our own convenience: Apple's SDK has no async form of this method (its completion-handler
  /// form returns a `Progress`, which Swift does not import as `async`); on Apple platforms wrap
  /// the completion-handler form.
  ///
  /// - Parameter typeIdentifier: The identifier of the type to load.
  /// - Returns: The representation's data.
  /// - Throws: ``ItemProviderError`` when no representation conforms or its handler fails;
  ///   `CancellationError` when the task is cancelled.
  public func loadDataRepresentation(forTypeIdentifier typeIdentifier: String) async throws -> Data {
    try await Self.awaiting { completion in loadData(UTType.named(typeIdentifier), completion: completion) }
  }

  /// An instance of `aClass` made from the first representation it can read.
  ///
  /// ```swift
  /// let text = try await provider.loadObject(ofClass: String.self)
  /// ```
  ///
  /// Our own convenience: Apple's SDK has no async form of this method (its completion-handler
  /// form returns a `Progress`, which Swift does not import as `async`); on Apple platforms wrap
  /// the completion-handler form.
  ///
  /// - Parameter aClass: The type to make.
  /// - Returns: The instance.
  /// - Throws: ``ItemProviderError`` when no representation is readable as `aClass`, or the
  ///   class's decoder's error; `CancellationError` when the task is cancelled.
  public func loadObject<T: ItemProviderReading>(ofClass aClass: T.Type) async throws -> T {
    try await Self.awaiting { completion in loadObject(ofClass: aClass, completion: completion) }.value
  }

  /// Runs `body` with the first representation that conforms to `contentType` as a file, and
  /// deletes the file when `body` returns or throws.
  ///
  /// `body` gets the file and whether it is the original (with `openInPlace`, when the
  /// representation allows it; the original is never deleted).
  ///
  /// ```swift
  /// let size = try await provider.loadFileRepresentation(for: .movie) { url, _ in
  ///   try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
  /// }
  /// ```
  ///
  /// Our own convenience: Apple's SDK has only the completion-handler form, whose file is
  /// deleted when the handler returns; this form deletes it when `body` returns.
  ///
  /// - Parameters:
  ///   - contentType: The type to load.
  ///   - openInPlace: Whether to take the original file when the representation allows it.
  ///   - body: Reads the file; gets its URL and whether it is the original.
  /// - Returns: What `body` returns.
  /// - Throws: ``ItemProviderError`` when no representation conforms or its handler fails, or what
  ///   `body` throws; `CancellationError` when the task is cancelled.
  public func loadFileRepresentation<Result>(
    for contentType: UTType, openInPlace: Bool = false, _ body: (URL, Bool) async throws -> Result
  ) async throws -> Result {
    let file: LoadedFile = try await Self.awaiting { completion in
      loadFile(contentType, openInPlace: openInPlace, destination: .temporaryKept, completion: completion)
    }
    defer { if let directory = file.directory { TemporaryFiles.remove(directory) } }
    return try await body(file.url, file.isInPlace)
  }

  /// The first representation that conforms to `contentType`, as a new file in `directory`
  /// that the caller owns. See ``copyFileRepresentation(for:to:completionHandler:)``.
  ///
  /// Our own, as the completion-handler form is: Apple has no counterpart.
  ///
  /// - Parameters:
  ///   - contentType: The type to load.
  ///   - directory: Where to create the file.
  /// - Returns: The new file, which the caller deletes.
  /// - Throws: ``ItemProviderError`` when no representation conforms or the file cannot be made;
  ///   `CancellationError` when the task is cancelled.
  public func copyFileRepresentation(for contentType: UTType, to directory: URL) async throws -> URL {
    let file: LoadedFile = try await Self.awaiting { completion in
      loadFile(
        contentType, openInPlace: false, destination: .directory(directory.path), completion: completion)
    }
    return file.url
  }

  /// The item of the first representation that conforms to `typeIdentifier`, coerced as the
  /// completion-handler form coerces it.
  ///
  /// ```swift
  /// let text = try await provider.loadItem(forTypeIdentifier: UTType.plainText.identifier) as? NSString
  /// ```
  ///
  /// Apple's counterpart: `loadItem(forTypeIdentifier:options:) async throws`, which Swift imports
  /// from the completion-handler method (it returns nothing, so it has an async form there too).
  ///
  /// - Parameters:
  ///   - typeIdentifier: The identifier of the type to load.
  ///   - options: Ignored, as on Apple platforms for most items.
  /// - Returns: The item.
  /// - Throws: ``ItemProviderError`` when no representation conforms or cannot be coerced;
  ///   `CancellationError` when the task is cancelled.
  public func loadItem(forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil)
    async throws -> any NSSecureCoding
  {
    let item: Unsendable<any NSSecureCoding> = try await Self.awaiting { completion in
      loadItem(forTypeIdentifier: typeIdentifier, options: options) { item, error in
        if let item {
          completion(.success(Unsendable(item)))
        } else {
          completion(
            .failure(error ?? ItemProviderError(.noConformingRepresentation, requested: typeIdentifier, registered: []))
          )
        }
      }
    }
    return item.value
  }

  /// Awaits a load started by `start`, cancelling its progress when the task is cancelled.
  static func awaiting<Value: Sendable>(
    _ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> Progress
  ) async throws -> Value {
    let progress = Locked<Progress?>(nil)
    do {
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let started = start { continuation.resume(with: $0) }
          progress.withLock { $0 = started }
          if Task.isCancelled { started.cancel() }
        }
      } onCancel: {
        progress.withLock { $0 }?.cancel()
      }
    } catch let error as CocoaError where error.code == .userCancelled && Task.isCancelled {
      throw CancellationError()
    }
  }
}

/// A value handed from the thread that loaded it to the one awaiting it, and used only there:
/// the `NSSecureCoding` items of legacy loads are not `Sendable`.
struct Unsendable<Value>: @unchecked Sendable {
  // Sendable: handed over once, from the thread that loaded the value to the task that awaits it; the loader
  // keeps no reference.
  let value: Value
  init(_ value: Value) { self.value = value }
}
