import PropertyList

/// Reads declarations out of a parsed Info.plist, leniently, recording what has the wrong shape.
enum DeclarationReader {
  static func read(
    _ root: PropertyList.Value, into declarations: inout [TypeDeclaration], problems: inout [DeclarationProblem]
  ) {
    guard let top = root.dictionary else {
      problems.append(
        .init(message: "the top level is a \(root.kindName), expected a dictionary", offset: root.offset, keyPath: ""))
      return
    }
    for kind in [TypeDeclaration.Kind.exported, .imported] {
      guard let list = top[kind.key] else { continue }
      guard let entries = list.array else {
        problems.append(
          .init(
            message: "\(kind.key) is a \(list.kindName), expected an array of dictionaries", offset: list.offset,
            keyPath: kind.key))
        continue
      }
      declarations.reserveCapacity(declarations.count + entries.count)
      for (index, entry) in entries.enumerated() {
        let path = { "\(kind.key).\(index)" }
        guard let dictionary = entry.dictionary else {
          problems.append(
            .init(
              message: "declaration \(index) is a \(entry.kindName), expected a dictionary", offset: entry.offset,
              keyPath: path()))
          continue
        }
        if let declaration = read(
          dictionary, kind: kind, index: index, offset: entry.offset, path: path, problems: &problems)
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
              message: "\(element.kindName) in a list of strings", offset: element.offset, keyPath: "\(path()).\(n)"))
        }
      }
      return out
    default:
      problems.append(
        .init(
          message: "a \(value.kindName), expected a string or an array of strings", offset: value.offset,
          keyPath: path())
      )
      return []
    }
  }

  static func read(
    _ d: PropertyList.Dictionary, kind: TypeDeclaration.Kind, index: Int, offset: Int, path: () -> String,
    problems: inout [DeclarationProblem]
  ) -> TypeDeclaration? {
    // One pass over the keys instead of a lookup per key.
    var identifierValue: PropertyList.Value? = nil
    var parentsValue: PropertyList.Value? = nil
    var descriptionValue: PropertyList.Value? = nil
    var specValue: PropertyList.Value? = nil
    var referenceURL: String? = nil
    var iconFile: String? = nil
    var expectStrings: [(String, PropertyList.Value)] = []
    var icons: PropertyList.Value? = nil
    var versionValue: PropertyList.Value? = nil
    for entry in d {
      switch entry.key {
      case "UTTypeIdentifier": identifierValue = entry.value
      case "UTTypeConformsTo": parentsValue = entry.value
      case "UTTypeDescription": descriptionValue = entry.value
      case "UTTypeTagSpecification": specValue = entry.value
      case "UTTypeReferenceURL":
        referenceURL = entry.value.string
        expectStrings.append((entry.key, entry.value))
      case "UTTypeIconFile":
        iconFile = entry.value.string
        expectStrings.append((entry.key, entry.value))
      case "UTTypeIcons": icons = entry.value
      case "UTTypeVersion": versionValue = entry.value
      default: break
      }
    }
    guard let identifierValue else {
      problems.append(
        .init(kind: .missingIdentifier, message: "declaration has no UTTypeIdentifier", offset: offset, keyPath: path())
      )
      return nil
    }
    guard let identifier = identifierValue.string else {
      problems.append(
        .init(
          message: "UTTypeIdentifier is a \(identifierValue.kindName), expected a string",
          offset: identifierValue.offset,
          keyPath: path() + ".UTTypeIdentifier"))
      return nil
    }
    var declaration = TypeDeclaration(identifier: identifier, kind: kind)
    declaration.plist = d
    declaration.offset = offset
    declaration.index = index
    if let parentsValue {
      declaration.conformsTo = strings(parentsValue, path: { path() + ".UTTypeConformsTo" }, problems: &problems)
    }
    if let description = descriptionValue {
      if let s = description.string {
        declaration.description = s
      } else {
        problems.append(
          .init(
            message: "UTTypeDescription is a \(description.kindName), expected a string", offset: description.offset,
            keyPath: path() + ".UTTypeDescription"))
      }
    }
    if let spec = specValue {
      if let tags = spec.dictionary {
        for entry in tags {
          let values = strings(
            entry.value, path: { path() + ".UTTypeTagSpecification." + entry.key }, problems: &problems)
          declaration.tags[entry.key] = values
        }
      } else {
        problems.append(
          .init(
            message: "UTTypeTagSpecification is a \(spec.kindName), expected a dictionary", offset: spec.offset,
            keyPath: path() + ".UTTypeTagSpecification"))
      }
    }
    declaration.referenceURL = referenceURL
    declaration.iconFile = iconFile ?? icons?.dictionary?["UTTypeIconName"]?.string
    for (key, value) in expectStrings where value.string == nil {
      problems.append(
        .init(
          message: "\(key) is a \(value.kindName), expected a string", offset: value.offset, keyPath: path() + "." + key
        ))
    }
    switch versionValue?.storage {
    case .integer(let n): declaration.version = n.int
    case .string(let s): declaration.version = Int(s)
    case .none: break
    case .some:
      problems.append(
        .init(
          message: "UTTypeVersion is a \(versionValue!.kindName), expected a string or an integer",
          offset: versionValue!.offset,
          keyPath: path() + ".UTTypeVersion"))
    }
    return declaration
  }
}
