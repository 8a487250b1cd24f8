#!/usr/bin/env python3
"""Writes Sources/TypeRegistry/Generated/UTType+Constants.swift: every UTType constant Apple declares
(UTCoreTypes.h and Apple's UTType documentation, through the macOS 26 SDK), with its identifier and
the parents Apple documents, formatted with `swift format` and the repository's .swift-format.

  python3 scripts/make-constants.py           write the file
  python3 scripts/make-constants.py --check   exit 1 if the file is not what this script writes (CI)
"""
import os
import subprocess
import sys

# (Swift name, identifier, documented parents, summary)
CONSTANTS = [
    ("item", "public.item", "", "A generic base type for most things: files, directories."),
    ("content", "public.content", "", "A base type for anything containing user-viewable document content."),
    ("compositeContent", "public.composite-content", "public.content", "A base type for content formats supporting mixed embedded content."),
    ("diskImage", "public.disk-image", "", "A data item mountable as a volume."),
    ("data", "public.data", "public.item", "A base type for any sort of simple byte stream, including files and in-memory data."),
    ("directory", "public.directory", "public.item", "A file system directory, including packages and folders."),
    ("resolvable", "com.apple.resolvable", "", "Symbolic link and alias file types conform to this type."),
    ("symbolicLink", "public.symlink", "public.item, com.apple.resolvable", "A symbolic link."),
    ("executable", "public.executable", "public.item", "An executable item."),
    ("mountPoint", "com.apple.mount-point", "public.item, com.apple.resolvable", "A volume mount point."),
    ("aliasFile", "com.apple.alias-file", "public.data, com.apple.resolvable", "A fully formed alias file."),
    ("urlBookmarkData", "com.apple.bookmark", "public.data, com.apple.resolvable", "A URL bookmark."),
    ("url", "public.url", "public.data", "Any URL."),
    ("fileURL", "public.file-url", "public.url", "A URL with the scheme file:."),
    ("text", "public.text", "public.data, public.content", "The base type for all text-encoded data, including text with markup."),
    ("plainText", "public.plain-text", "public.text", "Text with no markup and an unspecified encoding."),
    ("utf8PlainText", "public.utf8-plain-text", "public.plain-text", "Plain text encoded as UTF-8."),
    ("utf16ExternalPlainText", "public.utf16-external-plain-text", "public.plain-text", "Plain text encoded as UTF-16 with a BOM, or big-endian without one."),
    ("utf16PlainText", "public.utf16-plain-text", "public.plain-text", "Plain text encoded as UTF-16 in native byte order, with an optional BOM."),
    ("delimitedText", "public.delimited-values-text", "public.text", "Text containing delimited values."),
    ("commaSeparatedText", "public.comma-separated-values-text", "public.delimited-values-text", "Text containing comma-separated values (.csv)."),
    ("tabSeparatedText", "public.tab-separated-values-text", "public.delimited-values-text", "Text containing tab-separated values."),
    ("utf8TabSeparatedText", "public.utf8-tab-separated-values-text", "public.tab-separated-values-text, public.utf8-plain-text", "UTF-8 text containing tab-separated values."),
    ("rtf", "public.rtf", "public.text", "Rich Text Format data."),
    ("html", "public.html", "public.text", "Any version of HTML."),
    ("xml", "public.xml", "public.text", "Generic XML."),
    ("yaml", "public.yaml", "public.text", "Yet Another Markup Language."),
    ("css", "public.css", "public.text", "Cascading Style Sheets (CSS)."),
    ("sourceCode", "public.source-code", "public.plain-text", "Abstract type for source code of any language."),
    ("assemblyLanguageSource", "public.assembly-source", "public.source-code", "Assembly language source (.s)."),
    ("cSource", "public.c-source", "public.source-code", "C source code (.c)."),
    ("objectiveCSource", "public.objective-c-source", "public.source-code", "Objective-C source code (.m)."),
    ("swiftSource", "public.swift-source", "public.source-code", "Swift source code (.swift)."),
    ("cPlusPlusSource", "public.c-plus-plus-source", "public.source-code", "C++ source code."),
    ("objectiveCPlusPlusSource", "public.objective-c-plus-plus-source", "public.source-code", "Objective-C++ source code."),
    ("cHeader", "public.c-header", "public.source-code", "A C header."),
    ("cPlusPlusHeader", "public.c-plus-plus-header", "public.source-code", "A C++ header."),
    ("script", "public.script", "public.source-code", "A base type for any scripting language source."),
    ("appleScript", "com.apple.applescript.text", "public.script", "An AppleScript text-based script (.applescript)."),
    ("osaScript", "com.apple.applescript.script", "public.data, public.script", "An Open Scripting Architecture binary script (.scpt)."),
    ("osaScriptBundle", "com.apple.applescript.script-bundle", "com.apple.bundle, com.apple.package, public.script", "An Open Scripting Architecture script bundle (.scptd)."),
    ("javaScript", "com.netscape.javascript-source", "public.source-code, public.executable", "JavaScript source code."),
    ("shellScript", "public.shell-script", "public.script", "The base type for shell scripts."),
    ("perlScript", "public.perl-script", "public.shell-script", "A Perl script."),
    ("pythonScript", "public.python-script", "public.shell-script", "A Python script."),
    ("rubyScript", "public.ruby-script", "public.shell-script", "A Ruby script."),
    ("phpScript", "public.php-script", "public.shell-script", "A PHP script."),
    ("makefile", "public.make-source", "public.script", "A makefile."),
    ("json", "public.json", "public.text", "JavaScript object notation (JSON) data."),
    ("propertyList", "com.apple.property-list", "public.data", "A base type for property lists."),
    ("xmlPropertyList", "com.apple.xml-property-list", "public.xml, com.apple.property-list", "An XML property list."),
    ("binaryPropertyList", "com.apple.binary-property-list", "com.apple.property-list", "A binary property list."),
    ("pdf", "com.adobe.pdf", "public.data, public.composite-content", "An Adobe PDF document."),
    ("rtfd", "com.apple.rtfd", "com.apple.package, public.composite-content", "A Rich Text Format Directory document."),
    ("flatRTFD", "com.apple.flat-rtfd", "public.data, public.composite-content", "A flattened RTFD document, formatted for the pasteboard."),
    ("webArchive", "com.apple.webarchive", "public.data, public.composite-content", "The WebKit webarchive format."),
    ("image", "public.image", "public.data, public.content", "A base type for abstract image data."),
    ("jpeg", "public.jpeg", "public.image", "A JPEG image."),
    ("tiff", "public.tiff", "public.image", "A TIFF image."),
    ("gif", "com.compuserve.gif", "public.image", "A GIF image."),
    ("png", "public.png", "public.image", "A PNG image."),
    ("icns", "com.apple.icns", "public.image", "Apple icon data."),
    ("bmp", "com.microsoft.bmp", "public.image", "A Windows bitmap."),
    ("ico", "com.microsoft.ico", "public.image", "Windows icon data."),
    ("rawImage", "public.camera-raw-image", "public.image", "A base type for raw image data (.raw)."),
    ("svg", "public.svg-image", "public.image", "A Scalable Vector Graphics image."),
    ("livePhoto", "com.apple.live-photo", "", "A Live Photo."),
    ("heif", "public.heif", "public.heif-standard", "A High Efficiency Image File Format image."),
    ("heic", "public.heic", "public.heif-standard", "A High Efficiency Image Coding image."),
    ("heics", "public.heics", "public.heif-standard", "A High Efficiency Image Coding image sequence."),
    ("webP", "org.webmproject.webp", "public.image", "The WebP image format."),
    ("exr", "com.ilm.openexr-image", "public.image", "An OpenEXR image."),
    ("dng", "com.adobe.raw-image", "public.camera-raw-image", "An Adobe Digital Negative image."),
    ("jpegxl", "public.jpeg-xl", "public.image", "A JPEG-XL encoded image."),
    ("threeDContent", "public.3d-content", "public.content", "A base type for 3D content."),
    ("usd", "com.pixar.universal-scene-description", "public.3d-content, public.data", "Universal Scene Description content."),
    ("usdz", "com.pixar.universal-scene-description-mobile", "public.3d-content, public.data", "Universal Scene Description Package content."),
    ("realityFile", "com.apple.reality", "public.data", "A Reality File."),
    ("sceneKitScene", "com.apple.scenekit.scene", "public.3d-content, public.data", "A SceneKit serialized scene."),
    ("arReferenceObject", "com.apple.arobject", "public.data", "An AR reference object."),
    ("audiovisualContent", "public.audiovisual-content", "public.data, public.content", "Any audio and/or video content."),
    ("movie", "public.movie", "public.audiovisual-content", "A media format which may contain both video and audio."),
    ("video", "public.video", "public.movie", "Pure video data with no audio data."),
    ("audio", "public.audio", "public.audiovisual-content", "Pure audio data with no video data."),
    ("quickTimeMovie", "com.apple.quicktime-movie", "public.movie", "A QuickTime movie."),
    ("mpeg", "public.mpeg", "public.movie", "An MPEG-1 or MPEG-2 movie."),
    ("mpeg2Video", "public.mpeg-2-video", "public.video", "An MPEG-2 video."),
    ("mpeg2TransportStream", "public.mpeg-2-transport-stream", "public.movie", "The MPEG-2 Transport Stream movie format."),
    ("mp3", "public.mp3", "public.audio", "MP3 audio."),
    ("mpeg4Movie", "public.mpeg-4", "public.movie", "An MPEG-4 movie."),
    ("mpeg4Audio", "public.mpeg-4-audio", "public.mpeg-4, public.audio", "An MPEG-4 audio layer file."),
    ("appleProtectedMPEG4Audio", "com.apple.protected-mpeg-4-audio", "public.audio", "The Apple protected MPEG-4 audio format (.m4p)."),
    ("appleProtectedMPEG4Video", "com.apple.protected-mpeg-4-video", "com.apple.m4v-video", "An Apple protected MPEG-4 movie."),
    ("avi", "public.avi", "public.movie", "The AVI movie format."),
    ("aiff", "public.aiff-audio", "public.aifc-audio", "The AIFF audio format."),
    ("wav", "com.microsoft.waveform-audio", "public.audio", "The Microsoft waveform audio format (.wav)."),
    ("midi", "public.midi-audio", "public.audio", "The MIDI audio format."),
    ("playlist", "public.playlist", "", "The base type for playlists."),
    ("m3uPlaylist", "public.m3u-playlist", "public.text, public.playlist", "An M3U or M3U8 playlist."),
    ("folder", "public.folder", "public.directory", "A user-browsable directory, not a package."),
    ("volume", "public.volume", "public.folder", "The root folder of a volume or mount point."),
    ("package", "com.apple.package", "public.directory", "A packaged directory, shown to the user as a single file."),
    ("bundle", "com.apple.bundle", "public.directory", "A directory conforming to one of the CFBundle layouts."),
    ("pluginBundle", "com.apple.plugin", "com.apple.bundle, com.apple.package", "The base type for bundle-based plug-ins."),
    ("spotlightImporter", "com.apple.metadata-importer", "com.apple.plugin", "A Spotlight metadata importer bundle."),
    ("quickLookGenerator", "com.apple.quicklook-generator", "com.apple.plugin", "A Quick Look preview generator bundle."),
    ("xpcService", "com.apple.xpc-service", "com.apple.bundle, com.apple.package", "An XPC service bundle."),
    ("framework", "com.apple.framework", "com.apple.bundle", "A macOS or iOS framework bundle."),
    ("application", "com.apple.application", "public.executable", "The base type for macOS and iOS applications."),
    ("applicationBundle", "com.apple.application-bundle", "com.apple.application, com.apple.bundle, com.apple.package", "A bundled application."),
    ("applicationExtension", "com.apple.application-and-system-extension", "com.apple.xpc-service", "An application extension (.appex)."),
    ("unixExecutable", "public.unix-executable", "public.data, public.executable", "A UNIX executable (flat file)."),
    ("exe", "com.microsoft.windows-executable", "public.data, public.executable", "A Windows executable (.exe)."),
    ("systemPreferencesPane", "com.apple.systempreference.prefpane", "com.apple.package, com.apple.bundle", "A System Preferences pane."),
    ("archive", "public.archive", "", "An archive of files and directories."),
    ("gzip", "org.gnu.gnu-zip-archive", "public.data, public.archive", "A GNU zip archive."),
    ("bz2", "public.bzip2-archive", "public.data, public.archive", "A bzip2 archive."),
    ("zip", "public.zip-archive", "com.pkware.zip-archive", "A zip archive."),
    ("appleArchive", "com.apple.archive", "public.data, public.archive", "An Apple Archive."),
    ("tarArchive", "public.tar-archive", "public.data, public.archive", "A tar archive."),
    ("spreadsheet", "public.spreadsheet", "public.content", "A base type for spreadsheet documents."),
    ("presentation", "public.presentation", "public.composite-content", "A base type for presentation documents."),
    ("database", "public.database", "", "A database store."),
    ("message", "public.message", "", "A base type for messages: email, IM, and so on."),
    ("contact", "public.contact", "", "Contact information, for a person, group, or organization."),
    ("vCard", "public.vcard", "public.text, public.contact", "A vCard file."),
    ("toDoItem", "public.to-do-item", "", "A to-do item."),
    ("calendarEvent", "public.calendar-event", "", "A calendar event."),
    ("emailMessage", "public.email-message", "public.message", "An email message."),
    ("internetLocation", "com.apple.internet-location", "public.data", "A base type for Apple Internet location files."),
    ("internetShortcut", "com.microsoft.internet-shortcut", "public.data", "Microsoft Internet shortcut files (.url)."),
    ("font", "public.font", "", "A base type for fonts."),
    ("bookmark", "public.bookmark", "", "A bookmark."),
    ("pkcs12", "com.rsa.pkcs-12", "public.data", "PKCS #12 data."),
    ("x509Certificate", "public.x509-certificate", "public.data", "An X.509 certificate."),
    ("epub", "org.idpf.epub-container", "public.data, public.composite-content", "The EPUB format."),
    ("log", "public.log", "", "A base type for console logs."),
    ("ahap", "com.apple.haptics.ahap", "", "An Apple Haptic and Audio Pattern file."),
    ("geoJSON", "public.geojson", "", "A GeoJSON file."),
    ("linkPresentationMetadata", "com.apple.linkpresentation.metadata", "", "Link presentation metadata."),
]

