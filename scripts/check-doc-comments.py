#!/usr/bin/env python3
"""Lists public declarations in Sources/ without a `///` doc comment; exits 1 if there are any.

  python3 scripts/check-doc-comments.py

A declaration counts as documented when the nearest line above it, skipping attributes
(`@inlinable`, `@discardableResult` …), is a `///` comment. utictl is an executable and is skipped.
CI runs this.
"""
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DECLARATION = re.compile(r"\s*(@\w+(\(.*\))?\s+)*(public|open)\s")
missing = []
for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)):
    if os.sep + "utictl" + os.sep in path:
        continue
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        if not DECLARATION.match(line) or re.match(r"\s*public\s+import", line):
            continue
        j = i - 1
        while j >= 0 and lines[j].strip().startswith("@"):
            j -= 1
        if j < 0 or not lines[j].strip().startswith("///"):
            missing.append(f"{os.path.relpath(path, ROOT)}:{i + 1}: {line.strip()}")
for entry in missing:
    print(entry)
if missing:
    print(f"{len(missing)} public declarations have no doc comment", file=sys.stderr)
    sys.exit(1)
