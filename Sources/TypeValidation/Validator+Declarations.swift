import PropertyList
import TypeRegistry

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ValidationRun {
  /// A system type whose tags an imported declaration repeats: the tags, and where the first is.
  typealias SystemClaim = (type: UTType, declaration: TypeDeclaration, tags: [String], offset: Int)

  mutating func checkDeclaration(_ d: TypeDeclaration, in file: DeclarationFile, domain: String?) {
    let identifierOffset = d.offset(ofKey: "UTTypeIdentifier") ?? d.rawOffset
    let key = UTTypeRegistry.fold(d.identifier)

    for entry in d.plist where !Validator.declarationKeySet.contains(entry.key) {
      var message = "'\(entry.key)' is not a type declaration key"
      if let suggestion = Suggestions.closest(to: entry.key, in: Validator.declarationKeys) {
        message += "; did you mean '\(suggestion)'?"
      }
      report(.unknownKey, message, file, entry.rawKeyOffset)
    }

    if let problem = IdentifierSyntax.problem(d.identifier) {
      report(
        .invalidIdentifier, "'\(d.identifier)' is not a valid type identifier: \(problem)", file, identifierOffset)
    }

    if d.kind == .exported && !validator.systemCatalog {
      checkExportedDomain(d, key: key, in: file, domain: domain, identifierOffset: identifierOffset)
    }

    if d.description == nil && d.plist["UTTypeDescription"] == nil {
      report(.missingDescription, "'\(d.identifier)' has no UTTypeDescription", file, identifierOffset)
    }

    checkParents(d, in: file, identifierOffset: identifierOffset)
    checkTags(d, in: file)

    if let url = d.referenceURL, let value = d.plist["UTTypeReferenceURL"] {
      if URL(string: url)?.scheme == nil || url.contains(" ") {
        report(.invalidReferenceUrl, "UTTypeReferenceURL '\(url)' is not an absolute URL", file, value.rawOffset)
      }
    }
  }

  /// An exported type's domain: not a reserved one, the bundle's own (or, without a bundle
  /// identifier, not a vendor's the catalog knows), and not one the system already declares.
  mutating func checkExportedDomain(
    _ d: TypeDeclaration, key: String, in file: DeclarationFile, domain: String?, identifierOffset: Int
  ) {
    var reservedDomain = false
    for reserved in ["public.", "com.apple.", "dyn."] where key.hasPrefix(reserved) {
      reservedDomain = true
      report(
        .reservedNamespace,
        "'\(d.identifier)' is in the reserved '\(reserved.dropLast())' domain, which only the system declares; import it, or export a type in your own domain",
        file, identifierOffset)
    }
    let system = UTTypeRegistry.builtIn.type(withIdentifier: d.identifier).flatMap { $0.isDynamic ? nil : $0 }
    if !reservedDomain, let domain, !BundleDomain.contains(domain, key) {
      report(
        .foreignDomain,
        "'\(d.identifier)' is exported outside this bundle's domain '\(domain)'; export only your own types and import others'",
        file, identifierOffset)
    } else if !reservedDomain, domain == nil, system == nil, let vendor = BundleDomain.vendor(ofIdentifier: key),
      BundleDomain.catalogVendors.contains(vendor)
    {
      // No bundle identifier to say the domain is this app's: the catalog says whose it is.
      report(
        .foreignDomain,
        "'\(d.identifier)' is exported in the '\(vendor)' domain, whose types the system attributes to another vendor, and this file has no CFBundleIdentifier that makes it yours; import it, or set CFBundleIdentifier",
        file, identifierOffset)
    }
    if system != nil, !UTTypeRegistry.isSystemNamespace(key) {
      report(
        .duplicateIdentifier,
        "'\(d.identifier)' is already declared by the system; import it instead of exporting it",
        file, identifierOffset, severity: .warning,
        notes: [.init(message: "the system declares it (built-in)", place: nil)])
    }
  }

  /// The offset of `string` inside a string-or-array value.
  func offset(of string: String, in value: PropertyList.Value?) -> Int? {
    guard let value else { return nil }
    if value.string == string { return value.rawOffset }
    return value.array?.first { $0.string == string }?.rawOffset
  }

  mutating func checkParents(_ d: TypeDeclaration, in file: DeclarationFile, identifierOffset: Int) {
    let parentsValue = d.plist["UTTypeConformsTo"]
    guard parentsValue != nil else {
      report(
        .missingConformance,
        "'\(d.identifier)' has no UTTypeConformsTo; a file type should conform to public.data or com.apple.package",
        file, identifierOffset)
      return
    }
    let key = UTTypeRegistry.fold(d.identifier)
    var physical = false
    var unresolved = false
    for parent in d.conformsTo {
      let at = offset(of: parent, in: parentsValue) ?? parentsValue!.rawOffset
      let parentKey = UTTypeRegistry.fold(parent)
      if parentKey == key {
        report(
          .selfConformance, "'\(d.identifier)' lists itself in UTTypeConformsTo; conformance to itself is implied",
          file, at)
        continue
      }
      guard let type = registry.type(withIdentifier: parent) else {
        unresolved = true
        var message = "'\(parent)' in UTTypeConformsTo of '\(d.identifier)' is declared nowhere"
        if let suggestion = Suggestions.closestIdentifier(to: parent, in: registry) {
          message += "; did you mean '\(suggestion)'?"
        }
        report(.unknownSupertype, message, file, at)
        continue
      }
      if physicalTypes.contains(where: { type.conforms(to: $0) }) { physical = true }
    }
    if !physical && !unresolved && !d.conformsTo.isEmpty {
      withoutPhysicalParent.append((declaration: d, file: file, offset: parentsValue!.rawOffset))
    }
  }

  mutating func checkTags(_ d: TypeDeclaration, in file: DeclarationFile) {
    guard let spec = d.plist["UTTypeTagSpecification"]?.dictionary else { return }
    // The system's own tags for a system type, looked up once: repeating them adds no conflict
    // of the app's making.
    let systemTags: [UTTagClass: Set<String>] =
      validator.systemCatalog
      ? [:]
      : (UTTypeRegistry.builtIn.type(withIdentifier: d.identifier)?.tags ?? [:]).mapValues {
        Set($0.map { $0.lowercased() })
      }
    let mine = UTTypeRegistry.fold(d.identifier)
    // An imported declaration's tags that a system type declares: one finding per system type.
    var systemClaims: [SystemClaim] = []
    defer { reportSystemClaims(of: d, systemClaims, in: file) }
    for entry in spec {
      let tagClass = entry.key
      let foldedClass = UTTypeRegistry.fold(tagClass)
      if !Validator.tagClasses.contains(foldedClass) {
        var message = "'\(tagClass)' is not a tag class the system uses"
        if let suggestion = Suggestions.closest(to: tagClass, in: Validator.tagClasses) {
          message += "; did you mean '\(suggestion)'?"
        }
        report(.unknownTagClass, message, file, entry.rawKeyOffset)
        continue
      }
      let values = entry.value.array ?? [entry.value]
      for value in values {
        guard let tag = value.string else { continue }
        if foldedClass == "public.filename-extension" && tag.hasPrefix(".") {
          report(
            .extensionWithDot, "filename extension '\(tag)' starts with a period; write '\(tag.dropFirst())'", file,
            value.rawOffset)
        }
        if foldedClass == "public.mime-type" && !MIMESyntax.isValid(tag) {
          report(.invalidMimeType, "'\(tag)' is not a MIME type of the form type/subtype", file, value.rawOffset)
        }
        guard foldedClass == "public.filename-extension" || foldedClass == "public.mime-type" else { continue }
        let tagClassValue = UTTagClass(rawValue: foldedClass)
        if systemTags[tagClassValue]?.contains(tag.lowercased()) == true { continue }
        checkTagConflicts(
          d, folded: mine, tag: tag, tagClass: tagClassValue, at: value.rawOffset, claims: &systemClaims, in: file)
      }
    }
  }

  /// The other types of the registry that claim `tag`: a `tag-conflict` for each pair once, or,
  /// for an imported declaration repeating a system type's tags, a claim gathered for
  /// ``reportSystemClaims(of:_:in:)``. `mine` is the declaration's folded identifier.
  mutating func checkTagConflicts(
    _ d: TypeDeclaration, folded mine: String, tag: String, tagClass: UTTagClass, at offset: Int,
    claims systemClaims: inout [SystemClaim],
    in file: DeclarationFile
  ) {
    let foldedClass = tagClass.rawValue
    for other in registry.types(tag: tag, tagClass: tagClass)
    where UTTypeRegistry.fold(other.identifier) != mine {
      guard let otherDeclaration = registry.declaration(of: other) else { continue }
      let what = foldedClass == "public.mime-type" ? "MIME type" : "filename extension"
      if d.kind == .imported && otherDeclaration.isBuiltIn {
        if let index = systemClaims.firstIndex(where: { $0.type == other }) {
          systemClaims[index].tags.append("\(what) '\(tag)'")
        } else {
          systemClaims.append((other, otherDeclaration, ["\(what) '\(tag)'"], offset))
        }
        continue
      }
      // A pair within the checked files is reported once, at the later declaration.
      let pair =
        [mine, UTTypeRegistry.fold(other.identifier)].sorted().joined(separator: "\u{0}") + "\u{0}"
        + tag.lowercased()
      if !reportedTagPairs.insert(pair).inserted { continue }
      report(
        .tagConflict, "\(what) '\(tag)' of '\(d.identifier)' is also claimed by '\(other.identifier)'", file,
        offset,
        notes: [note("'\(other.identifier)' is declared here", at: otherDeclaration)])
    }
  }

  /// One `tag-conflict` per system type whose tags an imported declaration repeats: the app
  /// imports a format the system already declares, under another name.
  mutating func reportSystemClaims(
    of d: TypeDeclaration, _ claims: [SystemClaim],
    in file: DeclarationFile
  ) {
    for claim in claims {
      let tags =
        claim.tags.count == 1
        ? claim.tags[0] : claim.tags.dropLast().joined(separator: ", ") + " and " + claim.tags.last!
      report(
        .tagConflict,
        "'\(d.identifier)' imports a format the system declares as '\(claim.type.identifier)': \(tags); use '\(claim.type.identifier)' instead of importing it under another identifier",
        file, claim.offset, notes: [note("'\(claim.type.identifier)' is declared here", at: claim.declaration)])
    }
  }

  mutating func checkDocumentTypes(_ file: DeclarationFile) {
    guard let documentTypes = file.document.root.dictionary?["CFBundleDocumentTypes"]?.array else { return }
    for documentType in documentTypes {
      guard let types = documentType.dictionary?["LSItemContentTypes"] else { continue }
      for value in types.array ?? [types] {
        guard let identifier = value.string else { continue }
        let name = documentType.dictionary?["CFBundleTypeName"]?.string.map { " '\($0)'" } ?? ""
        if identifier.trimmingWhitespace.isEmpty {
          report(
            .undeclaredDocumentType, "document type\(name) names an empty type identifier in LSItemContentTypes",
            file, value.rawOffset)
          continue
        }
        guard registry.type(withIdentifier: identifier) == nil else { continue }
        var message =
          "document type\(name) names '\(identifier)', which is declared nowhere; declare it (import or export) or fix the name"
        if let suggestion = Suggestions.closestIdentifier(to: identifier, in: registry) {
          message += "; did you mean '\(suggestion)'?"
        }
        report(.undeclaredDocumentType, message, file, value.rawOffset)
      }
    }
  }

  /// Reports `missing-physical-parent` at the root causes only: a declaration whose chain to a
  /// physical type breaks there, not in a parent that has the same problem. The types that
  /// inherit the break are counted in a note, not reported one by one.
  mutating func checkPhysicalParents() {
    // Each declaration's folded identifier and type, looked up once.
    let keys = withoutPhysicalParent.map { UTTypeRegistry.fold($0.declaration.identifier) }
    let types = withoutPhysicalParent.map { registry.type(withIdentifier: $0.declaration.identifier) }
    let failing = Set(keys)
    for (index, entry) in withoutPhysicalParent.enumerated() {
      let d = entry.declaration
      let key = keys[index]
      // A parent with the same problem is the root cause (or leads to it).
      if d.conformsTo.contains(where: { UTTypeRegistry.fold($0) != key && failing.contains(UTTypeRegistry.fold($0)) }) {
        continue
      }
      var notes: [Diagnostic.Note] = []
      if let root = types[index] {
        let inheriting = withoutPhysicalParent.indices.filter {
          keys[$0] != key && types[$0]?.conforms(to: root) == true
        }.map { withoutPhysicalParent[$0] }
        if !inheriting.isEmpty {
          let names = inheriting.prefix(5).map { "'\($0.declaration.identifier)'" }.joined(separator: ", ")
          let more = inheriting.count > 5 ? " and \(inheriting.count - 5) more" : ""
          notes.append(
            .init(
              message:
                "\(inheriting.count) more \(inheriting.count == 1 ? "type conforms" : "types conform") to it and \(inheriting.count == 1 ? "inherits" : "inherit") the problem: \(names)\(more)",
              place: nil))
        }
      }
      report(
        .missingPhysicalParent,
        "'\(d.identifier)' conforms to none of public.data, com.apple.package and public.directory, so the system cannot bind documents of this type",
        entry.file, entry.offset, notes: notes)
    }
  }

  /// Reports each cycle once: at its closing edge (the one the registry ignores) when a checked
  /// file declares it, else at the first declaration on it that a checked file makes (a cycle
  /// through an app's declaration and the system's is the app's to fix).
  mutating func checkCycles() {
    for cycle in registry.cycles where cycle.path.count > 2 {
      let steps = cycle.path.count - 1
      // The closing edge (the one the registry ignores) first, then the others in order.
      for n in [steps - 1] + Array(0..<(steps - 1)) {
        guard let type = registry.type(withIdentifier: cycle.path[n]), let declaration = registry.declaration(of: type),
          let file = declaration.file, files.contains(where: { $0 === file })
        else { continue }
        let next = cycle.path[n + 1]
        let parent = declaration.conformsTo.first { UTTypeRegistry.fold($0) == UTTypeRegistry.fold(next) } ?? next
        let at = offset(of: parent, in: declaration.plist["UTTypeConformsTo"]) ?? declaration.rawOffset
        let path = Array(cycle.path[n..<steps]) + Array(cycle.path[0..<n]) + [cycle.path[n]]
        report(.conformanceCycle, "conformance cycle: \(path.joined(separator: " → "))", file, at)
        break
      }
    }
  }
}

