import PropertyList

/// Reads declarations out of a parsed Info.plist, leniently, recording what has the wrong shape.
enum DeclarationReader {
  static func read(
    _ root: PropertyList.Value, into declarations: inout [TypeDeclaration], problems: inout [DeclarationProblem]
  ) {
    guard let top = root.dictionary else {
      problems.append(
        .init(
          message: "the top level is a \(root.kindName), expected a dictionary", offset: root.rawOffset, keyPath: ""))
      return
    }
    for kind in [TypeDeclaration.Kind.exported, .imported] {
      guard let list = top[kind.key] else { continue }
      guard let entries = list.array else {
        problems.append(
          .init(
            message: "\(kind.key) is a \(list.kindName), expected an array of dictionaries", offset: list.rawOffset,
            keyPath: kind.key))
        continue
      }
      declarations.reserveCapacity(declarations.count + entries.count)
      for (index, entry) in entries.enumerated() {
        let path = { "\(kind.key).\(index)" }
        guard let dictionary = entry.dictionary else {
          problems.append(
            .init(
              message: "declaration \(index) is a \(entry.kindName), expected a dictionary", offset: entry.rawOffset,
              keyPath: path()))
          continue
        }
        if let declaration = read(
          dictionary, kind: kind, index: index, offset: entry.rawOffset, path: path, problems: &problems)
        {
          declarations.append(declaration)
        }
      }
    }
  }

  /// A string, or the strings of an array (Apple accepts both for lists); problems for anything else.
  static func strings(_ value: PropertyList.Value, path: () -> String, problems: inout [DeclarationProblem]) -> [String]
  {
    switch value.storage {
    case .string(let s): return [s]
    case .array(let a):
      var out: [String] = []
      for (n, element) in a.enumerated() {
        if let s = element.string {
          out.append(s)
        } else {
          problems.append(
            .init(
              message: "\(element.kindName) in a list of strings", offset: element.rawOffset, keyPath: "\(path()).\(n)")
          )
        }
      }
      return out
    default:
      problems.append(
        .init(
          message: "a \(value.kindName), expected a string or an array of strings", offset: value.rawOffset,
          keyPath: path())
      )
      return []
    }
  }

  /// The declaration keys of one dictionary, found in one pass over its entries instead of a
  /// lookup per key.
  struct Fields {
    var identifier: PropertyList.Value?
    var parents: PropertyList.Value?
    var description: PropertyList.Value?
    var tagSpecification: PropertyList.Value?
    var icons: PropertyList.Value?
    var version: PropertyList.Value?
    /// `UTTypeReferenceURL` and `UTTypeIconFile`, in file order.
    var strings: [(key: String, value: PropertyList.Value)] = []

    init(_ d: PropertyList.Dictionary) {
      for entry in d {
        switch entry.key {
        case "UTTypeIdentifier": identifier = entry.value
        case "UTTypeConformsTo": parents = entry.value
        case "UTTypeDescription": description = entry.value
        case "UTTypeTagSpecification": tagSpecification = entry.value
        case "UTTypeReferenceURL", "UTTypeIconFile": strings.append((entry.key, entry.value))
        case "UTTypeIcons": icons = entry.value
        case "UTTypeVersion": version = entry.value
        default: break
        }
      }
    }
  }

  static func read(
    _ d: PropertyList.Dictionary, kind: TypeDeclaration.Kind, index: Int, offset: Int, path: () -> String,
    problems: inout [DeclarationProblem]
  ) -> TypeDeclaration? {
    let fields = Fields(d)
    guard let identifierValue = fields.identifier else {
      problems.append(
        .init(kind: .missingIdentifier, message: "declaration has no UTTypeIdentifier", offset: offset, keyPath: path())
      )
      return nil
    }
    guard let identifier = string(identifierValue, key: "UTTypeIdentifier", path: path, problems: &problems) else {
      return nil
    }
    var declaration = TypeDeclaration(identifier: identifier, kind: kind)
    declaration.fields.plist = d
    declaration.fields.offset = offset
    declaration.fields.index = index
    if let parents = fields.parents {
      declaration.conformsTo = strings(parents, path: { path() + ".UTTypeConformsTo" }, problems: &problems)
    }
    if let description = fields.description {
      declaration.description = string(description, key: "UTTypeDescription", path: path, problems: &problems)
    }
    if let specification = fields.tagSpecification {
      declaration.tags = tags(specification, path: path, problems: &problems)
    }
    for (key, value) in fields.strings {
      let text = string(value, key: key, path: path, problems: &problems)
      if key == "UTTypeReferenceURL" { declaration.referenceURL = text } else { declaration.iconFile = text }
    }
    if declaration.iconFile == nil {
      declaration.iconFile = fields.icons?.dictionary?["UTTypeIconName"]?.string
    }
    if let version = fields.version {
      declaration.version = self.version(version, path: path, problems: &problems)
    }
    return declaration
  }

  /// The string value of `key`; a problem, and nil, for any other kind of value.
  static func string(
    _ value: PropertyList.Value, key: String, path: () -> String, problems: inout [DeclarationProblem]
  ) -> String? {
    if let text = value.string { return text }
    problems.append(
      .init(
        message: "\(key) is a \(value.kindName), expected a string", offset: value.rawOffset,
        keyPath: path() + "." + key))
    return nil
  }

  /// `UTTypeTagSpecification`: tag class to its values, each read as a list of strings.
  static func tags(_ value: PropertyList.Value, path: () -> String, problems: inout [DeclarationProblem])
    -> [String: [String]]
  {
    guard let specification = value.dictionary else {
      problems.append(
        .init(
          message: "UTTypeTagSpecification is a \(value.kindName), expected a dictionary", offset: value.rawOffset,
          keyPath: path() + ".UTTypeTagSpecification"))
      return [:]
    }
    var tags: [String: [String]] = [:]
    for entry in specification {
      tags[entry.key] = strings(
        entry.value, path: { path() + ".UTTypeTagSpecification." + entry.key }, problems: &problems)
    }
    return tags
  }

  /// `UTTypeVersion`: an integer, or a string holding one.
  static func version(_ value: PropertyList.Value, path: () -> String, problems: inout [DeclarationProblem]) -> Int? {
    switch value.storage {
    case .integer(let n): return n.int
    case .string(let s): return Int(s)
    default:
      problems.append(
        .init(
          message: "UTTypeVersion is a \(value.kindName), expected a string or an integer", offset: value.rawOffset,
          keyPath: path() + ".UTTypeVersion"))
      return nil
    }
  }
}
