#!/usr/bin/env python3
"""Generates the X11 wire of SystemPasteboardX11 from xcb-proto's XML, as x11rb and xcbgen do: a
struct per request this client sends (opcode, name, fields in the XML's order and types, the
encoder, and the reply's decoder), a struct per event it reads or sends (its number, its fields
decoded from and encoded to the 32-byte form), a struct per structure it reads or writes (the
set-up reply, whose lists of lists are read in order by an `X11Reader`; a request's rectangles),
and the enumerations whose values it uses.

  python3 scripts/make-x11-protocol.py          # writes Sources/SystemPasteboardX11/Generated/
  python3 scripts/make-x11-protocol.py --check  # fails when the checked-in output differs

The XML lives in scripts/protocols/x11/ with its provenance (README.md there). Byte offsets are
computed here from the protocol's layout rules (a request's first one-byte field rides in its
header; a reply's and an event's first one-byte field sits at byte 1, the sequence number at 2);
no offset is written by hand.
"""
import keyword
import pathlib
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from generated_swift import emit  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
XML_DIR = ROOT / "scripts/protocols/x11"
OUT = ROOT / "Sources/SystemPasteboardX11/Generated/X11Protocol.swift"

# (file, request, Swift name): the requests this client sends.
REQUESTS = [
    ("xproto", "CreateWindow", "CreateWindow"),
    ("xproto", "ChangeWindowAttributes", "ChangeWindowAttributes"),
    ("xproto", "DestroyWindow", "DestroyWindow"),
    ("xproto", "MapWindow", "MapWindow"),
    ("xproto", "GetGeometry", "GetGeometry"),
    ("xproto", "QueryPointer", "QueryPointer"),
    ("xproto", "TranslateCoordinates", "TranslateCoordinates"),
    ("xproto", "InternAtom", "InternAtom"),
    ("xproto", "GetAtomName", "GetAtomName"),
    ("xproto", "ChangeProperty", "ChangeProperty"),
    ("xproto", "DeleteProperty", "DeleteProperty"),
    ("xproto", "GetProperty", "GetProperty"),
    ("xproto", "SetSelectionOwner", "SetSelectionOwner"),
    ("xproto", "GetSelectionOwner", "GetSelectionOwner"),
    ("xproto", "ConvertSelection", "ConvertSelection"),
    ("xproto", "SendEvent", "SendEvent"),
    ("xproto", "GrabPointer", "GrabPointer"),
    ("xproto", "UngrabPointer", "UngrabPointer"),
    ("xproto", "GrabKeyboard", "GrabKeyboard"),
    ("xproto", "UngrabKeyboard", "UngrabKeyboard"),
    ("xproto", "GetInputFocus", "GetInputFocus"),
    ("xproto", "GetKeyboardMapping", "GetKeyboardMapping"),
    ("xproto", "QueryExtension", "QueryExtension"),
    ("xproto", "ConfigureWindow", "ConfigureWindow"),
    ("xproto", "CreatePixmap", "CreatePixmap"),
    ("xproto", "FreePixmap", "FreePixmap"),
    ("xproto", "CreateGC", "CreateGC"),
    ("xproto", "FreeGC", "FreeGC"),
    ("xproto", "PutImage", "PutImage"),
    ("xproto", "CreateColormap", "CreateColormap"),
    ("xproto", "FreeColormap", "FreeColormap"),
    ("bigreq", "Enable", "BigRequestsEnable"),
    ("xfixes", "QueryVersion", "XFixesQueryVersion"),
    ("xfixes", "SelectSelectionInput", "XFixesSelectSelectionInput"),
    ("shape", "QueryVersion", "ShapeQueryVersion"),
    ("shape", "Rectangles", "ShapeRectangles"),
    ("render", "QueryVersion", "RenderQueryVersion"),
    ("render", "QueryPictFormats", "RenderQueryPictFormats"),
]

