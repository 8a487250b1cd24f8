import PropertyList
import TypeRegistry

/// Generates realistic Info.plists with many type declarations, for benchmarks and tests.
///
/// Deterministic: the same count gives the same document.
package enum SyntheticInfoPlist {
  /// An Info.plist exporting `count` types (about 500 bytes each in XML), each conforming to a
  /// system type or an earlier declaration, with extensions, a MIME type and a description.
  package static func make(declarations count: Int) -> PropertyList.Value {
    let parents = [
      "public.data", "public.json", "public.xml", "public.plain-text", "public.image", "com.apple.package",
    ]
    var declarations: [PropertyList.Value] = []
    declarations.reserveCapacity(count)
    for n in 0..<count {
      var conformsTo: [PropertyList.Value] = [.init(.string(parents[n % parents.count]))]
      if n > 10 && n % 3 == 0 { conformsTo.append(.init(.string("com.example.bench.type\(n / 2)"))) }
      declarations.append([
        "UTTypeIdentifier": .init(.string("com.example.bench.type\(n)")),
        "UTTypeDescription": .init(.string("Bench type \(n) & co")),
        "UTTypeConformsTo": .init(.array(conformsTo)),
        "UTTypeTagSpecification": [
          "public.filename-extension": .init(.array([.init(.string("bt\(n)"))])),
          "public.mime-type": .init(.string("application/x-bench-\(n)")),
        ],
      ])
    }
    return [
      "CFBundleIdentifier": "com.example.bench",
      "CFBundleName": "Bench",
      "CFBundleShortVersionString": "1.0",
      "UTExportedTypeDeclarations": .init(.array(declarations)),
    ]
  }
}
