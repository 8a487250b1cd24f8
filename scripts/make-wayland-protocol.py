#!/usr/bin/env python3
"""Generates the Wayland wire of SystemPasteboardWayland from the protocols' own XML descriptions, as
wayland-scanner does for C: each interface this client speaks (its name, the version it binds,
its requests and events in opcode order with their signatures); a family per interface (or per
protocol under two prefixes), whose objects are `WaylandObject<Wayland.Family>`, as wayland-rs
types its proxies; each request a method of the objects it is sent to, whose opcode is a constant
and whose arguments are the request's own, in order and type (objects typed by their interface);
each role's events typed the same way, and `WaylandEvent`, one case per role, which handlers
match directly.

  python3 scripts/make-wayland-protocol.py          # writes Sources/SystemPasteboardWayland/Generated/ and
                                                    # the tests' virtual input, Tests/DesktopTestSupport/Generated/
  python3 scripts/make-wayland-protocol.py --check  # fails when the checked-in output differs

The XML lives in scripts/protocols/wayland/ with its provenance (README.md there). Requests and
events newer than the version this client binds are left out: the compositor sends none of them.
Interfaces that are the same protocol under two prefixes (ext- and wlr-data-control) share one
family of builders, checked here to have the same opcodes and signatures.
"""
import keyword
import pathlib
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from generated_swift import emit  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
XML_DIR = ROOT / "scripts/protocols/wayland"
OUT = ROOT / "Sources/SystemPasteboardWayland/Generated/WaylandProtocols.swift"
# The virtual input the tests drive a headless seat with: generated into the desktop's test support,
# never into the library.
TEST_OUT = ROOT / "Tests/DesktopTestSupport/Generated/WaylandVirtualInputProtocols.swift"

# (interface, Swift name, version this client binds, role, family of shared builders)
# The role names what an interface is whichever prefix it has: events are decoded by role.
# The interfaces in TEST_VISIBLE are `package`: the tests' virtual input (in DesktopTestSupport)
# binds the seat.
TEST_VISIBLE = {"wl_seat"}
INTERFACES = [
    ("wl_display", "display", 1, "display", None),
    ("wl_registry", "registry", 1, "registry", None),
    ("wl_callback", "callback", 1, "callback", None),
    ("wl_seat", "seat", 5, "seat", None),
    ("wl_pointer", "pointer", 5, "pointer", None),
    ("wl_keyboard", "keyboard", 5, "keyboard", None),
    ("wl_compositor", "compositor", 4, "compositor", None),
    ("wl_surface", "surface", 4, "surface", None),
    ("wl_shm", "shm", 1, "shm", None),
    ("wl_shm_pool", "shmPool", 1, "shm_pool", None),
    ("wl_buffer", "buffer", 1, "buffer", None),
    ("xdg_wm_base", "wmBase", 3, "wm_base", None),
    ("xdg_surface", "xdgSurface", 3, "xdg_surface", None),
    ("xdg_toplevel", "toplevel", 3, "toplevel", None),
    ("wl_data_device_manager", "dataDeviceManager", 3, "data_device_manager", None),
    ("wl_data_device", "dataDevice", 3, "data_device", None),
    ("wl_data_source", "dataSource", 3, "data_source", None),
    ("wl_data_offer", "dataOffer", 3, "data_offer", None),
    ("zwp_primary_selection_device_manager_v1", "primaryManager", 1, "primary_manager", None),
    ("zwp_primary_selection_device_v1", "primaryDevice", 1, "primary_device", None),
    ("zwp_primary_selection_offer_v1", "primaryOffer", 1, "primary_offer", None),
    ("zwp_primary_selection_source_v1", "primarySource", 1, "primary_source", None),
    ("ext_data_control_manager_v1", "extDataControlManager", 1, "data_control_manager", "DataControlManager"),
    ("ext_data_control_device_v1", "extDataControlDevice", 1, "data_control_device", "DataControlDevice"),
    ("ext_data_control_source_v1", "extDataControlSource", 1, "data_control_source", "DataControlSource"),
    ("ext_data_control_offer_v1", "extDataControlOffer", 1, "data_control_offer", "DataControlOffer"),
    ("zwlr_data_control_manager_v1", "wlrDataControlManager", 2, "data_control_manager", "DataControlManager"),
    ("zwlr_data_control_device_v1", "wlrDataControlDevice", 2, "data_control_device", "DataControlDevice"),
    ("zwlr_data_control_source_v1", "wlrDataControlSource", 1, "data_control_source", "DataControlSource"),
    ("zwlr_data_control_offer_v1", "wlrDataControlOffer", 1, "data_control_offer", "DataControlOffer"),
]
# The test support's interfaces (TEST_OUT): requests only, whose role is `withoutEvents`.
TEST_INTERFACES = [
    ("zwlr_virtual_pointer_manager_v1", "virtualPointerManager", 1, "without_events", "VirtualPointerManager"),
    ("zwlr_virtual_pointer_v1", "virtualPointer", 1, "without_events", "VirtualPointer"),
    ("zwp_virtual_keyboard_manager_v1", "virtualKeyboardManager", 1, "without_events", "VirtualKeyboardManager"),
    ("zwp_virtual_keyboard_v1", "virtualKeyboard", 1, "without_events", "VirtualKeyboard"),
]


