/// What a drag may do with its data, in every backend's terms: the actions a source allows,
/// a target takes or prefers, and the one agreed. Each backend maps them to its wire
/// (Wayland's `wl_data_device_manager.dnd_action` bits, XDND's action atoms).
package struct DragActions: OptionSet, Hashable, Sendable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The target copies the data.
  package static let copy = DragActions(rawValue: 1 << 0)
  /// The target takes the data; the source deletes its own.
  package static let move = DragActions(rawValue: 1 << 1)
  /// The target asks the user which (Wayland's `ask`, XDND's `XdndActionAsk`).
  package static let ask = DragActions(rawValue: 1 << 2)
  /// The target links to the data (XDND's `XdndActionLink`; Wayland has no link).
  package static let link = DragActions(rawValue: 1 << 3)
  /// The target does something of its own that the source need not know of (XDND's
  /// `XdndActionPrivate`; Wayland has none).
  package static let `private` = DragActions(rawValue: 1 << 4)
}
