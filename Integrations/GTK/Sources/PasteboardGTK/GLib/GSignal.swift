import CSwiftUTIGTK

/// GObject signals and references from Swift: a handler is a C function that finds its Swift
/// object through the handler's data, a box retained by the handler and released when GTK lets
/// the handler go (disconnected, or the object finalized).
enum GSignal {
  /// What a handler's data holds: the object whose methods the handler calls.
  final class Target<Object: AnyObject> {
    let object: Object
    init(_ object: Object) { self.object = object }
  }

  /// Connects `callback` to `instance`'s signal `name`, its data a box retaining `object` until
  /// the handler goes; the handler's id.
  @discardableResult
  static func connect<Object: AnyObject>(
    _ instance: UnsafeMutableRawPointer, _ name: String, _ callback: GCallback, to object: Object
  ) -> gulong {
    let data = Unmanaged.passRetained(Target(object)).toOpaque()
    return g_signal_connect_data(
      instance, name, callback, data, { data, _ in Unmanaged<AnyObject>.fromOpaque(data!).release() },
      GConnectFlags(rawValue: 0))
  }

  /// The object a handler's `data` holds.
  static func object<Object: AnyObject>(_ data: UnsafeMutableRawPointer?, as type: Object.Type) -> Object {
    Unmanaged<Target<Object>>.fromOpaque(data!).takeUnretainedValue().object
  }
}

/// One strong reference to a GObject, dropped when the value is released.
final class GObjectReference: @unchecked Sendable {
  // Sendable: GObject's reference counting is atomic; the object itself is used only on GTK's main thread.
  /// The object (any GObject).
  let pointer: UnsafeMutableRawPointer

  /// Takes a new reference to `pointer`.
  init(retaining pointer: UnsafeMutableRawPointer) {
    self.pointer = pointer
    g_object_ref(pointer)
  }

  /// Adopts a reference the caller owned (a `transfer full` result).
  init(adopting pointer: UnsafeMutableRawPointer) {
    self.pointer = pointer
  }

  deinit { g_object_unref(pointer) }

  /// The object as a pointer of another GObject type (GObject's casts are C macros).
  func `as`<T>(_ type: T.Type) -> UnsafeMutablePointer<T> { pointer.assumingMemoryBound(to: T.self) }
  /// The object as an opaque pointer, for GTK's opaque types.
  var opaque: OpaquePointer { OpaquePointer(pointer) }
}

extension OpaquePointer {
  /// The pointer as a raw pointer, for GObject's untyped calls.
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}