def camel(name, upper=False):
    parts = name.split("_")
    text = parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])
    if upper:
        text = text[:1].upper() + text[1:]
    return text


def label(name):
    text = camel(name)
    return f"`{text}`" if keyword.iskeyword(text) or text in ("in", "class", "func", "self", "Type") else text


def load():
    found = {}
    for path in sorted(XML_DIR.glob("*.xml")):
        for node in ET.parse(path).getroot().iter("interface"):
            found[node.get("name")] = (path.name, node)
    return found


def messages(node, kind, version):
    result = []
    for message in node.findall(kind):
        if int(message.get("since", "1")) > version:
            continue
        result.append(message)
    return result


def wire_type(arg):
    kind, nullable = arg.get("type"), arg.get("allow-null") == "true"
    if kind == "string":
        return ".nullableString" if nullable else ".string"
    if kind == "object":
        return ".nullableObject" if nullable else ".object"
    if kind == "new_id":
        interface = arg.get("interface")
        return f'.newID("{interface}")' if interface else None
    return "." + kind


def signature(message):
    types = []
    for arg in message.findall("arg"):
        kind = wire_type(arg)
        if kind is None:  # an untyped new_id goes on the wire as interface, version, id
            types += [".string", ".uint", '.newID("")']
        else:
            types.append(kind)
    return types


def shape(message):
    """A message's signature without the interface names of its new objects."""
    return [".newID" if kind.startswith(".newID") else kind for kind in signature(message)]


def enum_of(arg, interface):
    """The Swift type of a `uint` argument's enumeration (`WaylandEnum.DataDeviceManagerDndAction`),
    where the argument names one that ENUMS generates; else None (the argument stays a number)."""
    ref = arg.get("enum")
    if not ref or arg.get("type") != "uint":
        return None
    owner, name = ref.split(".", 1) if "." in ref else (interface, ref)
    if (owner, name) not in {(i, n) for i, n, _ in ENUMS}:
        return None
    return "WaylandEnum." + enum_name(owner, name)


def enum_name(interface, name):
    """An enumeration's Swift name: its interface without the prefix, then its own name."""
    return camel(interface.split("_", 1)[1], upper=True) + camel(name, upper=True)


def family_names(interfaces):
    """Each interface's family of requests (its Swift name under `Wayland`), by interface name."""
    return {name: family or camel(role, upper=True) for name, _, _, role, family in interfaces}


def object_type(arg, families):
    """The Swift type of an `object` or `new_id` argument: the typed object of its interface's
    family where the XML names one this client speaks; else the id (`UInt32`)."""
    family = families.get(arg.get("interface") or "")
    return f"WaylandObject<Wayland.{family}>" if family else "UInt32"


