#!/usr/bin/env python3
"""Writes Tests/Fixtures/hostile/: malformed and malicious property lists, one file a case, and
manifest.json with what reading each must report: the error code, a fragment of the message, and
the location (byte offset, and line:column for text formats). Offsets are computed here, as the
files are assembled, independently of the reader under test.

Run from the repository root: python3 scripts/make-hostile-fixtures.py
"""
import json
import os
import struct

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "Fixtures", "hostile")
manifest = []


def add(name, data, code, contains, offset=None, line=None, column=None):
    if isinstance(data, str):
        data = data.encode("utf-8")
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    entry = {"file": name, "code": code, "contains": contains}
    if offset is not None:
        entry["offset"] = offset
    if line is not None:
        entry["line"], entry["column"] = line, column
    manifest.append(entry)


def text_location(data, offset):
    if isinstance(data, str):
        data = data.encode("utf-8")
    before = data[:offset]
    line = before.count(b"\n") + 1
    column = offset - (before.rfind(b"\n") + 1) + 1
    return line, column


def add_text(name, data, code, contains, offset):
    line, column = text_location(data, offset)
    add(name, data, code, contains, offset, line, column)


HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'

# --- XML -------------------------------------------------------------------------------------
laughs = HEADER + "<!DOCTYPE plist [\n <!ENTITY lol \"lol\">\n"
for n in range(1, 10):
    laughs += ' <!ENTITY lol%d "%s">\n' % (n, ("&lol%s;" % ("" if n == 1 else n - 1)) * 10)
laughs += "]>\n<plist><string>&lol9;</string></plist>\n"
add_text("billion-laughs.xml", laughs, "unsupported", "entity declarations are not supported", laughs.index("<!ENTITY"))

xxe = HEADER + '<!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<plist><string>&xxe;</string></plist>\n'
add_text("external-entity.xml", xxe, "unsupported", "entity declarations are not supported", xxe.index("<!ENTITY"))

xxe_use = HEADER + '<!DOCTYPE plist SYSTEM "file:///etc/passwd">\n<plist><string>&xxe;</string></plist>\n'
add_text("external-entity-reference.xml", xxe_use, "unsupported", "undefined entity &xxe;", xxe_use.index("&xxe;"))

deep = "<plist>" + "<array>" * 100000 + "</array>" * 100000 + "</plist>"
add_text("deep-arrays-100000.xml", deep, "limit", "nesting deeper than 512 levels", 7 + 512 * 7)

deep_dict = "<plist>" + "<dict><key>k</key>" * 100000 + "<true/>" + "</dict>" * 100000 + "</plist>"
add_text("deep-dicts-100000.xml", deep_dict, "limit", "nesting deeper than 512 levels", 7 + 512 * 18)

cdata = "<plist><string><![CDATA[never closed"
add_text("unterminated-cdata.xml", cdata, "truncated", "unterminated CDATA section", cdata.index("<![CDATA["))

comment = "<plist>\n<!-- never closed\n<string>x</string></plist>"
add_text("unterminated-comment.xml", comment, "truncated", "unterminated comment", comment.index("<!--"))

nul = b"<plist><string>a\x00b</string></plist>"
add_text("nul-byte.xml", nul, "syntax", "NUL byte in <string>", nul.index(b"\x00"))

bad_utf8 = b"<plist>\n<string>caf\xe9</string></plist>"
add_text("invalid-utf8.xml", bad_utf8, "encoding", "invalid UTF-8: byte 0xE9", bad_utf8.index(b"\xe9"))

overlong = b"<plist><string>\xc0\xaf</string></plist>"
add_text("overlong-utf8.xml", overlong, "encoding", "invalid UTF-8: byte 0xC0", overlong.index(b"\xc0"))

surrogate8 = b"<plist><string>\xed\xa0\x80</string></plist>"
add_text("utf8-encoded-surrogate.xml", surrogate8, "encoding", "invalid UTF-8: byte 0xED", surrogate8.index(b"\xed"))

u16 = b"\xfe\xff" + "<plist><string>".encode("utf-16-be") + b"\xdc\x00" + "</string></plist>".encode("utf-16-be")
add("lone-surrogate-utf16.xml", u16, "encoding", "lone low surrogate U+DC00", 2 + 15 * 2, 1, 16)