# (file, struct, Swift name, encoded, decoded): the structures this client writes (in a request's
# list) or reads (the connection's set-up, whose screens, depths and visuals are lists of lists).
STRUCTS = [
    ("xproto", "RECTANGLE", "Rectangle", True, False),
    ("xproto", "FORMAT", "Format", False, True),
    ("xproto", "VISUALTYPE", "VisualType", False, True),
    ("xproto", "DEPTH", "Depth", False, True),
    ("xproto", "SCREEN", "Screen", False, True),
    ("xproto", "Setup", "Setup", False, True),
    ("render", "DIRECTFORMAT", "RenderDirectFormat", False, True),
    ("render", "PICTFORMINFO", "RenderPictFormInfo", False, True),
    ("render", "PICTVISUAL", "RenderPictVisual", False, True),
    ("render", "PICTDEPTH", "RenderPictDepth", False, True),
    ("render", "PICTSCREEN", "RenderPictScreen", False, True),
]
STRUCT_SWIFT = {name: swift for _, name, swift, _, _ in STRUCTS}

# The prefix of an extension's enumerations (the core's have none).
ENUM_PREFIX = {"xfixes": "XFixes", "shape": "Shape", "render": "Render"}

# (file, event, Swift name, encoded): the events this client reads (and, `encoded`, sends).
EVENTS = [
    ("xproto", "KeyPress", "KeyPress", False),
    ("xproto", "ButtonPress", "ButtonPress", False),
    ("xproto", "ButtonRelease", "ButtonRelease", False),
    ("xproto", "MotionNotify", "MotionNotify", False),
    ("xproto", "DestroyNotify", "DestroyNotify", False),
    ("xproto", "PropertyNotify", "PropertyNotify", False),
    ("xproto", "SelectionClear", "SelectionClear", False),
    ("xproto", "SelectionRequest", "SelectionRequest", False),
    ("xproto", "SelectionNotify", "SelectionNotify", True),
    ("xproto", "ClientMessage", "ClientMessage", True),
    ("xfixes", "SelectionNotify", "XFixesSelectionNotify", False),
]

# Event numbers the framing needs beyond those above (events without a sequence number, and
# the generic event whose length is in its header).
EVENT_NUMBERS = [("xproto", "KeymapNotify"), ("xproto", "GeGeneric")]

# (file, enum, entries kept; None: all): the enumerations whose values the client uses.
ENUMS = [
    ("xproto", "EventMask", ["KeyPress", "ButtonPress", "ButtonRelease", "PointerMotion", "ButtonMotion", "Exposure",
                             "StructureNotify",
                             "PropertyChange"]),
    ("xproto", "WindowClass", None),
    ("xproto", "PropMode", None),
    ("xproto", "Property", None),
    ("xproto", "GetPropertyType", None),
    ("xproto", "GrabMode", None),
    ("xproto", "GrabStatus", None),
    ("xproto", "Time", None),
    ("xproto", "Window", None),
    ("xproto", "VisualClass", None),
    ("xproto", "ImageOrder", None),
    ("xproto", "ImageFormat", None),
    ("xproto", "ColormapAlloc", None),
    ("xproto", "ConfigWindow", None),
    ("xproto", "ClipOrdering", None),
    ("xfixes", "SelectionEventMask", None),
    ("shape", "SO", None),
    ("shape", "SK", None),
    ("render", "PictType", None),
]

BYTES = {
    "CARD8": 1, "INT8": 1, "BYTE": 1, "BOOL": 1, "char": 1, "void": 1, "KEYCODE": 1, "BUTTON": 1,
    "CARD16": 2, "INT16": 2,
    "CARD32": 4, "INT32": 4,
}
SWIFT = {
    "CARD8": "UInt8", "BYTE": "UInt8", "KEYCODE": "UInt8", "BUTTON": "UInt8", "INT8": "Int8", "BOOL": "Bool",
    "CARD16": "UInt16", "INT16": "Int16", "CARD32": "UInt32", "INT32": "Int32", "char": "UInt8", "void": "UInt8",
}


def camel(name, upper=False):
    parts = name.replace("-", "_").split("_")
    text = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    if upper:
        text = text[:1].upper() + text[1:]
    elif text[:1].isupper() and not text.isupper():
        text = text[:1].lower() + text[1:]
    return text


def label(name):
    text = camel(name)
    return f"`{text}`" if keyword.iskeyword(text) or text in ("class", "in", "func", "self", "Type", "default") else text