def builder(message, opcode, interfaces, families):
    """A typed builder of one request, a method of the objects it is sent to: its parameters the
    request's arguments (the objects among them typed by their interface), its result the request
    addressed to the object."""
    params, values = [], []
    for arg in message.findall("arg"):
        name, kind, nullable = label(arg.get("name")), arg.get("type"), arg.get("allow-null") == "true"
        if kind == "new_id" and not arg.get("interface"):
            params += ["interface: String", "version: UInt32", f"{name}: UInt32"]
            values += [".string(interface)", ".uint(version)", f".newID({name})"]
            continue
        typed = enum_of(arg, interfaces[0])
        if typed:
            params.append(f"{name}: {typed}")
            values.append(f".uint({name}.rawValue)")
            continue
        if kind in ("object", "new_id"):
            swift = object_type(arg, families)
            typed_object = swift != "UInt32"
            raw = f"{name}{'?' if nullable else ''}.id" if typed_object else name
            params.append(f"{name}: {swift}{'?' if nullable and kind == 'object' else ''}")
            if kind == "new_id":
                values.append(f".newID({raw})")
            else:
                values.append(f".object({raw}{' ?? 0' if nullable else ''})")
            continue
        swift = {
            "int": "Int32", "uint": "UInt32", "fixed": "Double", "string": "String", "array": "[UInt8]", "fd": "Int32",
        }[kind]
        if nullable and kind == "string":
            swift += "?"
        params.append(f"{name}: {swift}")
        values.append({
            "int": f".int({name})", "uint": f".uint({name})", "fixed": f".fixed(Int32(({name} * 256).rounded()))",
            "string": f".string({name})", "array": f".array({name})", "fd": f".fd({name})",
        }[kind])
    destructor = "true" if message.get("type") == "destructor" else "false"
    summary = message.find("description")
    text = (summary.get("summary") if summary is not None else "") or ""
    names = ", ".join(f"`{i}.{message.get('name')}`" for i in interfaces)
    lines = [f"  /// {names} (opcode {opcode}): {text.strip()}."]
    func = camel(message.get("name"))
    name = label(message.get("name")) if keyword.iskeyword(func) else func
    lines.append(f"  func {name}({', '.join(params)}) -> WaylandMessage {{")
    lines.append(
        f"    WaylandMessage(\n      to: self.id, WaylandRequest(\n        interfaces: Family.interfaces, opcode: {opcode},"
        f" name: \"{message.get('name')}\", isDestructor: {destructor},\n        arguments: [{', '.join(values)}]))")
    lines.append("  }")
    return lines


HEADER = [
    "// Generated by scripts/make-wayland-protocol.py from the XML in scripts/protocols/wayland/:",
    "// do not edit. CI regenerates it and fails on a difference.",
    "",
]


def interface_tables(found, interfaces, test_support):
    """Each interface's table (`WaylandInterface`), and the request families they fall into."""
    out, families = [], {}
    for name, swift, version, role, family in interfaces:
        source, node = found[name]
        if int(node.get("version")) < version:
            sys.exit(f"{name}: the XML has version {node.get('version')}, less than the {version} bound")
        requests = messages(node, "request", version)
        events = messages(node, "event", version)
        if test_support and events:
            sys.exit(f"{name}: the test support's interfaces must have no events (they are never read)")
        req = ", ".join(f'("{m.get("name")}", [{", ".join(signature(m))}])' for m in requests)
        ev = ", ".join(f'("{m.get("name")}", [{", ".join(signature(m))}])' for m in events)
        destructors = [i for i, m in enumerate(requests) if m.get("type") == "destructor"]
        destructor = str(destructors[0]) if destructors else "nil"
        out += [
            f"  /// `{name}` ({source}), as this client binds it: version {version}.",
            f"  {'package ' if name in TEST_VISIBLE else ''}static let {swift} = WaylandInterface(",
            f'    name: "{name}", version: {version}, role: .{camel(role)}, destructor: {destructor},',
            f"    requests: [{req}],",
            f"    events: [{ev}])",
            "",
        ]
        key = family or camel(role, upper=True)
        families.setdefault(key, []).append((name, requests))
    return out, families


