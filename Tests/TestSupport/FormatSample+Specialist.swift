import Foundation

extension FormatSample {
  /// An iWork archive (IWA) holding one object whose `ArchiveInfo` names `rootType`: a chunk
  /// header (zero, a 24-bit length), then Snappy (the uncompressed length, one literal) of the
  /// varint-prefixed `ArchiveInfo` { identifier 1, MessageInfo { type, version } }.
  public static func iwa(rootType: UInt64) -> [UInt8] {
    func varint(_ value: UInt64) -> [UInt8] {
      var value = value
      var bytes: [UInt8] = []
      repeat {
        bytes.append(UInt8(value & 0x7F) | (value >= 0x80 ? 0x80 : 0))
        value >>= 7
      } while value > 0
      return bytes
    }
    let messageInfo = [0x08] + varint(rootType) + [0x1A, 0x03, 0x01, 0x00, 0x05]
    let archiveInfo = [0x08, 0x01, 0x12] + varint(UInt64(messageInfo.count)) + messageInfo
    let object = varint(UInt64(archiveInfo.count)) + archiveInfo + [0x0A, 0x00]
    let snappy = varint(UInt64(object.count)) + [UInt8(object.count - 1) << 2] + object
    return [0] + [UInt8(snappy.count), 0, 0] + snappy
  }

  /// An iWork 2013 document: Document.iwa whose root object is `rootType`, and `parts`.
  static func iworkDocument(rootType: UInt64, parts: [String]) -> [UInt8] {
    zipArchive([("Index/Document.iwa", iwa(rootType: rootType))] + parts.map { ($0, [0]) })
  }

  /// Samples of the specialist formats and of iWork, each from its specification's header.
  public static let specialistSamples: [FormatSample] = {
    var list: [FormatSample] = []
    func add(_ name: String, _ ext: String, _ mimeType: String, _ bytes: [UInt8], size: Int = 1024) {
      list.append(FormatSample(name: name, filenameExtension: ext, mimeType: mimeType, bytes: padded(bytes, to: size)))
    }
    // iWork: Keynote by its slides; Pages (tables too) and Numbers by Document.iwa's root object.
    add(
      "Keynote", "key", "application/vnd.apple.keynote",
      iworkDocument(rootType: 1, parts: ["Index/MasterSlide-7.iwa", "Index/Slide-1.iwa", "Index/Tables/Tile.iwa"]))
    add(
      "Pages with a table", "pages", "application/vnd.apple.pages",
      iworkDocument(rootType: 10000, parts: ["Index/CalculationEngine.iwa", "Index/Tables/DataList-12.iwa"]))
    add(
      "Numbers", "numbers", "application/vnd.apple.numbers",
      iworkDocument(rootType: 1, parts: ["Index/CalculationEngine.iwa", "Index/Tables/Tile-2.iwa"]))
    add(
      "EPUB whose mimetype ends in CRLF", "epub", "application/epub+zip",
      zip(first: "mimetype", content: "application/epub+zip\r\n"))
    add("M4A with a NUL in its brand", "m4a", "audio/x-m4a", ftyp("M4A\0", ["3gp5", "isom"]))
    add("AIFF-C", "aifc", "audio/x-aifc", ascii("FORM") + be32(30) + ascii("AIFCFVER") + be32(4) + be32(0xA280_5140))
    add("WebAssembly before 1.0", "wasm", "application/wasm", ascii("\0asm") + le32(0xD))
    add("Chrome extension", "crx", "application/x-chrome-extension", ascii("Cr24") + le32(3) + le32(0) + ascii("PK"))
    audioSamples(add)
    designSamples(add)
    dataSamples(add)
    remainingSamples(add)
    return list
  }()