class Protocol:
    """One XML file: its types (xidtypes and typedefs resolve to a core type), requests, events."""

    def __init__(self, name):
        self.root = ET.parse(XML_DIR / f"{name}.xml").getroot()
        self.name = name
        self.aliases = {}
        for node in self.root:
            if node.tag in ("xidtype", "xidunion"):
                self.aliases[node.get("name")] = "CARD32"
            elif node.tag == "typedef":
                self.aliases[node.get("newname")] = node.get("oldname")

    def core(self, kind, others=()):
        if kind in STRUCT_SWIFT:
            return kind
        seen = 0
        while kind not in BYTES and seen < 8:
            for protocol in (self,) + tuple(others):
                if kind in protocol.aliases:
                    kind = protocol.aliases[kind]
                    break
            else:
                sys.exit(f"{self.name}: no size for type {kind}")
            seen += 1
        return kind

    def find(self, tag, name):
        for node in self.root.findall(tag):
            if node.get("name") == name:
                return node
        sys.exit(f"{self.name}.xml has no {tag} {name}")


def expression(node, value_of):
    """A Swift expression for an XML length expression; `value_of` names a field's value."""
    if node.tag == "fieldref":
        return value_of(node.text.strip())
    if node.tag == "value":
        return node.text.strip()
    if node.tag == "op":
        a, b = list(node)
        return f"({expression(a, value_of)} {node.get('op')} {expression(b, value_of)})"
    sys.exit(f"unsupported length expression {node.tag}")


def solve(node, count):
    """For a request: the field an expression's length names, and its value from `count` items."""
    if node.tag == "fieldref":
        return node.text.strip(), count
    if node.tag == "op":
        a, b = list(node)
        if node.get("op") == "*":
            other = expression(b, lambda f: f"Int({label(f)})")
            return solve(a, f"({count} / max({other}, 1))")
        if node.get("op") == "/":
            return solve(a, f"({count} * {expression(b, lambda f: f'Int({label(f)})')})")
    sys.exit(f"cannot solve a length expression for its field ({node.tag})")


def layout(elements, protocols, start, header_byte):
    """The fields of a request body, reply or event with their offsets. `header_byte` is where
    the first one-byte element goes (None: nowhere), after which the layout goes on at `start`."""
    out, offset, first = [], start, True
    for node in elements:
        if node.tag in ("doc", "reply", "required_start_align"):
            continue
        size = None
        if node.tag == "pad":
            size = int(node.get("bytes", "0"))
            if node.get("align"):
                size = (-offset) % int(node.get("align"))
        elif node.tag == "field" and node.get("type") == "ClientMessageData":
            core, size = "data32", 20  # the union's 32-bit form: five items
        elif node.tag == "field":
            core = protocols[0].core(node.get("type"), protocols[1:])
            size = BYTES[core]
        if first and header_byte is not None and size == 1:
            if node.tag == "field":
                out.append(("field", node, header_byte, core))
            first = False
            continue
        first = False
        if node.tag == "pad":
            offset += size
        elif node.tag == "field":
            out.append(("field", node, offset, core))
            offset += size
        elif node.tag == "list":
            core = protocols[0].core(node.get("type"), protocols[1:])
            out.append(("list", node, offset, core))
            offset = None  # nothing fixed follows a list here
        elif node.tag == "switch":
            out.append(("switch", node, offset, None))
            offset = None
        elif node.tag == "exprfield":
            sys.exit("exprfield is not supported")
    return out, offset


def read(core, offset, source):
    kind = SWIFT[core]
    size = BYTES[core]
    if size == 1:
        raw = f"{source}[{offset}]"
        return {"Bool": f"{raw} != 0", "Int8": f"Int8(bitPattern: {raw})"}.get(kind, raw)
    raw = f"X11Wire.u{size * 8}({source}, {offset})"
    return {"Int16": f"Int16(bitPattern: {raw})", "Int32": f"Int32(bitPattern: {raw})"}.get(kind, raw)


def write(core, value):
    kind, size = SWIFT[core], BYTES[core]
    if kind == "Bool":
        return f"wire.u8({value} ? 1 : 0)"
    if size == 1:
        return f"wire.u8(UInt8(bitPattern: {value}))" if kind == "Int8" else f"wire.u8({value})"
    if size == 2:
        return f"wire.u16(Int(UInt16(bitPattern: {value})))" if kind == "Int16" else f"wire.u16(Int({value}))"
    return f"wire.u32(UInt32(bitPattern: {value}))" if kind == "Int32" else f"wire.u32({value})"



