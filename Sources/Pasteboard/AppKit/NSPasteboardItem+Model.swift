import Foundation

extension NSPasteboardItem {
  /// Puts the item on the pasteboard named `name`: returns the item as the pasteboard's model
  /// sees it, an item provider whose representations are the item's types, each loaded through
  /// ``data(forType:)`` when read (so a promise is kept only then).
  func attach(to name: NSPasteboard.Name) -> ItemProvider {
    state.withLock { state in
      state.pasteboard = name
      if let provider = state.provider { return provider }
      let provider = ItemProvider()
      for slot in state.slots { register(slot.type, in: provider) }
      state.provider = provider
      return provider
    }
  }

  /// Adds `type` to `provider`, loaded through this item.
  func register(_ type: NSPasteboard.PasteboardType, in provider: ItemProvider) {
    provider.registerDataRepresentation(forTypeIdentifier: type.rawValue, visibility: .all) { [self] completion in
      if let data = data(forType: type) {
        completion(data, nil)
      } else {
        completion(
          nil, ItemProviderError(.handlerDeliveredNothing(type.rawValue), requested: type.rawValue, registered: []))
      }
      return nil
    }
  }

  /// Tells the owners and data providers of `items`, each once, that `pasteboard` no longer
  /// holds them.
  static func relinquish(_ items: [NSPasteboardItem], by pasteboard: NSPasteboard) {
    var told = Set<ObjectIdentifier>()
    for item in items {
      let sources = item.state.withLock { $0.promisers }
      for source in sources {
        switch source {
        case .owner(let owner) where told.insert(ObjectIdentifier(owner)).inserted:
          owner.pasteboardChangedOwner(pasteboard)
        case .provider(let provider) where told.insert(ObjectIdentifier(provider)).inserted:
          provider.pasteboardFinishedWithDataProvider(pasteboard)
        default: break
        }
      }
    }
  }
}
