#!/usr/bin/env python3
"""Fails on a wire literal in the desktop modules (all of SystemPasteboard, its core and backends, and DesktopPasteboard)
outside the generated files, the framing and the text formats:
a byte offset read or written by hand (`X11Wire.u32(reply, 8)`, `packet[10]`), an opcode or event
code compared or switched on as a number, or a hexadecimal bit value. Opcodes, event codes, bit
values and offsets come from the protocols' XML (scripts/make-x11-protocol.py,
scripts/make-wayland-protocol.py); the framing (the connection's packet reader, the setup, the
wire encoders themselves) is the one place that reads headers by offset.

  python3 scripts/check-wire-literals.py
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCOPE = [
    "Sources/SystemPasteboard",
    "Sources/SystemPasteboardCore",
    "Sources/SystemPasteboardX11",
    "Sources/SystemPasteboardWayland",
    "Sources/DesktopPasteboard",
]
# The framing: where headers, the setup and the wire's own encoding are read by offset.
FRAMING = {
    "Sources/SystemPasteboardX11/X11Connection.swift",
    # The X11 protocol's state: packets split and filed by their headers, requests framed.
    "Sources/SystemPasteboardX11/Protocol/X11ProtocolState.swift",
    "Sources/SystemPasteboardX11/Protocol/X11ProtocolState+Filing.swift",
    "Sources/SystemPasteboardX11/X11Wire.swift",
    "Sources/SystemPasteboardX11/X11Request.swift",
    "Sources/SystemPasteboardWayland/WaylandWire.swift",
    "Sources/SystemPasteboardWayland/WaylandConnection.swift",
    # Wayland's object ids (the compositor's range) and messages split by their headers.
    "Sources/SystemPasteboardWayland/Protocol/WaylandObjectTable.swift",
    "Sources/SystemPasteboardWayland/Protocol/WaylandIncoming.swift",
    # XDND's client messages are five data items whose packing the XDND specification gives
    # (no XML describes them): their codec is its framing.
    "Sources/SystemPasteboardX11/XDND/Xdnd.swift",
    # D-Bus's framing and marshalling, which the D-Bus specification gives (its interfaces are
    # names and signatures, written where they are called).
    "Sources/SystemPasteboardCore/Portal/DBusMessage.swift",
    "Sources/SystemPasteboardCore/Portal/DBusMarshalling.swift",
}
# The text formats a selection carries (HTML, charsets, file lists): their byte values are
# characters of the data, not codes of a protocol.
DATA_FORMATS = {
    "Sources/SystemPasteboardCore/Offers/HTMLText.swift",
    "Sources/SystemPasteboardCore/Offers/CharsetDecoder.swift",
    "Sources/SystemPasteboardCore/Offers/TextConversion.swift",
    "Sources/SystemPasteboardCore/Offers/FileList.swift",
}
PATTERNS = [
    (re.compile(r"X11Wire\.u(8|16|32)\([^,()]+,\s*\d+\)"), "a byte offset read by hand"),
    (re.compile(r"\b(packet|reply|event|bytes|e)\[\d+\]"), "a byte offset read by hand"),
    (re.compile(r"\bcase \d+(\s*,\s*\d+)*\s*:"), "a code switched on as a number"),
    (re.compile(r"(code|opcode|kind|number)\s*[!=]=\s*\d+"), "a code compared as a number"),
    (re.compile(r"\b0x[0-9A-Fa-f_]+\b"), "a bit value written as a number"),
]


def main():
    problems = []
    for name in FRAMING | DATA_FORMATS:
        if not (ROOT / name).is_file():
            problems.append(f"{name}: exempted but not found (moved?)")
    for folder in SCOPE:
        for path in sorted((ROOT / folder).rglob("*.swift")):
            relative = str(path.relative_to(ROOT))
            if "/Generated/" in relative or relative in FRAMING or relative in DATA_FORMATS:
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if "// data, not wire" in line:  # a value that is data (a pixel, a keysym)
                    continue
                code = line.split("//", 1)[0]
                for pattern, what in PATTERNS:
                    if pattern.search(code):
                        problems.append(f"{relative}:{number}: {what}: {line.strip()}")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(f"{len(problems)} wire literal(s) outside the generated files and the framing")


if __name__ == "__main__":
    main()
