// The formats the built-in detectors name. Names: IANA's media type registry where it has the
// format, else the shared-mime-info database's name, else the format's documentation, else an
// `application/x-…` name; identifiers: the catalog's (Apple's) where it declares the format.
// Tests check that every Apple identifier is in the catalog, that no format declared here
// takes a MIME type the catalog claims, and that every detector's answer is in `all`.

extension Format {
  // MARK: Images
  static let png = Format("image/png", apple: "public.png")
  /// APNG (W3C PNG 3rd edition, IANA image/apng): a PNG with an acTL chunk before its first IDAT.
  static let apng = Format(
    "image/apng", "animated PNG image", conformsTo: ["public.png"], ["apng", "png"], in: "image/png")
  static let jpeg = Format("image/jpeg", apple: "public.jpeg")
  /// JPEG-LS (ITU T.87; IANA image/jls).
  static let jpegLS = Format("image/jls", "JPEG-LS image", conformsTo: ["public.image"], ["jls"], in: "image/jpeg")
  static let jpegXL = Format("image/jxl", apple: "public.jpeg-xl")
  /// JPEG XR (ITU T.832; IANA image/jxr).
  static let jpegXR = Format("image/jxr", "JPEG XR image", conformsTo: ["public.image"], ["jxr", "wdp", "hdp"])
  /// BPG (Fabrice Bellard's format documentation).
  static let bpg = Format("image/bpg", "BPG image", conformsTo: ["public.image"], ["bpg"])
  static let gif = Format("image/gif", apple: "com.compuserve.gif")
  static let webp = Format("image/webp", apple: "org.webmproject.webp")
  static let bmp = Format("image/bmp", apple: "com.microsoft.bmp")
  static let tiff = Format("image/tiff", apple: "public.tiff")
  static let ico = Format("image/vnd.microsoft.icon", apple: "com.microsoft.ico")
  /// Windows cursors (shared-mime-info's name).
  static let cursor = Format("image/x-win-bitmap", "Windows cursor", conformsTo: ["public.image"], ["cur"])
  static let icns = Format("image/x-icns", apple: "com.apple.icns")
  /// KTX and KTX 2 (Khronos; IANA image/ktx, image/ktx2).
  static let ktx = Format("image/ktx", "KTX texture", conformsTo: ["public.image"], ["ktx"])
  static let ktx2 = Format("image/ktx2", "KTX 2 texture", conformsTo: ["public.image"], ["ktx2"])
  /// GIMP's XCF (shared-mime-info's name).
  static let xcf = Format("image/x-xcf", "GIMP image", conformsTo: ["public.image"], ["xcf"])
  static let photoshop = Format("image/vnd.adobe.photoshop", apple: "com.adobe.photoshop-image")
  static let photoshopLarge = Format("image/x-psb", apple: "com.adobe.photoshop-large-image")
  static let dicom = Format("application/dicom", apple: "org.nema.dicom")
  static let eps = Format("image/x-eps", apple: "com.adobe.encapsulated-postscript", in: "application/postscript")
  static let heif = Format("image/heif", apple: "public.heif")
  static let heifSequence = Format("image/heif-sequence", apple: "public.heifs")
  /// HEIC by its brands; a database names every HEIF-branded file `image/heif` by magic.
  static let heic = Format("image/heic", apple: "public.heic").settling("image/heif")
  static let heicSequence = Format("image/heic-sequence", apple: "public.heics").settling("image/heif")
  static let avif = Format("image/avif", apple: "public.avif")
  static let jpeg2000 = Format("image/jp2", apple: "public.jpeg-2000")
  static let jpx = Format("image/jpx", "JPEG 2000 image (extended)", conformsTo: ["public.jpeg-2000"], ["jpx", "jpf"])
  static let jpm = Format("image/jpm", "JPEG 2000 compound image", conformsTo: ["public.jpeg-2000"], ["jpm"])
  static let motionJPEG2000 = Format(
    "video/mj2", "Motion JPEG 2000 video", conformsTo: ["public.movie"], ["mj2", "mjp2"])
  // Camera raw images. DNG is Apple's; the others are shared-mime-info's names.
  static let dng = Format("image/x-adobe-dng", apple: "com.adobe.raw-image", in: "image/tiff")
  static let cr2 = Format("image/x-canon-cr2", "Canon raw image", conformsTo: rawTIFF, ["cr2"], in: "image/tiff")
  static let cr3 = Format(
    "image/x-canon-cr3", "Canon raw image (CR3)", conformsTo: ["public.camera-raw-image"], ["cr3"])
  static let nef = Format("image/x-nikon-nef", "Nikon raw image", conformsTo: rawTIFF, ["nef"], in: "image/tiff")
  static let arw = Format("image/x-sony-arw", "Sony raw image", conformsTo: rawTIFF, ["arw"], in: "image/tiff")
  static let orf = Format("image/x-olympus-orf", "Olympus raw image", conformsTo: rawTIFF, ["orf"], in: "image/tiff")
  static let rw2 = Format(
    "image/x-panasonic-rw2", "Panasonic raw image", conformsTo: rawTIFF, ["rw2"], in: "image/tiff")
  static let panasonicRaw = Format(
    "image/x-panasonic-rw", "Panasonic raw image (RAW)", conformsTo: rawTIFF, ["raw"], in: "image/tiff")
  static let pef = Format("image/x-pentax-pef", "Pentax raw image", conformsTo: rawTIFF, ["pef"], in: "image/tiff")
  static let srw = Format("image/x-samsung-srw", "Samsung raw image", conformsTo: rawTIFF, ["srw"], in: "image/tiff")
  static let raf = Format("image/x-fuji-raf", "Fujifilm raw image", conformsTo: ["public.camera-raw-image"], ["raf"])
  static let rawTIFF = ["public.camera-raw-image", "public.tiff"]