  /// A TIFF whose IFD 0 is a reduced-resolution image without a Make, and whose Exif IFD's
  /// MakerNote begins with `note` (Nikon's: "Nikon\0", a version, then a TIFF header).
  public static func tiffWithMakerNote(_ note: String) -> [UInt8] {
    let ifd0 =
      le16(2) + le16(0x00FE) + le16(4) + le32(1) + le32(1) + le16(0x8769) + le16(4) + le32(1) + le32(38) + le32(0)
    let exif = le16(1) + le16(0x927C) + le16(7) + le32(18) + le32(56) + le32(0)
    return ascii("II*\0") + le32(8) + ifd0 + exif + ascii(note) + [0, 2, 0x10, 0, 0] + ascii("II*\0") + le32(8)
  }

  /// The formats no other list has a sample of, so that the README's table measures every one.
  static func remainingSamples(_ add: (String, String, String, [UInt8], Int) -> Void) {
    add("NEF by its maker note", "nef", "image/x-nikon-nef", tiffWithMakerNote("Nikon"), 1024)
    add("PSB", "psb", "image/x-psb", ascii("8BPS") + be16(2) + zeros(6) + be16(3), 1024)
    add(
      "XHTML", "xhtml", "application/xhtml+xml",
      ascii("<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head/></html>\n"), 0)
    add(
      "OOXML of no known part", "zip", "application/vnd.openxmlformats-officedocument",
      zipArchive([("[Content_Types].xml", ascii("<Types/>")), ("_rels/.rels", ascii("<Relationships/>"))]), 1024)
    for (folder, part, main, mimeType) in [
      (
        "word", "document.xml", "ms-word.template.macroEnabledTemplate",
        "application/vnd.ms-word.template.macroEnabled.12"
      ),
      ("xl", "workbook.xml", "ms-excel.template.macroEnabled", "application/vnd.ms-excel.template.macroEnabled.12"),
      (
        "ppt", "presentation.xml", "ms-powerpoint.presentation.macroEnabled",
        "application/vnd.ms-powerpoint.presentation.macroEnabled.12"
      ),
      (
        "ppt", "presentation.xml", "ms-powerpoint.template.macroEnabled",
        "application/vnd.ms-powerpoint.template.macroEnabled.12"
      ),
      (
        "ppt", "presentation.xml", "ms-powerpoint.slideshow.macroEnabled",
        "application/vnd.ms-powerpoint.slideshow.macroEnabled.12"
      ),
      (
        "visio", "document.xml", "ms-visio.drawing.macroEnabled",
        "application/vnd.ms-visio.drawing.macroEnabled.main+xml"
      ),
    ] {
      add(main, "zip", mimeType, ooxml(folder, part: part, mainType: "vnd.\(main).main+xml"), 1024)
    }
    for kind in [
      "text-master", "text-web", "presentation-template", "graphics-template", "chart", "chart-template", "formula",
      "formula-template", "database", "image", "image-template",
    ] {
      let mimeType = "application/vnd.oasis.opendocument.\(kind)"
      add("OpenDocument \(kind)", "zip", mimeType, zip(first: "mimetype", content: mimeType), 1024)
    }
    add(
      "a compound file of unknown streams", "", "application/x-ole-storage",
      compoundFile(clsid: zeros(16), streams: ["Data"]), 1536)
    add("M4P", "m4p", "audio/x-m4p", ftyp("M4P ", ["M4P ", "mp42"]), 1024)
    add("AIFF", "aiff", "audio/aiff", ascii("FORM") + be32(46) + ascii("AIFFCOMM") + be32(18) + be16(1), 1024)
    add("MIDI", "mid", "audio/midi", ascii("MThd") + be32(6) + be16(0) + be16(1) + be16(96), 1024)
    add("ASF of no known stream", "asf", "video/x-ms-asf", asf(streamType: zeros(16)), 1024)
    add("Ogg Vorbis", "ogg", "audio/x-vorbis+ogg", oggPage([1] + ascii("vorbis") + zeros(23)), 1024)
    add("ELF executable", "", "application/x-executable", elf(type: 2), 1024)
    add(
      "DOS executable", "exe", "application/x-ms-dos-executable",
      ascii("MZ") + le16(0x90) + le16(3) + le16(0) + le16(4), 1024)
    textSamples(add)
  }

