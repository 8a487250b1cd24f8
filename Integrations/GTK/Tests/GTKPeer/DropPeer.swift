import CSwiftUTIGTK
import Foundation
import Pasteboard
import PasteboardGTK
import TypeRegistry

/// A 64-bit FNV-1a digest of `bytes`, as the tests compute it: what a load gave.
func digest(_ bytes: some Sequence<UInt8>) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
  return "fnv:" + String(hash, radix: 16)
}

/// The drop side: a `DropDelegate` that says every call, and loads what a drop brings.
///
/// `GTK_PEER_REFUSE=1` refuses in `validateDrop`; `GTK_PEER_PROPOSE=move|forbidden|cancel`
/// proposes that in `dropUpdated`; `GTK_PEER_PERFORM=false` returns false from `performDrop`;
/// `GTK_PEER_DESTROY=1` destroys the window in `performDrop`, once the loads are started.
/// `GTK_PEER_FORM=closure|transferable|appkit` takes the drop with SwiftUI's closure form,
/// `dropDestination(for: String.self)`, or an AppKit `NSDraggingDestination` instead.
@MainActor
enum DropPeer {
  /// The window, for `GTK_PEER_DESTROY`.
  static var window: UnsafeMutablePointer<GtkWidget>?

  static func start(on widget: GTKWidget, types: [String]) {
    let accepted = types.map { UTType($0) ?? UTType(importedAs: $0) }
    let environment = ProcessInfo.processInfo.environment
    switch environment["GTK_PEER_FORM"] {
    case "closure": return closure(on: widget, types: accepted)
    case "transferable":
      widget.dropDestination(for: String.self) { strings, location in
        say("strings", Int(location.x), Int(location.y), strings.map(\.debugDescription).joined(separator: " "))
        return true
      } isTargeted: {
        say("targeted", $0)
      }
      return
    case "appkit":
      widget.registerForDraggedTypes([.string], destination: Destination())
      return
    default: break
    }
    let proposal = environment["GTK_PEER_PROPOSE"].flatMap { name in DropOperation.allCases.first { "\($0)" == name } }
    widget.onDrop(
      of: accepted,
      delegate: Logger(
        types: accepted, refuse: environment["GTK_PEER_REFUSE"] == "1", proposal: proposal,
        perform: environment["GTK_PEER_PERFORM"] != "false"))
  }

  struct Logger: DropDelegate {
    let types: [UTType]
    let refuse: Bool
    let proposal: DropOperation?
    let perform: Bool

    func validateDrop(info: DropInfo) -> Bool {
      let offered = info.itemProviders(for: [.item]).map {
        $0.registeredContentTypes.map(\.identifier).joined(separator: ",")
      }
      say("validateDrop", offered.joined(separator: " | "))
      return !refuse
    }
    func dropEntered(info: DropInfo) { say("dropEntered", Int(info.location.x), Int(info.location.y)) }
    func dropUpdated(info: DropInfo) -> DropProposal? {
      say("dropUpdated", Int(info.location.x), Int(info.location.y))
      return proposal.map(DropProposal.init(operation:))
    }
    func dropExited(info: DropInfo) { say("dropExited") }

    func performDrop(info: DropInfo) -> Bool {
      let providers = info.itemProviders(for: types)
      say("performDrop", Int(info.location.x), Int(info.location.y), providers.count)
      for provider in providers {
        guard
          let type = provider.registeredContentTypes.first(where: { type in types.contains { type.conforms(to: $0) } })
        else { continue }
        DropPeer.load(type, from: provider)
      }
      if ProcessInfo.processInfo.environment["GTK_PEER_DESTROY"] == "1", let window = DropPeer.window {
        gtk_window_destroy(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 })
        say("destroyed")
      }
      return perform
    }
  }

  /// Loads `type` from `provider`, and says what came.
  static func load(_ type: UTType, from provider: NSItemProvider) {
    _ = provider.loadDataRepresentation(for: type) { data, error in
      if let data {
        let text = data.count <= 64 ? String(decoding: data, as: UTF8.self).debugDescription : ""
        // (No digest past 4 MB: gtkbench times these drops, and a digest is no part of one.)
        say("loaded", type.identifier, data.count, data.count <= 4 << 20 ? digest(data) : "-", text)
      } else {
        say("loadFailed", type.identifier, "\(error.map { "\($0)" } ?? "no data")")
      }
    }
  }

  /// SwiftUI's closure form: the providers and the location.
  static func closure(on widget: GTKWidget, types: [UTType]) {
    widget.onDrop(of: types, isTargeted: { say("targeted", $0) }) { providers, location in
      say("performed", Int(location.x), Int(location.y), providers.count)
      for provider in providers {
        if let type = provider.registeredContentTypes.first(where: { type in types.contains { type.conforms(to: $0) } })
        {
          load(type, from: provider)
        }
      }
      return true
    }
  }

  /// An AppKit destination, as ported Mac code has one.
  final class Destination: NSObject, NSDraggingDestination {
    func draggingEntered(_ sender: any NSDraggingInfo) -> NSDragOperation {
      say("draggingEntered", Int(sender.draggingLocation.x), Int(sender.draggingLocation.y))
      return .copy
    }
    func performDragOperation(_ sender: any NSDraggingInfo) -> Bool {
      let text = sender.draggingPasteboard.string(forType: .string)
      say("performDragOperation", text.map(\.debugDescription) ?? "nil")
      return text != nil
    }
    func concludeDragOperation(_ sender: (any NSDraggingInfo)?) { say("concludeDragOperation") }
  }
}
