import Foundation
import Pasteboard
import PasteboardGTK
import TypeRegistry

/// A drag within the application: its left half drags text and a type only this process sees
/// (`.ownProcess`); its right half takes the drop with a delegate that says what it sees.
@MainActor
enum LocalPeer {
  static let privateType = UTType(exportedAs: "org.swift-uti.peer.private")

  static func start(in window: PeerWindow) {
    guard let (left, right) = window.halves else { return }
    GTKWidget(left).dragSource { _ in
      let provider = ItemProvider()
      provider.registerDataRepresentation(for: .utf8PlainText) { completion in
        say("loader", "public.utf8-plain-text")
        completion(Data("within the app".utf8), nil)
        return nil
      }
      provider.registerDataRepresentation(for: privateType, visibility: .ownProcess) { completion in
        completion(Data("ours alone".utf8), nil)
        return nil
      }
      return DragSession(items: [provider], allowedOperations: [.copy, .move]) { say("ended", $0) }
    }
    GTKWidget(right).onDrop(of: [.plainText, privateType], delegate: Target())
  }

  struct Target: DropDelegate {
    func validateDrop(info: DropInfo) -> Bool {
      let types = info.itemProviders(for: [.item]).map {
        $0.registeredContentTypes.map(\.identifier).joined(separator: ",")
      }
      say("validateDrop", types.joined(separator: " | "))
      return true
    }
    func dropUpdated(info: DropInfo) -> DropProposal? { DropProposal(operation: .move) }
    func performDrop(info: DropInfo) -> Bool {
      say("performDrop", Int(info.location.x), Int(info.location.y))
      for provider in info.itemProviders(for: [LocalPeer.privateType]) {
        DropPeer.load(LocalPeer.privateType, from: provider)
      }
      return true
    }
  }
}
