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
/// proposes that in `dropUpdated`; `GTK_PEER_PERFORM=false` returns false from `performDrop`.
@MainActor
enum DropPeer {
  static func start(on widget: GTKWidget, types: [String]) {
    let accepted = types.map { UTType($0) ?? UTType(importedAs: $0) }
    let environment = ProcessInfo.processInfo.environment
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
      let offered = info.itemProviders(for: [.item]).map { $0.registeredContentTypes.map(\.identifier).joined(separator: ",") }
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
        guard let type = provider.registeredContentTypes.first(where: { type in types.contains { type.conforms(to: $0) } })
        else { continue }
        _ = provider.loadDataRepresentation(for: type) { data, error in
          if let data {
            say("loaded", type.identifier, data.count, digest(data), data.count <= 64 ? String(decoding: data, as: UTF8.self).debugDescription : "")
          } else {
            say("loadFailed", type.identifier, "\(error.map { "\($0)" } ?? "no data")")
          }
        }
      }
      return perform
    }
  }
}
