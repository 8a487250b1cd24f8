#!/usr/bin/env python3
"""The built-in catalog of system-declared types, and the Swift the binaries embed it as.

  python3 scripts/make-catalog.py                   Resources/exported-types.plist -> Generated Swift
  python3 scripts/make-catalog.py --check           exit 1 if the generated Swift is not up to date
  python3 scripts/make-catalog.py --from-reference  rebuild the plist from scripts/reference first

Resources/exported-types.plist is the source of truth: edit it, then run this script, which writes
its declarations as Swift literals, formatted with `swift format` and the repository's
.swift-format, to Sources/TypeRegistry/Generated/BuiltInCatalog+Entries.swift. Registries are
built from those literals without parsing XML at start-up, and a binary copied alone has them.
CI runs `--check`, which regenerates and fails on any difference.

`--from-reference` re-derives the plist the way it was first made, from
scripts/reference/apple-system-types.json (964 types as macOS 13 declares them; provenance in
scripts/reference/README.md): where Apple's SDK header UTCoreTypes.h documents a core type's parents
differently, the header wins (HEADER_PARENTS); types Apple documents that the list lacks are added
(ADDED), each with the documentation it comes from; empty descriptions are written from the
identifier. With `--check`, it also fails when the plist no longer matches that derivation.
"""
import json
import os
import plistlib
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SOURCE = os.path.join(ROOT, "scripts", "reference", "apple-system-types.json")
PLIST = os.path.join(ROOT, "Resources", "exported-types.plist")
ENTRIES = os.path.join(ROOT, "Sources", "TypeRegistry", "Generated", "BuiltInCatalog+Entries.swift")

# UTCoreTypes.h (UniformTypeIdentifiers) and Apple's UTType documentation, where they differ from the list.
HEADER_PARENTS = {
    "public.executable": ["public.item"],
    "com.apple.applescript.script-bundle": ["com.apple.bundle", "com.apple.package", "public.script"],
    "public.mpeg-4-audio": ["public.mpeg-4", "public.audio"],
    # UTTypeTarArchive: "conforms to: public.data, public.archive" (macOS 15 documentation).
    "public.tar-archive": ["public.data", "public.archive"],
}

# Types Apple documents that the macOS 13 list does not have.
ADDED = [
    # UTTypeJPEGXL (macOS 15.2): UTI public.jpeg-xl, conforms to public.image.
    {"identifier": "public.jpeg-xl", "conformsTo": ["public.image"],
     "tags": {"public.filename-extension": ["jxl"], "public.mime-type": ["image/jxl"]}, "description": "JPEG XL image"},
    # UTTypeDNG (macOS 15): UTI com.adobe.raw-image, a camera raw image.
    {"identifier": "com.adobe.raw-image", "conformsTo": ["public.camera-raw-image"],
     "tags": {"public.filename-extension": ["dng"], "public.mime-type": ["image/x-adobe-dng"]},
     "description": "Adobe Digital Negative raw image"},
    # UTTypeLinkPresentationMetadata (macOS 15): UTI com.apple.linkpresentation.metadata.
    {"identifier": "com.apple.linkpresentation.metadata", "conformsTo": ["public.data"], "tags": {},
     "description": "link presentation metadata"},
    # Markdown, documented by Apple as net.daringfireball.markdown (macOS 14 declares it).
    {"identifier": "net.daringfireball.markdown", "conformsTo": ["public.plain-text"],
     "tags": {"public.filename-extension": ["md", "markdown"], "public.mime-type": ["text/markdown"]},
     "description": "Markdown document"},
    # Named as a parent in the list but not declared there; declared here as a device type.
    {"identifier": "com.apple.homebuttonless-device", "conformsTo": ["com.apple.device"], "tags": {},
     "description": "Apple device without a Home button"},
]

WORDS = {"mpeg": "MPEG", "utf8": "UTF-8", "utf16": "UTF-16", "xml": "XML", "url": "URL", "pdf": "PDF", "html": "HTML"}


