import Foundation

/// The state machine behind a drag gesture: pointer events in, gesture events out.
///
/// Written as swift-nio writes state machines: each event is a `mutating` method returning an
/// ``Action`` that its owner performs (``DragGestureDriver`` calls the gesture's actions). Times
/// are seconds on any monotonic clock; ``DragGesture/Value/time`` is that many seconds after
/// the reference date.
///
/// - Complexity: O(1) per event; the velocity fit keeps at most 32 samples.
public struct DragTracker: Sendable {
  /// What the owner does after an event.
  public enum Action: Equatable, Sendable {
    /// Nothing visible happened (not pressed, or below the minimum distance).
    case none
    /// The drag moved: call `onChanged`.
    case changed(DragGesture.Value)
    /// The drag was released after it started: call `onEnded`.
    case ended(DragGesture.Value)
    /// The drag was cancelled after it started: reset transient state; `onEnded` is not called.
    case cancelled
  }

  struct Sample: Sendable {
    var location: CGPoint
    var time: Double
  }

  enum State: Sendable {
    case idle
    /// Pressed, but not yet moved the minimum distance.
    case pending(start: CGPoint, samples: [Sample])
    /// Started: every move is reported.
    case active(start: CGPoint, samples: [Sample])
  }

  private var state: State = .idle
  /// How far the pointer must move before the drag starts.
  public let minimumDistance: CGFloat

  /// A tracker that starts a drag once the pointer has moved `minimumDistance` points (10 by default, as SwiftUI).
  ///
  /// - Parameter minimumDistance: How far the pointer moves, in points, before the drag starts.
  public init(minimumDistance: CGFloat = 10) {
    self.minimumDistance = minimumDistance
  }

  /// Whether the drag has started and not ended.
  public var isActive: Bool {
    if case .active = state { return true }
    return false
  }

  /// The pointer was pressed at `location`. With a minimum distance of zero the drag starts at once.
  ///
  /// - Parameters:
  ///   - location: The pointer's location.
  ///   - time: The event's time, in seconds.
  /// - Returns: ``Action/changed(_:)`` when the drag starts at once, otherwise ``Action/none``.
  public mutating func pointerDown(at location: CGPoint, time: Double) -> Action {
    let samples = [Sample(location: location, time: time)]
    if minimumDistance <= 0 {
      state = .active(start: location, samples: samples)
      return .changed(Self.value(start: location, samples: samples))
    }
    state = .pending(start: location, samples: samples)
    return .none
  }

  /// The pointer moved to `location`.
  ///
  /// - Parameters:
  ///   - location: The pointer's location.
  ///   - time: The event's time, in seconds.
  /// - Returns: ``Action/changed(_:)`` once the drag has started, otherwise ``Action/none``.
  public mutating func pointerMoved(to location: CGPoint, time: Double) -> Action {
    switch state {
    case .idle:
      return .none
    case .pending(let start, var samples):
      Self.append(Sample(location: location, time: time), to: &samples)
      guard Self.distance(start, location) >= minimumDistance else {
        state = .pending(start: start, samples: samples)
        return .none
      }
      state = .active(start: start, samples: samples)
      return .changed(Self.value(start: start, samples: samples))
    case .active(let start, var samples):
      Self.append(Sample(location: location, time: time), to: &samples)
      state = .active(start: start, samples: samples)
      return .changed(Self.value(start: start, samples: samples))
    }
  }

  /// The pointer was released at `location`.
  ///
  /// - Parameters:
  ///   - location: The pointer's location.
  ///   - time: The event's time, in seconds.
  /// - Returns: ``Action/ended(_:)`` when a drag had started, otherwise ``Action/none``.
  public mutating func pointerUp(at location: CGPoint, time: Double) -> Action {
    defer { state = .idle }
    switch state {
    case .idle, .pending:
      return .none
    case .active(let start, var samples):
      Self.append(Sample(location: location, time: time), to: &samples)
      return .ended(Self.value(start: start, samples: samples))
    }
  }

  /// The host cancelled the drag (the pointer left the window, another gesture won …).
  ///
  /// - Returns: ``Action/cancelled`` when a drag had started, otherwise ``Action/none``.
  public mutating func cancel() -> Action {
    defer { state = .idle }
    if case .active = state { return .cancelled }
    return .none
  }

  static func append(_ sample: Sample, to samples: inout [Sample]) {
    samples.append(sample)
    let horizon = sample.time - DragGesture.velocityWindow
    // Keep the window, plus one older sample so a slow final move still has two points.
    while samples.count > 2 && (samples[1].time < horizon || samples.count > 32) { samples.removeFirst() }
  }

  static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  static func value(start: CGPoint, samples: [Sample]) -> DragGesture.Value {
    let last = samples[samples.count - 1]
    let velocity = estimateVelocity(samples)
    return DragGesture.Value(
      time: Date(timeIntervalSinceReferenceDate: last.time), location: last.location, startLocation: start,
      velocity: velocity,
      predictedEndLocation: CGPoint(
        x: last.location.x + DragGesture.predictionInterval * velocity.width,
        y: last.location.y + DragGesture.predictionInterval * velocity.height))
  }

