import Foundation

/// A drag: a pointer pressed, moved at least ``minimumDistance``, and released or cancelled,
/// reported with SwiftUI's `DragGesture` semantics.
///
/// A headless host feeds pointer samples to a ``DragGestureDriver``, which calls the gesture's
/// ``onChanged(_:)`` action on every move once the pointer has moved ``minimumDistance`` from
/// where it was pressed, and ``onEnded(_:)`` on release (not after a cancellation, and not when
/// the threshold was never reached).
///
/// ```swift
/// var offset = CGSize.zero
/// let gesture = DragGesture()
///   .onChanged { offset = $0.translation }
///   .onEnded { _ in offset = .zero }
/// var driver = DragGestureDriver(gesture)
/// driver.pointerDown(at: CGPoint(x: 0, y: 0), time: 0)
/// driver.pointerMoved(to: CGPoint(x: 30, y: 0), time: 0.05)   // offset == (30, 0)
/// driver.pointerUp(at: CGPoint(x: 30, y: 0), time: 0.1)       // offset == .zero
/// ```
///
/// Apple's counterpart: SwiftUI's `DragGesture`, whose `Value` has the same fields.
public struct DragGesture {
  /// One moment of a drag. Apple's counterpart: `DragGesture.Value`.
  public struct Value: Equatable, Sendable {
    /// When the sample was taken.
    public var time: Date
    /// Where the pointer is.
    public var location: CGPoint
    /// Where the pointer was pressed.
    public var startLocation: CGPoint
    /// The pointer's velocity in points per second, estimated by least squares over the samples
    /// of the last ``DragGesture/velocityWindow`` seconds (robust to jitter, unlike the last two
    /// samples' difference).
    public var velocity: CGSize
    /// Where the drag would end if the pointer were released now and coasted:
    /// `location + 0.25 s × velocity`, the relation SwiftUI's values have.
    public var predictedEndLocation: CGPoint

    /// `location − startLocation`.
    public var translation: CGSize {
      CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y)
    }

    /// `predictedEndLocation − startLocation`.
    public var predictedEndTranslation: CGSize {
      CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
    }

    /// A value as the gesture reports it; the fields are in the gesture's coordinate space.
    ///
    /// - Parameters:
    ///   - time: When the event happened.
    ///   - location: The pointer's location.
    ///   - startLocation: Where the pointer went down.
    ///   - velocity: The pointer's velocity, in points per second.
    ///   - predictedEndLocation: Where the drag would end if the pointer stopped now with that velocity.
    public init(
      time: Date, location: CGPoint, startLocation: CGPoint, velocity: CGSize, predictedEndLocation: CGPoint
    ) {
      self.time = time
      self.location = location
      self.startLocation = startLocation
      self.velocity = velocity
      self.predictedEndLocation = predictedEndLocation
    }
  }

  /// How far, in points, the pointer must move before the drag starts.
  public var minimumDistance: CGFloat
  /// The space the values' locations are in: the view's own (`.local`, the default), the
  /// window's (`.global`), or an ancestor's by name. The ``DragGestureDriver`` maps the host's
  /// points into it.
  public var coordinateSpace: CoordinateSpace
  var changed: ((Value) -> Void)?
  var ended: ((Value) -> Void)?

  /// How many seconds of recent samples the velocity estimate uses.
  public static let velocityWindow = 0.1
  /// How many seconds of coasting the predicted end assumes.
  public static let predictionInterval = 0.25

  /// A drag that starts after `minimumDistance` points (10 by default, as in SwiftUI), reporting
  /// locations in `coordinateSpace`. Apple's counterpart: `DragGesture(minimumDistance:coordinateSpace:)`.
  ///
  /// - Parameters:
  ///   - minimumDistance: How far the pointer moves, in points, before the drag starts.
  ///   - coordinateSpace: The space the reported locations are in.
  public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
    self.minimumDistance = minimumDistance
    self.coordinateSpace = coordinateSpace
  }

  /// The gesture, calling `action` on every move of a started drag.
  ///
  /// - Parameter action: Called with the drag's current value; after any action given before.
  /// - Returns: A copy of the gesture with the action added.
  public func onChanged(_ action: @escaping (Value) -> Void) -> DragGesture {
    var gesture = self
    gesture.changed = Self.chain(changed, action)
    return gesture
  }

  /// The gesture, calling `action` when a started drag is released.
  ///
  /// - Parameter action: Called with the drag's final value; after any action given before.
  /// - Returns: A copy of the gesture with the action added.
  public func onEnded(_ action: @escaping (Value) -> Void) -> DragGesture {
    var gesture = self
    gesture.ended = Self.chain(ended, action)
    return gesture
  }

  /// `action` after `previous`, so that modifiers add to each other as SwiftUI's do.
  private static func chain(_ previous: ((Value) -> Void)?, _ action: @escaping (Value) -> Void) -> (Value) -> Void {
    guard let previous else { return action }
    return { value in
      previous(value)
      action(value)
    }
  }
}

/// A space that gesture locations are given in. Apple's counterpart: SwiftUI's `CoordinateSpace`.
public enum CoordinateSpace: Hashable, Sendable {
  /// The window's coordinates: the points the host passes to the driver.
  case global
  /// The coordinates of the view the gesture is attached to: relative to its origin.
  case local
  /// The coordinates of an ancestor that named its space (SwiftUI's `coordinateSpace(name:)`).
  /// Names are strings here, where SwiftUI takes any `Hashable`: string names port unchanged.
  case named(String)
}