def typed(protocols, element):
    """The X11Enum type of a field that the XML types with an `enum` or `mask` this client
    generates (an `altenum` field may hold any value, so it keeps its wire type), or None."""
    ref = element.get("enum") or element.get("mask")
    for protocol in protocols:
        for file, name, _ in ENUMS:
            if name == ref and file == protocol.name:
                return f"X11Enum.{ENUM_PREFIX.get(file, '')}{name}"
    return None


def to_wire(core, value, enum):
    """The expression that puts a field's Swift value in its wire type."""
    if not enum:
        return value
    # The enumerations' raw values are 32-bit; a narrower field takes their low bits, as xcb does.
    return f"{value}.rawValue" if SWIFT[core] == "UInt32" else f"{SWIFT[core]}(truncatingIfNeeded: {value}.rawValue)"


def from_wire(core, raw, enum):
    """The expression that makes a field's Swift value from its wire value."""
    return f"{enum}(rawValue: UInt32({raw}))" if enum else raw

def item_value(item):
    """An enumeration item's number: its `value`, or 1 shifted by its `bit`."""
    value = item.find("value")
    return int(value.text) if value is not None else 1 << int(item.find("bit").text)


def enum_value(protocols, ref, name):
    for protocol in protocols:
        for node in protocol.root.findall("enum"):
            if node.get("name") == ref:
                for entry in node.findall("item"):
                    if entry.get("name") == name:
                        return item_value(entry)
    sys.exit(f"no {ref}.{name}")


def request(protocols, node, swift, extension):
    """A request's struct: stored fields, the header's detail byte, the body's encoder."""
    opcode = int(node.get("opcode"))
    elements = list(node)
    fields, _ = layout(elements, protocols, 4, None if extension else 1)
    computed = {}
    for kind, element, _, _ in fields:
        if kind == "list" and len(element) and element[0].tag != "value":
            name, value = solve(element[0], f"{label(element.get('name'))}.count")
            computed[name] = value
    lines = [f"  /// `{node.get('name')}` ({protocols[0].name}.xml): opcode {opcode}.",
             f"  struct {swift}: X11{'Replying' if node.find('reply') is not None else ''}Request {{",
             f"    static let opcode: UInt8 = {opcode}",
             f'    static let name = "{swift if extension else node.get("name")}"']
    if extension:
        lines.append(f'    static let extensionName: String? = "{extension}"')
    params, body, detail = [], [], None
    position = 4
    # A value list's mask is the list's own (the values given), written where the mask field is.
    masks = {kind_element.find("fieldref").text.strip(): label(kind_element.get("name"))
             for kind, kind_element, _, _ in fields if kind == "switch"}
    for kind, element, offset, core in fields:
        name = element.get("name")
        if kind == "field" and name in masks:
            if offset > position:
                body.append(f"      wire.zeros({offset - position})")
            body.append("      " + write(core, f"{SWIFT[core]}({masks[name]}.mask)"))
            position = offset + BYTES[core]
        elif kind == "field":
            if name in computed:
                value = f"{SWIFT[core]}({computed[name]})"
            else:
                enum = typed(protocols, element)
                params.append((label(name), enum or SWIFT[core]))
                value = to_wire(core, label(name), enum)
            if offset == 1:
                detail = f"{value} ? 1 : 0" if SWIFT[core] == "Bool" else value
                continue
            if offset > position:
                body.append(f"      wire.zeros({offset - position})")
            body.append("      " + write(core, value))
            position = offset + BYTES[core]
        elif kind == "list":
            if offset is not None and offset > position:
                body.append(f"      wire.zeros({offset - position})")
            fixed = element[0].text.strip() if len(element) and element[0].tag == "value" else None
            if core in STRUCT_SWIFT:
                params.append((label(name), f"[{STRUCT_SWIFT[core]}]"))
                body.append(f"      for item in {label(name)} {{ item.encode(into: &wire) }}")
                continue
            params.append((label(name), f"[{SWIFT[core]}]"))
            if BYTES[core] == 1:
                if fixed:
                    body.append(f"      wire.bytes(Array({label(name)}.prefix({fixed})))")
                    body.append(f"      wire.zeros(max(0, {fixed} - {label(name)}.count))")
                else:
                    body.append(f"      wire.bytes({label(name)})")
            else:
                body.append(f"      for item in {label(name)} {{ {write(core, 'item')} }}")
            body.append("      wire.pad()")
        elif kind == "switch":
            # A value list: one struct per mask enumeration (CreateWindow's and
            # ChangeWindowAttributes' are both `CW`), which gives the mask and writes the values.
            if offset is not None and offset > position:
                body.append(f"      wire.zeros({offset - position})")
            params.append((label(element.get("name")), value_list_type(protocols, element)))
            body.append(f"      {label(element.get('name'))}.encodeValues(into: &wire)")
    for name, kind in params:
        lines.append(f"    var {name}: {kind}")
    if extension:
        lines.append("    var detail: UInt8 { Self.opcode }")
    elif detail is not None:
        lines.append(f"    var detail: UInt8 {{ {detail} }}")
    if body:
        lines.append("    func encode(into wire: inout X11Wire) {")
        lines += body
        lines.append("    }")
    else:
        lines.append("    func encode(into wire: inout X11Wire) {}")
    reply = node.find("reply")
    if reply is not None:
        lines += reply_decoder(protocols, reply, swift)
    lines.append("  }")
    return lines


