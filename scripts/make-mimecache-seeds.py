#!/usr/bin/env python3
"""Writes the seed corpus of the mime.cache fuzz target: small caches of our own making (never the
machine's database, which is GPL-licensed data), in the layout of the shared-mime-info
specification, each section present: an alias, a parent, a literal, a suffix tree, a pattern
glob, a magic rule with a mask and a nested matchlet, a namespace and an icon.

  python3 scripts/make-mimecache-seeds.py      writes Fuzz/corpus/mimecache/*.cache
"""
import os
import struct

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
OUT = os.path.join(ROOT, "Fuzz", "corpus", "mimecache")


class Cache:
    def __init__(self):
        self.data = bytearray(40)
        self.strings = {}

    def here(self):
        return len(self.data)

    def u32(self, *values):
        for v in values:
            self.data += struct.pack(">I", v)

    def string(self, text):
        if text not in self.strings:
            self.strings[text] = self.here()
            self.data += text.encode() + b"\0"
            while len(self.data) % 4:
                self.data += b"\0"
        return self.strings[text]


def build(with_magic=True):
    c = Cache()
    names = ["application/pdf", "application/x-pdf", "image/svg+xml", "application/xml", "text/x-readme",
             "image/png", "readme*", "README", "http://www.w3.org/2000/svg", "svg", "image-x-generic", "text/plain"]
    s = {n: c.string(n) for n in names}
    value = c.here(); c.data += b"\x89PNG"
    mask = c.here(); c.data += b"\xff\xff\xff\xff"
    offsets = {}
    offsets["alias"] = c.here(); c.u32(1, s["application/x-pdf"], s["application/pdf"])
    parents = c.here(); c.u32(1, s["application/xml"])
    offsets["parent"] = c.here(); c.u32(1, s["image/svg+xml"], parents)
    offsets["literal"] = c.here(); c.u32(1, s["README"], s["text/x-readme"], 50)
    # suffix tree for "*.png": roots 'g' -> 'n' -> 'p' -> '.' -> leaf
    leaf = c.here(); c.u32(0, s["image/png"], 50)
    dot = c.here(); c.u32(ord("."), 1, leaf)
    p = c.here(); c.u32(ord("p"), 1, dot)
    n = c.here(); c.u32(ord("n"), 1, p)
    g = c.here(); c.u32(ord("g"), 1, n)
    offsets["suffix"] = c.here(); c.u32(1, g)
    offsets["glob"] = c.here(); c.u32(1, s["readme*"], s["text/x-readme"], 10)
    child = c.here(); c.u32(0, 1, 1, 4, value, 0, 0, 0)
    matchlet = c.here(); c.u32(0, 8, 1, 4, value, mask, 1, child)
    matches = c.here(); c.u32(50, s["image/png"], 1 if with_magic else 0, matchlet)
    offsets["magic"] = c.here(); c.u32(1, 64, matches)
    offsets["ns"] = c.here(); c.u32(1, s["http://www.w3.org/2000/svg"], s["svg"], s["image/svg+xml"])
    offsets["icons"] = c.here(); c.u32(0)
    offsets["generic"] = c.here(); c.u32(1, s["image/png"], s["image-x-generic"])
    header = struct.pack(">HH9I", 1, 2, offsets["alias"], offsets["parent"], offsets["literal"], offsets["suffix"],
                         offsets["glob"], offsets["magic"], offsets["ns"], offsets["icons"], offsets["generic"])
    c.data[0:40] = header
    return bytes(c.data)


def main():
    os.makedirs(OUT, exist_ok=True)
    full = build()
    seeds = {"full.cache": full, "no-magic.cache": build(with_magic=False), "truncated.cache": full[: len(full) // 2],
             "header-only.cache": full[:40]}
    for name, data in seeds.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print(f"{len(seeds)} seeds in {os.path.relpath(OUT, ROOT)}")


main()