lines = [
    "// Generated by scripts/make-constants.py. Do not edit.",
    "",
    "extension UTType {",
    "  /// The name and identifier of every constant, for tests and tools; a constant reads its",
    "  /// type by its index here (see `UTType+System.swift`).",
    "  static let constants: [(name: String, identifier: String, documentedParents: [String])] = [",
]
for name, identifier, parents, _ in CONSTANTS:
    plist = ", ".join(f'"{p.strip()}"' for p in parents.split(",") if p.strip())
    lines.append(f'    ("{name}", "{identifier}", [{plist}]),')
lines.append("  ]")
for index, (name, identifier, parents, summary) in enumerate(CONSTANTS):
    lines.append("")
    lines.append(f"  /// {summary}")
    lines.append("  ///")
    lines.append(f"  /// UTI: `{identifier}`" + (f"; conforms to: `{'`, `'.join(p.strip() for p in parents.split(','))}`." if parents else "."))
    lines.append(f"  /// Apple's counterpart: `UTType.{name}`.")
    lines.append(f'  public static var {name}: UTType {{ system({index}) }}')
lines.append("}")
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
path = os.path.join(ROOT, "Sources", "TypeRegistry", "Generated", "UTType+Constants.swift")
text = subprocess.run(
    ["swift", "format", "--configuration", os.path.join(ROOT, ".swift-format"), "--assume-filename", path],
    input=("\n".join(lines) + "\n").encode(), capture_output=True, check=True).stdout.decode()
current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
if "--check" in sys.argv[1:]:
    if current != text:
        print(f"{os.path.relpath(path, ROOT)} is out of date: run python3 scripts/make-constants.py", file=sys.stderr)
        sys.exit(1)
    sys.exit(0)
if current != text:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
print(len(CONSTANTS), "constants")
