#!/usr/bin/env python3
"""Python's plistlib as an independent oracle for the property list reader and writers.

  plistlib_oracle.py generate DIR COUNT SEED
      writes DIR/N.xml and DIR/N.bin (plistlib's XML and binary output for random document N)
      and DIR/N.json, a type-tagged description of the document that Swift decodes to compare.
  plistlib_oracle.py check DIR COUNT SEED
      regenerates the documents and compares each with plistlib's reading of DIR/ours-N.xml and
      DIR/ours-N.bin (written by the code under test). Prints mismatches; exits 1 if any.
"""
import base64
import datetime
import json
import math
import plistlib
import random
import sys

EPOCH = datetime.datetime(2001, 1, 1)
ALPHABETS = [
    "abcdefghijklmnopqrstuvwxyz",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_ ",
    "<>&'\"",
    "\t\n",
    "éüßçñøå",
    "日本語中文한국어",
    "😀🎉🐛👍🏽",
]
INT_EDGES = [0, 1, -1, 255, 256, 65535, 65536, 2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64 - 1, -(2**63), -(2**31)]
REAL_EDGES = [0.0, -0.0, 1.5, 1e-300, 5e-324, 1.7976931348623157e308, 0.1, math.inf, -math.inf, math.nan, 123456.789]


def rstring(r):
    length = r.choice([0, 1, 3, 8, 20, 70])
    return "".join(r.choice(r.choice(ALPHABETS)) for _ in range(length))


def rvalue(r, depth):
    kinds = ["str", "int", "real", "bool", "date", "data"]
    if depth < 4:
        kinds += ["array", "dict"] * 2
    kind = r.choice(kinds)
    if kind == "str":
        return rstring(r)
    if kind == "int":
        return r.choice(INT_EDGES) if r.random() < 0.4 else r.randint(-(2**63), 2**64 - 1)
    if kind == "real":
        return r.choice(REAL_EDGES) if r.random() < 0.4 else r.uniform(-1e6, 1e6) * 10 ** r.randint(-20, 20)
    if kind == "bool":
        return r.random() < 0.5
    if kind == "date":
        return EPOCH + datetime.timedelta(seconds=r.randint(-3_000_000_000, 3_000_000_000))
    if kind == "data":
        return bytes(r.randrange(256) for _ in range(r.choice([0, 1, 2, 3, 16, 100])))
    if kind == "array":
        return [rvalue(r, depth + 1) for _ in range(r.randint(0, 5))]
    return {rstring(r): rvalue(r, depth + 1) for _ in range(r.randint(0, 5))}


def document(seed, n):
    r = random.Random(seed * 1_000_003 + n)
    if r.random() < 0.5:
        return {rstring(r): rvalue(r, 1) for _ in range(r.randint(0, 6))}
    return [rvalue(r, 1) for _ in range(r.randint(0, 6))]


def tagged(v):
    if isinstance(v, bool):
        return {"t": "b", "v": v}
    if isinstance(v, int):
        return {"t": "i", "v": str(v)}
    if isinstance(v, float):
        return {"t": "r", "v": v.hex()}
    if isinstance(v, str):
        return {"t": "s", "v": v}
    if isinstance(v, bytes):
        return {"t": "x", "v": base64.b64encode(v).decode()}
    if isinstance(v, datetime.datetime):
        return {"t": "t", "v": (v - EPOCH).total_seconds()}
    if isinstance(v, list):
        return {"t": "a", "v": [tagged(x) for x in v]}
    return {"t": "d", "v": [[k, tagged(x)] for k, x in v.items()]}


def same(a, b):
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or a == b
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return isinstance(b, dict) and list(a.keys()) == list(b.keys()) and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def main():
    mode, directory, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    failures = 0
    for n in range(count):
        doc = document(seed, n)
        if mode == "generate":
            with open(f"{directory}/{n}.xml", "wb") as f:
                plistlib.dump(doc, f, fmt=plistlib.FMT_XML, sort_keys=False)
            with open(f"{directory}/{n}.bin", "wb") as f:
                plistlib.dump(doc, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
            with open(f"{directory}/{n}.json", "w") as f:
                json.dump(tagged(doc), f)
        else:
            for ext in ("xml", "bin"):
                try:
                    with open(f"{directory}/ours-{n}.{ext}", "rb") as f:
                        back = plistlib.load(f)
                except Exception as error:  # noqa: BLE001 - report every failure
                    print(f"{n}.{ext}: plistlib cannot read our output: {error}")
                    failures += 1
                    continue
                if not same(doc, back):
                    print(f"{n}.{ext}: differs: {back!r:.300}")
                    failures += 1
    if mode == "check":
        print(f"{count * 2 - failures} equal, {failures} different")
    sys.exit(1 if failures else 0)


main()
