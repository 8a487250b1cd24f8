import Foundation
import Pasteboard
import TestSupport
import Testing
import TypeRegistry
import UTIPlatform

@testable import DesktopPasteboard
@testable import PointyBug
@testable import SystemPasteboard
@testable import SystemPasteboardCore
@testable import SystemPasteboardX11

/// The outcomes a drag's source heard.
@MainActor
final class EndedLog {
  var operations: [DropOperation] = []
}

extension Data {
  /// Bytes from hexadecimal digits.
  init(hex: String) {
    var bytes: [UInt8] = []
    var digits = hex.utf8.makeIterator()
    while let high = digits.next(), let low = digits.next() {
      bytes.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) ?? 0)
    }
    self.init(bytes)
  }
}

/// What the delegates saw, in order.
@MainActor
final class DelegateLog {
  var calls: [String] = []
  var locations: [CGPoint] = []
  var types: [String] = []
  var loaded: Data?
  var loadError: String?
  /// What a load started during the drag (before the drop) gave.
  var earlyLoad: String?
}

/// A delegate that proposes a move wherever the drag is.
struct MoveProposer: DropDelegate {
  func dropUpdated(info: DropInfo) -> DropProposal? { DropProposal(operation: .move) }
  func performDrop(info: DropInfo) -> Bool { true }
}

/// A delegate that records its calls and loads the first image or text on drop.
struct Recorder: DropDelegate {
  let log: DelegateLog

  func validateDrop(info: DropInfo) -> Bool {
    log.calls.append("validateDrop")
    return true
  }
  func dropEntered(info: DropInfo) { log.calls.append("dropEntered") }
  func dropUpdated(info: DropInfo) -> DropProposal? {
    if log.calls.last != "dropUpdated" { log.calls.append("dropUpdated") }
    if log.earlyLoad == nil, let provider = info.itemProviders(for: [.data]).first {
      // The payload is protected until performDrop: this load must fail.
      log.earlyLoad = "pending"
      let log = log
      _ = provider.loadDataRepresentation(for: .data) { data, error in
        let outcome =
          data != nil ? "loaded" : (error as? ItemProviderError)?.description ?? "\(String(describing: error))"
        Task { @MainActor in log.earlyLoad = outcome }
      }
    }
    log.locations.append(info.location)
    return nil
  }
  func dropExited(info: DropInfo) { log.calls.append("dropExited") }
  func performDrop(info: DropInfo) -> Bool {
    log.calls.append("performDrop")
    log.locations.append(info.location)
    let type: UTType = info.hasItemsConforming(to: [.image]) ? .image : .plainText
    guard let provider = info.itemProviders(for: [type]).first else { return false }
    log.types = provider.registeredTypeIdentifiers
    let log = log
    provider.loadDataRepresentation(for: type) { data, error in
      Task { @MainActor in
        log.loaded = data
        log.loadError = error.map { "\($0)" }
      }
    }
    return true
  }
}
