import Foundation
import TypeRegistry

extension ItemProvider {
  // MARK: Data

  /// Loads the data of the first representation, in fidelity order, that conforms to
  /// `typeIdentifier`.
  ///
  /// A file representation serves the request with the file's bytes; a held object with the
  /// bytes it writes. `completionHandler` runs once, on Swift's global concurrent executor (or on
  /// the thread on which the handler completed), never on the caller's thread; it gets
  /// `CocoaError(.userCancelled)` if the returned progress is cancelled first.
  ///
  /// ```swift
  /// provider.loadDataRepresentation(forTypeIdentifier: "public.image") { data, error in … }
  /// ```
  ///
  /// Apple's counterpart: `loadDataRepresentation(forTypeIdentifier:completionHandler:)`.
  ///
  /// - Parameters:
  ///   - typeIdentifier: The identifier of the type to load.
  ///   - completionHandler: Called once, on a background thread, with the result or the error.
  /// - Returns: The load's progress; cancelling it cancels the load.
  @discardableResult
  public func loadDataRepresentation(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress {
    loadDataRepresentation(for: UTType.named(typeIdentifier), completionHandler: completionHandler)
  }

  /// Loads the data of the first representation that conforms to `contentType`.
  ///
  /// Apple's counterpart: `loadDataRepresentation(for:completionHandler:)`.
  ///
  /// - Parameters:
  ///   - contentType: The type to load.
  ///   - completionHandler: Called once, on a background thread, with the result or the error.
  /// - Returns: The load's progress; cancelling it cancels the load.
  @discardableResult
  public func loadDataRepresentation(
    for contentType: UTType, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> Progress {
    loadData(contentType) { result in
      switch result {
      case .success(let data): completionHandler(data, nil)
      case .failure(let error): completionHandler(nil, error)
      }
    }
  }

  func loadData(
    _ type: UTType, inline: Bool = false, completion: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) -> Progress {
    let operation = LoadOperation<Data>(completion: completion)
    let typeIdentifier = type.identifier
    begin(operation, requested: typeIdentifier, inline: inline) { provider in
      guard let representation = provider.resolve(type) else {
        operation.finish(.failure(provider.unavailable(typeIdentifier)))
        return
      }
      provider.produceData(representation, requested: typeIdentifier, operation) { operation.finish($0) }
    }
    return operation.progress
  }

  // MARK: Files

  /// Loads the first representation that conforms to `typeIdentifier` as a file.
  ///
  /// The file is a copy in a private temporary directory (mode 0700), named from
  /// ``suggestedName`` (made safe) and the type's preferred extension, and is deleted when
  /// `completionHandler` returns: move or copy it before then, or use
  /// ``copyFileRepresentation(for:to:completionHandler:)``. A data representation serves the
  /// request by writing its data to such a file.
  ///
  /// Apple's counterpart: `loadFileRepresentation(forTypeIdentifier:completionHandler:)`.
  ///
  /// - Parameters:
  ///   - typeIdentifier: The identifier of the type to load.
  ///   - completionHandler: Called once with a temporary file, deleted when it returns, or the error.
  /// - Returns: The load's progress; cancelling it cancels the load.
  @discardableResult
  public func loadFileRepresentation(
    forTypeIdentifier typeIdentifier: String, completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
  ) -> Progress {
    loadFile(UTType.named(typeIdentifier), openInPlace: false, destination: .temporary) { result in
      switch result {
      case .success(let file): completionHandler(file.url, nil)
      case .failure(let error): completionHandler(nil, error)
      }
    }
  }

  /// Loads the first representation that conforms to `contentType` as a file; with
  /// `openInPlace`, the original file when its representation allows it (the `Bool` says so).
  ///
  /// Apple's counterpart: `loadFileRepresentation(for:openInPlace:completionHandler:)`.
  ///
  /// - Parameters:
  ///   - contentType: The type to load.
  ///   - openInPlace: Whether to take the original file when the representation allows it.
  ///   - completionHandler: Called once with the file and whether it is the original, or the error.
  /// - Returns: The load's progress; cancelling it cancels the load.
  @discardableResult
  public func loadFileRepresentation(
    for contentType: UTType, openInPlace: Bool = false,
    completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
  ) -> Progress {
    loadFile(contentType, openInPlace: openInPlace, destination: .temporary) { result in
      switch result {
      case .success(let file): completionHandler(file.url, file.isInPlace, nil)
      case .failure(let error): completionHandler(nil, false, error)
      }
    }
  }

  /// Loads the first representation that conforms to `typeIdentifier` as a file, the original
  /// when its representation was registered with `.openInPlace` (then `isInPlace` is true and
  /// nothing is deleted), else a temporary copy as in ``loadFileRepresentation(forTypeIdentifier:completionHandler:)``.
  ///
  /// Apple's counterpart: `loadInPlaceFileRepresentation(forTypeIdentifier:completionHandler:)`.
  ///
  /// - Parameters:
  ///   - typeIdentifier: The identifier of the type to load.
  ///   - completionHandler: Called once with the file and whether it is the original, or the error.
  /// - Returns: The load's progress; cancelling it cancels the load.
  @discardableResult
  public func loadInPlaceFileRepresentation(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
  ) -> Progress {
    loadFile(UTType.named(typeIdentifier), openInPlace: true, destination: .temporary) { result in
      switch result {
      case .success(let file): completionHandler(file.url, file.isInPlace, nil)
      case .failure(let error): completionHandler(nil, false, error)
      }
    }
  }

  /// Loads the first representation that conforms to `contentType` as a file that stays: a new
  /// file in `directory` (named as for a temporary file; ` 2`, ` 3` … is added when the name is
  /// taken), which the caller owns.
  ///
  /// Files are copied as a stream, so memory stays flat for any size. Apple has no counterpart:
  /// there, callers copy the temporary file inside the completion handler.
  ///
  /// - Parameters:
  ///   - contentType: The type to load.
  ///   - directory: Where to create the file.
  ///   - completionHandler: Called once with the new file, which the caller owns, or the error.
  /// - Returns: The load's progress; cancelling it cancels the load.
  @discardableResult
  public func copyFileRepresentation(
    for contentType: UTType, to directory: URL, completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
  ) -> Progress {
    loadFile(contentType, openInPlace: false, destination: .directory(directory.path)) { result in
      switch result {
      case .success(let file): completionHandler(file.url, nil)
      case .failure(let error): completionHandler(nil, error)
      }
    }
  }

  /// Where a file load puts its file.
  enum FileDestination: Sendable {
    /// A new private directory, removed when the completion returns.
    case temporary
    /// A new private directory that the caller removes (``LoadedFile/directory``).
    case temporaryKept
    /// A directory the caller chose; the file stays.
    case directory(String)
  }

  /// A file a load produced.
  struct LoadedFile: Sendable {
    let url: URL
    let isInPlace: Bool
    /// The private directory holding the file, for `.temporaryKept` loads.
    let directory: String?
  }

  func loadFile(
    _ type: UTType, openInPlace: Bool, destination: FileDestination, inline: Bool = false,
    completion: @escaping @Sendable (Result<LoadedFile, any Error>) -> Void
  ) -> Progress {
    let operation = LoadOperation<LoadedFile>(completion: completion)
    let typeIdentifier = type.identifier
    begin(operation, requested: typeIdentifier, inline: inline) { provider in
      guard let representation = provider.resolve(type) else {
        operation.finish(.failure(provider.unavailable(typeIdentifier)))
        return
      }
      provider.produce(representation, options: nil, operation) { payload in
        guard !operation.isFinished else { return }
        switch payload {
        case .failure(let error):
          operation.finish(.failure(error))
        case .success(.file(let url)):
          if openInPlace && representation.fileOptions.contains(.openInPlace) {
            operation.finish(.success(LoadedFile(url: url, isInPlace: true, directory: nil)))
            return
          }
          provider.deliverFile(
            representation, requested: typeIdentifier, destination: destination, operation,
            sourceName: url.lastPathComponent
          ) { (path: String) throws(POSIXFailure) in try TemporaryFiles.copyFile(from: url.path, to: path) }
        case .success(.data(let data)):
          provider.deliverFile(representation, requested: typeIdentifier, destination: destination, operation) {
            (path: String) throws(POSIXFailure) in try TemporaryFiles.writeData(data, to: path)
          }
        case .success(.value(let value)):
          provider.data(fromValue: value, representation, requested: typeIdentifier, operation) { result in
            switch result {
            case .failure(let error): operation.finish(.failure(error))
            case .success(let data):
              provider.deliverFile(representation, requested: typeIdentifier, destination: destination, operation) {
                (path: String) throws(POSIXFailure) in try TemporaryFiles.writeData(data, to: path)
              }
            }
          }
        }
      }
    }
    return operation.progress
  }

  /// Writes a file for `representation` with `write` and delivers it; removes what it wrote
  /// once the completion returns (for `.temporary`) or if the load already finished.
  private func deliverFile(
    _ representation: Representation, requested: String, destination: FileDestination,
    _ operation: LoadOperation<LoadedFile>, sourceName: String? = nil,
    write: (String) throws(POSIXFailure) -> Void
  ) {
    let name: String
    if let suggestedName {
      let pathExtension =
        sourceName.map { URL(fileURLWithPath: $0).pathExtension }.flatMap { $0.isEmpty ? nil : $0 }
        ?? representation.type.preferredFilenameExtension
      name = TemporaryFiles.sanitizedFileName(suggestedName, pathExtension: pathExtension)
    } else if let sourceName {
      name = TemporaryFiles.sanitizedFileName(sourceName, pathExtension: nil)
    } else {
      name = TemporaryFiles.sanitizedFileName(nil, pathExtension: representation.type.preferredFilenameExtension)
    }
    do throws(POSIXFailure) {
      switch destination {
      case .temporary, .temporaryKept:
        let (directory, path) = try TemporaryFiles.writeInNewLoadDirectory(name: name, write: write)
        let file = LoadedFile(
          url: URL(fileURLWithPath: path), isInPlace: false,
          directory: { if case .temporaryKept = destination { return directory } else { return nil } }())
        if case .temporaryKept = destination {
          if !operation.finish(.success(file)) { TemporaryFiles.remove(directory) }
        } else {
          operation.finish(.success(file)) { TemporaryFiles.remove(directory) }
        }
      case .directory(let directory):
        let path = try TemporaryFiles.createUnique(in: directory, name: name, write: write)
        if !operation.finish(.success(LoadedFile(url: URL(fileURLWithPath: path), isInPlace: false, directory: nil))) {
          try? FileManager.default.removeItem(atPath: path)
        }
      }
    } catch {
      operation.finish(
        .failure(
          ItemProviderError(.file(path: error.path, errno: error.code), requested: requested, registered: [])))
    }
  }

  // MARK: Objects

  /// Loads an instance of `aClass` from the first representation, in fidelity order, that
  /// conforms to one of the class's readable types (an instance held by the provider is
  /// delivered as is).
  ///
  /// ```swift
  /// provider.loadObject(ofClass: NSString.self) { string, error in … }
  /// ```
  ///
  /// Apple's counterpart: `loadObject(ofClass:completionHandler:)`.
  ///
  /// - Parameters:
  ///   - aClass: The type to make.
  ///   - completionHandler: Called once with the instance or the error.
  /// - Returns: The load's progress; cancelling it cancels the load.
  @discardableResult
  public func loadObject<T: ItemProviderReading>(
    ofClass aClass: T.Type, completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void
  ) -> Progress {
    loadObject(ofClass: aClass) { result in
      switch result {
      case .success(let object): completionHandler(object.value, nil)
      case .failure(let error): completionHandler(nil, error)
      }
    }
  }

  func loadObject<T: ItemProviderReading>(
    ofClass aClass: T.Type, inline: Bool = false,
    completion: @escaping @Sendable (Result<Unchecked<T>, any Error>) -> Void
  ) -> Progress {
    let operation = LoadOperation<Unchecked<T>>(completion: completion)
    let requested = "\(T.self)"
    begin(operation, requested: requested, inline: inline) { provider in
      guard let representation = provider.resolveObject(aClass) else {
        operation.finish(
          .failure(
            ItemProviderError(
              .noConformingRepresentation,
              requested: "\(requested) (\(T.readableTypeIdentifiersForItemProvider.joined(separator: ", ")))",
              registered: provider.registeredTypeIdentifiers)))
        return
      }
      provider.produce(representation, options: nil, operation) { payload in
        if case .success(.value(let value)) = payload, let object = value as? T {
          operation.finish(.success(Unchecked(object)))
          return
        }
        provider.data(from: payload, representation, requested: requested, operation) { result in
          operation.finish(
            result.flatMap { data in
              Result { Unchecked(try T.object(withItemProviderData: data, typeIdentifier: representation.identifier)) }
            })
        }
      }
    }
    return operation.progress
  }

  // MARK: Legacy items

  /// Loads the first representation that conforms to `typeIdentifier` as an `NSSecureCoding`
  /// item: data as `NSData`, text as `NSString`, URLs as `NSURL`, a file as the `NSURL` of a
  /// temporary copy (deleted when `completionHandler` returns).
  ///
  /// Apple's counterpart: `loadItem(forTypeIdentifier:options:completionHandler:)`, which
  /// returns nothing; the progress returned here can cancel the load.
  ///
  /// - Parameters:
  ///   - typeIdentifier: The identifier of the type to load.
  ///   - options: Ignored, as on Apple platforms for most items.
  ///   - completionHandler: Called once with the item or the error; nil to only start the load.
  /// - Returns: The load's progress; cancelling it cancels the load.
  @discardableResult
  public func loadItem(
    forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil,
    completionHandler: CompletionHandler? = nil
  ) -> Progress {
    let operation = LoadOperation<Stored> { result in
      switch result {
      case .success(let item): completionHandler?(item.value as? any NSSecureCoding, nil)
      case .failure(let error): completionHandler?(nil, error)
      }
    }
    let options = options.map { Stored(value: $0) }
    begin(operation, requested: typeIdentifier) { provider in
      guard let representation = provider.resolve(UTType.named(typeIdentifier)) else {
        operation.finish(.failure(provider.unavailable(typeIdentifier)))
        return
      }
      provider.produce(representation, options: options, operation) { payload in
        switch payload {
        case .failure(let error): operation.finish(.failure(error))
        case .success(.data(let data)): operation.finish(.success(Stored(value: NSData(data: data))))
        case .success(.file(let url)):
          do throws(POSIXFailure) {
            let (directory, path) = try TemporaryFiles.writeInNewLoadDirectory(
              name: TemporaryFiles.sanitizedFileName(url.lastPathComponent, pathExtension: nil)
            ) { (path: String) throws(POSIXFailure) in try TemporaryFiles.copyFile(from: url.path, to: path) }
            operation.finish(.success(Stored(value: NSURL(fileURLWithPath: path)))) {
              TemporaryFiles.remove(directory)
            }
          } catch {
            operation.finish(
              .failure(
                ItemProviderError(
                  .file(path: error.path, errno: error.code), requested: typeIdentifier, registered: [])))
          }
        case .success(.value(let value)):
          if let string = value as? String {
            operation.finish(.success(Stored(value: NSString(string: string))))
          } else if let url = value as? URL {
            operation.finish(.success(Stored(value: url as NSURL)))
          } else if let data = value as? Data {
            operation.finish(.success(Stored(value: NSData(data: data))))
          } else if value is any NSSecureCoding {
            operation.finish(.success(Stored(value: value)))
          } else {
            provider.data(fromValue: value, representation, requested: typeIdentifier, operation) { result in
              operation.finish(result.map { Stored(value: NSData(data: $0)) })
            }
          }
        }
      }
    }
    return operation.progress
  }
}
