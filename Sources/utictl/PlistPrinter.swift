import PropertyList
import TypeRegistry

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The readable tree of `utictl plist print`, in the layout of `plutil -p`.
enum PlistPrinter {
  struct LookupProblem: Error {
    var message: String
  }

  /// The value at a dot-separated key path; numbers index arrays.
  static func lookup(_ keyPath: String, in root: PropertyList.Value) -> Result<PropertyList.Value, LookupProblem> {
    var value = root
    var walked: [Substring] = []
    for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
      let here = walked.isEmpty ? "the top level" : "'\(walked.joined(separator: "."))'"
      switch value.storage {
      case .dictionary(let d):
        guard let next = d[String(component)] else {
          return .failure(
            LookupProblem(message: "no value at key path '\(keyPath)': \(here) has no key '\(component)'"))
        }
        value = next
      case .array(let a):
        guard let n = Int(component), a.indices.contains(n) else {
          return .failure(
            LookupProblem(
              message:
                "no value at key path '\(keyPath)': \(here) is an array of \(a.count), '\(component)' is not an index"))
        }
        value = a[n]
      default:
        return .failure(
          LookupProblem(message: "no value at key path '\(keyPath)': \(here) is a \(value.kindName), not a container"))
      }
      walked.append(component)
    }
    return .success(value)
  }

  static func render(_ value: PropertyList.Value) -> String {
    var out = ""
    render(value, indent: 0, into: &out)
    out += "\n"
    return out
  }

  static func quoted(_ s: String) -> String { "\"" + Escaping.quoted(s) + "\"" }

  static func render(_ value: PropertyList.Value, indent: Int, into out: inout String) {
    let pad = String(repeating: "  ", count: indent + 1)
    switch value.storage {
    case .string(let s): out += quoted(s)
    case .integer(let n): out += n.description
    case .real(let r): out += r.description
    case .boolean(let b): out += b ? "true" : "false"
    case .date(let d):
      let iso = XMLDateFormat.string(d)
      out += iso.hasSuffix("Z") ? iso.dropLast().split(separator: "T").joined(separator: " ") + " +0000" : iso
    case .data(let d):
      let shown = d.prefix(24).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
      out += "{length = \(d.count), bytes = 0x\(shown)\(d.count > 24 ? "..." : "")}"
    case .uid(let u): out += "<UID>{value = \(u)}"
    case .array(let a):
      if a.isEmpty {
        out += "[]"
        return
      }
      out += "[\n"
      for (n, element) in a.enumerated() {
        out += "\(pad)\(n) => "
        render(element, indent: indent + 1, into: &out)
        out += "\n"
      }
      out += String(repeating: "  ", count: indent) + "]"
    case .dictionary(let d):
      if d.isEmpty {
        out += "{}"
        return
      }
      out += "{\n"
      for entry in d {
        out += "\(pad)\(quoted(entry.key)) => "
        render(entry.value, indent: indent + 1, into: &out)
        out += "\n"
      }
      out += String(repeating: "  ", count: indent) + "}"
    }
  }
}
