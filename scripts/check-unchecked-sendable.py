#!/usr/bin/env python3
"""Checks that every `@unchecked Sendable` says what makes it safe; exits 1 where one does not.

  python3 scripts/check-unchecked-sendable.py

The compiler cannot check these types, so their first line says why they may cross threads: a
`// Sendable:` comment as the first line of the declaration's body, naming the lock, the loop
(the thread a value is confined to), the hand-over, or the immutability that makes the type
safe. Both packages' sources are read (`Sources/`, `Integrations/GTK/Sources/`). CI runs this.
"""
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
UNCHECKED = re.compile(r"@unchecked\s+Sendable")
REASON = re.compile(r"^\s*// Sendable: \S.{19,}")


def problems(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    for index, line in enumerate(lines):
        code = line.split("//")[0]
        if not UNCHECKED.search(code):
            continue
        end = index
        while "{" not in lines[end].split("//")[0] and end + 1 < len(lines) and end < index + 8:
            end += 1
        following = lines[end + 1] if end + 1 < len(lines) else ""
        if not REASON.match(following):
            yield index + 1, line.strip()


def main():
    found = 0
    paths = glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)
    paths += glob.glob(os.path.join(ROOT, "Integrations", "GTK", "Sources", "**", "*.swift"), recursive=True)
    for path in sorted(paths):
        for line, text in problems(path):
            found += 1
            print(
                f"{os.path.relpath(path, ROOT)}:{line}: `@unchecked Sendable` without a `// Sendable:` line "
                f"first in its body saying which lock, loop or hand-over makes it safe: {text}")
    if found:
        print(f"{found} unchecked Sendable type(s) say nothing of their safety", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