VALUE_LISTS = {}


def value_list_type(protocols, element):
    """The struct of a value list's values, made once per mask enumeration."""
    ref = element.find("bitcase").find("enumref").get("ref")
    name = {"CW": "WindowAttributes"}.get(ref, ref + "Values")
    if name not in VALUE_LISTS:
        cases = []
        for case in element.findall("bitcase"):
            enumref = case.find("enumref")
            field = case.find("field")
            core = protocols[0].core(field.get("type"), protocols[1:])
            cases.append((enum_value(protocols, enumref.get("ref"), enumref.text.strip()), label(field.get("name")), core,
                          typed(protocols, field)))
        lines = [f"  /// The values of a `{ref}` value list: each one given is sent, its bit set in the mask.",
                 f"  struct {name} {{"]
        lines += [f"    var {n}: {e or SWIFT[c]}?" for _, n, c, e in cases]
        lines += ["    /// The bits of the values given.", "    var mask: UInt32 {", "      var mask: UInt32 = 0"]
        lines += [f"      if {n} != nil {{ mask |= {b:#x} }}" for b, n, _, _ in cases]
        lines += ["      return mask", "    }"]
        lines += ["    /// The values given, in bit order.", "    func encodeValues(into wire: inout X11Wire) {"]
        lines += [f"      if let {n} {{ {write(c, to_wire(c, n, e))} }}" for _, n, c, e in cases]
        lines += ["    }", "  }", ""]
        VALUE_LISTS[name] = lines
    return name


def reply_decoder(protocols, reply, swift):
    if any(e.tag == "list" and protocols[0].core(e.get("type"), protocols[1:]) in STRUCT_SWIFT for e in reply):
        return reply_reader(protocols, reply)
    fields, _ = layout(list(reply), protocols, 8, 1)
    lines = ["    /// The reply's fields.", "    struct Reply: Sendable {"]
    for kind, element, _, core in fields:
        kind_swift = (typed(protocols, element) or SWIFT[core]) if kind == "field" else f"[{SWIFT[core]}]"
        lines.append(f"      var {label(element.get('name'))}: {kind_swift}")
    lines.append("    }")
    fixed_end = 32
    for kind, element, offset, core in fields:
        if kind == "field":
            fixed_end = max(fixed_end, offset + BYTES[core])
    lines += [
        "    /// Decodes a reply (the whole packet, header included).",
        "    /// - Throws: ``SystemPasteboardError`` (`.protocolViolation`) for a reply too short for its fields.",
        "    static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> Reply {",
        f"      try X11Wire.require(reply, {fixed_end}, for: name)",
    ]
    if any(kind == "list" and any(r.text and r.text.strip() == "length" for r in element.iter("fieldref"))
           for kind, element, _, _ in fields):
        lines.append("      let length = Int(X11Wire.u32(reply, 4))")
    values = []
    for kind, element, offset, core in fields:
        name = label(element.get("name"))
        if kind == "field":
            lines.append(f"      let {name} = {from_wire(core, read(core, offset, 'reply'), typed(protocols, element))}")
        else:
            count = expression(element[0], lambda f: "length" if f == "length" else f"Int({label(f)})")
            size = BYTES[core]
            lines.append(f"      let {name}Count = {count}")
            lines.append(f"      try X11Wire.require(reply, {offset} + {name}Count * {size}, for: name)")
            if size == 1:
                lines.append(f"      let {name} = Array(reply[{offset}..<({offset} + {name}Count)])")
            else:
                lines.append(
                    f"      let {name} = (0..<{name}Count).map {{ {read(core, f'{offset} + {size} * $0', 'reply')} }}")
        values.append(f"{name}: {name}")
    lines.append(f"      return Reply({', '.join(values)})")
    lines.append("    }")
    return lines


