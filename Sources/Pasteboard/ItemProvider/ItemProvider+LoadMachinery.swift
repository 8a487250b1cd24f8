import Foundation
import TypeRegistry
import UTIPlatform

/// The machinery of every load: the drop gate, the timeout, where the body runs, and the
/// delivery of its outcome.
extension ItemProvider {
  /// Starts `operation`: checks the drop gate, arms the timeout, then runs `body` on the
  /// process's one bounded pool (`WorkPool`, through ``LoadLane``: a handler is the app's code
  /// and may block, which a thread of Swift's cooperative pool must not), or, for callers that wait for the result
  /// themselves (the synchronous pasteboard conveniences, a promised file written on a pool
  /// thread), `inline` on the caller's thread: a caller blocked on a load never waits for a pool
  /// thread another such caller holds. A pool with no room fails the load at once (`.busy`).
  func begin<Value>(
    _ operation: LoadOperation<Value>, requested: String, inline: Bool = false,
    body: @escaping @Sendable (ItemProvider) -> Void
  ) {
    if let timeout = loadTimeout {
      let registered = registeredTypeIdentifiers
      operation.startTimeout(seconds: timeout) {
        ItemProviderError(.timedOut(seconds: timeout), requested: requested, registered: registered)
      }
    }
    let gateState = gate?.stateForRequest ?? .open
    if gateState == .open, let gate {
      gate.admit()
      operation.whenFinished { gate.release() }
    }
    let start: @Sendable () -> Void = { [self] in
      guard !operation.isFinished else { return }
      switch gateState {
      case .open: body(self)
      case .protected:
        operation.finish(.failure(ItemProviderError(.dataProtected, requested: requested, registered: [])))
      case .over:
        operation.finish(.failure(ItemProviderError(.dropOver, requested: requested, registered: [])))
      }
    }
    if inline {
      start()
    } else {
      LoadLane.shared.submit(start) {
        operation.finish(
          .failure(ItemProviderError(.busy(waiting: WorkPool.shared.queueLimit), requested: requested, registered: [])))
      }
    }
  }

  /// Runs `representation`'s handler and passes on what it produced, as often as it calls back.
  func produce<Value>(
    _ representation: Representation, options: Stored?, _ operation: LoadOperation<Value>,
    deliver: @escaping @Sendable (Result<Payload, any Error>) -> Void
  ) {
    let identifier = representation.identifier
    @Sendable func nothing() -> ItemProviderError {
      ItemProviderError(.handlerDeliveredNothing(identifier), requested: identifier, registered: [identifier])
    }
    switch representation.source {
    case .data(let handler):
      operation.attach(
        handler { data, error in
          if let data { deliver(.success(.data(data))) } else { deliver(.failure(error ?? nothing())) }
        })
    case .file(let handler, _):
      operation.attach(
        handler { url, _, error in
          if let url { deliver(.success(.file(url))) } else { deliver(.failure(error ?? nothing())) }
        })
    case .object(let handler, let expectedClass, let className):
      operation.attach(
        handler { object, error in
          guard let object else {
            deliver(.failure(error ?? nothing()))
            return
          }
          guard ObjectIdentifier(type(of: object)) == expectedClass else {
            deliver(
              .failure(
                ItemProviderError(
                  .unexpectedClass(expected: className, found: "\(type(of: object))"),
                  requested: representation.identifier, registered: [representation.identifier])))
            return
          }
          deliver(.success(.value(object)))
        })
    case .value(let stored):
      deliver(.success(.value(stored.value)))
    case .item(let handler):
      handler(
        { item, error in
          if let item { deliver(.success(.value(item))) } else { deliver(.failure(error ?? nothing())) }
        }, nil, options?.value as? [AnyHashable: Any])
    }
  }

  /// Produces `representation` as data: a data payload as is, a file's bytes, or the bytes a
  /// held object writes.
  func produceData<Value>(
    _ representation: Representation, requested: String, _ operation: LoadOperation<Value>,
    deliver: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) {
    produce(representation, options: nil, operation) { [self] payload in
      data(from: payload, representation, requested: requested, operation, deliver: deliver)
    }
  }

  func data<Value>(
    from payload: Result<Payload, any Error>, _ representation: Representation, requested: String,
    _ operation: LoadOperation<Value>, deliver: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) {
    switch payload {
    case .failure(let error): deliver(.failure(error))
    case .success(.data(let data)): deliver(.success(data))
    case .success(.file(let url)):
      do {
        deliver(.success(try Data(contentsOf: url)))
      } catch {
        let code = (error as? CocoaError)?.underlying.map { Int32(($0 as NSError).code) } ?? ENOENT
        deliver(
          .failure(ItemProviderError(.file(path: url.path, errno: code), requested: requested, registered: [])))
      }
    case .success(.value(let value)):
      data(fromValue: value, representation, requested: requested, operation, deliver: deliver)
    }
  }

  func data<Value>(
    fromValue value: Any, _ representation: Representation, requested: String, _ operation: LoadOperation<Value>,
    deliver: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) {
    guard let writer = value as? any ItemProviderWriting else {
      deliver(
        .failure(
          ItemProviderError(
            .coercion(from: "\(type(of: value)) item", to: "data"), requested: requested,
            registered: registeredTypeIdentifiers)))
      return
    }
    let identifier = representation.identifier
    operation.attach(
      writer.loadData(withTypeIdentifier: identifier) { data, error in
        if let data {
          deliver(.success(data))
        } else {
          deliver(
            .failure(
              error
                ?? ItemProviderError(
                  .handlerDeliveredNothing(identifier), requested: requested, registered: [identifier])))
        }
      })
  }
}

extension CocoaError {
  fileprivate var underlying: (any Error)? { userInfo[NSUnderlyingErrorKey] as? any Error }
}
