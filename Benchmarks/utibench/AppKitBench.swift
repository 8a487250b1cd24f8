import Foundation
import Pasteboard
import TypeRegistry

/// Figures for AppKit's names: reading objects over many items and a lazy provider's first read,
/// beside UIKit's reads of the same contents.
enum AppKitBench {
  /// A provider that writes a short text when asked.
  final class TextProvider: NSObject, NSPasteboardItemDataProvider, @unchecked Sendable {
    func pasteboard(
      _ pasteboard: NSPasteboard?, item: NSPasteboardItem, provideDataForType type: NSPasteboard.PasteboardType
    ) {
      item.setString("provided", forType: type)
    }
  }

  static func rows(quick: Bool) -> [Bench.Row] {
    readObjects(quick: quick) + lazyFirstRead(quick: quick)
  }

  /// `readObjects(forClasses: [NSString.self])` over 10,000 text items, beside UIKit's
  /// `Pasteboard.strings` over the same board, interleaved.
  static func readObjects(quick: Bool) -> [Bench.Row] {
    let pasteboard = NSPasteboard.withUniqueName()
    pasteboard.clearContents()
    pasteboard.writeObjects((0..<10_000).map { NSString(string: "item \($0)") })
    let board = pasteboard.board
    var count = 0
    var ours: [Double] = []
    var peer: [Double] = []
    for _ in 0..<(quick ? 3 : 9) {
      ours.append(Bench.measure(runs: 1) { count += pasteboard.readObjects(forClasses: [NSString.self])?.count ?? 0 })
      peer.append(Bench.measure(runs: 1) { count += board.strings?.count ?? 0 })
    }
    Bench.sink(count)
    return [
      .init(
        "`NSPasteboard.readObjects(forClasses: [NSString.self])`, 10,000 items", median(ours), median(peer),
        peer: "UIKit's `Pasteboard.strings`, same items")
    ]
  }

  /// An item data provider's first read, per item (the provider asked, its data stored), beside
  /// UIKit's synchronous read of an item provider's data, interleaved.
  static func lazyFirstRead(quick: Bool) -> [Bench.Row] {
    let count = quick ? 1_000 : 10_000
    var ours: [Double] = []
    var peer: [Double] = []
    var bytes = 0
    for _ in 0..<(quick ? 3 : 7) {
      let provider = TextProvider()
      let items = (0..<count).map { _ in
        let item = NSPasteboardItem()
        item.setDataProvider(provider, forTypes: [.string])
        return item
      }
      let pasteboard = NSPasteboard.withUniqueName()
      pasteboard.clearContents()
      pasteboard.writeObjects(items)
      ours.append(
        Bench.measure(runs: 1) { for item in items { bytes += item.data(forType: .string)?.count ?? 0 } }
          / Double(count))
      // Every read was a provider's answer, stored: the figure is not of empty reads.
      precondition(items.allSatisfy { $0.data(forType: .string) == Data("provided".utf8) })
      let boards = (0..<count).map { _ in
        let board = Pasteboard.withUniqueName()
        let itemProvider = ItemProvider()
        itemProvider.registerDataRepresentation(for: .utf8PlainText) { completion in
          completion(Data("provided".utf8), nil)
          return nil
        }
        board.itemProviders = [itemProvider]
        return board
      }
      peer.append(
        Bench.measure(runs: 1) {
          for board in boards { bytes += board.data(forPasteboardType: "public.utf8-plain-text")?.count ?? 0 }
        } / Double(count))
    }
    Bench.sink(bytes)
    return [
      .init(
        "`NSPasteboardItem` data provider, first read (asked, then stored)", median(ours), median(peer),
        peer: "UIKit's `Pasteboard.data(forPasteboardType:)` of an item provider")
    ]
  }

  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
