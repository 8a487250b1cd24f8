#!/usr/bin/env python3
"""GdkPixbuf (libpng underneath) as the peer of the drag images' PNG decoder.

  png_peer.py pixels PATH...   for each PNG, "PATH WIDTH HEIGHT SHA256" of its pixels as
                               premultiplied ARGB bytes (A, R, G, B per pixel, rows from the
                               top; a color channel is (c * a + 127) // 255), as GdkPixbuf
                               decodes them; "PATH error" where it cannot
  png_peer.py write DIR        writes PNGs of every color type and bit depth, plain and Adam7
                               interlaced, with and without tRNS, 13 x 9 pixels of a fixed
                               pattern, encoded here (each row's filter chosen in turn), and
                               prints their paths
"""
import hashlib
import struct
import sys
import zlib

import gi

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf  # noqa: E402


def pixels(path):
    pixbuf = GdkPixbuf.Pixbuf.new_from_file(path)
    w, h, stride, n = pixbuf.get_width(), pixbuf.get_height(), pixbuf.get_rowstride(), pixbuf.get_n_channels()
    data = pixbuf.get_pixels()
    out = bytearray()
    for y in range(h):
        for x in range(w):
            p = y * stride + x * n
            r, g, b = data[p], data[p + 1], data[p + 2]
            a = data[p + 3] if n == 4 else 255
            out += bytes([a, (r * a + 127) // 255, (g * a + 127) // 255, (b * a + 127) // 255])
    return w, h, hashlib.sha256(bytes(out)).hexdigest()


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode(width, height, depth, color, interlace, samples, palette=None, trns=None):
    """samples(x, y) gives the pixel's samples at `depth`."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)] \
        if interlace else [(0, 0, 1, 1)]
    raw = bytearray()
    bpp = max(1, channels * depth // 8)
    row_index = 0
    for x0, y0, dx, dy in passes:
        xs = list(range(x0, width, dx))
        previous = None
        for y in range(y0, height, dy):
            if not xs:
                continue
            bits = 0
            nbits = 0
            line = bytearray()
            for x in xs:
                for value in samples(x, y):
                    if depth == 16:
                        line += struct.pack(">H", value)
                    elif depth == 8:
                        line.append(value)
                    else:
                        bits = (bits << depth) | value
                        nbits += depth
                        if nbits == 8:
                            line.append(bits)
                            bits, nbits = 0, 0
            if nbits:
                line.append(bits << (8 - nbits))
            kind = row_index % 5
            row_index += 1
            prior = previous or bytearray(len(line))
            filtered = bytearray()
            for i, v in enumerate(line):
                a = line[i - bpp] if i >= bpp else 0
                b = prior[i]
                c = prior[i - bpp] if i >= bpp else 0
                if kind == 0:
                    predictor = 0
                elif kind == 1:
                    predictor = a
                elif kind == 2:
                    predictor = b
                elif kind == 3:
                    predictor = (a + b) // 2
                else:
                    pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                    predictor = a if pa <= pb and pa <= pc else b if pb <= pc else c
                filtered.append((v - predictor) & 0xFF)
            raw += bytes([kind]) + filtered
            previous = line
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace))
    if palette:
        png += chunk(b"PLTE", palette)
    if trns is not None:
        png += chunk(b"tRNS", trns)
    return png + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def variants(directory):
    width, height = 13, 9
    paths = []
    for color, depths in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]:
        for depth in depths:
            for interlace in (0, 1):
                top = (1 << depth) - 1
                channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
                colors = 1 << min(depth, 8)

                def samples(x, y, channels=channels, top=top, colors=colors):
                    if color == 3:
                        return [(x * 3 + y * 5) % colors]
                    return [((x * 7 + y * 11 + k * 13) * 37) % (top + 1) for k in range(channels)]

                palette = bytes((i * 53 + k * 91) % 256 for i in range(colors) for k in range(3)) if color == 3 else None
                trns = None
                if color == 3:
                    trns = bytes((i * 29) % 256 for i in range(colors))
                elif color == 0:
                    trns = struct.pack(">H", samples(2, 1)[0])
                elif color == 2:
                    trns = struct.pack(">HHH", *samples(3, 2))
                name = "%s/c%d-d%d-i%d.png" % (directory, color, depth, interlace)
                with open(name, "wb") as f:
                    f.write(encode(width, height, depth, color, interlace, samples, palette, trns))
                paths.append(name)
    return paths


if sys.argv[1] == "write":
    for path in variants(sys.argv[2]):
        print(path)
else:
    for path in sys.argv[2:]:
        try:
            w, h, digest = pixels(path)
            print(path, w, h, digest)
        except Exception:  # noqa: BLE001 - the peer reports what it cannot read
            print(path, "error")
