/// The text formats the text classifier names (``TextClassifier``): shared-mime-info's MIME names
/// where it has one (IANA's where IANA registers one: `text/csv`, `text/markdown`, `text/css`),
/// Apple's identifiers where the catalog declares the kind, and a declaration here otherwise,
/// with the MIME type other tools give it (`text/x-typescript`, `text/x-swift`, `text/x-dockerfile`,
/// `text/x-ini`). Each is a kind of `text/plain`, so that its answer refines the database's.
extension Format {
  static let cSource = Format("text/x-csrc", apple: "public.c-source", in: "text/plain")
  static let cHeader = Format("text/x-chdr", apple: "public.c-header", in: "text/plain")
  static let cPlusPlusSource = Format("text/x-c++src", apple: "public.c-plus-plus-source", in: "text/plain")
  static let cPlusPlusHeader = Format("text/x-c++hdr", apple: "public.c-plus-plus-header", in: "text/plain")
  static let objectiveCSource = Format("text/x-objcsrc", apple: "public.objective-c-source", in: "text/plain")
  static let swiftSource = Format("text/x-swift", apple: "public.swift-source", in: "text/plain")
  static let javaSource = Format("text/x-java", apple: "com.sun.java-source", in: "text/plain")
  static let css = Format("text/css", apple: "public.css", in: "text/plain")
  static let markdown = Format("text/markdown", apple: "net.daringfireball.markdown", in: "text/plain")
  static let yaml = Format("application/x-yaml", apple: "public.yaml", in: "text/plain")
  static let csv = Format("text/csv", apple: "public.comma-separated-values-text", in: "text/plain")
  static let tsv = Format("text/tab-separated-values", apple: "public.tab-separated-values-text", in: "text/plain")
  static let makefile = Format("text/x-makefile", apple: "public.make-source", in: "text/plain")
  static let ndjson = Format("application/x-ndjson", apple: "public.ndjson", in: "text/plain")
  /// A patch `git format-patch` wrote is a mail too: the database's mbox magic sees its `From `.
  static let patch = Format("text/x-patch", apple: "public.patch-file", in: "text/plain").settling("application/mbox")
  static let typeScript = Format(
    "text/x-typescript", "TypeScript source", conformsTo: ["public.source-code"], ["ts", "mts", "cts"], in: "text/plain"
  )
  static let toml = Format(
    "application/toml", "TOML document", conformsTo: ["public.plain-text"], ["toml"], in: "text/plain")
  static let lua = Format("text/x-lua", "Lua script", conformsTo: ["public.script"], ["lua"], in: "text/plain")
  static let rust = Format("text/rust", "Rust source", conformsTo: ["public.source-code"], ["rs"], in: "text/plain")
  static let go = Format("text/x-go", "Go source", conformsTo: ["public.source-code"], ["go"], in: "text/plain")
  static let kotlin = Format(
    "text/x-kotlin", "Kotlin source", conformsTo: ["public.source-code"], ["kt", "kts"], in: "text/plain")
  static let cSharp = Format("text/x-csharp", "C# source", conformsTo: ["public.source-code"], ["cs"], in: "text/plain")
  static let sql = Format("application/sql", "SQL", conformsTo: ["public.plain-text"], ["sql"], in: "text/plain")
  /// The database's PostScript magic is `%!`, which a TeX file's `%!TEX` directive starts too
  /// (PostScript itself, `%!PS`, is named before text is weighed).
  static let tex = Format(
    "text/x-tex", "TeX document", conformsTo: ["public.plain-text"], ["tex", "ltx", "sty", "cls"], in: "text/plain"
  ).settling("application/postscript")
  static let dockerfile = Format(
    "text/x-dockerfile", "Dockerfile", conformsTo: ["public.plain-text"], ["dockerfile"], in: "text/plain")
  static let ini = Format("text/x-ini", "INI file", conformsTo: ["public.plain-text"], ["ini"], in: "text/plain")
  /// XML vocabularies by their document element's namespace (RFC 4287, RSS 2.0, OGC KML 2.2, GPX 1.1).
  static let atom = Format(
    "application/atom+xml", "Atom feed", conformsTo: ["public.xml"], ["atom"], in: "application/xml")
  static let rss = Format("application/rss+xml", apple: "public.rss", in: "application/xml")
  static let kml = Format(
    "application/vnd.google-earth.kml+xml", "KML document", conformsTo: ["public.xml"], ["kml"], in: "application/xml")
  static let gpx = Format(
    "application/gpx+xml", "GPX track", conformsTo: ["public.xml"], ["gpx"], in: "application/xml")

  /// The text formats above, in the table's order.
  static let textFormats: [Format] = [
    cSource, cHeader, cPlusPlusSource, cPlusPlusHeader, objectiveCSource, swiftSource, javaSource, css, markdown, yaml,
    csv, tsv, makefile, ndjson, patch, typeScript, toml, lua, rust, go, kotlin, cSharp, sql, tex, dockerfile, ini, atom,
    rss, kml, gpx,
  ]

  /// The format of each kind the text model names (``TextModel/kinds``); nil for prose (plain text).
  static let textModelKinds: [String: Format] = [
    "c": cSource, "c-header": cHeader, "c++": cPlusPlusSource, "c++-header": cPlusPlusHeader,
    "objective-c": objectiveCSource, "swift": swiftSource, "java": javaSource, "css": css, "markdown": markdown,
    "yaml": yaml, "csv": csv, "tsv": tsv, "makefile": makefile, "diff": patch, "typescript": typeScript, "toml": toml,
    "lua": lua, "rust": rust, "go": go, "kotlin": kotlin, "c#": cSharp, "sql": sql, "tex": tex,
    "dockerfile": dockerfile, "ini": ini, "python": pythonScript, "shell": shellScript, "perl": perlScript,
    "ruby": rubyScript, "php": phpScript, "javascript": javaScript,
  ]
}
