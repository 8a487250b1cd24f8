#!/usr/bin/env python3
"""Checks the doc comments of the public API in Sources/; exits 1 if one is missing or incomplete.

  python3 scripts/check-doc-comments.py

Every public declaration has a `///` doc comment: the nearest line above it, skipping attributes
(`@inlinable`, `@discardableResult` …). Every public function, initializer and subscript also
documents each named parameter (`- Parameter name:`, or an item of `- Parameters:`), its result
when it returns one (`- Returns:`), and what it throws when it throws (`- Throws:`; `rethrows`
needs none). utictl is an executable and is skipped. CI runs this.
"""
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DECLARATION = re.compile(r"\s*(@\w+(\(.*\))?\s+)*(public|open)\s")
CALLABLE = re.compile(r"\b(func|init|subscript)\b")


def signature(lines, start):
    """The declaration from its keyword to its body's `{` (or the end of a requirement)."""
    text = lines[start]
    end = start
    while "{" not in text and end + 1 < len(lines) and end < start + 12:
        end += 1
        text += " " + lines[end].strip()
    return text.split("{")[0]


def parameters(text):
    """The internal names of the parameters in the first parenthesised list, and what follows it."""
    start = text.index("(")
    depth, current, names, index = 0, "", [], start
    for index in range(start, len(text)):
        c = text[index]
        if c in "([<":
            depth += 1
        elif c in ")]" or (c == ">" and text[index - 1] != "-"):
            depth -= 1
        if depth == 0:
            names.append(current)
            break
        if depth == 1 and c == ",":
            names.append(current)
            current = ""
        elif index > start:
            current += c
    result = []
    for parameter in names:
        words = [w for w in parameter.split(":")[0].split() if not w.startswith("@")]
        if words and words[-1] != "_":
            result.append(words[-1])
    return result, text[index + 1 :]


def problems(doc, text):
    keyword = CALLABLE.search(text)
    if keyword is None or "(" not in text[keyword.start() :]:
        return []
    names, rest = parameters(text[keyword.start() :])
    found = [f"no `- Parameter {n}:`" for n in names if not re.search(r"-\s+(Parameter\s+)?" + re.escape(n) + r"\s*:", doc)]
    effects = rest.split("->")[0]
    if re.search(r"\bthrows\b", effects) and "- Throws:" not in doc:
        found.append("no `- Throws:`")
    if keyword.group(1) != "init" and "->" in rest:
        result = rest.split("->", 1)[1].split(" where ")[0].strip()
        if result not in ("Void", "()", "Never") and "- Returns:" not in doc:
            found.append("no `- Returns:`")
    return found


missing = []
for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True) + glob.glob(os.path.join(ROOT, "Integrations", "*", "Sources", "**", "*.swift"), recursive=True)):
    if os.sep + "utictl" + os.sep in path:
        continue
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        if not DECLARATION.match(line) or re.match(r"\s*public\s+import", line):
            continue
        j = i - 1
        while j >= 0 and lines[j].strip().startswith("@"):
            j -= 1
        place = f"{os.path.relpath(path, ROOT)}:{i + 1}: {line.strip()}"
        if j < 0 or not lines[j].strip().startswith("///"):
            missing.append(place)
            continue
        doc = []
        while j >= 0 and lines[j].strip().startswith("///"):
            doc.append(lines[j].strip()[3:])
            j -= 1
        head = line.split("(")[0] + " "
        if CALLABLE.search(head):
            found = problems("\n".join(reversed(doc)), signature(lines, i))
            if found:
                missing.append(f"{place}  ({'; '.join(found)})")
for entry in missing:
    print(entry)
if missing:
    print(f"{len(missing)} public declarations lack a doc comment or part of one", file=sys.stderr)
    sys.exit(1)
