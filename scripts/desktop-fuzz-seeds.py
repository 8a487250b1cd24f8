#!/usr/bin/env python3
"""Writes the seeds of the `desktop` fuzz target (scripts/fuzz.sh desktop) into DIRECTORY.

Each seed is the byte that chooses a reader (see Fuzz/fuzz-desktop.swift), then its input:
0 this machine's desktop entries, mimeinfo.cache and mimeapps.list files (read here, at run
time: they are not ours to check in); 1 their Exec lines; 2 file lists as file managers write
them, XdndDirectSave URLs and promised files' names; 3 X11 events as XDND peers and selection owners send them (32 bytes, little-endian);
4 offers' MIME strings with text received under them.
"""
import glob
import os
import struct
import sys


def machine_key_files(limit=60):
    paths = sorted(glob.glob("/usr/share/applications/*.desktop"))[:limit]
    paths += [p for p in ["/usr/share/applications/mimeinfo.cache", "/usr/share/applications/mimeapps.list",
                          "/etc/xdg/mimeapps.list", os.path.expanduser("~/.config/mimeapps.list")]
              if os.path.isfile(p)]
    paths += sorted(glob.glob("/usr/share/applications/*-mimeapps.list"))
    found = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                found.append(f.read(65536))
        except OSError:
            pass
    return found


def exec_lines(key_files):
    lines = []
    for data in key_files:
        for line in data.split(b"\n"):
            if line.startswith(b"Exec=") and line[5:] not in lines:
                lines.append(line[5:])
    return lines + [b'sh -c "echo %f" %%', b"app --file=%F --name %c %k %i", b"'quoted %u' \"x\\\"y\" `t`"]


FILE_LISTS = [
    b"file:///home/user/a%20b.txt\r\nfile:///tmp/x\r\n",
    b"# a comment\nfile://localhost/etc/hosts\nhttps://example.com/page\n\n",
    b"copy\nfile:///home/user/Pictures/photo.jpg\nfile:///home/user/caf%C3%A9",
    b"cut\nfile:///tmp/one\n",
    b"file://remote/share/x\nfile:///bad%zz%\n",
    b"file://fuzzhost/tmp/a%20b/x.pdf\0",
    b"../../.hidden/invoice.pdf",
]


def x11_events():
    events = []
    for index in range(8):  # XdndAware … XdndFinished, in Xdnd.atomNames order, numbered from 0x100
        data = [0x1200001, (5 << 24) | 1, 0x100 + 16, 0x100 + 10, 0]
        events.append(struct.pack("<BBHII5I", 33, 32, 7, 0x1400001, 0x100 + index, *data))
    events.append(struct.pack("<BBHII5I", 33, 8, 7, 0x1400001, 0x102, 1, 2, 3, 4, 5))  # format 8: not XDND
    events.append(struct.pack("<BBHIIIIII", 31, 0, 9, 1234, 0x1400001, 1, 0x100, 0x200, 0).ljust(32, b"\0"))
    events.append(struct.pack("<BBHIIIIII", 30, 0, 9, 1234, 0x1400001, 0x1600001, 1, 0x100, 0x200).ljust(32, b"\0"))
    events.append(struct.pack("<BBHIIIB", 28, 0, 9, 0x1400001, 0x200, 1234, 0).ljust(32, b"\0"))
    events.append(bytes([0x80 | 33, 32]) + bytes(30))
    return events


OFFERS = [
    b"text/html\0<meta charset=\"iso-8859-1\"><p>caf\xe9</p>",
    b"text/html\0\xff\xfe<\0p\0>\0",
    b"text/plain;charset=utf-16\0\xff\xfeh\0i\0",
    b"text/plain;charset=ISO-8859-15\0\xa4uro",
    b"UTF8_STRING\0hello \xe2\x9c\x93",
    b"STRING\0caf\xe9",
    b"image/png\0\x89PNG\r\n\x1a\n",
    b"application/x-qt-image\0",
    b"chromium/x-web-custom-data\0\x01\x02",
    b"x-special/gnome-copied-files\0copy\nfile:///tmp/a\n",
    b"text/uri-list\0file:///tmp/a\r\n",
]


def multiple_replies():
    """GetProperty replies holding a requestor's MULTIPLE pair list (format 32, ATOM_PAIR)."""
    replies = []
    for items in ([0x101, 0x300, 0x102, 0x301], [0x101, 0x300, 7, 0x301, 0x103], [], [0x101, 0] * 8):
        body = struct.pack(f"<{len(items)}I", *items)
        header = struct.pack("<BBHIIII", 1, 32, 5, len(body) // 4, 0x200, 0, len(items)).ljust(32, b"\0")
        replies.append(header + body)
    return replies


def wayland_message(obj, opcode, payload):
    return struct.pack("<II", obj, ((8 + len(payload)) << 16) | opcode) + payload


def wayland_string(text):
    data = text + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


def wayland_events():
    """Events as a compositor sends them: a new offer, its MIME types, the selection, a drag."""
    offers = [b"text/plain;charset=utf-8", b"UTF8_STRING", b"image/png", b"text/uri-list", b"caf\xe9"]
    stream = wayland_message(0xFF000001, 0, struct.pack("<I", 0xFF000004))  # wl_data_device.data_offer
    for mime in offers:
        stream += wayland_message(0xFF000004, 0, wayland_string(mime))  # wl_data_offer.offer
    stream += wayland_message(0xFF000001, 5, struct.pack("<I", 0xFF000004))  # wl_data_device.selection
    drag = wayland_message(0xFF000001, 1, struct.pack("<IIiiI", 7, 3, 256, 512, 0xFF000004))  # enter
    return [stream, drag, wayland_message(0xFF000004, 0, struct.pack("<I", 0xFFFFFFFF))]


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    key_files = machine_key_files()
    seeds = [(0, data) for data in key_files] + [(1, line) for line in exec_lines(key_files)]
    seeds += [(2, data) for data in FILE_LISTS] + [(3, data) for data in x11_events()]
    seeds += [(4, data) for data in OFFERS] + [(5, data) for data in multiple_replies()]
    seeds += [(6, data) for data in wayland_events()]
    for index, (reader, data) in enumerate(seeds):
        with open(os.path.join(directory, f"seed-{reader}-{index:04}"), "wb") as f:
            f.write(bytes([reader]) + data)
    print(f"{len(seeds)} seeds in {directory}")


if __name__ == "__main__":
    main()
