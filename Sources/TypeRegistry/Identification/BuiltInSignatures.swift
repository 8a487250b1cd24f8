/// The content signatures identification uses on a machine without a shared-mime-info database:
/// the formats people meet most, each written from the format's own specification (cited beside
/// its rule), in the database's own source format so that one reader and one matcher serve both.
///
/// Names are not matched here: without a database, a name's filename extension is looked up in
/// the registry (the built-in catalog), and these rules decide only where the name does not.
enum BuiltInSignatures {
  /// The signatures as shared-mime-info source XML (no globs).
  static let xml = #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
      <!-- Images -->
      <mime-type type="image/png"><comment>PNG image</comment>
        <!-- PNG (ISO/IEC 15948) 5.2: the eight-byte signature. -->
        <magic><match type="string" offset="0" value="\x89PNG\r\n\x1a\n"/></magic></mime-type>
      <mime-type type="image/jpeg"><comment>JPEG image</comment>
        <!-- JPEG (ITU T.81) B.1.1.2: SOI (FFD8) followed by a marker (FF). -->
        <magic><match type="string" offset="0" value="\xff\xd8\xff"/></magic></mime-type>
      <mime-type type="image/gif"><comment>GIF image</comment>
        <!-- GIF89a specification, 17: the header's signature and version. -->
        <magic><match type="string" offset="0" value="GIF87a"/><match type="string" offset="0" value="GIF89a"/></magic>
      </mime-type>
      <mime-type type="image/webp"><comment>WebP image</comment>
        <!-- RFC 9649 2.5: a RIFF file whose form type is WEBP. -->
        <magic><match type="string" offset="0" value="RIFF"><match type="string" offset="8" value="WEBP"/></match></magic>
      </mime-type>
      <mime-type type="image/heic"><comment>HEIF image (HEVC)</comment>
        <!-- ISO/IEC 23008-12 Annex B: the ftyp box's major brand. -->
        <magic priority="60"><match type="string" offset="4" value="ftyp">
          <match type="string" offset="8" value="heic"/><match type="string" offset="8" value="heix"/>
          <match type="string" offset="8" value="heim"/><match type="string" offset="8" value="heis"/>
        </match></magic></mime-type>
      <mime-type type="image/avif"><comment>AVIF image</comment>
        <!-- AV1 Image File Format 1.1, 9.1: the avif and avis brands. -->
        <magic priority="60"><match type="string" offset="4" value="ftyp">
          <match type="string" offset="8" value="avif"/><match type="string" offset="8" value="avis"/>
        </match></magic></mime-type>
      <mime-type type="image/bmp"><comment>BMP image</comment>
        <!-- BITMAPFILEHEADER: bfType "BM", then the reserved words, zero. -->
        <magic priority="40"><match type="string" offset="0" value="BM"><match type="big32" offset="6" value="0"/></match></magic>
      </mime-type>
      <mime-type type="image/tiff"><comment>TIFF image</comment>
        <!-- TIFF 6.0, section 2: byte order, then 42. -->
        <magic><match type="string" offset="0" value="II*\0"/><match type="string" offset="0" value="MM\0*"/></magic>
      </mime-type>
      <mime-type type="image/vnd.adobe.photoshop"><comment>Photoshop image</comment>
        <!-- Adobe Photoshop File Formats Specification: "8BPS", version 1. -->
        <magic><match type="string" offset="0" value="8BPS\0\x01"/></magic></mime-type>
      <!-- Documents -->
      <mime-type type="application/pdf"><comment>PDF document</comment>
        <!-- ISO 32000-1 7.5.2 and Annex H: the header, which readers accept within the first 1024 bytes. -->
        <magic><match type="string" offset="0:1023" value="%PDF-"/></magic></mime-type>
      <mime-type type="application/postscript"><comment>PostScript document</comment>
        <!-- PostScript Language Document Structuring Conventions 3.0: "%!PS". -->
        <magic><match type="string" offset="0" value="%!PS"/></magic></mime-type>
      <mime-type type="application/rtf"><comment>RTF document</comment>
        <!-- Rich Text Format 1.9.1: the document starts with the rtf control word. -->
        <magic><match type="string" offset="0" value="{\\rtf"/></magic></mime-type>
      <!-- ZIP and the formats built on it: the first entry's name (APPNOTE 4.3.7: at offset 30) -->
      <mime-type type="application/zip"><comment>ZIP archive</comment>
        <!-- APPNOTE.TXT 4.3.7: a local file header, or an empty archive's end record. -->
        <magic priority="40"><match type="string" offset="0" value="PK\x03\x04"/>
          <match type="string" offset="0" value="PK\x05\x06"/></magic></mime-type>
      <mime-type type="application/epub+zip"><comment>EPUB document</comment><sub-class-of type="application/zip"/>
        <!-- EPUB Open Container Format 3.3, 4.2.2: the first entry is "mimetype", stored, holding the type. -->
        <magic priority="70"><match type="string" offset="0" value="PK\x03\x04">
          <match type="string" offset="30" value="mimetypeapplication/epub+zip"/></match></magic></mime-type>
      <mime-type type="application/vnd.oasis.opendocument.text"><comment>OpenDocument text</comment>
        <sub-class-of type="application/zip"/>
        <!-- OpenDocument 1.3 part 2, 3.3: the first entry is "mimetype", holding the type. -->
        <magic priority="70"><match type="string" offset="0" value="PK\x03\x04">
          <match type="string" offset="30" value="mimetypeapplication/vnd.oasis.opendocument.text"/></match></magic></mime-type>
      <mime-type type="application/vnd.oasis.opendocument.spreadsheet"><comment>OpenDocument spreadsheet</comment>
        <sub-class-of type="application/zip"/>
        <magic priority="70"><match type="string" offset="0" value="PK\x03\x04">
          <match type="string" offset="30" value="mimetypeapplication/vnd.oasis.opendocument.spreadsheet"/></match></magic>
      </mime-type>
      <mime-type type="application/vnd.oasis.opendocument.presentation"><comment>OpenDocument presentation</comment>
        <sub-class-of type="application/zip"/>
        <magic priority="70"><match type="string" offset="0" value="PK\x03\x04">
          <match type="string" offset="30" value="mimetypeapplication/vnd.oasis.opendocument.presentation"/></match></magic>
      </mime-type>
      <mime-type type="application/vnd.openxmlformats-officedocument.wordprocessingml.document">
        <comment>Word document</comment><sub-class-of type="application/zip"/>
        <!-- ECMA-376 part 2 (Open Packaging Conventions): the package's parts; a Word document's are under word/. -->
        <magic priority="60"><match type="string" offset="0" value="PK\x03\x04">
          <match type="string" offset="30:4096" value="word/"/></match></magic></mime-type>
      <mime-type type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
        <comment>Excel spreadsheet</comment><sub-class-of type="application/zip"/>
        <magic priority="60"><match type="string" offset="0" value="PK\x03\x04">
          <match type="string" offset="30:4096" value="xl/"/></match></magic></mime-type>
      <mime-type type="application/vnd.openxmlformats-officedocument.presentationml.presentation">
        <comment>PowerPoint presentation</comment><sub-class-of type="application/zip"/>
        <magic priority="60"><match type="string" offset="0" value="PK\x03\x04">
          <match type="string" offset="30:4096" value="ppt/"/></match></magic></mime-type>
      <mime-type type="application/java-archive"><comment>Java archive</comment><sub-class-of type="application/zip"/>
        <!-- JAR File Specification: META-INF/ (the manifest's folder) comes first. -->
        <magic priority="60"><match type="string" offset="0" value="PK\x03\x04">
          <match type="string" offset="30" value="META-INF/"/></match></magic></mime-type>
      <!-- Compression and archives -->
      <mime-type type="application/gzip"><comment>gzip archive</comment>
        <!-- RFC 1952 2.3.1: ID1 ID2 and CM (8, deflate). -->
        <magic><match type="string" offset="0" value="\x1f\x8b\x08"/></magic></mime-type>
      <mime-type type="application/x-bzip2"><comment>bzip2 archive</comment>
        <!-- bzip2 format: "BZh" and a block size from 1 to 9. -->
        <magic><match type="string" offset="0" value="BZh"/></magic></mime-type>
      <mime-type type="application/x-xz"><comment>xz archive</comment>
        <!-- The .xz File Format 1.2.1, 2.1.1.1: the header magic bytes. -->
        <magic><match type="string" offset="0" value="\xfd7zXZ\0"/></magic></mime-type>
      <mime-type type="application/zstd"><comment>Zstandard archive</comment>
        <!-- RFC 8878 3.1.1: the frame's magic number, little-endian. -->
        <magic><match type="little32" offset="0" value="0xFD2FB528"/></magic></mime-type>
      <mime-type type="application/x-7z-compressed"><comment>7-Zip archive</comment>
        <!-- 7z format (7zFormat.txt): the signature header. -->
        <magic><match type="string" offset="0" value="7z\xbc\xaf\x27\x1c"/></magic></mime-type>
      <mime-type type="application/vnd.rar"><comment>RAR archive</comment>
        <!-- RAR 5.0 archive format: the signature (RAR 1.5 to 4 end \x00, RAR 5 end \x01\x00). -->
        <magic><match type="string" offset="0" value="Rar!\x1a\x07"/></magic></mime-type>
      <mime-type type="application/x-tar"><comment>tar archive</comment>
        <!-- POSIX.1-1988 ustar header: magic at offset 257 (GNU tar writes "ustar  "). -->
        <magic><match type="string" offset="257" value="ustar"/></magic></mime-type>
      <!-- Executables -->
      <mime-type type="application/x-executable"><comment>ELF executable</comment>
        <!-- System V ABI (ELF) 4.1: e_ident's magic number. ET_DYN (3) is a shared library or a
             position-independent executable alike, so only ET_REL and ET_CORE are told apart. -->
        <magic priority="40"><match type="string" offset="0" value="\x7fELF"/></magic></mime-type>
      <mime-type type="application/x-object"><comment>ELF object file</comment>
        <!-- e_type (offset 16) ET_REL (1), in the byte order e_ident[EI_DATA] (offset 5) gives. -->
        <magic><match type="string" offset="0" value="\x7fELF">
          <match type="byte" offset="5" value="1"><match type="little16" offset="16" value="1"/></match>
          <match type="byte" offset="5" value="2"><match type="big16" offset="16" value="1"/></match>
        </match></magic></mime-type>
      <mime-type type="application/x-core"><comment>ELF core dump</comment>
        <magic><match type="string" offset="0" value="\x7fELF">
          <match type="byte" offset="5" value="1"><match type="little16" offset="16" value="4"/></match>
          <match type="byte" offset="5" value="2"><match type="big16" offset="16" value="4"/></match>
        </match></magic></mime-type>
      <mime-type type="application/x-mach-binary"><comment>Mach-O binary</comment>
        <!-- <mach-o/loader.h>: MH_MAGIC and MH_MAGIC_64, in either byte order. -->
        <magic><match type="big32" offset="0" value="0xfeedface"/><match type="big32" offset="0" value="0xfeedfacf"/>
          <match type="little32" offset="0" value="0xfeedface"/><match type="little32" offset="0" value="0xfeedfacf"/></magic>
      </mime-type>
      <mime-type type="application/wasm"><comment>WebAssembly module</comment>
        <!-- WebAssembly Core Specification 5.5.16: magic "\0asm", then the version. -->
        <magic><match type="string" offset="0" value="\0asm"/></magic></mime-type>
      <!-- Audio and video -->
      <mime-type type="audio/mpeg"><comment>MP3 audio</comment>
        <!-- ID3v2.4 3.1: the "ID3" tag header; else an MPEG-1 layer III frame sync (ISO/IEC 11172-3 2.4.2.3). -->
        <magic><match type="string" offset="0" value="ID3"/>
          <match type="big16" offset="0" value="0xfffa" mask="0xfffe"/><match type="big16" offset="0" value="0xfff2" mask="0xfffe"/>
        </magic></mime-type>
      <mime-type type="video/mp4"><comment>MPEG-4 video</comment>
        <!-- ISO/IEC 14496-12 4.3 and 14496-14: the ftyp box's major brand. -->
        <magic><match type="string" offset="4" value="ftyp">
          <match type="string" offset="8" value="isom"/><match type="string" offset="8" value="iso2"/>
          <match type="string" offset="8" value="mp41"/><match type="string" offset="8" value="mp42"/>
          <match type="string" offset="8" value="avc1"/><match type="string" offset="8" value="dash"/>
        </match></magic></mime-type>
      <mime-type type="audio/mp4"><comment>MPEG-4 audio</comment>
        <magic><match type="string" offset="4" value="ftyp"><match type="string" offset="8" value="M4A "/></match></magic>
      </mime-type>
      <mime-type type="video/quicktime"><comment>QuickTime movie</comment>
        <!-- QuickTime File Format: the "qt  " brand, or a movie or media atom first. -->
        <magic><match type="string" offset="4" value="ftyp"><match type="string" offset="8" value="qt  "/></match></magic>
        <magic priority="40"><match type="string" offset="4" value="moov"/><match type="string" offset="4" value="mdat"/></magic>
      </mime-type>
      <mime-type type="video/webm"><comment>WebM video</comment>
        <!-- RFC 9559 (Matroska): the EBML header, whose DocType is "webm". -->
        <magic priority="60"><match type="string" offset="0" value="\x1a\x45\xdf\xa3">
          <match type="string" offset="5:64" value="webm"/></match></magic></mime-type>
      <mime-type type="video/x-matroska"><comment>Matroska video</comment>
        <magic><match type="string" offset="0" value="\x1a\x45\xdf\xa3"/></magic></mime-type>
      <mime-type type="video/x-msvideo"><comment>AVI video</comment>
        <!-- AVI RIFF File Reference: a RIFF file whose form type is "AVI ". -->
        <magic><match type="string" offset="0" value="RIFF"><match type="string" offset="8" value="AVI "/></match></magic>
      </mime-type>
      <mime-type type="audio/vnd.wave"><comment>WAV audio</comment>
        <!-- RFC 2361 and the RIFF specification: form type "WAVE". -->
        <magic><match type="string" offset="0" value="RIFF"><match type="string" offset="8" value="WAVE"/></match></magic>
      </mime-type>
      <mime-type type="audio/aiff"><comment>AIFF audio</comment>
        <!-- Audio Interchange File Format 1.3: a FORM whose type is AIFF or AIFC. -->
        <magic><match type="string" offset="0" value="FORM">
          <match type="string" offset="8" value="AIFF"/><match type="string" offset="8" value="AIFC"/></match></magic>
      </mime-type>
      <mime-type type="audio/flac"><comment>FLAC audio</comment>
        <!-- RFC 9639 8: the stream marker "fLaC". -->
        <magic><match type="string" offset="0" value="fLaC"/></magic></mime-type>
      <mime-type type="audio/ogg"><comment>Ogg audio</comment>
        <!-- RFC 3533 6: the capture pattern "OggS", stream structure version 0. -->
        <magic><match type="string" offset="0" value="OggS\0"/></magic></mime-type>
      <mime-type type="video/ogg"><comment>Ogg video</comment>
        <!-- Theora specification 6.1: the first packet (offset 28 of the first page) is the identification header. -->
        <magic priority="60"><match type="string" offset="0" value="OggS\0"><match type="string" offset="28" value="\x80theora"/></match></magic>
      </mime-type>
      <mime-type type="audio/midi"><comment>MIDI audio</comment>
        <!-- Standard MIDI Files 1.0: the header chunk "MThd" of length 6. -->
        <magic><match type="string" offset="0" value="MThd\0\0\0\x06"/></magic></mime-type>
      <!-- Data -->
      <mime-type type="application/vnd.sqlite3"><comment>SQLite database</comment>
        <!-- SQLite Database File Format 1.3: the 16-byte header string. -->
        <magic><match type="string" offset="0" value="SQLite format 3\0"/></magic></mime-type>
      <!-- Fonts -->
      <mime-type type="font/ttf"><comment>TrueType font</comment>
        <!-- OpenType 1.9 "Organization of an OpenType font": sfntVersion 0x00010000 or "true", then numTables. -->
        <magic priority="40"><match type="big32" offset="0" value="0x00010000"><match type="big16" offset="4" value="0" mask="0xff00"/></match>
          <match type="string" offset="0" value="true"/></magic></mime-type>
      <mime-type type="font/otf"><comment>OpenType font</comment>
        <!-- OpenType 1.9: sfntVersion "OTTO" for CFF outlines. -->
        <magic><match type="string" offset="0" value="OTTO"/></magic></mime-type>
      <mime-type type="font/collection"><comment>font collection</comment>
        <!-- OpenType 1.9 "Font Collections": the TTC header tag. -->
        <magic><match type="string" offset="0" value="ttcf"/></magic></mime-type>
      <mime-type type="font/woff"><comment>WOFF font</comment>
        <!-- WOFF 1.0, 3: the signature "wOFF". -->
        <magic><match type="string" offset="0" value="wOFF"/></magic></mime-type>
      <mime-type type="font/woff2"><comment>WOFF2 font</comment>
        <!-- WOFF 2.0, 3: the signature "wOF2". -->
        <magic><match type="string" offset="0" value="wOF2"/></magic></mime-type>
      <!-- XML, refined by the document element where a rule names it -->
      <mime-type type="application/xml"><comment>XML document</comment>
        <!-- XML 1.0 2.8: the XML declaration. -->
        <magic priority="40"><match type="string" offset="0" value="&lt;?xml"/><match type="string" offset="0" value="\xef\xbb\xbf&lt;?xml"/></magic>
      </mime-type>
      <mime-type type="image/svg+xml"><comment>SVG image</comment><sub-class-of type="application/xml"/>
        <root-XML namespaceURI="http://www.w3.org/2000/svg" localName="svg"/></mime-type>
      <mime-type type="application/xhtml+xml"><comment>XHTML page</comment><sub-class-of type="application/xml"/>
        <root-XML namespaceURI="http://www.w3.org/1999/xhtml" localName="html"/></mime-type>
      <mime-type type="application/x-plist"><comment>property list</comment><sub-class-of type="application/xml"/>
        <!-- Apple's property list DTD: the document element plist (no namespace), found by the DOCTYPE. -->
        <magic priority="60"><match type="string" offset="0:256" value="-//Apple//DTD PLIST"/></magic></mime-type>
    </mime-info>
    """#

  /// The signatures as a database, compiled once.
  static let database: MIMEDatabase = {
    guard let package = try? MIMEPackage(xml: Array(xml.utf8), path: "built-in signatures"),
      let cache = try? MIMECache(bytes: package.cacheImage, path: "built-in signatures")
    else { return MIMEDatabase(caches: []) }
    var comments: [String: String] = [:]
    for entry in package.types { comments[entry.mimeType] = entry.comment }
    return MIMEDatabase(caches: [cache], comments: comments, declaredTypes: package.types.map(\.mimeType))
  }()
}