/// Apple's identifier syntax: ASCII letters, digits, hyphens and periods, and any character above
/// U+007F, in non-empty period-separated components.
enum IdentifierSyntax {
  static func problem(_ identifier: String) -> String? {
    if identifier.isEmpty { return "it is empty" }
    if identifier.hasPrefix(".") { return "it starts with a period" }
    if identifier.hasSuffix(".") { return "it ends with a period" }
    if identifier.contains("..") { return "it has an empty component" }
    for scalar in identifier.unicodeScalars {
      let v = scalar.value
      let ok =
        v > 0x7F || (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x2D
        || v == 0x2E
      if !ok {
        let shown = v == 0x20 ? "a space" : v < 0x20 ? "a control character" : "'\(Character(scalar))'"
        return "\(shown) is not allowed (use letters, digits, hyphens and periods)"
      }
    }
    return nil
  }
}

/// MIME types: `type/subtype` of RFC 6838 token characters, optionally with parameters.
enum MIMESyntax {
  static func isValid(_ mime: String) -> Bool {
    @inline(__always) func isToken(_ b: UInt8) -> Bool {
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
        || b == UInt8(ascii: "!") || b == UInt8(ascii: "#") || b == UInt8(ascii: "$") || b == UInt8(ascii: "&")
        || b == UInt8(ascii: "-") || b == UInt8(ascii: "^") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
        || b == UInt8(ascii: "+") || b == UInt8(ascii: "*")
    }
    var utf8 = Substring(mime).utf8[...]
    if let semicolon = utf8.firstIndex(of: UInt8(ascii: ";")) { utf8 = utf8[..<semicolon] }
    while let last = utf8.last, last == 0x20 || last == 0x09 { utf8 = utf8.dropLast() }
    while let first = utf8.first, first == 0x20 || first == 0x09 { utf8 = utf8.dropFirst() }
    var parts = 1
    var partLength = 0
    for b in utf8 {
      if b == UInt8(ascii: "/") {
        if partLength == 0 { return false }
        parts += 1
        partLength = 0
      } else if isToken(b) {
        partLength += 1
      } else {
        return false
      }
    }
    return parts == 2 && partLength > 0
  }
}

/// The reverse domain of a bundle identifier, for `foreign-domain`.
enum BundleDomain {
  /// The organization's domain: the first two components of `CFBundleIdentifier`, or three under
  /// a two-letter country code with a generic second level (`uk.co.example`). Nil when there is no
  /// usable bundle identifier (missing, or a build-time placeholder such as `$(PRODUCT_BUNDLE_IDENTIFIER)`).
  static func of(_ file: DeclarationFile) -> String? {
    guard let bundle = file.document.root.dictionary?["CFBundleIdentifier"]?.string,
      !bundle.contains("$"), !bundle.contains("@"), IdentifierSyntax.problem(bundle) == nil
    else { return nil }
    return vendor(ofIdentifier: bundle.lowercased())
  }

