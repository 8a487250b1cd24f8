import Foundation

/// Generated Info.plists of every shape a declaration and a document type can take, for the
/// export's checks with the desktop's tools: each option of each key appears in some plist,
/// combined with the others' options by different strides.
enum ExportShapes {
  /// How many plists; each option list is shorter, so every option is used.
  static let count = 24

  static let identifiers = [
    "org.example.shape", "org.example.Shape_Doc", "public.plain-text", "com.apple.rez-source", "public.jpeg",
    "org.example.shape.with-dash",
  ]
  static let kinds = ["UTExportedTypeDeclarations", "UTImportedTypeDeclarations"]
  static let mimeTags: [[String]] = [
    [], ["application/x-shape"], ["application/x-shape; version=2"], ["shape+xml"], ["application/octet-stream"],
    ["application/x-shape", "application/vnd.example.shape"], ["APPLICATION/X-SHAPE", "application/x-shape"],
    ["x-unknown/shape", "text/x-shape"],
  ]
  static let extensions: [[String]] = [[], ["shp"], ["SHP", "shp"], ["*"], [""], ["shp", "shpx"]]
  static let conformances: [[String]] = [
    [], ["public.data"], ["public.text"], ["public.xml"], ["com.nowhere.unknown"], ["public.data", "public.content"],
  ]
  static let descriptions: [String?] = [nil, "Shape", "Shapes & <Forms> \"quoted\"", "Formes géométriques"]
  static let icons = [
    "", "<key>UTTypeIconName</key><string>shape</string>",
    "<key>UTTypeIconFile</key><string>Shape.icns</string>",
  ]
  static let ranks = [nil, "Owner", "Default", "Alternate", "None", "Sometimes"]
  static let roles = [nil, "Editor", "Viewer", "Shell", "None"]
  static let contentTypes: [[String]] = [
    [], ["OWN"], ["public.png"], ["public.data"], ["public.item", "public.content"], ["com.nowhere.undeclared"],
    ["dyn.ah62d4rv4ge80k5pw"], ["public.utf8-plain-text", "public.plain-text"],
  ]
  static let documentMIMETypes: [[String]] = [
    [], ["text/x-shape-notes"], ["text/plain; charset=utf-8"], ["xslt+xml"], ["application/octet-stream"], [""],
    ["TEXT/X-SHAPE-NOTES", "text/x-shape-notes"],
  ]
  static let documentExtensions: [[String]] = [[], ["png"], ["zzzq"], ["*"], ["shp"]]

  /// The plists.
  static let all: [String] = (0..<count).map(plist)

  /// The option of `options` for plist `index`, item `item`, stepping by `stride`.
  static func pick<T>(_ options: [T], _ index: Int, _ item: Int, stride: Int) -> T {
    options[(index * stride + item * 7) % options.count]
  }

  /// Plist `index`: three declarations and three document types.
  static func plist(_ index: Int) -> String {
    var body = "<key>CFBundleName</key><string>Shapes \(index)</string>\n"
    for kind in kinds {
      body += "<key>\(kind)</key><array>\n"
      for item in 0..<3 where (item + (kind == kinds[0] ? 0 : 1)) % 2 == 0 || item == 0 {
        body += declaration(index, item: item + (kind == kinds[0] ? 0 : 3))
      }
      body += "</array>\n"
    }
    body += "<key>CFBundleDocumentTypes</key><array>\n"
    for item in 0..<3 { body += documentType(index, item: item) }
    body += "</array>\n"
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n\(body)</dict></plist>\n"
  }

  /// One declaration: its identifier, MIME types and extensions made unique to the plist.
  static func declaration(_ index: Int, item: Int) -> String {
    var identifier = pick(identifiers, index, item, stride: 1)
    if identifier.hasPrefix("org.example") { identifier += ".\(index).\(item)" }
    let unique = { (value: String) in value.replacingOccurrences(of: "shape", with: "shape\(index)x\(item)") }
    let mimes = pick(mimeTags, index, item, stride: 3).map(unique)
    let extensions = pick(extensions, index, item, stride: 5).map {
      $0.isEmpty || $0 == "*" ? $0 : "\($0)\(index)\(item)"
    }
    let conforms = pick(conformances, index, item, stride: 2)
    var text = "<dict><key>UTTypeIdentifier</key><string>\(identifier)</string>\n"
    if !conforms.isEmpty { text += "<key>UTTypeConformsTo</key>" + strings(conforms) + "\n" }
    if let description = pick(descriptions, index, item, stride: 3) {
      text += "<key>UTTypeDescription</key><string>\(escape(description))</string>\n"
    }
    text += pick(icons, index, item, stride: 1)
    text += "<key>UTTypeTagSpecification</key><dict>"
    if !mimes.isEmpty { text += "<key>public.mime-type</key>" + strings(mimes) }
    if !extensions.isEmpty { text += "<key>public.filename-extension</key>" + strings(extensions) }
    return text + "</dict></dict>\n"
  }

  /// One document type.
  static func documentType(_ index: Int, item: Int) -> String {
    var text = "<dict><key>CFBundleTypeName</key><string>Kind \(item) ; \(escape("<&>"))</string>\n"
    if let rank = pick(ranks, index, item, stride: 1) { text += "<key>LSHandlerRank</key><string>\(rank)</string>" }
    if let role = pick(roles, index, item, stride: 2) { text += "<key>CFBundleTypeRole</key><string>\(role)</string>" }
    let own = "org.example.shape.\(index).0"
    let types = pick(contentTypes, index, item, stride: 3).map { $0 == "OWN" ? own : $0 }
    if !types.isEmpty { text += "<key>LSItemContentTypes</key>" + strings(types) }
    let mimes = pick(documentMIMETypes, index, item, stride: 5).map {
      $0.replacingOccurrences(of: "shape", with: "shape\(index)x\(item)")
    }
    if !mimes.isEmpty { text += "<key>CFBundleTypeMIMETypes</key>" + strings(mimes) }
    let extensions = pick(documentExtensions, index, item, stride: 1).map { $0 == "shp" ? "shp\(index)0" : $0 }
    if !extensions.isEmpty { text += "<key>CFBundleTypeExtensions</key>" + strings(extensions) }
    return text + "</dict>\n"
  }

  static func strings(_ values: [String]) -> String {
    "<array>" + values.map { "<string>\(escape($0))</string>" }.joined() + "</array>"
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