  // MARK: Fonts
  static let trueType = Format("font/ttf", apple: "public.truetype-ttf-font")
  static let openType = Format("font/otf", apple: "public.opentype-font")
  static let fontCollection = Format("font/collection", apple: "public.truetype-collection-font")
  /// WOFF and WOFF2 (W3C; IANA font/woff, font/woff2).
  static let woff = Format("font/woff", "WOFF font", conformsTo: ["public.font"], ["woff"])
  static let woff2 = Format("font/woff2", "WOFF2 font", conformsTo: ["public.font"], ["woff2"])
  /// Embedded OpenType (W3C submission; IANA application/vnd.ms-fontobject).
  static let eot = Format(
    "application/vnd.ms-fontobject", "Embedded OpenType font", conformsTo: ["public.font"], ["eot"])

  // MARK: Documents and text
  static let pdf = Format("application/pdf", apple: "com.adobe.pdf")
  static let postScript = Format("application/postscript", apple: "com.adobe.postscript")
  static let rtf = Format("application/rtf", apple: "public.rtf")
  static let plainText = Format("text/plain", apple: "public.plain-text")
  static let utf16Text = Format("text/plain", apple: "public.utf16-external-plain-text")
  static let xml = Format("application/xml", apple: "public.xml")
  static let propertyListXML = Format(
    "application/x-plist", apple: "com.apple.xml-property-list", in: "application/xml")
  static let svg = Format("image/svg+xml", apple: "public.svg-image", in: "application/xml")
  static let xhtml = Format("application/xhtml+xml", apple: "public.xhtml", in: "application/xml")
  static let vCard = Format("text/vcard", apple: "public.vcard", in: "text/plain")
  static let iCalendar = Format("text/calendar", apple: "com.apple.ical.ics", in: "text/plain")
  static let webVTT = Format("text/vtt", apple: "org.w3.webvtt", in: "text/plain")
  /// OpenPGP armor (RFC 9580 6.2; IANA application/pgp-keys, pgp-encrypted, pgp-signature).
  static let pgpKeys = Format(
    "application/pgp-keys", "OpenPGP keys", conformsTo: ["public.plain-text"], ["asc", "gpg"], in: "text/plain")
  static let pgpMessage = Format(
    "application/pgp-encrypted", "OpenPGP message", conformsTo: ["public.plain-text"], ["asc", "pgp"], in: "text/plain")
  static let pgpSignature = Format(
    "application/pgp-signature", "OpenPGP signature", conformsTo: ["public.plain-text"], ["sig", "asc"],
    in: "text/plain")
  /// HTML by WHATWG's sniffing patterns (IANA text/html) and JSON by its grammar (RFC 8259;
  /// IANA application/json): text formats, so a kind of text/plain.
  static let html = Format("text/html", apple: "public.html", in: "text/plain")
  static let json = Format("application/json", apple: "public.json", in: "text/plain")
  /// Scripts by their `#!` line (shared-mime-info's names; IANA text/javascript for Node).
  static let shellScript = Format("application/x-shellscript", apple: "public.shell-script", in: "text/plain")
  static let pythonScript = Format("text/x-python", apple: "public.python-script", in: "text/plain")
  static let perlScript = Format("application/x-perl", apple: "public.perl-script", in: "text/plain")
  static let rubyScript = Format("application/x-ruby", apple: "public.ruby-script", in: "text/plain")
  static let phpScript = Format("application/x-php", apple: "public.php-script", in: "text/plain")
  static let javaScript = Format("text/javascript", apple: "com.netscape.javascript-source", in: "text/plain")
  /// Windows registry files (shared-mime-info's name).
  static let registryFile = Format(
    "text/x-ms-regedit", "Windows registry file", conformsTo: ["public.plain-text"], ["reg"], in: "text/plain")

