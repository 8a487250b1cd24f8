import Foundation
import TypeRegistry
import UTIPlatform

/// One load from an item provider: delivers its result exactly once, whatever the handler does.
///
/// The first of these wins and the rest are ignored: the handler's completion, cancellation of
/// ``progress``, the timeout. A handler that completes twice, or completes after the load was
/// cancelled, is ignored; a file it produced too late is removed.
final class LoadOperation<Value>: Sendable {
  /// Reported to the caller; cancelling it cancels the load.
  let progress: Progress
  private let completion: @Sendable (Result<Value, any Error>) -> Void
  private let state = Locked(State())

  private struct State {
    var finished = false
    var handlerProgress: Progress?
    var watchdog: Task<Void, Never>?
    var whenFinished: [@Sendable () -> Void] = []
  }

  init(completion: @escaping @Sendable (Result<Value, any Error>) -> Void) {
    self.progress = Progress(totalUnitCount: 1)
    self.completion = completion
    // The progress keeps a pending load alive (the caller holds it; a handler that never calls
    // back holds nothing); `finish` breaks the cycle.
    progress.cancellationHandler = { [self] in
      let handlerProgress = self.state.withLock { $0.handlerProgress }
      self.finish(.failure(CocoaError(.userCancelled)))
      handlerProgress?.cancel()
    }
  }

  var isFinished: Bool { state.withLock { $0.finished } }

  /// Remembers the progress a handler returned, so cancelling the load cancels it too.
  func attach(_ handlerProgress: Progress?) {
    guard let handlerProgress else { return }
    let finished = state.withLock { state -> Bool in
      state.handlerProgress = handlerProgress
      return state.finished
    }
    if finished && progress.isCancelled { handlerProgress.cancel() }
  }

  /// Fails the load with `error` after `seconds` unless it finished first.
  func startTimeout(seconds: Double, error: @escaping @Sendable () -> any Error) {
    let watchdog = Task.detached { [self] in
      try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
      guard !Task.isCancelled else { return }
      finish(.failure(error()))
    }
    let alreadyFinished = state.withLock { state -> Bool in
      if state.finished { return true }
      state.watchdog = watchdog
      return false
    }
    if alreadyFinished { watchdog.cancel() }
  }

  /// Runs `body` once the load has delivered its result (at once if it has).
  func whenFinished(_ body: @escaping @Sendable () -> Void) {
    let finished = state.withLock { state -> Bool in
      if !state.finished { state.whenFinished.append(body) }
      return state.finished
    }
    if finished { body() }
  }

  /// Delivers `result` if nothing was delivered yet; then runs `cleanup` either way.
  ///
  /// `cleanup` runs after the completion handler returns: a temporary file handed to the
  /// handler is deleted then, as on Apple platforms.
  @discardableResult
  func finish(_ result: Result<Value, any Error>, cleanup: (() -> Void)? = nil) -> Bool {
    let (first, watchdog, finished) = state.withLock { state -> (Bool, Task<Void, Never>?, [@Sendable () -> Void]) in
      if state.finished { return (false, nil, []) }
      state.finished = true
      defer {
        state.watchdog = nil
        state.whenFinished = []
      }
      return (true, state.watchdog, state.whenFinished)
    }
    watchdog?.cancel()
    if first {
      progress.cancellationHandler = nil
      if case .success = result { progress.completedUnitCount = 1 }
      completion(result)
      for body in finished { body() }
    }
    cleanup?()
    return first
  }
}
