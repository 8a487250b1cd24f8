import Foundation
import TypeRegistry
import UTIPlatform

extension ItemProvider {
  /// How long the synchronous pasteboard conveniences wait when ``loadTimeout`` is nil.
  static let defaultSynchronousTimeout = 10.0

  /// Runs a load that `start` begins inline and waits for its result: at most ``loadTimeout``
  /// (or 10 s) for handlers that complete on another thread. On timeout the load is cancelled
  /// and the result is nil.
  func synchronously<Value: Sendable>(
    _ start: (@escaping @Sendable (Result<Value, any Error>) -> Void) -> Progress
  ) -> Result<Value, any Error>? {
    let waiter = Waiter<Result<Value, any Error>>()
    let progress = start { waiter.deliver($0) }
    let result = waiter.wait(seconds: loadTimeout ?? Self.defaultSynchronousTimeout)
    if result == nil { progress.cancel() }
    return result
  }
}

extension ItemProvider {
  /// The data of the first representation conforming to `type`, loaded on the calling thread
  /// (the handler starts inline, with no hop through the cooperative pool) and waited for at most
  /// ``loadTimeout`` (or 10 s); nil when the load fails or times out. For servers of other
  /// processes (the X11 selection owner), which must answer whatever the pool is doing.
  package func loadDataInline(for type: UTType) -> Data? {
    guard case .success(let data)? = synchronously({ loadData(type, inline: true, completion: $0) }) else {
      return nil
    }
    return data
  }
}