  // MARK: ZIP and the formats built on it
  static let zip = Format("application/zip", apple: "public.zip-archive")
  static let epub = Format("application/epub+zip", apple: "org.idpf.epub-container", in: "application/zip")
  static let jar = Format("application/java-archive", apple: "com.sun.java-archive", in: "application/zip")
  /// Android packages (IANA application/vnd.android.package-archive) and libraries (AAR).
  static let apk = Format(
    "application/vnd.android.package-archive", "Android package", conformsTo: ["com.sun.java-archive"], ["apk"],
    in: "application/java-archive")
  static let aar = Format(
    "application/x-android-aar", "Android library", conformsTo: ["public.zip-archive"], ["aar"], in: "application/zip")
  /// Mozilla add-ons (shared-mime-info's name).
  static let xpi = Format(
    "application/x-xpinstall", "Mozilla add-on", conformsTo: ["public.zip-archive"], ["xpi"], in: "application/zip")
  /// 3D Manufacturing Format (IANA model/3mf).
  static let threeMF = Format(
    "model/3mf", "3MF model", conformsTo: ["public.3d-content", "public.zip-archive"], ["3mf"], in: "application/zip")
  static let usdz = Format(
    "model/vnd.usdz+zip", apple: "com.pixar.universal-scene-description-mobile", in: "application/zip")
  /// KMZ (OGC KML 2.3; IANA application/vnd.google-earth.kmz).
  static let kmz = Format(
    "application/vnd.google-earth.kmz", "KMZ map", conformsTo: ["public.zip-archive"], ["kmz"], in: "application/zip")
  /// iWork: a database names every iWork ZIP Pages by its first entry; the document decides.
  static let keynote = Format(
    "application/vnd.apple.keynote", apple: "com.apple.iWork.Keynote.sffkey", in: "application/zip"
  ).settling("application/vnd.apple.pages")
  static let pages = Format(
    "application/vnd.apple.pages", apple: "com.apple.iWork.Pages.sffpages", in: "application/zip")
  static let numbers = Format(
    "application/vnd.apple.numbers", apple: "com.apple.iWork.Numbers.sffnumbers", in: "application/zip"
  ).settling("application/vnd.apple.pages")
  static let openXML = Format(
    "application/vnd.openxmlformats-officedocument", apple: "org.openxmlformats.openxml", in: "application/zip")
  static let docx = ooxml(
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "org.openxmlformats.wordprocessingml.document")
  static let docm = ooxml(
    "application/vnd.ms-word.document.macroEnabled.12", "org.openxmlformats.wordprocessingml.document.macroenabled")
  static let dotx = ooxml(
    "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
    "org.openxmlformats.wordprocessingml.template")
  static let dotm = ooxml(
    "application/vnd.ms-word.template.macroEnabled.12", "org.openxmlformats.wordprocessingml.template.macroenabled")
  static let xlsx = ooxml(
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "org.openxmlformats.spreadsheetml.sheet")
  static let xlsm = ooxml(
    "application/vnd.ms-excel.sheet.macroEnabled.12", "org.openxmlformats.spreadsheetml.sheet.macroenabled")
  static let xltx = ooxml(
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template", "org.openxmlformats.spreadsheetml.template")
  static let xltm = ooxml(
    "application/vnd.ms-excel.template.macroEnabled.12", "org.openxmlformats.spreadsheetml.template.macroenabled")
  static let xlsb = Format(
    "application/vnd.ms-excel.sheet.binary.macroEnabled.12", apple: "com.microsoft.excel.sheet.binary.macroenabled",
    in: "application/zip")
  static let pptx = ooxml(
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "org.openxmlformats.presentationml.presentation")
  static let pptm = ooxml(
    "application/vnd.ms-powerpoint.presentation.macroEnabled.12",
    "org.openxmlformats.presentationml.presentation.macroenabled")
  static let potx = ooxml(
    "application/vnd.openxmlformats-officedocument.presentationml.template",
    "org.openxmlformats.presentationml.template")
  static let potm = ooxml(
    "application/vnd.ms-powerpoint.template.macroEnabled.12", "org.openxmlformats.presentationml.template.macroenabled")
  static let ppsx = ooxml(
    "application/vnd.openxmlformats-officedocument.presentationml.slideshow",
    "org.openxmlformats.presentationml.slideshow")
  static let ppsm = ooxml(
    "application/vnd.ms-powerpoint.slideshow.macroEnabled.12",
    "org.openxmlformats.presentationml.slideshow.macroenabled")
  /// Visio's OOXML drawings (shared-mime-info's names).
  static let vsdx = Format(
    "application/vnd.ms-visio.drawing.main+xml", "Visio drawing", conformsTo: ["org.openxmlformats.openxml"], ["vsdx"],
    in: "application/zip")
  static let vsdm = Format(
    "application/vnd.ms-visio.drawing.macroEnabled.main+xml", "Visio drawing (macros)",
    conformsTo: ["org.openxmlformats.openxml", "public.executable"], ["vsdm"], in: "application/zip")
  static func ooxml(_ mimeType: String, _ identifier: String) -> Format {
    Format(mimeType, apple: identifier, in: "application/zip")
  }
  /// OpenDocument (OASIS ODF 1.3 part 2, 3.3: the `mimetype` entry names the type).
  static let openDocument: [Format] = [
    ("text", "text"), ("text-template", "text-template"), ("text-master", "text-master"), ("text-web", "text-web"),
    ("spreadsheet", "spreadsheet"), ("spreadsheet-template", "spreadsheet-template"),
    ("presentation", "presentation"), ("presentation-template", "presentation-template"),
    ("graphics", "graphics"), ("graphics-template", "graphics-template"), ("chart", "chart"),
    ("chart-template", "chart-template"), ("formula", "formula"), ("formula-template", "formula-template"),
    ("database", "database"), ("image", "image"), ("image-template", "image-template"),
  ].map { kind, identifier in
    // A template is its document type's variant (its mimetype begins with the document's),
    // which is what a database that matches the mimetype's prefix says.
    let base =
      kind.hasSuffix("-template") ? "application/vnd.oasis.opendocument.\(kind.dropLast(9))" : "application/zip"
    return Format(
      "application/vnd.oasis.opendocument.\(kind)", apple: "org.oasis-open.opendocument.\(identifier)", in: base)
  }

  // MARK: Compound File Binary (OLE)
  /// MS-CFB containers whose application is not recognised (shared-mime-info's name).
  static let compoundFile = Format(
    "application/x-ole-storage", "OLE2 compound document", conformsTo: ["public.data"], [])
  static let doc = Format("application/msword", apple: "com.microsoft.word.doc", in: "application/x-ole-storage")
  static let xls = Format("application/vnd.ms-excel", apple: "com.microsoft.excel.xls", in: "application/x-ole-storage")
  static let ppt = Format(
    "application/vnd.ms-powerpoint", apple: "com.microsoft.powerpoint.ppt", in: "application/x-ole-storage")
  /// Visio (IANA application/vnd.visio), Windows Installer and Outlook messages (shared-mime-info's names).
  static let vsd = Format(
    "application/vnd.visio", "Visio drawing",
    conformsTo: [MIMEDatabase.derivedIdentifier(of: "application/x-ole-storage"), "public.composite-content"],
    ["vsd", "vss", "vst"], in: "application/x-ole-storage")
  static let msi = Format(
    "application/x-msi", "Windows Installer package",
    conformsTo: [MIMEDatabase.derivedIdentifier(of: "application/x-ole-storage"), "public.archive"], ["msi"],
    in: "application/x-ole-storage")
  static let outlookMessage = Format(
    "application/vnd.ms-outlook", "Outlook message",
    conformsTo: [MIMEDatabase.derivedIdentifier(of: "application/x-ole-storage"), "public.message"], ["msg"],
    in: "application/x-ole-storage")

  // MARK: ISO base media (ISO/IEC 14496-12)
  static let mp4 = Format("video/mp4", apple: "public.mpeg-4")
  static let m4a = Format("audio/x-m4a", apple: "com.apple.m4a-audio", in: "video/mp4")
  /// Audio books, protected audio and Flash's MP4 flavours (shared-mime-info's names, or x- names).
  static let m4b = Format(
    "audio/x-m4b", "MPEG-4 audio book", conformsTo: ["public.mpeg-4-audio"], ["m4b"], in: "video/mp4")
  static let m4p = Format("audio/x-m4p", apple: "com.apple.protected-mpeg-4-audio", in: "video/mp4")
  static let m4v = Format("video/x-m4v", apple: "com.apple.m4v-video", in: "video/mp4")
  static let threeGPP = Format("video/3gpp", apple: "public.3gpp", in: "video/mp4")
  static let threeGPP2 = Format("video/3gpp2", apple: "public.3gpp2", in: "video/mp4")
  static let quickTime = Format("video/quicktime", apple: "com.apple.quicktime-movie")
  static let f4v = Format("video/x-f4v", "Flash MP4 video", conformsTo: ["public.mpeg-4"], ["f4v"], in: "video/mp4")
  static let f4a = Format(
    "audio/x-f4a", "Flash MP4 audio", conformsTo: ["public.mpeg-4-audio"], ["f4a"], in: "video/mp4")

  // MARK: Audio and video
  static let mp3 = Format("audio/mpeg", apple: "public.mp3")
  /// MPEG audio layers I and II are `audio/mpeg` (RFC 3003 registers it for every layer), as
  /// `file` names them; the type says which layer: Apple's `public.mp2`, and for layer I a type
  /// declared here, whose legacy name `audio/x-mp1` is its MIME tag.
  static let mp2 = Format("audio/mpeg", apple: "public.mp2")
  static let mp1 = Format(
    "audio/mpeg", "MPEG-1 Layer I audio", conformsTo: ["public.audio"], ["mp1"], declaredAs: "audio/x-mp1")
  static let aac = Format("audio/aac", apple: "public.aac-audio").settling("audio/mpeg")
  static let flac = Format("audio/flac", apple: "org.xiph.flac").settling("audio/mpeg")
  static let ac3 = Format("audio/ac3", apple: "public.ac3-audio")
  /// E-AC-3 extends AC-3 (same sync word), which is what a database without it says.
  static let eac3 = Format("audio/eac3", apple: "public.enhanced-ac3-audio", in: "audio/ac3")
  static let wave = Format("audio/vnd.wave", apple: "com.microsoft.waveform-audio")
  static let aiff = Format("audio/aiff", apple: "public.aiff-audio")
  /// AIFF-C (shared-mime-info's name; Apple's type has none).
  static let aifc = Format("audio/x-aifc", apple: "public.aifc-audio")
  static let midi = Format("audio/midi", apple: "public.midi-audio")
  static let avi = Format("video/x-msvideo", apple: "public.avi")
  /// Animated cursors and CorelDRAW drawings in RIFF (shared-mime-info's name; an x- name).
  static let animatedCursor = Format(
    "application/x-navi-animation", "Windows animated cursor", conformsTo: ["public.data"], ["ani"])
  static let corelDraw = Format(
    "application/vnd.corel-draw", "CorelDRAW drawing", conformsTo: ["public.image", "public.data"], ["cdr"])
  static let mpegVideo = Format("video/mpeg", apple: "public.mpeg")
  static let mpegTransportStream = Format("video/mp2t", apple: "public.mpeg-2-transport-stream")
  static let webm = Format("video/webm", apple: "org.webmproject.webm", in: "video/x-matroska")
  /// Matroska (IETF RFC 9559; shared-mime-info's name).
  static let matroska = Format("video/x-matroska", "Matroska video", conformsTo: ["public.movie"], ["mkv", "mka"])
  static let asf = Format("video/x-ms-asf", apple: "com.microsoft.advanced-systems-format")
  static let wma = Format("audio/x-ms-wma", apple: "com.microsoft.windows-media-wma", in: "video/x-ms-asf")
  static let wmv = Format("video/x-ms-wmv", apple: "com.microsoft.windows-media-wmv", in: "video/x-ms-asf")
  /// Ogg (RFC 3533; IANA application/ogg, audio/ogg, video/ogg) by its first stream's codec:
  /// shared-mime-info's names.
  static let oggContainer = Format(
    "application/ogg", "Ogg multimedia file", conformsTo: ["public.audiovisual-content", "public.data"], ["ogx"])
  static let ogg = Format(
    "audio/ogg", "Ogg audio", conformsTo: [oggID, "public.audio"], ["oga", "ogg"], in: "application/ogg")
  static let oggID = MIMEDatabase.derivedIdentifier(of: "application/ogg")
  static let oggAudioID = MIMEDatabase.derivedIdentifier(of: "audio/ogg")
  static let oggVideoID = MIMEDatabase.derivedIdentifier(of: "video/ogg")
  static let oggVorbis = Format(
    "audio/x-vorbis+ogg", "Ogg Vorbis audio", conformsTo: [oggAudioID], ["ogg", "oga"], in: "audio/ogg")
  static let oggOpus = Format("audio/x-opus+ogg", "Opus audio", conformsTo: [oggAudioID], ["opus"], in: "audio/ogg")
  static let oggFLAC = Format("audio/x-flac+ogg", "Ogg FLAC audio", conformsTo: [oggAudioID], ["oga"], in: "audio/ogg")
  static let oggSpeex = Format(
    "audio/x-speex+ogg", "Ogg Speex audio", conformsTo: [oggAudioID], ["spx"], in: "audio/ogg")
  static let oggTheora = Format(
    "video/x-theora+ogg", "Ogg Theora video", conformsTo: [oggVideoID], ["ogv"], in: "video/ogg")
  static let ogm = Format("video/x-ogm+ogg", "OGM video", conformsTo: [oggVideoID], ["ogm"], in: "video/ogg")
  static let oggVideo = Format(
    "video/ogg", "Ogg video", conformsTo: [oggID, "public.movie"], ["ogv"], in: "application/ogg")
  static let flv = Format("video/x-flv", apple: "com.adobe.flash.video")
  static let mxf = Format("application/mxf", apple: "org.smpte.mxf")
  /// Tracker modules (shared-mime-info's names).
  static let mod = Format("audio/x-mod", "Amiga module", conformsTo: ["public.audio"], ["mod"])
  static let xm = Format("audio/x-xm", "FastTracker II module", conformsTo: ["public.audio"], ["xm"])
  static let s3m = Format("audio/x-s3m", "Scream Tracker 3 module", conformsTo: ["public.audio"], ["s3m"])
  static let it = Format("audio/x-it", "Impulse Tracker module", conformsTo: ["public.audio"], ["it"])

  // MARK: Archives and packages
  static let tar = Format("application/x-tar", apple: "public.tar-archive")
  static let cpio = Format("application/x-cpio", apple: "public.cpio-archive")
  /// `ar` archives and Debian packages (shared-mime-info's name; IANA application/vnd.debian.binary-package).
  static let ar = Format(
    "application/x-archive", "ar archive", conformsTo: ["public.data", "public.archive"], ["a", "ar"])
  static let deb = Format(
    "application/vnd.debian.binary-package", "Debian package",
    conformsTo: [MIMEDatabase.derivedIdentifier(of: "application/x-archive")], ["deb", "udeb"],
    in: "application/x-archive")
  /// RPM, ARJ, LHA, LZ4, lzip and compress (shared-mime-info's names).
  static let rpm = Format("application/x-rpm", "RPM package", conformsTo: ["public.data", "public.archive"], ["rpm"])
  static let cab = Format("application/vnd.ms-cab-compressed", apple: "com.microsoft.cab")
  static let sevenZip = Format("application/x-7z-compressed", apple: "org.7-zip.7-zip-archive")
  static let rar = Format("application/vnd.rar", "RAR archive", conformsTo: ["public.data", "public.archive"], ["rar"])
  static let arj = Format("application/x-arj", "ARJ archive", conformsTo: ["public.data", "public.archive"], ["arj"])
  static let lha = Format(
    "application/x-lha", "LHA archive", conformsTo: ["public.data", "public.archive"], ["lzh", "lha"])
  static let lz4 = Format(
    "application/x-lz4", "LZ4 compressed data", conformsTo: ["public.data", "public.archive"], ["lz4"])
  static let lzip = Format(
    "application/x-lzip", "lzip compressed data", conformsTo: ["public.data", "public.archive"], ["lz"])
  static let compress = Format("application/x-compress", apple: "public.z-archive")
  /// Zstandard (RFC 8878: application/zstd).
  static let zstd = Format(
    "application/zstd", "Zstandard compressed data", conformsTo: ["public.data", "public.archive"], ["zst"])
  static let xz = Format("application/x-xz", apple: "org.tukaani.xz-archive")
  static let gzip = Format("application/gzip", apple: "org.gnu.gnu-zip-archive")
  static let bzip2 = Format("application/x-bzip2", apple: "public.bzip2-archive")
  /// Apple disk images (shared-mime-info's name) and ISO 9660 images (shared-mime-info's).
  static let diskImage = Format(
    "application/x-apple-diskimage", "Apple disk image", conformsTo: ["public.disk-image"], ["dmg"])
  static let iso9660 = Format(
    "application/x-cd-image", "ISO 9660 disk image", conformsTo: ["public.disk-image"], ["iso"])

  // MARK: Executables and code
  /// ELF by its type (System V ABI 4.1; shared-mime-info's names; PIE executables as file(1)
  /// names them). shared-mime-info 2.2 names every ELF file (and DOS's MZ) by magic
  /// `application/x-executable`, so a shared library is taken as a kind of it: the detector's
  /// answer refines that one.
  static let elfExecutable = Format(
    "application/x-executable", "ELF executable", conformsTo: ["public.elf-binary", "public.unix-executable"], [])
  static let elfPIE = Format(
    "application/x-pie-executable", "ELF position-independent executable",
    conformsTo: [MIMEDatabase.derivedIdentifier(of: "application/x-sharedlib"), "public.unix-executable"], [],
    in: "application/x-sharedlib")
  static let elfSharedLibrary = Format(
    "application/x-sharedlib", "ELF shared library",
    conformsTo: [MIMEDatabase.derivedIdentifier(of: "application/x-executable")], ["so"], in: "application/x-executable"
  )
  static let elfObject = Format(
    "application/x-object", "ELF object file", conformsTo: ["public.elf-binary", "public.object-code"], ["o"])
  static let elfCore = Format("application/x-core", "ELF core dump", conformsTo: ["public.elf-binary"], [])
  static let machO = Format("application/x-mach-binary", apple: "com.apple.mach-o-binary").settling(
    "application/x-java")
  /// DOS and PE executables (shared-mime-info's name; IANA application/vnd.microsoft.portable-executable).
  static let dosExecutable = Format(
    "application/x-ms-dos-executable", "DOS executable", conformsTo: ["public.data", "public.executable"],
    ["exe", "com"])
  static let windowsExecutable = Format(
    "application/vnd.microsoft.portable-executable", apple: "com.microsoft.windows-executable",
    in: "application/x-ms-dos-executable")
  static let windowsDLL = Format(
    "application/x-msdownload", apple: "com.microsoft.windows-dynamic-link-library",
    in: "application/x-ms-dos-executable")
  static let javaClass = Format("application/x-java", apple: "com.sun.java-class")
  /// Chrome extensions (an x- name, as Chrome serves them).
  static let crx = Format(
    "application/x-chrome-extension", "Chrome extension", conformsTo: ["public.data", "public.archive"], ["crx"])
  /// WebAssembly (W3C; IANA application/wasm), Android DEX, iNES ROMs, SWF and Windows shortcuts.
  static let wasm = Format(
    "application/wasm", "WebAssembly module", conformsTo: ["public.data", "public.executable"], ["wasm"])
  static let dex = Format(
    "application/vnd.android.dex", "Android Dalvik executable", conformsTo: ["public.data", "public.executable"],
    ["dex"])
  static let nesROM = Format("application/x-nes-rom", "NES ROM", conformsTo: ["public.data"], ["nes"])
  static let swf = Format(
    "application/vnd.adobe.flash.movie", "Flash movie", conformsTo: ["public.data", "public.executable"], ["swf"])
  static let windowsShortcut = Format(
    "application/x-ms-shortcut", "Windows shortcut", conformsTo: ["public.data"], ["lnk"])

  // MARK: Data
  static let sqlite = Format(
    "application/vnd.sqlite3", "SQLite database", conformsTo: ["public.data", "public.database"],
    ["sqlite", "sqlite3", "db"])
  /// Parquet and Arrow (IANA application/vnd.apache.parquet, application/vnd.apache.arrow.file), Avro (an x- name).
  static let parquet = Format(
    "application/vnd.apache.parquet", "Parquet data", conformsTo: ["public.data"], ["parquet"])
  static let arrow = Format(
    "application/vnd.apache.arrow.file", "Arrow data", conformsTo: ["public.data"], ["arrow", "feather"])
  static let avro = Format("application/x-avro", "Avro data", conformsTo: ["public.data"], ["avro"])
  /// Packet captures (IANA application/vnd.tcpdump.pcap; pcapng an x- name).
  static let pcap = Format(
    "application/vnd.tcpdump.pcap", "packet capture", conformsTo: ["public.data"], ["pcap", "cap"])
  static let pcapng = Format("application/x-pcapng", "packet capture (pcapng)", conformsTo: ["public.data"], ["pcapng"])
  static let iccProfile = Format("application/vnd.iccprofile", apple: "com.apple.colorsync-profile")
  /// HTML Help, Blender and Outlook data files (shared-mime-info's names; PST an x- name).
  static let chm = Format("application/vnd.ms-htmlhelp", "HTML Help", conformsTo: ["public.data"], ["chm"])
  static let blender = Format(
    "application/x-blender", "Blender scene", conformsTo: ["public.data", "public.3d-content"], ["blend"])
  static let pst = Format(
    "application/vnd.ms-outlook-pst", "Outlook data file", conformsTo: ["public.data"], ["pst", "ost"])
  static let bittorrent = Format(
    "application/x-bittorrent", "BitTorrent file", conformsTo: ["public.data"], ["torrent"])

  /// Every format, in the order the tests list them.
  static let all: [Format] =
    [
      png, apng, jpeg, jpegLS, jpegXL, jpegXR, bpg, gif, webp, bmp, tiff, ico, cursor, icns, ktx, ktx2, xcf, photoshop,
      photoshopLarge, dicom, eps, heif, heifSequence, heic, heicSequence, avif, jpeg2000, jpx, jpm, motionJPEG2000, dng,
      cr2, cr3, nef, arw, orf, rw2, panasonicRaw, pef, srw, raf,
      trueType, openType, fontCollection, woff, woff2, eot,
      pdf, postScript, rtf, plainText, utf16Text, xml, propertyListXML, svg, xhtml, vCard, iCalendar, webVTT, pgpKeys,
      pgpMessage,
      pgpSignature, registryFile, html, json, shellScript, pythonScript, perlScript, rubyScript, phpScript, javaScript,
      zip, epub, jar, apk, aar, xpi, threeMF, usdz, kmz, keynote, pages, numbers, openXML, docx, docm, dotx, dotm, xlsx,
      xlsm, xltx, xltm, xlsb, pptx, pptm, potx, potm, ppsx, ppsm, vsdx, vsdm,
    ] + openDocument + [
      compoundFile, doc, xls, ppt, vsd, msi, outlookMessage,
      mp4, m4a, m4b, m4p, m4v, threeGPP, threeGPP2, quickTime, f4v, f4a,
      mp3, mp2, mp1, aac, flac, ac3, eac3, wave, aiff, aifc, midi, avi, animatedCursor, corelDraw, mpegVideo,
      mpegTransportStream, webm, matroska, asf, wma, wmv, oggContainer, ogg, oggVorbis, oggOpus, oggFLAC, oggSpeex,
      oggTheora, ogm,
      oggVideo, flv, mxf, mod, xm, s3m, it,
      tar, cpio, ar, deb, rpm, cab, sevenZip, rar, arj, lha, lz4, lzip, compress, zstd, xz, gzip, bzip2, diskImage,
      iso9660,
      elfExecutable, elfPIE, elfSharedLibrary, elfObject, elfCore, machO, dosExecutable, windowsExecutable, windowsDLL,
      javaClass, crx, wasm, dex, nesROM, swf, windowsShortcut,
      sqlite, parquet, arrow, avro, pcap, pcapng, iccProfile, chm, blender, pst, bittorrent,
    ] + specialist + textFormats
}