  static func contains(_ domain: String, _ identifier: String) -> Bool {
    identifier == domain || identifier.hasPrefix(domain + ".")
  }

  /// The organization's domain of a (folded) type identifier, by the same rule as a bundle
  /// identifier's; nil for a single component.
  static func vendor(ofIdentifier identifier: String) -> String? {
    let parts = identifier.split(separator: ".")
    guard parts.count >= 2 else { return nil }
    let generic: Set<Substring> = ["co", "com", "org", "net", "ac", "gov", "edu"]
    let count = parts[0].count == 2 && generic.contains(parts[1]) && parts.count >= 3 ? 3 : 2
    return parts.prefix(count).joined(separator: ".")
  }

  /// The vendors' domains of the built-in catalog's types (`com.microsoft`, `com.adobe` …), the
  /// system's own (`public`, `com.apple`, `dyn`) left out.
  static let catalogVendors: Set<String> = Set(
    UTTypeRegistry.builtIn.allTypes.compactMap { type in
      vendor(ofIdentifier: UTTypeRegistry.fold(type.identifier)).flatMap {
        ["public", "com.apple", "dyn"].contains($0) || $0.hasPrefix("public.") ? nil : $0
      }
    })
}

/// "Did you mean" suggestions by edit distance.
package enum Suggestions {
  /// The edit distance between two byte strings.
  package static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The candidate closest to `word`, if it is close: one that extends it (`public.source` →
  /// `public.source-code`), else one within a quarter of the length in edits, at least 1, at most 3.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let lower = word.lowercased()
    if let extended = candidates.filter({
      $0.lowercased().hasPrefix(lower + "-") || $0.lowercased().hasPrefix(lower + ".")
    })
    .min(by: { $0.count < $1.count }) {
      return extended
    }
    let w = Array(lower.utf8)
    let limit = max(1, min(3, w.count / 4))
    var best: (String, Int)? = nil
    for candidate in candidates {
      let c = Array(candidate.lowercased().utf8)
      guard abs(c.count - w.count) <= limit else { continue }
      let d = distance(w, c)
      if d > 0 && d <= limit && (best == nil || d < best!.1) { best = (candidate, d) }
    }
    return best?.0
  }

  /// A declared identifier close to `identifier` (white space around it, a typo).
  static func closestIdentifier(to identifier: String, in registry: UTTypeRegistry) -> String? {
    let trimmed = identifier.trimmingWhitespace
    if trimmed != identifier, let type = registry.type(withIdentifier: trimmed) { return type.identifier }
    return closest(to: identifier, in: registry.allTypes.map(\.identifier))
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  var trimmingWhitespace: String {
    var scalars = Substring(self).unicodeScalars[...]
    while let f = scalars.first, f.properties.isWhitespace { scalars = scalars.dropFirst() }
    while let l = scalars.last, l.properties.isWhitespace { scalars = scalars.dropLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}
