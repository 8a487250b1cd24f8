import Foundation
import Pasteboard
import PasteboardGTK
import TypeRegistry

/// The drag side: a widget whose drags carry the items the arguments describe, each loader
/// saying when it runs ("loader TYPE"), and the end ("ended OPERATION", then "vmhwm KB").
@MainActor
enum DragPeer {
  static func start(on widget: GTKWidget, arguments: [String]) {
    let (items, image, moves) = Items.parse(arguments)
    let source = widget.dragSource { _ in
      say("began")
      var session = DragSession(
        items: items(), allowedOperations: [.copy, .move], operationsOutsideApp: moves ? [.copy, .move] : [.copy])
      session.image = image
      session.onEnded = { operation in
        say("ended", operation)
        say("vmhwm", Peer.peakMemory)
      }
      return session
    }
    _ = source
  }
}

/// The items the arguments describe, made anew for each drag or copy.
enum Items {
  /// The items' maker, the drag image (`--image PNG`), and whether a move is allowed outside.
  static func parse(_ arguments: [String]) -> (() -> [ItemProvider], DragImage?, Bool) {
    var specs: [String] = []
    var image: DragImage?
    var delay: Double = 0
    var failing = false
    var moves = false
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--image":
        index += 1
        image = try? DragImage(
          png: Data(contentsOf: URL(fileURLWithPath: arguments[index])), hotSpot: CGPoint(x: 4, y: 4))
      case "--image-color":
        // A 32 × 32 square of one opaque color, its hot spot at (4, 4).
        index += 1
        let color = 0xFF00_0000 | (UInt32(arguments[index], radix: 16) ?? 0)
        image = try? DragImage(
          width: 32, height: 32, pixels: [UInt32](repeating: color, count: 32 * 32), hotSpot: CGPoint(x: 4, y: 4))
      case "fail": failing = true
      case "moves": moves = true
      default:
        if argument.hasPrefix("slow:") { delay = Double(argument.dropFirst(5)) ?? 0 } else { specs.append(argument) }
      }
      index += 1
    }
    let (wait, fail) = (delay, failing)
    return ({ specs.map { provider($0, delay: wait, failing: fail) } }, image, moves)
  }

  /// A provider of one spec, whose loaders say when they run.
  static func provider(_ spec: String, delay: Double, failing: Bool) -> ItemProvider {
    let parts = spec.split(separator: ":", maxSplits: 2).map(String.init)
    let provider = ItemProvider()
    func register(_ type: UTType, _ bytes: @escaping @Sendable () -> Data) {
      provider.registerDataRepresentation(for: type) { completion in
        say("loader", type.identifier)
        if delay > 0 { usleep(useconds_t(delay * 1_000_000)) }
        if failing {
          completion(nil, CocoaError(.fileReadUnknown))
        } else {
          completion(bytes(), nil)
        }
        return nil
      }
    }
    switch parts[0] {
    case "text":
      let text = parts.dropFirst().joined(separator: ":")
      register(.utf8PlainText) { Data(text.utf8) }
    case "file":
      provider.registerFileRepresentation(for: .fileURL, openInPlace: true) { completion in
        completion(URL(fileURLWithPath: parts[1]), true, nil)
        return nil
      }
      let url = URL(fileURLWithPath: parts[1])
      return ItemProvider(contentsOf: url) ?? provider
    case "promise":
      let size = Int(parts[2]) ?? 0
      provider.suggestedName = (parts[1] as NSString).deletingPathExtension
      let type = UTType(filenameExtension: (parts[1] as NSString).pathExtension) ?? .data
      provider.registerFileRepresentation(for: type, openInPlace: false) { completion in
        say("loader", type.identifier)
        if delay > 0 { usleep(useconds_t(delay * 1_000_000)) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("peer-\(UUID().uuidString)")
        try? Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: url)
        completion(failing ? nil : url, false, failing ? CocoaError(.fileReadUnknown) : nil)
        return nil
      }
    case "types":
      let (count, size) = (Int(parts[1]) ?? 1, Int(parts[2]) ?? 0)
      for number in 0..<count {
        let type = UTType(tag: "application/x-peer-type\(number)", tagClass: .mimeType, conformingTo: .data)!
        register(type) { Data(repeating: UInt8(number), count: size) }
      }
    default:
      register(UTType(parts[0]) ?? .data) { Data(parts.dropFirst().joined(separator: ":").utf8) }
    }
    return provider
  }
}