  /// Text formats by their content: HTML, JSON, scripts, SVG without a declaration; and Ogg
  /// after a Skeleton header.
  static func textSamples(_ add: (String, String, String, [UInt8], Int) -> Void) {
    add("HTML", "html", "text/html", ascii("\n  <!DOCTYPE html>\n<html><body>hello</body></html>\n"), 0)
    add("HTML fragment", "html", "text/html", ascii("<p>hello</p>\n"), 0)
    add(
      "JSON", "json", "application/json", ascii("{\"name\": \"corpus\", \"sizes\": [1, 2.5e3, -0.25], \"ok\": true}\n"),
      0)
    add("JSON cut short", "json", "application/json", ascii("[{\"a\": null}, {\"b\": \"\\u00e9\"}, {\"c\": "), 0)
    add("shell script", "sh", "application/x-shellscript", ascii("#!/bin/sh\necho hello\n"), 0)
    add("Python script", "py", "text/x-python", ascii("#!/usr/bin/env python3.12\nprint('hello')\n"), 0)
    add("Perl script", "pl", "application/x-perl", ascii("#! /usr/bin/perl -w\nprint \"hello\\n\";\n"), 0)
    add("Ruby script", "rb", "application/x-ruby", ascii("#!/usr/bin/env -S ruby --disable-gems\nputs 1\n"), 0)
    add("PHP", "php", "application/x-php", ascii("<?php echo 'hello'; ?>\n"), 0)
    add("Node script", "js", "text/javascript", ascii("#!/usr/bin/env node\nconsole.log(1)\n"), 0)
    add(
      "SVG without a declaration", "svg", "image/svg+xml",
      ascii("<!-- drawn by hand -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>\n"), 0)
    add(
      "Ogg Theora after a Skeleton header", "ogv", "video/x-theora+ogg",
      oggPage(ascii("fishead\0") + zeros(56)) + oggPage([0x80] + ascii("theora") + [3, 2, 1]), 1024)
  }

  static func audioSamples(_ add: (String, String, String, [UInt8], Int) -> Void) {
    let tag = ascii("ID3") + [4, 0, 0, 0, 0, 0, 10] + zeros(10)
    add("Monkey's Audio", "ape", "audio/x-ape", ascii("MAC ") + le16(3990) + le16(0) + le32(52), 1024)
    add("Monkey's Audio after ID3", "ape", "audio/x-ape", tag + ascii("MAC ") + le16(3990), 1024)
    add("Musepack SV8", "mpc", "audio/x-musepack", ascii("MPCKSH") + [0x0E, 0x2C, 0x1D, 0x0F], 1024)
    add("Musepack SV7", "mpc", "audio/x-musepack", ascii("MP+") + [0x17] + le32(8000), 1024)
    add("WavPack", "wv", "audio/x-wavpack", ascii("wvpk") + le32(1000) + le16(0x410) + zeros(22), 1024)
    add("WavPack after ID3", "wv", "audio/x-wavpack", tag + ascii("wvpk") + le32(1000) + le16(0x407), 1024)
    add(
      "DSF", "dsf", "audio/x-dsf",
      ascii("DSD ") + le64(28) + le64(4096) + le64(0) + ascii("fmt ") + le64(52) + le32(1), 1024)
    add("AMR", "amr", "audio/amr", ascii("#!AMR\n") + [0x3C] + zeros(31), 1024)
    add("AMR-WB", "awb", "audio/amr-wb", ascii("#!AMR-WB\n") + [0x44] + zeros(60), 1024)
    add("Creative Voice", "voc", "audio/x-voc", ascii("Creative Voice File\u{1A}") + le16(26) + le16(0x10A), 1024)
    add("QCELP", "qcp", "audio/qcelp", riff("QLCM", chunk: "fmt ", zeros(150)), 1024)
    add("Sun audio", "au", "audio/basic", ascii(".snd") + be32(24) + be32(1000) + be32(1) + be32(8000) + be32(1), 1024)
    add("RealMedia", "rm", "application/vnd.rn-realmedia", ascii(".RMF") + be32(18) + be16(0) + be32(0) + be32(5), 1024)
    add("RealAudio", "ra", "audio/vnd.rn-realaudio", ascii(".ra\u{FD}") + be16(4), 1024)
    // Layer III after junk (three frames in a row decide) and one frame announcing a Xing header.
    let frame = mpegFrame(layer: 3)
    add("MP3 after junk", "mp3", "audio/mpeg", ascii("junk") + zeros(30) + frame + frame + frame, 1400)
    add("MP3 of one Xing frame", "mp3", "audio/mpeg", [0xFF, 0xFB, 0x90, 0x64] + zeros(32) + ascii("Xing"), 128)
  }