odd = b"\xff\xfe" + "<plist/>".encode("utf-16-le") + b"\x3c"
add("odd-length-utf16.xml", odd, "encoding", "odd number of bytes", len(odd) - 1, 1, 9)

big = "<plist><integer>340282366920938463463374607431768211456</integer></plist>"
add_text("integer-beyond-64-bits.xml", big, "limit", "does not fit in 64 bits", 7)

truncated = HEADER + "<plist>\n<dict>\n\t<key>UTTypeIdentifier</key>\n\t<string>com.exa"
add_text("truncated-in-string.xml", truncated, "truncated", "<string> opened at 5:2 is not closed", len(truncated))

charref = "<plist><string>&#x110000;</string></plist>"
add_text("character-reference-beyond-unicode.xml", charref, "syntax", "invalid character reference", charref.index("&"))

attribute = '<plist version="1.0><string>x</string></plist>'
add_text("unterminated-attribute.xml", attribute, "syntax", "unterminated attribute value", attribute.index('"'))

# --- binary ----------------------------------------------------------------------------------


def bplist(objects, top=0, offset_size=None, ref_size=1, count=None, table_offset=None, offsets=None, magic=b"bplist00",
           trailer_offset_size=None):
    """objects: list of raw object bytes. Returns (file, offsets of objects)."""
    out = bytearray(magic)
    starts = []
    for obj in objects:
        starts.append(len(out))
        out += obj
    table = len(out)
    real_offsets = offsets if offsets is not None else starts
    size = offset_size if offset_size is not None else (1 if table < 256 else 2 if table < 65536 else 4)
    for o in real_offsets:
        out += o.to_bytes(max(size, 1), "big") if size else b""
    out += bytes(6) + bytes([size if trailer_offset_size is None else trailer_offset_size, ref_size])
    out += struct.pack(">QQQ", count if count is not None else len(objects), top,
                       table_offset if table_offset is not None else table)
    return bytes(out), starts


def trailer(data):
    return len(data) - 32


data, starts = bplist([bytes([0xA1, 0])])
add("self-reference.bplist", data, "corrupt", "reference cycle: object 0 contains itself", starts[0])

data, starts = bplist([bytes([0xA1, 1]), bytes([0xA1, 0])])
add("indirect-cycle.bplist", data, "corrupt", "reference cycle", starts[1])

data, starts = bplist([bytes([0x09])], offsets=[200])
add("offset-past-end.bplist", data, "corrupt", "offset table entry 0 points to 200", len(data) - 33)

data, _ = bplist([bytes([0x09])], count=1 << 62)
add("absurd-object-count.bplist", data, "corrupt", "object count 4611686018427387904 is impossible", trailer(data) + 8)

data, _ = bplist([bytes([0x09])], trailer_offset_size=0)
add("offset-size-0.bplist", data, "corrupt", "offset size 0 is not between 1 and 8", trailer(data) + 6)

data, _ = bplist([bytes([0x09])], trailer_offset_size=9)
add("offset-size-9.bplist", data, "corrupt", "offset size 9 is not between 1 and 8", trailer(data) + 6)

data, _ = bplist([bytes([0x09])], ref_size=0)
add("reference-size-0.bplist", data, "corrupt", "object reference size 0 is not between 1 and 8", trailer(data) + 7)

data, _ = bplist([bytes([0x09])], top=5)
add("top-object-out-of-range.bplist", data, "corrupt", "top object 5 is not below the object count 1", trailer(data) + 16)

data, _ = bplist([bytes([0x09])], table_offset=1 << 40)
add("offset-table-past-end.bplist", data, "corrupt", "offset table at 1099511627776 is outside", trailer(data) + 24)

data, starts = bplist([bytes([0x5F, 0x13]) + (1 << 62).to_bytes(8, "big") + b"abc"])
add("huge-string-length.bplist", data, "corrupt", "declared length 4611686018427387904 exceeds the file size", starts[0] + 1)

data, starts = bplist([bytes([0xAF, 0x12]) + (1 << 30).to_bytes(4, "big") + bytes([0])])
add("huge-array-count.bplist", data, "corrupt", "declared length 1073741824 exceeds the file size", starts[0] + 1)