  /// The least-squares slope of position against time over the samples in the window ending
  /// at the last sample; zero with fewer than two distinct times.
  static func estimateVelocity(_ samples: [Sample]) -> CGSize {
    guard let last = samples.last else { return .zero }
    let window = samples.filter { $0.time >= last.time - DragGesture.velocityWindow }
    let used = window.count >= 2 ? window : Array(samples.suffix(2))
    guard used.count >= 2 else { return .zero }
    let n = Double(used.count)
    let meanT = used.reduce(0) { $0 + $1.time } / n
    let meanX = used.reduce(0) { $0 + Double($1.location.x) } / n
    let meanY = used.reduce(0) { $0 + Double($1.location.y) } / n
    var stt = 0.0
    var stx = 0.0
    var sty = 0.0
    for sample in used {
      let dt = sample.time - meanT
      stt += dt * dt
      stx += dt * (Double(sample.location.x) - meanX)
      sty += dt * (Double(sample.location.y) - meanY)
    }
    guard stt > 1e-12 else { return .zero }
    return CGSize(width: stx / stt, height: sty / stt)
  }
}

/// Drives a ``DragGesture`` from a host's pointer events: feeds its ``DragTracker`` and calls the
/// gesture's actions. Our own type: on Apple platforms the system drives gestures.
///
/// The host passes points in window (global) coordinates; the driver maps them into the
/// gesture's ``DragGesture/coordinateSpace``: `.local` subtracts ``viewOrigin`` (the view's origin
/// in the window), `.named(name)` subtracts the origin ``namedSpaces`` gives that name, `.global`
/// leaves them as they are. Where SwiftUI is silent we chose: a name the driver does not know is
/// taken as the window's space. Distances, velocities and translations do not depend on the space.
///
/// ```swift
/// var driver = DragGestureDriver(DragGesture(coordinateSpace: .named("board")).onChanged { print($0.location) },
///   viewOrigin: CGPoint(x: 100, y: 50), namedSpaces: ["board": CGPoint(x: 20, y: 20)])
/// ```
public struct DragGestureDriver {
  /// The gesture being driven.
  public private(set) var gesture: DragGesture
  private var tracker: DragTracker
  /// The origin, in window coordinates, of the view the gesture is attached to; update it when
  /// the view moves.
  public var viewOrigin: CGPoint
  /// The origins, in window coordinates, of the named spaces the gesture may report in.
  public var namedSpaces: [String: CGPoint]

  /// A driver for `gesture`, with a tracker using its minimum distance, for a view at
  /// `viewOrigin` among `namedSpaces` (window coordinates).
  ///
  /// - Parameters:
  ///   - gesture: The gesture whose actions to call.
  ///   - viewOrigin: The view's origin, in window coordinates.
  ///   - namedSpaces: The origins of named coordinate spaces, in window coordinates.
  public init(_ gesture: DragGesture, viewOrigin: CGPoint = .zero, namedSpaces: [String: CGPoint] = [:]) {
    self.gesture = gesture
    self.tracker = DragTracker(minimumDistance: gesture.minimumDistance)
    self.viewOrigin = viewOrigin
    self.namedSpaces = namedSpaces
  }

  /// `point`, in window coordinates, in the gesture's coordinate space.
  func mapped(_ point: CGPoint) -> CGPoint {
    let origin: CGPoint
    switch gesture.coordinateSpace {
    case .global: return point
    case .local: origin = viewOrigin
    case .named(let name): origin = namedSpaces[name] ?? .zero
    }
    return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
  }

  /// Whether the drag has started and not ended.
  public var isActive: Bool { tracker.isActive }

  /// The pointer went down at `location` (window coordinates) at `time` (seconds); returns what
  /// the tracker did.
  ///
  /// - Parameters:
  ///   - location: The pointer's location, in window coordinates.
  ///   - time: The event's time, in seconds.
  /// - Returns: What the tracker did.
  @discardableResult
  public mutating func pointerDown(at location: CGPoint, time: Double) -> DragTracker.Action {
    perform(tracker.pointerDown(at: mapped(location), time: time))
  }

  /// The pointer moved to `location`; calls `onChanged` once the drag has started.
  ///
  /// - Parameters:
  ///   - location: The pointer's location, in window coordinates.
  ///   - time: The event's time, in seconds.
  /// - Returns: What the tracker did.
  @discardableResult
  public mutating func pointerMoved(to location: CGPoint, time: Double) -> DragTracker.Action {
    perform(tracker.pointerMoved(to: mapped(location), time: time))
  }

  /// The pointer went up at `location`; calls `onEnded` if a drag was active.
  ///
  /// - Parameters:
  ///   - location: The pointer's location, in window coordinates.
  ///   - time: The event's time, in seconds.
  /// - Returns: What the tracker did.
  @discardableResult
  public mutating func pointerUp(at location: CGPoint, time: Double) -> DragTracker.Action {
    perform(tracker.pointerUp(at: mapped(location), time: time))
  }

  /// The host cancelled the drag (the window lost the pointer); no `onEnded` is called.
  ///
  /// - Returns: What the tracker did.
  @discardableResult
  public mutating func cancel() -> DragTracker.Action { perform(tracker.cancel()) }

  private func perform(_ action: DragTracker.Action) -> DragTracker.Action {
    switch action {
    case .changed(let value): gesture.changed?(value)
    case .ended(let value): gesture.ended?(value)
    case .none, .cancelled: break
    }
    return action
  }
}
