#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// scripts/fuzz.sh compiles this file into one module with the PropertyList sources.
#if canImport(PropertyList)
  import PropertyList
#endif

/// The property the fuzz targets check on every input, and the regression tests on every saved
/// input: reading never traps, and whatever reads writes back as binary (and as XML, where XML can
/// hold it) and reads again as an equal value.
package enum PropertyListRoundTrip {
  package struct Mismatch: Error, CustomStringConvertible {
    package var description: String
  }

  /// Checks `bytes`; throws ``Mismatch`` when a round trip changes the value.
  package static func check(_ bytes: [UInt8], format: PropertyList.Format? = nil) throws(Mismatch) {
    let document: PropertyList.Document
    do {
      document = try PropertyList.parse(bytes)
    } catch {
      guard error.location.offset >= 0, error.location.offset <= bytes.count else {
        throw Mismatch(description: "error offset \(error.location.offset) outside the input of \(bytes.count) bytes")
      }
      return
    }
    if let format, document.format != format { return }
    for output in [PropertyList.Format.binary, .xml] {
      guard let written = try? PropertyList.write(document.root, as: output) else {
        if output == .binary { throw Mismatch(description: "a value that reads cannot be written as binary") }
        continue
      }
      do {
        let again = try PropertyList.parse(written)
        if again.root != document.root && !(output == .xml && differsOnlyInXMLPrecision(document.root, again.root)) {
          throw Mismatch(description: "\(output) round trip changed \(document.root) into \(again.root)")
        }
      } catch let error as Mismatch {
        throw error
      } catch {
        throw Mismatch(description: "our \(output) output does not read back: \(error)")
      }
    }
  }

  /// XML dates have whole seconds and UIDs become `CF$UID` dictionaries; nothing else may change.
  static func differsOnlyInXMLPrecision(_ a: PropertyList.Value, _ b: PropertyList.Value) -> Bool {
    switch (a.storage, b.storage) {
    case (.date(let x), .date(let y)): return x.timeIntervalSince1970.rounded(.down) == y.timeIntervalSince1970
    case (.uid(let u), .dictionary(let d)): return d.count == 1 && d["CF$UID"]?.integer?.uint64 == u
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0 == $1 || differsOnlyInXMLPrecision($0, $1) }
    case (.dictionary(let x), .dictionary(let y)):
      return x.count == y.count
        && zip(x, y).allSatisfy {
          $0.key == $1.key && ($0.value == $1.value || differsOnlyInXMLPrecision($0.value, $1.value))
        }
    default: return false
    }
  }
}
