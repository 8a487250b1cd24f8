import Foundation

/// The error domain of item provider errors. Apple's counterpart: `NSItemProviderErrorDomain`.
public let itemProviderErrorDomain = "NSItemProviderErrorDomain"

extension ItemProvider {
  /// The codes of item provider errors, with Apple's values. Apple's counterpart:
  /// `NSItemProvider.ErrorCode`.
  public enum ErrorCode: Int, Sendable {
    /// An unknown error.
    case unknownError = -1
    /// No representation of the requested type is available (or may be loaded now).
    case itemUnavailableError = -1000
    /// A handler delivered a value of a class other than the one requested.
    case unexpectedValueClassError = -1100
    /// A representation exists but cannot be converted to the form requested.
    case unavailableCoercionError = -1200
  }
}

/// Why a load from an ``ItemProvider`` failed: Apple's error code, the type asked for, the types
/// registered, and a message a person can act on.
///
/// Bridges to `NSError` in ``itemProviderErrorDomain`` with Apple's codes, so code that checks
/// `(error as NSError).code == NSItemProvider.ErrorCode.itemUnavailableError.rawValue` works:
///
/// ```swift
/// provider.loadDataRepresentation(for: .png) { data, error in
///   if let error = error as? ItemProviderError, error.code == .itemUnavailableError { … }
/// }
/// ```
public struct ItemProviderError: Error, CustomNSError, CustomStringConvertible, Sendable {
  /// Apple's code for the error.
  public var code: ItemProvider.ErrorCode { reason.code }
  /// The type identifier (or class) the load asked for.
  public let requestedType: String
  /// The type identifiers the provider offered the reader, in fidelity order.
  public let registeredTypes: [String]
  let reason: Reason

  enum Reason: Sendable, Equatable {
    /// No visible representation conforms to the requested type.
    case noConformingRepresentation
    /// A handler completed with neither a value nor an error.
    case handlerDeliveredNothing(String)
    /// A handler delivered an object of another class.
    case unexpectedClass(expected: String, found: String)
    /// The representation's value cannot become the requested form.
    case coercion(from: String, to: String)
    /// The handler did not complete in time.
    case timedOut(seconds: Double)
    /// A drop's payload was read before `performDrop(info:)`.
    case dataProtected
    /// A drop's payload was requested after `performDrop(info:)` returned.
    case dropOver
    /// A file could not be read, written or copied.
    case file(path: String, errno: Int32)
    /// The process's work pool had no room for the load (that many loads were waiting).
    case busy(waiting: Int)

    var code: ItemProvider.ErrorCode {
      switch self {
      case .noConformingRepresentation, .handlerDeliveredNothing, .timedOut, .dataProtected, .dropOver, .file, .busy:
        return .itemUnavailableError
      case .unexpectedClass: return .unexpectedValueClassError
      case .coercion: return .unavailableCoercionError
      }
    }
  }

  init(_ reason: Reason, requested: String, registered: [String]) {
    self.reason = reason
    self.requestedType = requested
    self.registeredTypes = registered
  }

  /// The message, e.g. `cannot load public.png: the item provider has public.utf8-plain-text`.
  public var description: String {
    let registered =
      registeredTypes.isEmpty
      ? "the item provider has no representations" : "the item provider has \(registeredTypes.joined(separator: ", "))"
    switch reason {
    case .noConformingRepresentation:
      return "cannot load \(requestedType): no representation conforms to it; \(registered)"
    case .handlerDeliveredNothing(let type):
      return "cannot load \(requestedType): the load handler for \(type) completed with neither a value nor an error"
    case .unexpectedClass(let expected, let found):
      return "cannot load \(requestedType): expected an instance of \(expected), the handler delivered \(found)"
    case .coercion(let from, let to):
      return "cannot load \(requestedType): a \(from) cannot be converted to \(to); \(registered)"
    case .timedOut(let seconds):
      return "cannot load \(requestedType): the load handler did not complete within \(seconds) s"
    case .dataProtected:
      return
        "cannot load \(requestedType): a drop's payload can be loaded only from within performDrop(info:); "
        + "check the types with hasItemsConforming(to:) before then"
    case .dropOver:
      return
        "cannot load \(requestedType): the drop is over; a drop's payload can be requested only until "
        + "performDrop(info:) returns (loads started there finish normally), so start the load inside it"
    case .file(let path, let code):
      return "cannot load \(requestedType): \(path): \(String(cString: strerror(code)))"
    case .busy(let waiting):
      return "cannot load \(requestedType): the process's work pool has no room (\(waiting) loads waiting)"
    }
  }

  /// `NSItemProviderErrorDomain`, as Apple's errors report it.
  public static var errorDomain: String { itemProviderErrorDomain }
  /// The ``ItemProvider/ErrorCode`` raw value, as Apple's errors report it.
  public var errorCode: Int { code.rawValue }
  /// The description under `NSLocalizedDescriptionKey`.
  public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
}