def event(protocols, node, swift, number, encoded):
    """An event's struct: its number, fields at their offsets in the 32-byte form."""
    fields, _ = layout(list(node), protocols, 4, 1)
    lines = [f"  /// `{node.get('name')}` ({protocols[0].name}.xml): event {number}"
             + (" (from the extension's first event)." if protocols[0].name != "xproto" else "."),
             f"  struct {swift}: Equatable, Sendable {{",
             f"    static let number: UInt8 = {number}"]
    params = []  # (name, Swift type, offset, core type, enumeration type or None)
    for kind, element, offset, core in fields:
        name = label(element.get("name"))
        if element.get("type") == "ClientMessageData":
            params.append((name, "[UInt32]", offset, "data32", None))
        else:
            enum = typed(protocols, element)
            params.append((name, enum or SWIFT[core], offset, core, enum))
    for name, kind, _, _, _ in params:
        lines.append(f"    var {name}: {kind}")
    lines.append("    /// The event's fields from its 32 bytes (its code already checked).")
    values = []
    for name, _, offset, core, enum in params:
        if core == "data32":
            values.append(f"{name.strip('`')}: (0..<5).map {{ X11Wire.u32(e, {offset} + 4 * $0) }}")
        else:
            values.append(f"{name.strip('`')}: {from_wire(core, read(core, offset, 'e'), enum)}")
    lines.append(f"    static func decoded(from e: [UInt8]) -> Self {{ Self({', '.join(values)}) }}")
    if encoded:
        lines.append("    /// The 32 bytes SendEvent carries (the server fills in the sequence number).")
        lines.append("    var encoded: [UInt8] {")
        lines.append("      var wire = X11Wire()")
        lines.append("      wire.u8(Self.number)")
        position = 1
        for name, _, offset, core, enum in sorted(params, key=lambda p: p[2]):
            if offset > position:
                lines.append(f"      wire.zeros({offset - position})")
            if core == "data32":
                lines.append(f"      for index in 0..<5 {{ wire.u32(index < {name}.count ? {name}[index] : 0) }}")
                position = offset + 20
            else:
                lines.append("      " + write(core, to_wire(core, name, enum)))
                position = offset + BYTES[core]
        lines.append("      wire.zeros(32 - wire.data.count)")
        lines.append("      return wire.data")
        lines.append("    }")
    lines.append("  }")
    return lines


def reader_read(core, enum):
    """The expression that reads a field of `core` type from an `X11Reader` named `reader`."""
    kind, size = SWIFT[core], BYTES[core]
    raw = f"reader.u{size * 8}()"
    value = {"Bool": f"{raw} != 0", "Int8": f"Int8(bitPattern: {raw})", "Int16": f"Int16(bitPattern: {raw})",
             "Int32": f"Int32(bitPattern: {raw})"}.get(kind, raw)
    return "try " + from_wire(core, value, enum)


