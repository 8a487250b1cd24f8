import Foundation

/// Names a promised file and writes it where the destination asks, when it asks.
///
/// Write the file in either form, as Swift imports AppKit's method in both: the completion
/// handler's (`filePromiseProvider(_:writePromiseTo:completionHandler:)`) or `async throws`
/// (`filePromiseProvider(_:writePromiseTo:)`); each calls the other by default. A delegate that
/// implements neither fails the write with ``NSFilePromiseProviderError`` rather than looping.
/// Apple's counterpart: AppKit's `NSFilePromiseProviderDelegate`.
public protocol NSFilePromiseProviderDelegate: NSObjectProtocol {
  /// The promised file's name (not a path), given its type.
  ///
  /// - Parameters:
  ///   - filePromiseProvider: The promise.
  ///   - fileType: The promised file's type identifier.
  /// - Returns: The file's name; a name with a `/` keeps its last component.
  func filePromiseProvider(_ filePromiseProvider: NSFilePromiseProvider, fileNameForType fileType: String) -> String

  /// Writes the promised file at `url` (in the destination's folder), then calls
  /// `completionHandler` with nil, or with why it could not.
  ///
  /// - Parameters:
  ///   - filePromiseProvider: The promise.
  ///   - url: Where to write the file.
  ///   - completionHandler: Called once the file is written, or has failed.
  func filePromiseProvider(
    _ filePromiseProvider: NSFilePromiseProvider, writePromiseTo url: URL,
    completionHandler: @escaping @Sendable ((any Error)?) -> Void)

  /// Writes the promised file at `url`: the form Swift imports the completion handler's as.
  ///
  /// - Parameters:
  ///   - filePromiseProvider: The promise.
  ///   - url: Where to write the file.
  /// - Throws: Why the file could not be written.
  func filePromiseProvider(_ filePromiseProvider: NSFilePromiseProvider, writePromiseTo url: URL) async throws

  /// The queue the write is asked from; the main queue by default, as AppKit's (give another
  /// to keep a long write off the main thread).
  ///
  /// - Parameter filePromiseProvider: The promise.
  /// - Returns: The operation queue.
  func operationQueue(for filePromiseProvider: NSFilePromiseProvider) -> OperationQueue
}

/// Why a promised file was not written by the promise machinery itself (the delegate's own
/// errors pass as they are).
public struct NSFilePromiseProviderError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public let description: String
}

/// Set while one write form calls the other by default: the other's default then knows that the
/// delegate implements neither.
enum FilePromiseBridging {
  @TaskLocal static var active = false
  /// The error of a delegate that implements neither write.
  static let neither = NSFilePromiseProviderError(
    description:
      "the file promise's delegate implements neither filePromiseProvider(_:writePromiseTo:completionHandler:) nor its async form"
  )
}

extension NSFilePromiseProviderDelegate {
  /// Writes by the `async` form, by default.
  ///
  /// - Parameters:
  ///   - filePromiseProvider: The promise.
  ///   - url: Where to write the file.
  ///   - completionHandler: Called once the file is written, or has failed.
  public func filePromiseProvider(
    _ filePromiseProvider: NSFilePromiseProvider, writePromiseTo url: URL,
    completionHandler: @escaping @Sendable ((any Error)?) -> Void
  ) {
    guard !FilePromiseBridging.active else { return completionHandler(FilePromiseBridging.neither) }
    let delegate = UncheckedDelegate(self)
    Task {
      do {
        try await FilePromiseBridging.$active.withValue(true) {
          try await delegate.value.filePromiseProvider(filePromiseProvider, writePromiseTo: url)
        }
        completionHandler(nil)
      } catch {
        completionHandler(error)
      }
    }
  }

  /// Writes by the completion handler's form, by default.
  ///
  /// - Parameters:
  ///   - filePromiseProvider: The promise.
  ///   - url: Where to write the file.
  /// - Throws: What the completion handler was given.
  public func filePromiseProvider(_ filePromiseProvider: NSFilePromiseProvider, writePromiseTo url: URL) async throws {
    guard !FilePromiseBridging.active else { throw FilePromiseBridging.neither }
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      FilePromiseBridging.$active.withValue(true) {
        self.filePromiseProvider(filePromiseProvider, writePromiseTo: url) { error in
          if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }
      }
    }
  }

  /// The main queue, as AppKit's default.
  ///
  /// - Parameter filePromiseProvider: The promise.
  /// - Returns: `OperationQueue.main`.
  public func operationQueue(for filePromiseProvider: NSFilePromiseProvider) -> OperationQueue { .main }
}

/// A delegate carried into the task that writes by the other form (AppKit's delegates are not
/// `Sendable`; the write is the delegate's to make safe, as on macOS).
struct UncheckedDelegate: @unchecked Sendable {
  // Sendable: the app's delegate, called from the writing task as AppKit calls it off the main thread: its
  // thread safety is the delegate's own, as on macOS.
  let value: any NSFilePromiseProviderDelegate
  init(_ value: any NSFilePromiseProviderDelegate) { self.value = value }
}