def request_families(families, objects):
    """The families of interfaces (an enumeration each under `Wayland`, whose objects are
    `WaylandObject<Wayland.Family>`), and each family's typed requests, methods of its objects."""
    out = ["extension Wayland {"]
    builders = []
    for family, members in families.items():
        first_name, first = members[0]
        for other_name, other in members[1:]:
            shared = min(len(first), len(other))
            for a, b in zip(first[:shared], other[:shared]):
                # The same message, but for the prefix of the interfaces its new objects have.
                if a.get("name") != b.get("name") or shape(a) != shape(b):
                    sys.exit(f"{first_name} and {other_name} differ at {a.get('name')} / {b.get('name')}")
        names = [n for n, _ in members]
        longest = max((m for _, m in members), key=len)
        out += [
            f"  /// {', '.join(f'`{n}`' for n in names)}: the objects of {'these interfaces' if len(names) > 1 else 'this interface'} take the same requests.",
            f"  package enum {family}: WaylandFamily {{",
            "    /// The interfaces of the family.",
            "    package static let interfaces: Set<String> = [" + ", ".join('"%s"' % n for n in names) + "]",
            "  }",
            "",
        ]
        if not longest:
            continue
        builders += [
            f"/// The requests of {', '.join(f'`{n}`' for n in names)}, typed, with their opcodes.",
            f"extension WaylandObject where Family == Wayland.{family} {{",
        ]
        for opcode, message in enumerate(longest):
            carriers = [n for n, m in members if opcode < len(m)]
            builders += builder(message, opcode, carriers, objects)
        builders += ["}", ""]
    out[-1:] = ["}", ""]
    return out + builders


def generate(found):
    """The library's wire: its interfaces, requests, roles with their events, and enumerations."""
    tables, families = interface_tables(found, INTERFACES, test_support=False)
    out = HEADER + ["extension WaylandInterface {"] + tables + [
        "  /// Every interface of the tables, by name (for the objects the compositor makes).",
        "  static let known: [String: WaylandInterface] = Dictionary(",
        "    uniqueKeysWithValues: [" + ", ".join(s for _, s, _, _, _ in INTERFACES) + "].map { ($0.name, $0) })",
        "}",
        "",
    ]
    out += request_families(families, family_names(INTERFACES))
    out += roles(found)
    out += enums(found)
    return "\n".join(out)


def generate_test_support(found):
    """The test support's wire: the virtual input's interfaces and requests, over the library's types."""
    tables, families = interface_tables(found, TEST_INTERFACES, test_support=True)
    out = HEADER + ["import SystemPasteboardWayland", "", "extension WaylandInterface {"] + tables
    out[-1:] = ["}", ""]
    out += request_families(families, family_names(INTERFACES + TEST_INTERFACES))
    return "\n".join(out)


SWIFT_TYPES = {"int": "Int32", "uint": "UInt32", "fixed": "Double", "string": "String", "array": "[UInt8]", "fd": "Int32"}