def read_fields(protocols, elements):
    """The stored fields and the reading statements of elements read in order from an
    `X11Reader` named `reader` (a list's length field is its count, read but not stored)."""
    counts = {ref.text.strip() for child in elements if child.tag == "list" for ref in child.iter("fieldref")}
    stored, reads = [], []
    for element in elements:
        name = label(element.get("name") or "")
        if element.tag == "pad" and element.get("align"):
            reads.append(f"      try reader.align({element.get('align')})")
        elif element.tag == "pad":
            reads.append(f"      try reader.skip({element.get('bytes')})")
        elif element.tag == "field" and protocols[0].core(element.get("type"), protocols[1:]) in STRUCT_SWIFT:
            kind = STRUCT_SWIFT[protocols[0].core(element.get("type"), protocols[1:])]
            stored.append((name, kind))
            reads.append(f"      let {name} = try {kind}.decode(from: &reader)")
        elif element.tag == "field":
            core = protocols[0].core(element.get("type"), protocols[1:])
            enum = typed(protocols, element)
            reads.append(f"      let {name} = {reader_read(core, enum)}")
            if element.get("name") not in counts:
                stored.append((name, enum or SWIFT[core]))
        elif element.tag == "list":
            core = protocols[0].core(element.get("type"), protocols[1:])
            count = expression(element[0], lambda f: f"Int({label(f)})")
            if core in STRUCT_SWIFT:
                kind, read = STRUCT_SWIFT[core], "try .decode(from: &reader)"
            elif BYTES[core] == 1:
                stored.append((name, "[UInt8]"))
                reads.append(f"      let {name} = try reader.bytes({count})")
                continue
            else:
                kind, read = SWIFT[core], reader_read(core, None)
            stored.append((name, f"[{kind}]"))
            reads.append(f"      var {name}: [{kind}] = []")
            reads.append(f"      for _ in 0..<{count} {{ {name}.append({read}) }}")
    return stored, reads


def structure(protocols, node, swift, encoded, decoded):
    """A structure: its fields, read in order from an `X11Reader` (lengths and lists vary, so
    nothing is read at a fixed offset) and written in order."""
    lines = [f"  /// `{node.get('name')}` ({protocols[0].name}.xml).",
             f"  struct {swift}: Equatable, Sendable {{"]
    stored, reads = read_fields(protocols, list(node))
    writes = []
    for element in node:
        if element.tag == "pad" and not element.get("align"):
            writes.append(f"      wire.zeros({element.get('bytes')})")
        elif element.tag == "field" and encoded:
            core = protocols[0].core(element.get("type"), protocols[1:])
            enum = typed(protocols, element)
            writes.append("      " + write(core, to_wire(core, label(element.get("name")), enum)))
    lines += [f"    var {name}: {kind}" for name, kind in stored]
    if decoded:
        lines += ["    /// Reads the structure at the reader's position.",
                  "    /// - Throws: ``SystemPasteboardError`` (`.protocolViolation`) where the bytes end first.",
                  "    static func decode(from reader: inout X11Reader) throws(SystemPasteboardError) -> Self {"]
        lines += reads
        lines.append(f"      return Self({', '.join(f'{n.strip(chr(96))}: {n}' for n, _ in stored)})")
        lines.append("    }")
    if encoded:
        lines.append("    /// Writes the structure.")
        lines.append("    func encode(into wire: inout X11Wire) {")
        lines += writes
        lines.append("    }")
    lines.append("  }")
    return lines


def reply_reader(protocols, reply):
    """A reply whose lists hold structures, read in order: its first one-byte element at byte
    1, the sequence number and length skipped, then the rest."""
    elements = [e for e in reply if e.tag not in ("doc",)]
    head = ["      var reader = X11Reader(reply, what: \"the X server's \\(name) reply\")", "      try reader.skip(1)"]
    first = elements[0]
    if first.tag == "pad" and first.get("bytes") == "1":
        elements = elements[1:]
        head.append("      try reader.skip(1)")
    elif first.tag == "field" and BYTES.get(protocols[0].core(first.get("type"), protocols[1:])) == 1:
        head.append("      // The first one-byte field rides in byte 1.")
    else:
        head.append("      try reader.skip(1)")
    head.append("      try reader.skip(6)")
    stored, reads = read_fields(protocols, elements)
    lines = ["    /// The reply's fields.", "    struct Reply: Sendable {"]
    lines += [f"      var {name}: {kind}" for name, kind in stored]
    lines += ["    }", "    /// Decodes a reply (the whole packet, header included), its lists read in order.",
              "    /// - Throws: ``SystemPasteboardError`` (`.protocolViolation`) for a reply too short for them.",
              "    static func decode(_ reply: [UInt8]) throws(SystemPasteboardError) -> Reply {"]
    lines += head + reads
    lines.append(f"      return Reply({', '.join(f'{n.strip(chr(96))}: {n}' for n, _ in stored)})")
    lines.append("    }")
    return lines


