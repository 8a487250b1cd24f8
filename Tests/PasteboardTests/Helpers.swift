import Foundation
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import Pasteboard

#if canImport(Glibc)
  import Glibc
#endif

/// The arrow tool of the PointyBug tutorial, as its exported type.
extension UTType {
  static let arrowTool = UTType(exportedAs: "com.raywenderlich.pointybug.tool.arrow", conformingTo: .data)
}

/// A load's outcome, delivered by a completion handler and awaited by a test.
func completion<Value: Sendable>(
  isolation: isolated (any Actor)? = #isolation,
  _ start: (@escaping @Sendable (Value?, (any Error)?) -> Void) -> Progress
) async -> (Value?, (any Error)?) {
  await withCheckedContinuation { continuation in
    _ = start { value, error in continuation.resume(returning: (value, error)) }
  }
}

/// Counts calls from any thread.
final class Counter: Sendable {
  private let count = Locked(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

/// Holds values from any thread.
final class Box<Value: Sendable>: Sendable {
  private let storage: Locked<Value>
  init(_ value: Value) { storage = Locked(value) }
  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
  func update(_ body: (inout Value) -> Void) { storage.withLock { body(&$0) } }
}

/// Every file path under `root`, recursively.
func files(under root: String) -> [String] {
  guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
  return enumerator.compactMap { $0 as? String }.map { root + "/" + $0 }
}

/// A provider with one data representation of `type` that answers `bytes`.
func dataProvider(_ type: UTType, _ bytes: Data, visibility: ItemProvider.RepresentationVisibility = .all)
  -> ItemProvider
{
  let provider = ItemProvider()
  provider.registerDataRepresentation(for: type, visibility: visibility) { completion in
    completion(bytes, nil)
    return nil
  }
  return provider
}

/// The error as Apple's code, or nil.
func providerCode(_ error: (any Error)?) -> ItemProvider.ErrorCode? {
  (error as? ItemProviderError)?.code
}

/// A value delivered once from any thread and awaited without blocking a thread of the pool
/// (the loads under test need those threads).
final class Signal<Value: Sendable>: Sendable {
  private let state = Locked<(value: Value?, waiters: [CheckedContinuation<Value, Never>])>((nil, []))

  func deliver(_ value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
      guard state.value == nil else { return [] }
      state.value = value
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  var value: Value {
    get async {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> Value? in
          if let value = state.value { return value }
          state.waiters.append(continuation)
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }
}