def describe(identifier):
    """A description from the last component of an identifier: 'public.named-pipe' -> 'named pipe'."""
    last = identifier.split(".")[-1]
    words = [WORDS.get(w, w) for w in re.split(r"[-_]", last) if w]
    return " ".join(words) if words else identifier


def from_reference():
    """The catalog plist's bytes, derived from the reference list."""
    with open(SOURCE) as f:
        types = json.load(f)
    known = {t["identifier"] for t in types}
    if "com.apple.device" not in known:
        raise SystemExit("com.apple.device is expected in the reference list")
    declarations = []
    for t in types + [a for a in ADDED if a["identifier"] not in known]:
        identifier = t["identifier"]
        parents = HEADER_PARENTS.get(identifier, t["conformsTo"])
        declaration = {"UTTypeIdentifier": identifier}
        declaration["UTTypeDescription"] = t["description"] or describe(identifier)
        if parents:
            declaration["UTTypeConformsTo"] = parents
        tags = {k: v for k, v in t["tags"].items() if v}
        if tags:
            declaration["UTTypeTagSpecification"] = tags
        declarations.append(declaration)
    return plistlib.dumps({"UTExportedTypeDeclarations": declarations}, fmt=plistlib.FMT_XML, sort_keys=False)


def swift_format(text):
    """`text` as `swift format` writes it with the repository's configuration."""
    result = subprocess.run(
        ["swift", "format", "--configuration", os.path.join(ROOT, ".swift-format"), "--assume-filename", ENTRIES],
        input=text.encode(), capture_output=True, check=True)
    return result.stdout.decode()


def entries_swift(plist_bytes):
    """The catalog's declarations as Swift literals, so a registry is built without parsing the plist
    (a test checks they equal what the plist declares)."""
    declarations = plistlib.loads(plist_bytes)["UTExportedTypeDeclarations"]

    def lit(value):
        return json.dumps(value, ensure_ascii=False)

    rows = []
    for d in declarations:
        tags = d.get("UTTypeTagSpecification", {})
        tag_literal = "[" + ", ".join(f"({lit(k)}, [{', '.join(lit(v) for v in vs)}])" for k, vs in tags.items()) + "]"
        parents = "[" + ", ".join(lit(p) for p in d.get("UTTypeConformsTo", [])) + "]"
        rows.append(f"    .init({lit(d['UTTypeIdentifier'])}, {parents}, {lit(d['UTTypeDescription'])}, {tag_literal}),")
    text = (
        "// Generated by scripts/make-catalog.py from Resources/exported-types.plist. Do not edit.\n\n"
        "extension BuiltInCatalog {\n"
        "  /// The catalog's declarations, pre-parsed: identifier, parents, description, tags.\n"
        "  static let entries: [Entry] = [\n" + "\n".join(rows) + "\n  ]\n}\n"
    )
    return swift_format(text), len(declarations)


def main():
    args = set(sys.argv[1:])
    unknown = args - {"--check", "--from-reference"}
    if unknown:
        raise SystemExit(f"unknown option {sorted(unknown)[0]}; see the script's first lines")
    check = "--check" in args
    stale = []
    if "--from-reference" in args:
        derived = from_reference()
        with open(PLIST, "rb") as f:
            if f.read() != derived:
                stale.append(PLIST)
        if not check:
            with open(PLIST, "wb") as f:
                f.write(derived)
    with open(PLIST, "rb") as f:
        plist_bytes = f.read()
    swift, count = entries_swift(plist_bytes)
    current = open(ENTRIES, encoding="utf-8").read() if os.path.exists(ENTRIES) else None
    if current != swift:
        stale.append(ENTRIES)
        if not check:
            os.makedirs(os.path.dirname(ENTRIES), exist_ok=True)
            with open(ENTRIES, "w", encoding="utf-8") as f:
                f.write(swift)
    if check:
        for path in stale:
            print(f"{os.path.relpath(path, ROOT)} is out of date: run python3 scripts/make-catalog.py", file=sys.stderr)
        sys.exit(1 if stale else 0)
    print(f"{count} declarations, {len(plist_bytes)} bytes")
    if stale:
        print("then regenerate the compiled-in graph: UTI_REGENERATE=1 swift test --filter BuiltInGraphTests")


main()
