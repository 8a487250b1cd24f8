import Foundation
import SystemPasteboard
import SystemPasteboardWayland
import TestSupport
import UTIPlatform

/// A pointer for KDE's compositor: a client of `org_kde_kwin_fake_input`, which kwin 5.27
/// advertises to every client when it runs with `KWIN_WAYLAND_NO_PERMISSION_CHECKS=1` (as
/// ``WaylandCompositor/startKWin()`` starts it), moving the pointer to absolute positions and
/// pressing its left button.
///
/// The protocol's XML (`fake-input.xml`, KDE's plasma-wayland-protocols, LGPL-2.1-or-later) is
/// read at run time from the machine (Debian's `plasma-wayland-protocols`), never copied into
/// the repository: the requests' opcodes and arguments are taken from it then.
public final class KWinFakeInput: TestPointer, @unchecked Sendable {
  /// Where Debian installs the protocol's XML.
  public static let protocolFile = "/usr/share/plasma-wayland-protocols/fake-input.xml"

  /// The fake input family: its one interface.
  enum FakeInput: WaylandFamily {
    static let interfaces: Set<String> = ["org_kde_kwin_fake_input"]
  }

  private let connection: WaylandConnection
  private let input: WaylandObject<FakeInput>
  private let interface: WaylandInterface
  /// The requests' names, in opcode order.
  private let requests: [String]

  /// Binds kwin's fake input on `display`, and authenticates.
  /// - Throws: ``PeerUnavailable`` where the XML is not installed or the compositor does not
  ///   advertise the interface; ``SystemPasteboardError`` as a connection does.
  public init(display: WaylandDisplay) throws {
    guard let xml = try? String(contentsOfFile: Self.protocolFile, encoding: .utf8) else {
      throw PeerUnavailable("plasma-wayland-protocols", "no \(Self.protocolFile) (Debian's plasma-wayland-protocols)")
    }
    (interface, requests) = Self.interface(fromXML: xml)
    connection = try WaylandConnection(display: display, timeout: 5)
    guard let (bound, _) = try connection.bind(interface, as: FakeInput.self) else {
      throw PeerUnavailable(
        "kwin_wayland", "it does not advertise org_kde_kwin_fake_input (KWIN_WAYLAND_NO_PERMISSION_CHECKS=1)")
    }
    input = bound
    try send("authenticate", [.string("swift-uti tests"), .string("drives the seat of a test compositor")])
  }

  public func move(to x: Double, _ y: Double) throws {
    try send("pointer_motion_absolute", [.fixed(Int32(x * 256)), .fixed(Int32(y * 256))])
  }

  public func button(pressed: Bool) throws {
    try send("button", [.uint(272), .uint(pressed ? 1 : 0)])  // data, not wire: BTN_LEFT, and a state
  }

  /// Sends the request `name` (its opcode from the XML) and waits until kwin has handled it.
  private func send(_ name: String, _ arguments: [WaylandWire.Argument]) throws {
    guard let opcode = requests.firstIndex(of: name) else {
      throw PeerUnavailable("plasma-wayland-protocols", "\(Self.protocolFile) has no request \(name)")
    }
    let request = WaylandRequest(
      interfaces: FakeInput.interfaces, opcode: UInt16(opcode), name: name, isDestructor: false, arguments: arguments)
    try connection.send(WaylandMessage(to: input.id, request))
    try connection.awaitCompositor()
  }

  /// The interface's requests as the XML lists them, in opcode order (its version, the XML's),
  /// and their names.
  static func interface(fromXML xml: String) -> (WaylandInterface, [String]) {
    var requests: [WaylandInterface.Message] = []
    var version: UInt32 = 1
    for element in xml.components(separatedBy: "<").dropFirst() {
      let tag = element.prefix { $0 != ">" }
      func attribute(_ name: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        return String(tag[start.upperBound...].prefix { $0 != "\"" })
      }
      if tag.hasPrefix("interface ") { version = attribute("version").flatMap { UInt32($0) } ?? 1 }
      if tag.hasPrefix("request ") { requests.append((attribute("name") ?? "", [])) }
      if tag.hasPrefix("arg "), !requests.isEmpty {
        let type: WaylandWire.ArgumentType
        switch attribute("type") {
        case "fixed": type = .fixed
        case "string": type = .string
        case "fd": type = .fd
        case "int": type = .int
        default: type = .uint
        }
        requests[requests.count - 1].signature.append(type)
      }
    }
    let interface = WaylandInterface(
      name: "org_kde_kwin_fake_input", version: min(version, 4), role: .withoutEvents, destructor: nil,
      requests: requests, events: [])
    return (interface, requests.map(\.name))
  }
}