def event_case(message, interface, families):
    """An event's case: its arguments as labelled values (nil for a null object or string; an
    enumeration's type for a `uint` that names one; the typed object of an interface this client
    speaks for an `object` or `new_id`)."""
    params, patterns, values = [], [], []
    for index, arg in enumerate(message.findall("arg")):
        name, kind, nullable = label(arg.get("name")), arg.get("type"), arg.get("allow-null") == "true"
        typed = enum_of(arg, interface)
        if typed:
            params.append(f"{name}: {typed}")
            patterns.append(f"case .uint(let {name}Raw) = a[{index}]")
            values.append(f"{name}: {typed}(rawValue: {name}Raw)")
            continue
        swift = object_type(arg, families) if kind in ("object", "new_id") else SWIFT_TYPES[kind]
        typed_object = kind in ("object", "new_id") and swift != "UInt32"
        swift += "?" if nullable and kind in ("string", "object") else ""
        params.append(f"{name}: {swift}")
        wire = {"new_id": "newID"}.get(kind, kind)
        if kind == "string" and not nullable:
            patterns.append(f"case .string(let {name}?) = a[{index}]")
        elif kind == "fixed" or typed_object or (kind == "object" and nullable):
            patterns.append(f"case .{wire}(let {name}Raw) = a[{index}]")
        else:
            patterns.append(f"case .{wire}(let {name}) = a[{index}]")
        made = f"WaylandObject(id: {name}Raw)" if typed_object else f"{name}Raw"
        if kind == "fixed":
            values.append(f"{name}: Double({name}Raw) / 256")
        elif kind == "object" and nullable:
            values.append(f"{name}: {name}Raw == 0 ? nil : {made}")
        elif typed_object:
            values.append(f"{name}: {made}")
        else:
            values.append(f"{name}: {name}")
    return params, patterns, values


def roles(found):
    """One enumeration per role: its events, typed, decoded from the arguments by opcode."""
    out = [
        "/// What an interface is, whichever protocol's prefix it has: its events are decoded by role.",
        "package enum WaylandRole: Sendable {",
    ]
    seen = {}
    for name, _, version, role, _ in INTERFACES:
        if role not in seen:
            seen[role] = (name, version)
            out.append(f"  /// `{name}`{' and its twin under the other prefix' if role.startswith('data_control') else ''}.")
            out.append(f"  case {camel(role)}")
    out += [
        "  /// An interface whose events this client never reads, having none (the tests' virtual input,",
        "  /// generated into their support).",
        "  case withoutEvents",
    ]
    out += ["}", "", "/// The events of each role, typed: decoded from a message's arguments by its opcode.", "enum WaylandEvents {"]
    shapes, families = {}, family_names(INTERFACES)
    for role, (name, version) in seen.items():
        _, node = found[name]
        events = messages(node, "event", version)
        if not events:
            continue
        type_name = camel(role, upper=True)
        shape = [(m.get("name"), [(arg.get("name"), arg.get("type"), arg.get("allow-null"), families.get(arg.get("interface")))
                                  for arg in m.findall("arg")]) for m in events]
        twin = next((other for other, other_shape in shapes.items() if other_shape == shape), None)
        if twin:  # the same events (the primary selection's source and offer are data control's)
            out += [f"  /// The events of `{name}`: the same as ``{twin}``'s.", f"  typealias {type_name} = {twin}", ""]
            continue
        shapes[type_name] = shape
        out += [f"  /// The events of `{name}`, by opcode.", f"  enum {type_name}: Sendable {{"]
        decode = []
        for opcode, message in enumerate(events):
            params, patterns, values = event_case(message, name, family_names(INTERFACES))
            summary = message.find("description")
            text = ((summary.get("summary") if summary is not None else "") or message.get("name")).strip()
            case_name = label(message.get("name"))
            out.append(f"    /// `{message.get('name')}` (opcode {opcode}): {text}.")
            out.append(f"    case {case_name}" + (f"({', '.join(params)})" if params else ""))
            count = len(params)
            guard = f"a.count == {count}" + "".join(f", {p}" for p in patterns)
            made = f".{case_name}({', '.join(values)})" if values else f".{case_name}"
            decode += [f"      case {opcode}:", f"        guard {guard} else {{ return nil }}", f"        self = {made}"]
        out += [
            "",
            "    /// The event of `opcode` with arguments `a` (already checked against the signature);",
            "    /// nil for an opcode or arguments that do not fit.",
            "    init?(opcode: UInt16, _ a: [WaylandWire.Argument]) {",
            "      switch opcode {",
        ] + decode + ["      default: return nil", "      }", "    }", "  }", ""]
    out[-1:] = ["}", ""]
    out += event_union(found, seen)
    return out


