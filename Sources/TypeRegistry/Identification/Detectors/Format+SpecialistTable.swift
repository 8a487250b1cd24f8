// The formats of specialist tools the built-in detectors name: lossless and speech audio, CAD, 3D,
// GIS, statistics, e-books, metadata and system files. Names as in `Format+Table.swift`: IANA's
// where it registers the format, else shared-mime-info's, else an `application/x-…` name (each
// choice written beside the format).

extension Format {
  // MARK: Audio
  /// Monkey's Audio, Musepack, WavPack, DSD Stream File and Creative Voice (shared-mime-info's names).
  static let monkeysAudio = Format("audio/x-ape", "Monkey's Audio", conformsTo: ["public.audio"], ["ape"])
  static let musepack = Format("audio/x-musepack", "Musepack audio", conformsTo: ["public.audio"], ["mpc", "mpp"])
  static let wavPack = Format("audio/x-wavpack", "WavPack audio", conformsTo: ["public.audio"], ["wv"])
  static let dsf = Format("audio/x-dsf", "DSD Stream File audio", conformsTo: ["public.audio"], ["dsf"])
  static let voc = Format("audio/x-voc", "Creative Voice audio", conformsTo: ["public.audio"], ["voc"])
  /// AMR (RFC 4867 5: IANA audio/AMR, Apple's type) and AMR-WB (IANA audio/AMR-WB).
  static let amr = Format("audio/amr", apple: "org.3gpp.adaptive-multi-rate-audio")
  static let amrWB = Format("audio/amr-wb", "AMR-WB audio", conformsTo: ["public.audio"], ["awb"])
  /// QCELP in a RIFF QLCM file (RFC 3625; IANA audio/QCELP). A database without it says RIFF.
  static let qcelp = Format("audio/qcelp", "QCELP audio", conformsTo: ["public.audio"], ["qcp"]).settling(
    "application/x-riff")
  /// Sun audio (IANA audio/basic) and RealMedia (shared-mime-info's names; Apple's types).
  static let au = Format("audio/basic", apple: "public.au-audio")
  static let realMedia = Format("application/vnd.rn-realmedia", apple: "com.real.realmedia")
  static let realAudio = Format("audio/vnd.rn-realaudio", apple: "com.real.realaudio")

  // MARK: Archives
  /// ACE, Electron's ASAR and XAR (shared-mime-info's names).
  static let ace = Format("application/x-ace", "ACE archive", conformsTo: ["public.data", "public.archive"], ["ace"])
  static let asar = Format(
    "application/x-asar", "Electron archive", conformsTo: ["public.data", "public.archive"], ["asar"])
  static let xar = Format("application/x-xar", "XAR archive", conformsTo: ["public.data", "public.archive"], ["xar"])

  // MARK: Documents
  /// Mobipocket (shared-mime-info's name), InDesign (an x- name), DjVu (IANA image/vnd.djvu;
  /// shared-mime-info's name for the multi-page kind).
  static let mobipocket = Format(
    "application/x-mobipocket-ebook", "Mobipocket e-book", conformsTo: ["public.data", "public.composite-content"],
    ["mobi", "prc", "azw"])
  static let inDesign = Format(
    "application/x-indesign", "InDesign document", conformsTo: ["public.data", "public.composite-content"], ["indd"])
  static let djvu = Format("image/vnd.djvu", "DjVu image", conformsTo: ["public.image"], ["djvu", "djv"])
  static let djvuMultipage = Format(
    "image/vnd.djvu+multipage", "DjVu document", conformsTo: [MIMEDatabase.derivedIdentifier(of: "image/vnd.djvu")],
    ["djvu"], in: "image/vnd.djvu")

  // MARK: CAD, 3D and GIS
  /// DWG (IANA image/vnd.dwg), STL (IANA model/stl, Apple's type), SketchUp (IANA
  /// application/vnd.sketchup.skp), glTF binary (IANA model/gltf-binary), shapefiles (IANA
  /// application/vnd.shp and application/vnd.shx); FBX and Draco (x- names).
  static let dwg = Format("image/vnd.dwg", "DWG drawing", conformsTo: ["public.data", "public.image"], ["dwg"])
  static let stl = Format("model/stl", apple: "public.standard-tesselated-geometry-format")
  static let sketchUp = Format(
    "application/vnd.sketchup.skp", "SketchUp model", conformsTo: ["public.data", "public.3d-content"], ["skp"])
  static let gltfBinary = Format(
    "model/gltf-binary", "glTF binary model", conformsTo: ["public.data", "public.3d-content"], ["glb"])
  static let fbx = Format("application/x-fbx", "FBX scene", conformsTo: ["public.data", "public.3d-content"], ["fbx"])
  static let draco = Format(
    "application/x-draco", "Draco compressed mesh", conformsTo: ["public.data", "public.3d-content"], ["drc"])
  static let shapefile = Format("application/vnd.shp", "ESRI shapefile", conformsTo: ["public.data"], ["shp"])
  static let shapefileIndex = Format(
    "application/vnd.shx", "ESRI shapefile index", conformsTo: ["public.data"], ["shx"])

  // MARK: Images
  /// JPEG 2000 codestreams (shared-mime-info's name) and FITS (IANA application/fits).
  static let jpeg2000Codestream = Format(
    "image/x-jp2-codestream", "JPEG 2000 codestream", conformsTo: ["public.image"], ["j2c", "j2k", "jpc"])
  static let fits = Format(
    "application/fits", "FITS data", conformsTo: ["public.data", "public.image"], ["fits", "fit"])

  // MARK: Data and system files
  /// SPSS (shared-mime-info's name), JMP and MIE (x- names), registry hives (an x- name), Apple
  /// alias files (Apple's type, which has no MIME type; an x- name).
  static let spssData = Format("application/x-spss-sav", "SPSS data", conformsTo: ["public.data"], ["sav", "zsav"])
  static let jmpData = Format("application/x-jmp-data", "JMP data table", conformsTo: ["public.data"], ["jmp"])
  static let mie = Format("application/x-mie", "MIE metadata", conformsTo: ["public.data"], ["mie"])
  static let registryHive = Format(
    "application/x-windows-registry-hive", "Windows registry hive", conformsTo: ["public.data"], [])
  static let appleAlias = Format("application/x-apple-alias", apple: "com.apple.alias-file")

  /// The specialist formats, in the order the tests list them.
  static let specialist: [Format] = [
    monkeysAudio, musepack, wavPack, dsf, voc, amr, amrWB, qcelp, au, realMedia, realAudio,
    ace, asar, xar, mobipocket, inDesign, djvu, djvuMultipage,
    dwg, stl, sketchUp, gltfBinary, fbx, draco, shapefile, shapefileIndex,
    jpeg2000Codestream, fits, spssData, jmpData, mie, registryHive, appleAlias,
  ]
}
