import Foundation

extension FormatSample {
  /// A sample for every format a structured or fixed detector names (beside ``all``, the
  /// formats people meet most), each from its specification.
  public static let detectorSamples: [FormatSample] = {
    var list: [FormatSample] = []
    func add(_ name: String, _ ext: String, _ mimeType: String, _ bytes: [UInt8], size: Int = 1024) {
      list.append(FormatSample(name: name, filenameExtension: ext, mimeType: mimeType, bytes: padded(bytes, to: size)))
    }
    let png = join([0x89], ascii("PNG\r\n\u{1A}\n"), be32(13), ascii("IHDR"), zeros(13), be32(0))
    add(
      "APNG", "apng", "image/apng",
      png + be32(8) + ascii("acTL") + be32(2) + be32(0) + be32(0) + be32(0) + ascii("IDAT"))
    add("JPEG-LS", "jls", "image/jls", [0xFF, 0xD8, 0xFF, 0xF7, 0, 11, 8, 0, 16, 0, 16, 1, 1, 0x11, 0])
    add("JPEG XL", "jxl", "image/jxl", [0xFF, 0x0A, 0xFA, 0x7F, 0x01, 0x90, 0x08])
    add(
      "JPEG XL container", "jxl", "image/jxl",
      be32(12) + ascii("JXL ") + [0x0D, 0x0A, 0x87, 0x0A] + ftyp("jxl ", ["jxl "]))
    add("JPEG XR", "jxr", "image/jxr", [0x49, 0x49, 0xBC, 0x01, 8, 0, 0, 0])
    add("BPG", "bpg", "image/bpg", ascii("BPG") + [0xFB, 0x20, 0x00, 0x10, 0x10])
    add("BMP", "bmp", "image/bmp", ascii("BM") + le32(1024) + le32(0) + le32(54) + le32(40) + le32(1) + le32(1))
    add("TIFF", "tif", "image/tiff", tiff([(0x0100, 3, 1, 16), (0x0101, 3, 1, 16)]))
    add("DNG", "dng", "image/x-adobe-dng", tiff([(0x00FE, 4, 1, 1), (0xC612, 1, 4, 0x0000_0401)], make: "Canon"))
    add("CR2", "cr2", "image/x-canon-cr2", [0x49, 0x49, 0x2A, 0, 16, 0, 0, 0, 0x43, 0x52, 2, 0, 0, 0, 0, 0, 0, 0])
    add("NEF", "nef", "image/x-nikon-nef", tiff([(0x00FE, 4, 1, 1), (0x014A, 4, 1, 200)], make: "NIKON CORPORATION"))
    add("ARW", "arw", "image/x-sony-arw", tiff([(0x00FE, 4, 1, 1)], make: "SONY"))
    add("PEF", "pef", "image/x-pentax-pef", tiff([(0x014A, 4, 1, 200)], make: "PENTAX"))
    add("SRW", "srw", "image/x-samsung-srw", tiff([(0x00FE, 4, 1, 1)], make: "SAMSUNG"))
    add("ORF", "orf", "image/x-olympus-orf", tiff([], magic: ascii("IIRO")))
    add("RW2", "rw2", "image/x-panasonic-rw2", ascii("IIU\0") + le32(0x18) + zeros(16) + le16(0) + le32(0))
    add("Panasonic RAW", "raw", "image/x-panasonic-rw", tiff([], magic: ascii("IIU\0")))
    add("RAF", "raf", "image/x-fuji-raf", ascii("FUJIFILMCCD-RAW 0201FF383501"))
    add("CR3", "cr3", "image/x-canon-cr3", ftyp("crx ", ["crx ", "isom"]))
    add(
      "ICO", "ico", "image/vnd.microsoft.icon",
      le16(0) + le16(1) + le16(1) + [16, 16, 0, 0] + le16(1) + le16(32) + le32(40) + le32(22))
    add(
      "CUR", "cur", "image/x-win-bitmap",
      le16(0) + le16(2) + le16(1) + [32, 32, 0, 0] + le16(4) + le16(4) + le32(40) + le32(22))
    add("ICNS", "icns", "image/x-icns", ascii("icns") + be32(1024) + ascii("ic08") + be32(8))
    add(
      "KTX", "ktx", "image/ktx", [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x31, 0x31, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4])
    add("KTX2", "ktx2", "image/ktx2", [0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A])
    add("XCF", "xcf", "image/x-xcf", ascii("gimp xcf v011\0") + be32(16) + be32(16))
    add("PSD", "psd", "image/vnd.adobe.photoshop", ascii("8BPS") + be16(1) + zeros(6) + be16(3))
    add("DICOM", "dcm", "application/dicom", zeros(128) + ascii("DICM") + [2, 0, 0, 0, 0x55, 0x4C])
    add("EPS", "eps", "image/x-eps", ascii("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n"))
    add("HEIF", "heif", "image/heif", ftyp("mif1", ["mif1", "miaf"]))
    add("HEIC sequence", "heics", "image/heic-sequence", ftyp("msf1", ["msf1", "hevc"]))
    add("HEIF sequence", "heifs", "image/heif-sequence", ftyp("msf1", ["msf1", "iso8"]))
    add("JPEG 2000", "jp2", "image/jp2", be32(12) + ascii("jP  ") + [0x0D, 0x0A, 0x87, 0x0A] + ftyp("jp2 ", ["jp2 "]))
    add(
      "JPX", "jpx", "image/jpx", be32(12) + ascii("jP  ") + [0x0D, 0x0A, 0x87, 0x0A] + ftyp("jpx ", ["jp2 ", "jpx "]))
    add("JPM", "jpm", "image/jpm", be32(12) + ascii("jP  ") + [0x0D, 0x0A, 0x87, 0x0A] + ftyp("jpm ", ["jpm "]))
    add(
      "Motion JPEG 2000", "mj2", "video/mj2",
      be32(12) + ascii("jP  ") + [0x0D, 0x0A, 0x87, 0x0A] + ftyp("mjp2", ["mjp2"]))
    add(
      "TrueType collection", "ttc", "font/collection",
      ascii("ttcf") + be16(1) + be16(0) + be32(2) + be32(20) + be32(200))
    add(
      "EOT", "eot", "application/vnd.ms-fontobject",
      le32(1024) + le32(1000) + le32(0x0002_0001) + le32(0) + zeros(18) + le16(0x504C))
    add("PostScript", "ps", "application/postscript", ascii("%!PS-Adobe-3.0\n%%Pages: 1\n"))
    add("RTF", "rtf", "application/rtf", ascii("{\\rtf1\\ansi hello}"))
    // ZIP family
    add("XPI", "xpi", "application/x-xpinstall", zipArchive(["manifest.json", "META-INF/mozilla.rsa", "icon.png"]))
    add(
      "APK", "apk", "application/vnd.android.package-archive",
      zipArchive(["AndroidManifest.xml", "classes.dex", "resources.arsc"]))
    add("AAR", "aar", "application/x-android-aar", zipArchive(["AndroidManifest.xml", "classes.jar", "R.txt"]))
    add("3MF", "3mf", "model/3mf", zipArchive(["[Content_Types].xml", "_rels/.rels", "3D/3dmodel.model"]))
    add("USDZ", "usdz", "model/vnd.usdz+zip", zipArchive(["scene.usdc", "textures/a.png"]))
    add("KMZ", "kmz", "application/vnd.google-earth.kmz", zipArchive(["doc.kml", "files/a.png"]))
    add(
      "Word template", "dotx", "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
      ooxml(
        "word", part: "document.xml", mainType: "vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml"))
    add(
      "Word macro document", "docm", "application/vnd.ms-word.document.macroEnabled.12",
      ooxml("word", part: "document.xml", mainType: "vnd.ms-word.document.macroEnabled.main+xml"))
    add(
      "Excel workbook", "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      ooxml("xl", part: "workbook.xml", mainType: "vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"))
    add(
      "Excel template", "xltx", "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
      ooxml("xl", part: "workbook.xml", mainType: "vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml"))
    add(
      "Excel macro workbook", "xlsm", "application/vnd.ms-excel.sheet.macroEnabled.12",
      ooxml("xl", part: "workbook.xml", mainType: "vnd.ms-excel.sheet.macroEnabled.main+xml"))
    add(
      "Excel binary workbook", "xlsb", "application/vnd.ms-excel.sheet.binary.macroEnabled.12",
      zipArchive(["[Content_Types].xml", "_rels/.rels", "xl/workbook.bin"]))
    add(
      "PowerPoint", "pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      ooxml(
        "ppt", part: "presentation.xml",
        mainType: "vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"))
    add(
      "PowerPoint slide show", "ppsx", "application/vnd.openxmlformats-officedocument.presentationml.slideshow",
      ooxml(
        "ppt", part: "presentation.xml", mainType: "vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml"
      ))
    add(
      "PowerPoint template", "potx", "application/vnd.openxmlformats-officedocument.presentationml.template",
      ooxml(
        "ppt", part: "presentation.xml", mainType: "vnd.openxmlformats-officedocument.presentationml.template.main+xml")
    )
    add(
      "Visio drawing", "vsdx", "application/vnd.ms-visio.drawing.main+xml",
      ooxml("visio", part: "document.xml", mainType: "vnd.ms-visio.drawing.main+xml"))
    for (kind, ext) in [
      ("spreadsheet", "ods"), ("presentation", "odp"), ("graphics", "odg"), ("text-template", "ott"),
      ("spreadsheet-template", "ots"),
    ] {
      add(
        "OpenDocument \(kind)", ext, "application/vnd.oasis.opendocument.\(kind)",
        zip(first: "mimetype", content: "application/vnd.oasis.opendocument.\(kind)"))
    }
    // Compound files
    add(
      "Word 97", "doc", "application/msword",
      compoundFile(clsid: clsid(0x0002_0906, 0, 0, officeTail), streams: ["WordDocument", "1Table"]), size: 1536)
    add(
      "Excel 97", "xls", "application/vnd.ms-excel", compoundFile(clsid: zeros(16), streams: ["Workbook"]), size: 1536)
    add(
      "PowerPoint 97", "ppt", "application/vnd.ms-powerpoint",
      compoundFile(
        clsid: clsid(0x6481_8D10, 0x4F9B, 0x11CF, [0x86, 0xEA, 0x00, 0xAA, 0x00, 0xB9, 0x29, 0xE8]),
        streams: ["PowerPoint Document"]), size: 1536)
    add(
      "Visio 2003", "vsd", "application/vnd.visio", compoundFile(clsid: zeros(16), streams: ["VisioDocument"]),
      size: 1536)
    add(
      "Windows Installer", "msi", "application/x-msi",
      compoundFile(clsid: clsid(0x000C_1084, 0, 0, officeTail), streams: ["\u{4840}\u{3F3F}"]), size: 1536)
    add(
      "Outlook message", "msg", "application/vnd.ms-outlook",
      compoundFile(clsid: zeros(16), streams: ["__properties_version1.0", "__substg1.0_0037001F"]), size: 1536)
    // ISO base media
    add("M4A", "m4a", "audio/x-m4a", ftyp("M4A ", ["M4A ", "mp42", "isom"]))
    add("M4B", "m4b", "audio/x-m4b", ftyp("M4B ", ["M4B ", "mp42"]))
    add("M4V", "m4v", "video/x-m4v", ftyp("M4V ", ["M4V ", "mp42", "isom"]))
    add("3GP", "3gp", "video/3gpp", ftyp("3gp5", ["3gp5", "isom"]))
    add("3G2", "3g2", "video/3gpp2", ftyp("3g2a", ["3g2a"]))
    add("F4V", "f4v", "video/x-f4v", ftyp("F4V ", ["F4V ", "isom", "mp42"]))
    add("F4A", "f4a", "audio/x-f4a", ftyp("F4A ", ["F4A ", "isom"]))
    add("MP4 (generic major, specific compatible)", "mp4", "audio/x-m4a", ftyp("isom", ["isom", "M4A "]))
    add("QuickTime (atoms)", "mov", "video/quicktime", be32(8) + ascii("wide") + be32(16) + ascii("mdat"))
    // Audio and video
    add("MP3 (no tag)", "mp3", "audio/mpeg", mpegFrame(layer: 3) + mpegFrame(layer: 3), size: 1200)
    add("MP2", "mp2", "audio/mpeg", mpegFrame(layer: 2) + mpegFrame(layer: 2), size: 1200)
    add("MPEG-1 Layer I", "mp1", "audio/mpeg", mpegFrame(layer: 1) + mpegFrame(layer: 1), size: 1024)
    add("AAC (ADTS)", "aac", "audio/aac", adtsFrame() + adtsFrame())
    add(
      "FLAC after ID3", "flac", "audio/flac",
      ascii("ID3") + [3, 0, 0, 0, 0, 0, 10] + zeros(10) + ascii("fLaC") + [0x80, 0, 0, 0x22])
    add("AC-3", "ac3", "audio/ac3", [0x0B, 0x77, 0x12, 0x34, 0x14, 0x40, 0x43])
    add("E-AC-3", "eac3", "audio/eac3", [0x0B, 0x77, 0x00, 0xFF, 0x3F, 0x86, 0xFF])
    add("MPEG program stream", "mpg", "video/mpeg", [0, 0, 1, 0xBA, 0x44, 0, 4, 0, 4, 1])
    add(
      "MPEG transport stream", "ts", "video/mp2t", (0..<5).flatMap { _ in [0x47, 0x40, 0, 0x10] + zeros(184) },
      size: 1024)
    add("WebM", "webm", "video/webm", ebml("webm"))
    add("Matroska", "mkv", "video/x-matroska", ebml("matroska"))
    add("WMV", "wmv", "video/x-ms-wmv", asf(streamType: asfVideo))
    add("WMA", "wma", "audio/x-ms-wma", asf(streamType: asfAudio))
    add("AVI", "avi", "video/x-msvideo", riff("AVI ", chunk: "LIST", ascii("hdrlavih")))
    add("ANI", "ani", "application/x-navi-animation", riff("ACON", chunk: "anih", le32(36)))
    add("CorelDRAW", "cdr", "application/vnd.corel-draw", riff("CDRA", chunk: "vrsn", le16(1000)))
    add(
      "Ogg Opus", "opus", "audio/x-opus+ogg", oggPage(ascii("OpusHead") + [1, 2, 0x38, 1, 0x80, 0xBB, 0, 0, 0, 0, 0]))
    add("Ogg Theora", "ogv", "video/x-theora+ogg", oggPage([0x80] + ascii("theora") + [3, 2, 1]))
    add("Ogg FLAC", "oga", "audio/x-flac+ogg", oggPage([0x7F] + ascii("FLAC") + [1, 0, 0, 1] + ascii("fLaC")))
    add("Ogg Speex", "spx", "audio/x-speex+ogg", oggPage(ascii("Speex   1.2") + zeros(10)))
    add("OGM", "ogm", "video/x-ogm+ogg", oggPage([1] + ascii("video\0\0\0") + ascii("DIVX")))
    add("FLV", "flv", "video/x-flv", ascii("FLV") + [1, 5, 0, 0, 0, 9])
    add(
      "MXF", "mxf", "application/mxf",
      [0x06, 0x0E, 0x2B, 0x34, 0x02, 0x05, 0x01, 0x01, 0x0D, 0x01, 0x02, 0x01, 0x01, 0x02, 0x04, 0x00])
    add("XM", "xm", "audio/x-xm", ascii("Extended Module: song") + zeros(20))
    add("S3M", "s3m", "audio/x-s3m", zeros(44) + ascii("SCRM"))
    add("IT", "it", "audio/x-it", ascii("IMPMsong"))
    add("MOD", "mod", "audio/x-mod", zeros(1080) + ascii("M.K."), size: 2048)
    // Archives
    add("cpio (newc)", "cpio", "application/x-cpio", ascii("0707010000000100"))
    add(
      "ar", "a", "application/x-archive",
      ascii("!<arch>\nhello.o/        0           0     0     644     8         `\n"))
    add(
      "Debian package", "deb", "application/vnd.debian.binary-package",
      ascii("!<arch>\ndebian-binary   1342943816  0     0     100644  4         `\n2.0\n"))
    add("RPM", "rpm", "application/x-rpm", [0xED, 0xAB, 0xEE, 0xDB, 3, 0, 0, 1])
    add("CAB", "cab", "application/vnd.ms-cab-compressed", ascii("MSCF") + zeros(4) + le32(1024))
    add("RAR 4", "rar", "application/vnd.rar", ascii("Rar!") + [0x1A, 0x07, 0x00, 0xCF, 0x90, 0x73])
    add("RAR 5", "rar", "application/vnd.rar", ascii("Rar!") + [0x1A, 0x07, 0x01, 0x00, 0x33, 0x92])
    add("ARJ", "arj", "application/x-arj", [0x60, 0xEA, 0x22, 0x00, 0x1E, 0x0B])
    add("LHA", "lzh", "application/x-lha", [0x20, 0x00] + ascii("-lh5-") + le32(10))
    add("LZ4", "lz4", "application/x-lz4", [0x04, 0x22, 0x4D, 0x18, 0x64, 0x40, 0xA7])
    add("lzip", "lz", "application/x-lzip", ascii("LZIP") + [1, 0x0C])
    add("compress", "Z", "application/x-compress", [0x1F, 0x9D, 0x90])
    add("tar (v7)", "tar", "application/x-tar", v7tar("old.txt"))
    add("ISO 9660", "iso", "application/x-cd-image", zeros(32_768) + [1] + ascii("CD001") + [1, 0], size: 36_864)
    add(
      "Apple disk image", "dmg", "application/x-apple-diskimage",
      zeros(1024) + ascii("koly") + be32(4) + be32(512) + zeros(500), size: 0)
    // Executables
    add("ELF relocatable", "o", "application/x-object", elf(type: 1))
    add("ELF shared library", "so", "application/x-sharedlib", elf(type: 3, flags1: 0))
    add("ELF PIE executable", "", "application/x-pie-executable", elf(type: 3, flags1: 0x0800_0000))
    add("ELF core", "core", "application/x-core", elf(type: 4))
    add(
      "fat Mach-O", "dylib", "application/x-mach-binary", [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 3])
    add("Java class", "class", "application/x-java", [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0, 20])
    add("Windows executable", "exe", "application/vnd.microsoft.portable-executable", pe(characteristics: 0x0102))
    add("Windows DLL", "dll", "application/x-msdownload", pe(characteristics: 0x2102))
    add("DEX", "dex", "application/vnd.android.dex", ascii("dex\n035\0") + zeros(8))
    add("NES ROM", "nes", "application/x-nes-rom", ascii("NES") + [0x1A, 2, 1])
    add("SWF", "swf", "application/vnd.adobe.flash.movie", ascii("FWS") + [10] + le32(1024))
    add(
      "Windows shortcut", "lnk", "application/x-ms-shortcut",
      le32(0x4C) + [0x01, 0x14, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0xC0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46])
    // Text
    add("vCard", "vcf", "text/vcard", ascii("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\r\nEND:VCARD\r\n"), size: 0)
    add("iCalendar", "ics", "text/calendar", ascii("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"), size: 0)
    add("WebVTT", "vtt", "text/vtt", ascii("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n"), size: 0)
    add(
      "PGP public key", "asc", "application/pgp-keys", ascii("-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBF\n"),
      size: 0)
    add("PGP message", "pgp", "application/pgp-encrypted", ascii("-----BEGIN PGP MESSAGE-----\n\nhQEMA\n"), size: 0)
    add("PGP signature", "sig", "application/pgp-signature", ascii("-----BEGIN PGP SIGNATURE-----\n\niQEz\n"), size: 0)
    add(
      "Windows registry file", "reg", "text/x-ms-regedit",
      utf16("Windows Registry Editor Version 5.00\r\n\r\n[HKEY_CURRENT_USER]\r\n", bigEndian: false), size: 0)
    add("UTF-16 text", "txt", "text/plain", utf16("Grüße, plain text\n", bigEndian: true), size: 0)
    add("UTF-32 text", "txt", "text/plain", utf32LE("plain text in UTF-32\n"), size: 0)
    add(
      "UTF-16 XML", "xml", "application/xml",
      utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?><doc/>", bigEndian: false), size: 0)
    add(
      "SVG", "svg", "image/svg+xml",
      ascii("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\"/>\n"), size: 0)
    add(
      "property list", "plist", "application/x-plist",
      ascii(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\"><dict/></plist>\n"
      ), size: 0)
    // Data
    add("Parquet", "parquet", "application/vnd.apache.parquet", ascii("PAR1") + zeros(8) + ascii("PAR1"))
    add("Arrow", "arrow", "application/vnd.apache.arrow.file", ascii("ARROW1\0\0") + le32(0xFFFF_FFFF))
    add("Avro", "avro", "application/x-avro", ascii("Obj") + [1, 4] + ascii("\u{16}avro.schema"))
    add(
      "pcap", "pcap", "application/vnd.tcpdump.pcap",
      [0xD4, 0xC3, 0xB2, 0xA1, 2, 0, 4, 0] + zeros(8) + le32(65535) + le32(1))
    add(
      "pcapng", "pcapng", "application/x-pcapng", be32(0x0A0D_0D0A) + le32(28) + le32(0x1A2B_3C4D) + le16(1) + le16(0))
    add(
      "ICC profile", "icc", "application/vnd.iccprofile",
      be32(560) + ascii("appl") + be32(0x0220_0000) + ascii("mntrRGB XYZ ") + zeros(12) + ascii("acsp"))
    add("CHM", "chm", "application/vnd.ms-htmlhelp", ascii("ITSF") + le32(3) + le32(96))
    add("Blender", "blend", "application/x-blender", ascii("BLENDER-v279REND"))
    add("PST", "pst", "application/vnd.ms-outlook-pst", ascii("!BDN") + le32(0) + ascii("SM") + le16(23))
    add(
      "BitTorrent", "torrent", "application/x-bittorrent",
      ascii("d8:announce35:udp://tracker.example:80/announce4:infod"), size: 0)
    return list
  }()

  /// Every sample: the common formats, the detectors' own and the specialist formats.
  public static var everyFormat: [FormatSample] { all + detectorSamples + specialistSamples }

  /// A PE image (Microsoft PE format 2): a DOS header whose e_lfanew points at "PE\0\0" and a
  /// COFF header with `characteristics`.
  public static func pe(characteristics: UInt16) -> [UInt8] {
    var dos = ascii("MZ") + le16(0x90) + le16(3) + le16(0) + le16(4) + zeros(50)
    dos += le32(64)
    return dos + ascii("PE\0\0") + le16(0x8664) + le16(1) + le32(0) + le32(0) + le32(0) + le16(240)
      + le16(characteristics)
  }

  /// A version 7 tar header (no ustar magic) whose checksum is right.
  static func v7tar(_ name: String) -> [UInt8] {
    var header = tar(name)
    for index in 257..<265 { header[index] = 0 }
    for index in 148..<156 { header[index] = 0x20 }
    let sum = header.prefix(512).reduce(0) { $0 + Int($1) }
    let digits = Array(String(sum, radix: 8).utf8)
    let field = [UInt8](repeating: 0x30, count: 6 - digits.count) + digits + [0, 0x20]
    for (index, byte) in field.enumerated() { header[148 + index] = byte }
    return header
  }
}