def event_union(found, seen):
    """`WaylandEvent`: one case per role with events, carrying that role's typed event, as
    wayland-rs gives each interface its `Event` enum; decoded by role and opcode."""
    with_events = [(role, name) for role, (name, version) in seen.items() if messages(found[name][1], "event", version)]
    without = [role for role in seen if role not in dict(with_events)] + ["without_events"]
    out = [
        "/// One event, typed by its interface's role: the role's generated events (``WaylandEvents``).",
        "enum WaylandEvent: Sendable {",
    ]
    for role, name in with_events:
        twin = " and its twin under the other prefix" if role.startswith("data_control") else ""
        out += [f"  /// An event of `{name}`{twin}.", f"  case {camel(role)}(WaylandEvents.{camel(role, upper=True)})"]
    out += [
        "",
        "  /// The event of `opcode` of an interface of `role` with arguments `a` (checked against its",
        "  /// signature already); nil for an opcode or arguments that do not fit, or a role without events.",
        "  init?(role: WaylandRole, opcode: UInt16, _ a: [WaylandWire.Argument]) {",
        "    let event: WaylandEvent?",
        "    switch role {",
    ]
    for role, _ in with_events:
        out.append(f"    case .{camel(role)}: event = WaylandEvents.{camel(role, upper=True)}(opcode: opcode, a).map(Self.{camel(role)})")
    out += [
        "    case " + ", ".join("." + camel(role) for role in without) + ": event = nil",
        "    }",
        "    guard let event else { return nil }",
        "    self = event",
        "  }",
        "}",
        "",
    ]
    return out


# The enumerations whose values the client sends or reads: (interface, enum, entries kept; None: all).
# Each is a type (an option set where the XML says `bitfield`), and every `uint` argument that names
# one has that type in its event's case and its request's builder.
ENUMS = [
    ("wl_seat", "capability", None),
    ("wl_shm", "format", ["argb8888", "xrgb8888"]),
    ("wl_pointer", "button_state", None),
    ("wl_pointer", "axis", None),
    ("wl_pointer", "axis_source", None),
    ("wl_keyboard", "keymap_format", None),
    ("wl_keyboard", "key_state", ["released", "pressed"]),
    ("wl_data_device_manager", "dnd_action", None),
    ("xdg_toplevel", "resize_edge", None),
]


def enums(found):
    """The protocols' enumerations as types under `WaylandEnum`: a value keeps whatever number
    the compositor sent (a newer protocol's), and the XML's entries are its constants."""
    out = ["/// The protocols' enumerations (bit values and codes), as their XML gives them.", "package enum WaylandEnum {"]
    for interface, name, keep in ENUMS:
        _, node = found[interface]
        enum = next(e for e in node.findall("enum") if e.get("name") == name)
        bitfield = enum.get("bitfield") == "true"
        kind = "OptionSet" if bitfield else "RawRepresentable, Hashable"
        out += [
            f"  /// `{interface}.{name}`{' (bits)' if bitfield else ''}.",
            f"  package struct {enum_name(interface, name)}: {kind}, Sendable {{",
            "    /// The number on the wire.",
            "    package let rawValue: UInt32",
            "",
            "    /// The value of `rawValue`, named or not.",
            "    package init(rawValue: UInt32) { self.rawValue = rawValue }",
            "",
        ]
        for entry in enum.findall("entry"):
            if keep is not None and entry.get("name") not in keep:
                continue
            if bitfield and int(entry.get("value"), 0) == 0:
                continue  # an option set's empty value is `[]`
            summary = (entry.get("summary") or entry.get("name")).strip()
            out += [
                f"    /// {summary[:1].upper() + summary[1:]}.",
                f"    package static let {label(entry.get('name'))} = Self(rawValue: {entry.get('value')})",
            ]
        out += ["  }", ""]
    out[-1:] = ["}", ""]
    return out


def main():
    found = load()
    emit(generate(found), OUT, "scripts/make-wayland-protocol.py")
    emit(generate_test_support(found), TEST_OUT, "scripts/make-wayland-protocol.py")


if __name__ == "__main__":
    main()