def enums(protocols_by_name):
    out = ["/// The protocols' enumerations whose values this client uses, as their XML gives them.",
           "enum X11Enum {"]
    for file, name, keep in ENUMS:
        protocol = protocols_by_name[file]
        node = protocol.find("enum", name)
        prefix = ENUM_PREFIX.get(file, "")
        items = [item for item in node.findall("item") if keep is None or item.get("name") in keep]
        mask = any(item.find("bit") is not None for item in items)
        if mask:  # a mask's item of no bits (`NoEvent`) is the empty set, `[]`
            items = [item for item in items if item.find("bit") is not None]
        out += [f"  /// `{name}` ({file}.xml): " + ("a mask of bits." if mask else "a value."),
                f"  struct {prefix}{name}: {'OptionSet' if mask else 'RawRepresentable, Hashable'}, Sendable {{",
                "    let rawValue: UInt32"]
        for item in items:
            out.append(f"    static let {label(item.get('name'))} = Self(rawValue: {item_value(item):#x})")
        out += ["  }", ""]
    out[-1:] = ["}", ""]
    return out


def errors(protocol):
    """The core errors, by number: their names as X prints them (`BadWindow`) and a constant each."""
    out = ["/// The core protocol's errors (xproto.xml), by number, as the server reports them.",
           "enum X11Errors {"]
    found = [(int(node.get("number")), node.get("name")) for node in protocol.root
             if node.tag in ("error", "errorcopy")]
    for number, name in sorted(found):
        out.append(f"  /// `Bad{name}`.")
        out.append(f"  static let bad{name} = {number}")
    out.append("  /// Their names, by number.")
    out.append("  static let names = [")
    out += [f'    {number}: "Bad{name}",' for number, name in sorted(found)]
    out += ["  ]", "}", ""]
    return out


def generate():
    protocols = {name: Protocol(name) for name in ("xproto", "bigreq", "xfixes", "shape", "render")}
    extensions = {}
    for name, protocol in protocols.items():
        if protocol.root.get("extension-xname"):
            extensions[name] = protocol.root.get("extension-xname")
    out = [
        "// Generated by scripts/make-x11-protocol.py from the XML in scripts/protocols/x11/ (xcb-proto):",
        "// do not edit. CI regenerates it and fails on a difference.",
        "",
        "import SystemPasteboardCore",
        "",
        "extension X11 {",
    ]
    for file, name, swift in REQUESTS:
        chain = (protocols[file],) + ((protocols["xproto"],) if file != "xproto" else ())
        out += request(chain, protocols[file].find("request", name), swift, extensions.get(file)) + [""]
    for lines in VALUE_LISTS.values():
        out[-1:-1] = lines
    for file, name, swift, encoded, decoded in STRUCTS:
        chain = (protocols[file],) + ((protocols["xproto"],) if file != "xproto" else ())
        out[-1:-1] = structure(chain, protocols[file].find("struct", name), swift, encoded, decoded) + [""]
    out[-1:] = ["}", "", "/// The events this client reads or sends, typed, decoded from their 32 bytes.", "enum X11Events {"]
    for file, name, swift, encoded in EVENTS:
        chain = (protocols[file],) + ((protocols["xproto"],) if file != "xproto" else ())
        node = None
        for candidate in protocols[file].root:
            if candidate.get("name") == name and candidate.tag in ("event", "eventcopy"):
                node = candidate
        number = int(node.get("number"))
        if node.tag == "eventcopy":
            node = protocols[file].find("event", node.get("ref"))
        out += event(chain, node, swift, number, encoded) + [""]
    out.append("  /// Event numbers the framing reads (events without a sequence number, the generic event).")
    out.append("  enum Number {")
    for file, name in EVENT_NUMBERS:
        node = protocols[file].find("event", name)
        out.append(f"    static let {camel(name)}: UInt8 = {int(node.get('number'))}")
    out += ["  }", "}", ""]
    out += enums(protocols)
    out += [""] + errors(protocols["xproto"])
    return "\n".join(out).rstrip("\n") + "\n"


def main():
    emit(generate(), OUT, "scripts/make-x11-protocol.py")


if __name__ == "__main__":
    main()