  static func designSamples(_ add: (String, String, String, [UInt8], Int) -> Void) {
    add("DWG", "dwg", "image/vnd.dwg", ascii("AC1021") + zeros(5) + [1, 3], 1024)
    add(
      "SketchUp", "skp", "application/vnd.sketchup.skp",
      [0xFF, 0xFE, 0xFF, 0x0E] + "SketchUp Model".utf16.flatMap { le16($0) }, 1024)
    add("glTF binary", "glb", "model/gltf-binary", ascii("glTF") + le32(2) + le32(1024), 1024)
    add("FBX binary", "fbx", "application/x-fbx", ascii("Kaydara FBX Binary  \0") + [0x1A, 0] + le32(7400), 1024)
    add("FBX text", "fbx", "application/x-fbx", ascii("; FBX 7.4.0 project file\n"), 0)
    add("Draco", "drc", "application/x-draco", ascii("DRACO") + [2, 2, 1] + le16(0), 1024)
    var shapeHeader = be32(9994) + zeros(20) + be32(64) + le32(1000) + le32(5) + zeros(64)
    add("ESRI shapefile", "shp", "application/vnd.shp", shapeHeader + be32(1) + be32(24), 1024)
    shapeHeader.replaceSubrange(24..<28, with: be32(54))
    add("ESRI shapefile index", "shx", "application/vnd.shx", shapeHeader + be32(50) + be32(24), 108)
    let facet = "solid cube\n  facet normal 0 0 1\n    outer loop\n"
    add("STL (ASCII)", "stl", "model/stl", ascii(facet), 0)
    add("STL (binary)", "stl", "model/stl", ascii("binary") + zeros(74) + le32(2) + zeros(100), 184)
    add("JPEG 2000 codestream", "j2c", "image/x-jp2-codestream", [0xFF, 0x4F, 0xFF, 0x51] + be16(47) + zeros(45), 1024)
    add(
      "FITS", "fits", "application/fits", ascii("SIMPLE  =                    T" + String(repeating: " ", count: 50)),
      2880)
    add("DjVu page", "djvu", "image/vnd.djvu", ascii("AT&TFORM") + be32(1000) + ascii("DJVUINFO"), 1024)
    add(
      "DjVu document", "djvu", "image/vnd.djvu+multipage", ascii("AT&TFORM") + be32(1000) + ascii("DJVMDIRM"), 1024)
  }

  static func dataSamples(_ add: (String, String, String, [UInt8], Int) -> Void) {
    add("ACE", "ace", "application/x-ace", le16(0x1234) + le16(49) + [0, 0, 0x90] + ascii("**ACE**") + [20, 20], 1024)
    let json = ascii("{\"files\":{\"a.txt\":{\"size\":1,\"offset\":\"0\"}}}")
    add(
      "ASAR", "asar", "application/x-asar",
      le32(4) + le32(UInt32(json.count + 8)) + le32(UInt32(json.count + 4)) + le32(UInt32(json.count)) + json, 1024)
    add("XAR", "xar", "application/x-xar", ascii("xar!") + be16(28) + be16(1) + be64(100) + be64(300), 1024)
    add("Mobipocket", "mobi", "application/x-mobipocket-ebook", ascii("Title") + zeros(55) + ascii("BOOKMOBI"), 1024)
    add(
      "InDesign", "indd", "application/x-indesign",
      be64(0x0606_EDF5_D81D_46E5) + be64(0xBD31_EFE7_FE74_B71D) + ascii("DOCUMENT"), 1024)
    add(
      "SPSS data", "sav", "application/x-spss-sav", ascii("$FL2@(#) SPSS DATA FILE") + zeros(41) + le32(2), 1024)
    add(
      "JMP data", "jmp", "application/x-jmp-data",
      [0xFF, 0xFF, 0, 0, 7, 0, 0, 0, 4, 0, 0, 0, 1, 0, 1, 0, 2, 0, 0x12], 1024)
    add("MIE", "mie", "application/x-mie", [0x7E, 0x10, 0x04, 0xFE] + ascii("0MIE") + zeros(4), 1024)
    add(
      "Windows registry hive", "dat", "application/x-windows-registry-hive",
      ascii("regf") + le32(1) + le32(1) + zeros(8) + le32(1) + le32(5) + le32(0) + le32(1), 4096)
    add(
      "Apple alias", "alias", "application/x-apple-alias", ascii("book\0\0\0\0mark\0\0\0\0") + le32(56) + le32(56),
      1024)
  }

