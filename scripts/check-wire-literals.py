#!/usr/bin/env python3
"""Fails on a wire literal in the desktop modules (all of SystemPasteboard and DesktopPasteboard)
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
SCOPE = ["Sources/SystemPasteboard", "Sources/DesktopPasteboard"]
# The framing: where headers, the setup and the wire's own encoding are read by offset.
FRAMING = {
    "Sources/SystemPasteboard/X11/X11Connection.swift",
    "Sources/SystemPasteboard/X11/X11Wire.swift",
    "Sources/SystemPasteboard/X11/X11Request.swift",
    "Sources/SystemPasteboard/Wayland/WaylandWire.swift",
    "Sources/SystemPasteboard/Wayland/WaylandConnection.swift",
    # XDND's client messages are five data items whose packing the XDND specification gives
    # (no XML describes them): their codec is its framing.
    "Sources/SystemPasteboard/X11/XDND/Xdnd.swift",
    # D-Bus's framing and marshalling, which the D-Bus specification gives (its interfaces are
    # names and signatures, written where they are called).
    "Sources/SystemPasteboard/Portal/DBusMessage.swift",
    "Sources/SystemPasteboard/Portal/DBusMarshalling.swift",
}
# The text formats a selection carries (HTML, charsets, file lists): their byte values are
# characters of the data, not codes of a protocol.
DATA_FORMATS = {
    "Sources/SystemPasteboard/Offers/HTMLText.swift",
    "Sources/SystemPasteboard/Offers/CharsetDecoder.swift",
    "Sources/SystemPasteboard/Offers/TextConversion.swift",
    "Sources/SystemPasteboard/Offers/FileList.swift",
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
