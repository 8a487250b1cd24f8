// Copyright (c) 2026 The swift-uti authors. Licensed under the MIT licence.
import Foundation

/// A first-in, first-out queue.
public struct Queue<Element>: Sequence {
  private var items: [Element] = []

  public init() {}

  public mutating func enqueue(_ item: Element) {
    items.append(item)
  }

  public mutating func dequeue() -> Element? {
    guard !items.isEmpty else { return nil }
    return items.removeFirst()
  }

  public func makeIterator() -> IndexingIterator<[Element]> {
    items.makeIterator()
  }
}

extension Queue: CustomStringConvertible where Element: CustomStringConvertible {
  public var description: String { items.map(\.description).joined(separator: ", ") }
}
