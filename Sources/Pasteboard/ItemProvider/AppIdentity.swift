import Foundation

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Musl)
  internal import Musl
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The application a provider, pasteboard item or drag session comes from, or that reads one.
///
/// Apple platforms know the reading application from the system; a headless library has to be
/// told. Every ``NSItemProvider`` and ``Pasteboard`` records the identity that created it
/// (``current`` unless given), and a reader acting for another application views it through
/// ``ItemProvider/accessed(by:)`` or ``Pasteboard/accessed(by:)``: representations whose
/// ``ItemProvider/RepresentationVisibility`` excludes that reader are then neither listed nor
/// loadable.
///
/// ```swift
/// let other = AppIdentity(bundleIdentifier: "com.example.other", teamIdentifier: "OTHERTEAM")
/// provider.accessed(by: other).registeredTypeIdentifiers   // only the `.all` representations
/// ```
///
/// Apple has no counterpart type: the system plays this role.
public struct AppIdentity: Hashable, Sendable {
  /// The application's bundle identifier.
  public var bundleIdentifier: String
  /// The development team that signed the application, if any.
  public var teamIdentifier: String?
  /// The application groups the application belongs to.
  public var appGroups: Set<String>
  /// The process the application runs in.
  public var processIdentifier: Int32

  /// An identity; the process defaults to a value that no real process has (-1).
  ///
  /// - Parameters:
  ///   - bundleIdentifier: The application's bundle identifier.
  ///   - teamIdentifier: Its developer team, for `.group` visibility; nil for none.
  ///   - appGroups: The app groups it belongs to.
  ///   - processIdentifier: Its process id; -1 for none.
  public init(
    bundleIdentifier: String, teamIdentifier: String? = nil, appGroups: Set<String> = [],
    processIdentifier: Int32 = -1
  ) {
    self.bundleIdentifier = bundleIdentifier
    self.teamIdentifier = teamIdentifier
    self.appGroups = appGroups
    self.processIdentifier = processIdentifier
  }

  /// This process, named after its executable, with no team and no groups.
  public static let current = AppIdentity(
    bundleIdentifier: ProcessInfo.processInfo.processName, processIdentifier: getpid())

  /// Whether `self` is the same application in the same process as `other`.
  func isSameProcess(as other: AppIdentity) -> Bool {
    processIdentifier == other.processIdentifier && bundleIdentifier == other.bundleIdentifier
  }
}

extension ItemProvider {
  /// Who may see a representation registered on an item provider.
  ///
  /// - ``all``: every application.
  /// - ``team``: applications signed by the same team as the source.
  /// - ``group``: applications sharing an application group with the source.
  /// - ``ownProcess``: the source process only.
  ///
  /// The source process always sees its own representations. Apple's counterpart:
  /// `NSItemProviderRepresentationVisibility`.
  public enum RepresentationVisibility: Int, Sendable, CaseIterable {
    case all = 0
    case team = 1
    case group = 2
    case ownProcess = 3

    /// Whether a representation registered by `origin` with this visibility is visible to `reader`.
    func allows(_ reader: AppIdentity, origin: AppIdentity) -> Bool {
      if reader.isSameProcess(as: origin) { return true }
      switch self {
      case .all: return true
      case .team: return origin.teamIdentifier != nil && reader.teamIdentifier == origin.teamIdentifier
      case .group: return !origin.appGroups.isDisjoint(with: reader.appGroups)
      case .ownProcess: return false
      }
    }
  }

  /// Options for file representations. Apple's counterpart: `NSItemProviderFileOptions`.
  public struct FileOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: Int
    /// Options from their bits.
    ///
    /// - Parameter rawValue: The options' bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The file can be opened where it is, without a copy.
    public static let openInPlace = FileOptions(rawValue: 1)
  }
}