  static func be64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }

  /// Near misses of the specialist detectors and of iWork.
  static var specialistNearMisses: [NearMiss] {
    [
      NearMiss(
        name: "a Pages document with table parts", notMIMEType: "application/vnd.apple.numbers",
        bytes: iworkDocument(rootType: 10000, parts: ["Index/Tables/Tile.iwa", "Index/CalculationEngine.iwa"])),
      NearMiss(
        name: "a raw-layout TIFF with Canon's maker note", notMIMEType: "image/x-nikon-nef",
        bytes: tiffWithMakerNote("Canon")),
      NearMiss(
        name: "a bracketed note is not JSON", notMIMEType: "application/json", bytes: ascii("[1] See the notes.\n")),
      NearMiss(name: "braces around words are not JSON", notMIMEType: "application/json", bytes: ascii("{ notes }\n")),
      NearMiss(name: "an opening bracket alone is not JSON", notMIMEType: "application/json", bytes: ascii("[\n")),
      NearMiss(name: "<ABBR> is not an HTML opening", notMIMEType: "text/html", bytes: ascii("<ABBR>x</ABBR>\n")),
      NearMiss(
        name: "an awk script is not a shell script", notMIMEType: "application/x-shellscript",
        bytes: ascii("#!/usr/bin/awk -f\n{ print }\n")),
      NearMiss(name: "#!AMR without its line feed", notMIMEType: "audio/amr", bytes: ascii("#!AMR-NB\n") + zeros(8)),
      NearMiss(
        name: "Creative Voice without its EOF byte", notMIMEType: "audio/x-voc", bytes: ascii("Creative Voice File\n")),
      NearMiss(name: "a RIFF QLCX form", notMIMEType: "audio/qcelp", bytes: riff("QLCX", chunk: "fmt ", zeros(16))),
      NearMiss(
        name: ".RMF of object version 7", notMIMEType: "application/vnd.rn-realmedia",
        bytes: ascii(".RMF") + be32(18) + be16(7)),
      NearMiss(
        name: ".snd with a 4-byte header", notMIMEType: "audio/basic", bytes: ascii(".snd") + be32(4) + zeros(16)),
      NearMiss(
        name: "**ACE** outside its main header", notMIMEType: "application/x-ace",
        bytes: zeros(4) + [3] + zeros(2) + ascii("**ACE**")),
      NearMiss(
        name: "a pickle of other JSON", notMIMEType: "application/x-asar",
        bytes: le32(4) + le32(20) + le32(16) + le32(12) + ascii("{\"name\":1}")),
      NearMiss(
        name: "xar! of version 2", notMIMEType: "application/x-xar",
        bytes: ascii("xar!") + be16(28) + be16(2) + zeros(20)),
      NearMiss(
        name: "a Palm database of another type", notMIMEType: "application/x-mobipocket-ebook",
        bytes: zeros(60) + ascii("TEXtREAd")),
      NearMiss(
        name: "AT&TFORM of another kind", notMIMEType: "image/vnd.djvu",
        bytes: ascii("AT&TFORM") + be32(8) + ascii("XXXX")),
      NearMiss(
        name: "FF FE FF 0E before other text", notMIMEType: "application/vnd.sketchup.skp",
        bytes: [0xFF, 0xFE, 0xFF, 0x0E] + "Layout".utf16.flatMap { le16($0) }),
      NearMiss(name: "glTF of version 1", notMIMEType: "model/gltf-binary", bytes: ascii("glTF") + le32(1) + le32(20)),
      NearMiss(
        name: "Kaydara FBX without its binary marker", notMIMEType: "application/x-fbx",
        bytes: ascii("Kaydara FBX ASCII ") + zeros(8)),
      NearMiss(
        name: "DRACO of major version 9", notMIMEType: "application/x-draco", bytes: ascii("DRACO") + [9, 0, 1]),
      NearMiss(
        name: "half of JMP's header", notMIMEType: "application/x-jmp-data",
        bytes: [0xFF, 0xFF, 0, 0, 7, 0, 0, 0] + zeros(8)),
      NearMiss(
        name: "book without mark", notMIMEType: "application/x-apple-alias",
        bytes: ascii("book\0\0\0\0") + ascii("note\0\0\0\0")),
      NearMiss(
        name: "InDesign's GUID with one byte changed", notMIMEType: "application/x-indesign",
        bytes: be64(0x0606_EDF5_D81D_46E5) + be64(0xBD31_EFE7_FE74_B71E)),
      NearMiss(name: "\\0asm of version 2", notMIMEType: "application/wasm", bytes: ascii("\0asm") + le32(2)),
      NearMiss(name: "MAC of an old version", notMIMEType: "audio/x-ape", bytes: ascii("MAC ") + le16(10) + zeros(40)),
      NearMiss(name: "MP+ of version 8", notMIMEType: "audio/x-musepack", bytes: ascii("MP+") + [0x18] + zeros(40)),
      NearMiss(
        name: "wvpk of a future version", notMIMEType: "audio/x-wavpack", bytes: ascii("wvpk") + le32(1) + le16(0x500)),
      NearMiss(
        name: "DSD with a wrong chunk size", notMIMEType: "audio/x-dsf", bytes: ascii("DSD ") + le64(29) + zeros(40)),
      NearMiss(name: "AC1 and letters", notMIMEType: "image/vnd.dwg", bytes: ascii("AC10ab") + zeros(20)),
      NearMiss(
        name: "a shapefile code without version 1000", notMIMEType: "application/vnd.shp",
        bytes: be32(9994) + zeros(120)),
      NearMiss(
        name: "solid without facets", notMIMEType: "model/stl", bytes: ascii("solid ground is what we stand on\n")),
      NearMiss(
        name: "Cr24 of version 9", notMIMEType: "application/x-chrome-extension", bytes: ascii("Cr24") + le32(9)),
      NearMiss(
        name: "regf of major version 2", notMIMEType: "application/x-windows-registry-hive",
        bytes: ascii("regf") + zeros(16) + le32(2) + zeros(40)),
      NearMiss(
        name: "$FL2 without a layout code", notMIMEType: "application/x-spss-sav", bytes: ascii("$FL2") + zeros(80)),
      NearMiss(
        name: "a MIE sync byte with another tag", notMIMEType: "application/x-mie",
        bytes: [0x7E, 0x10, 0x04, 0] + ascii("1MIE")),
      NearMiss(
        name: "SIMPLE = F is not standard FITS", notMIMEType: "application/fits",
        bytes: ascii("SIMPLE  =                    F")),
      NearMiss(
        name: "a J2C SOC with a short SIZ", notMIMEType: "image/x-jp2-codestream",
        bytes: [0xFF, 0x4F, 0xFF, 0x51, 0, 4]),
      NearMiss(
        name: "an ID3 tag before text", notMIMEType: "audio/mpeg",
        bytes: ascii("ID3") + [4, 0, 0, 0, 0, 0, 10] + zeros(10) + ascii("hello, world\n")),
    ]
  }
}
