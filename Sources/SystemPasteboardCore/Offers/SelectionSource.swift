/// What reading a selection asks of a backend: the owner's targets (X11 targets, Wayland MIME
/// types) in its order, and one target's data in chunks as it arrives. The pasteboard's choice
/// of target (conformance, file lists, text conversions) is written once over it.
package protocol SelectionSource {
  /// The owner's targets, in its order.
  /// - Throws: ``SystemPasteboardError``: `.noOwner` when nothing owns the selection.
  func targets() throws(SystemPasteboardError) -> [String]

  /// The owner's data for `target`, handed to `sink` a chunk at a time.
  /// - Throws: ``SystemPasteboardError``, or what `sink` throws.
  func read(_ target: String, into sink: ([UInt8]) throws(SystemPasteboardError) -> Void) throws(SystemPasteboardError)

  /// One read (its targets and the data it chose) is over: what it held only for it can go.
  func finishReading()
}

extension SelectionSource {
  package func finishReading() {}
}