data, starts = bplist([bytes([0xAE, 0])])
add("array-references-past-objects.bplist", data, "corrupt", "array of 14 declared at offset 8 extends past", starts[0])

data, starts = bplist([bytes([0xA1, 7])])
add("reference-out-of-range.bplist", data, "corrupt", "object reference 7 is out of range", starts[0] + 1)

data, starts = bplist([bytes([0xC1, 1]), bytes([0x09])])
add("set-marker.bplist", data, "unsupported", "set (marker 0xC1) is not supported", starts[0])

data, starts = bplist([bytes([0x0F])])
add("fill-marker.bplist", data, "unsupported", "fill byte (marker 0x0F)", starts[0])

data, starts = bplist([bytes([0x00])])
add("null-marker.bplist", data, "unsupported", "null object", starts[0])

n = 100000
objs = [bytes([0xA1]) + (k + 1).to_bytes(4, "big") for k in range(n)] + [bytes([0x09])]
data, starts = bplist(objs, ref_size=4)
add("deep-arrays-100000.bplist", data, "limit", "nesting deeper than 512 levels", starts[512])

levels = 64
objs = [bytes([0xA2]) + bytes([k + 1, k + 1]) for k in range(levels)] + [bytes([0x09])]
data, starts = bplist(objs)
# Level k (from the bottom, leaf = 0) expands to 2^(k+1) - 1 values; the limit is one million.
first_over = next(k for k in range(levels) if 2 ** (k + 2) - 1 > 1_000_000)
add("billion-laughs.bplist", data, "limit", "shared objects expand to more than 1000000 values",
    starts[levels - 1 - first_over])

data, starts = bplist([bytes([0x14]) + (1).to_bytes(8, "big") + bytes(8)])
add("integer-128-bit-overflow.bplist", data, "limit", "128-bit integer does not fit", starts[0])

data, starts = bplist([bytes([0xD1, 1, 2]), bytes([0x10, 5]), bytes([0x09])])
add("integer-dictionary-key.bplist", data, "structure", "dictionary key is a integer, expected a string", starts[1])

data, starts = bplist([bytes([0x61, 0xD8, 0x00])])
add("lone-surrogate.bplist", data, "encoding", "lone surrogate U+D800", starts[0] + 1)

data, starts = bplist([bytes([0x09])], magic=b"bplist15")
add("version-15.bplist", data, "unsupported", "binary plist version '15' is not supported", 6)

full, starts = bplist([bytes([0xA2, 1, 2]), bytes([0x55]) + b"hello", bytes([0x23]) + struct.pack(">d", 1.5)])
add("truncated-header.bplist", full[:7], "truncated", "shorter than the 8-byte header", 0)
add("truncated-in-trailer.bplist", full[:-5], "corrupt", "corrupt trailer", None)
add("truncated-in-offset-table.bplist", full[:-33] + full[-32:], "corrupt", "corrupt trailer: an offset table of 3 entries", len(full) - 1 - 32 + 8)
data, starts = bplist([bytes([0x5E]) + b"hello"])
add("string-runs-past-objects.bplist", data, "corrupt", "ASCII string of 14 declared at offset 8 extends past", starts[0])
add("truncated-to-header.bplist", full[:8], "truncated", "cannot hold a header", 8)

# --- JSON and OpenStep -----------------------------------------------------------------------
deep_json = "[" * 100000 + "]" * 100000
add_text("deep-arrays-100000.json", deep_json, "limit", "nesting deeper than 512 levels", 512)

lone_json = '{"a": "\\ud800x"}'
add_text("lone-surrogate.json", lone_json, "encoding", "high surrogate \\uD800 without a low surrogate", lone_json.index("\\"))

unterminated_json = '{"key": "value'
add_text("unterminated-string.json", unterminated_json, "truncated", "unterminated string", 8)

deep_openstep = "(" * 100000 + ")" * 100000
add_text("deep-arrays-100000.openstep", deep_openstep, "limit", "nesting deeper than 512 levels", 512)

openstep_comment = "{ a = b; /* never closed"
add_text("unterminated-comment.openstep", openstep_comment, "truncated", "unterminated comment", openstep_comment.index("/*"))

with open(os.path.join(OUT, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=1)
    f.write("\n")
print("wrote %d cases" % len(manifest))
