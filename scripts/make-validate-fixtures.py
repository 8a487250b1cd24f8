#!/usr/bin/env python3
"""Writes Tests/Fixtures/validate/: for every rule of `utictl validate`, a fixture that triggers it
(RULE.bad.plist) and a near miss that does not (RULE.good.plist), and manifest.json with the
expected file, line and column (the severity is the rule's own, in ValidationRule.swift). The place of each expected diagnostic is marked with ⟦ in the
source below; the marker is removed from the file and its line and column recorded.

Run from the repository root: python3 scripts/make-validate-fixtures.py"""
import json
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "validate")
HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n'


def plist(body, bundle="com.example.app"):
    bundle_xml = f"\t<key>CFBundleIdentifier</key>\n\t<string>{bundle}</string>\n" if bundle else ""
    return HEAD + "<dict>\n" + bundle_xml + body + "</dict>\n</plist>\n"


def decl(identifier="com.example.doc", parents=("public.data",), description="Example document", tags=None, extra="", id_marker=""):
    out = "\t\t<dict>\n"
    if identifier is not None:
        out += f"\t\t\t<key>UTTypeIdentifier</key>\n\t\t\t{id_marker}<string>{identifier}</string>\n"
    if parents is not None:
        out += "\t\t\t<key>UTTypeConformsTo</key>\n\t\t\t<array>\n" + "".join(f"\t\t\t\t{'⟦' if p.startswith('⟦') else ''}<string>{p.lstrip('⟦')}</string>\n" for p in parents) + "\t\t\t</array>\n"
    if description is not None:
        out += f"\t\t\t<key>UTTypeDescription</key>\n\t\t\t<string>{description}</string>\n"
    if tags:
        out += "\t\t\t<key>UTTypeTagSpecification</key>\n\t\t\t<dict>\n"
        for cls, values in tags:
            out += f"\t\t\t\t<key>{cls}</key>\n\t\t\t\t<array>\n" + "".join(f"\t\t\t\t\t{'⟦' if v.startswith('⟦') else ''}<string>{v.lstrip('⟦')}</string>\n" for v in values) + "\t\t\t\t</array>\n"
        out += "\t\t\t</dict>\n"
    return out + extra + "\t\t</dict>\n"


def exported(*decls):
    return "\t<key>UTExportedTypeDeclarations</key>\n\t<array>\n" + "".join(decls) + "\t</array>\n"


def imported(*decls):
    return "\t<key>UTImportedTypeDeclarations</key>\n\t<array>\n" + "".join(decls) + "\t</array>\n"


EXT = ("public.filename-extension", ["exdoc"])

CASES = {
    "plist-syntax": (plist(exported(decl())).replace("\t<key>UTExportedTypeDeclarations</key>\n", "\t<key>UTExportedTypeDeclarations</key>\n⟦</dict>\n", 1),
                     plist(exported(decl(tags=[EXT])))),
    "wrong-value-type": (plist(exported(decl(parents=None, tags=[EXT], extra="\t\t\t<key>UTTypeConformsTo</key>\n\t\t\t⟦<dict/>\n"))),
                         plist(exported(decl(parents=None, tags=[EXT], extra="\t\t\t<key>UTTypeConformsTo</key>\n\t\t\t<string>public.data</string>\n")))),
    "unknown-key": (plist(exported(decl(tags=[EXT], extra="\t\t\t⟦<key>UTTypeConformTo</key>\n\t\t\t<string>public.data</string>\n"))),
                    plist(exported(decl(tags=[EXT], extra="\t\t\t<key>UTTypeReferenceURL</key>\n\t\t\t<string>https://example.com/doc</string>\n")))),
    "missing-identifier": (plist(exported(decl(tags=[EXT]).replace("\t\t<dict>\n", "\t\t⟦<dict>\n", 1).replace("\t\t\t<key>UTTypeIdentifier</key>\n\t\t\t<string>com.example.doc</string>\n", ""))),
                           plist(exported(decl(tags=[EXT])))),
    "invalid-identifier": (plist(exported(decl(identifier="com.example.pch++-file", tags=[EXT], id_marker="⟦"))),
                           plist(exported(decl(identifier="com.example.pch-file", tags=[EXT])))),
    "reserved-namespace": (plist(exported(decl(identifier="public.example-doc", tags=[EXT], id_marker="⟦"))),
                           plist(imported(decl(identifier="public.plain-text", parents=("public.text",), description="plain text", tags=[("public.filename-extension", ["txt"])])))),
    "foreign-domain": (plist(exported(decl(identifier="org.other.doc", tags=[EXT], id_marker="⟦"))),
                       plist(exported(decl(identifier="com.example.doc", tags=[EXT])))),
    "duplicate-identifier": (plist(exported(decl(tags=[EXT]), decl(tags=[("public.filename-extension", ["exdoc2"])], id_marker="⟦"))),
                             plist(exported(decl(tags=[EXT]), decl(identifier="com.example.doc2", tags=[("public.filename-extension", ["exdoc2"])])))),
    "exported-and-imported": (plist(exported(decl(tags=[EXT])) + imported(decl(id_marker="⟦"))),
                              plist(exported(decl(tags=[EXT])) + imported(decl(identifier="org.other.format", tags=[("public.filename-extension", ["oform"])])))),
    "unknown-supertype": (plist(exported(decl(parents=("⟦publix.data",), tags=[EXT]))),
                          plist(exported(decl(parents=("public.data",), tags=[EXT])))),
    "conformance-cycle": (plist(exported(decl(identifier="com.example.a", parents=("com.example.b",), tags=[EXT]),
                                         decl(identifier="com.example.b", parents=("public.data", "⟦com.example.a"), tags=[("public.filename-extension", ["exb"])]))),
                          plist(exported(decl(identifier="com.example.a", parents=("com.example.b",), tags=[EXT]),
                                         decl(identifier="com.example.b", parents=("public.data",), tags=[("public.filename-extension", ["exb"])])))),
    "self-conformance": (plist(exported(decl(parents=("public.data", "⟦com.example.doc"), tags=[EXT]))),
                         plist(exported(decl(parents=("public.data",), tags=[EXT])))),
    "missing-conformance": (plist(exported(decl(parents=None, tags=[EXT], id_marker="⟦"))),
                            plist(exported(decl(tags=[EXT])))),
    "missing-physical-parent": (plist(exported(decl(parents=("public.item",), tags=[EXT])).replace("\t\t\t<array>\n\t\t\t\t<string>public.item", "\t\t\t⟦<array>\n\t\t\t\t<string>public.item", 1)),
                                plist(exported(decl(parents=("com.apple.package",), tags=[EXT])))),
    "missing-description": (plist(exported(decl(description=None, tags=[EXT], id_marker="⟦"))),
                            plist(exported(decl(tags=[EXT])))),
    "extension-with-dot": (plist(exported(decl(tags=[("public.filename-extension", ["⟦.exdoc"])]))),
                           plist(exported(decl(tags=[EXT])))),
    "invalid-mime-type": (plist(exported(decl(tags=[EXT, ("public.mime-type", ["⟦xslt+xml"])]))),
                          plist(exported(decl(tags=[EXT, ("public.mime-type", ["application/x-example+xml"])])))),
    "unknown-tag-class": (plist(exported(decl(tags=[EXT]).replace("\t\t\t\t<key>public.filename-extension</key>", "\t\t\t\t<key>public.filename-extension</key>\n\t\t\t\t<array><string>exdoc</string></array>\n\t\t\t\t⟦<key>public.filename-extensions</key>", 1))),
                          plist(exported(decl(tags=[EXT, ("com.apple.ostype", ["EXDC"])])))),
    "tag-conflict": (plist(exported(decl(tags=[("public.filename-extension", ["⟦png"])]))),
                     plist(exported(decl(tags=[EXT])))),
    "invalid-reference-url": (plist(exported(decl(tags=[EXT], extra="\t\t\t<key>UTTypeReferenceURL</key>\n\t\t\t⟦<string>example.com/doc page</string>\n"))),
                              plist(exported(decl(tags=[EXT], extra="\t\t\t<key>UTTypeReferenceURL</key>\n\t\t\t<string>https://example.com/doc</string>\n")))),
    "duplicate-key": (plist(exported(decl(tags=[EXT], extra="\t\t\t⟦<key>UTTypeDescription</key>\n\t\t\t<string>Again</string>\n"))),
                      plist(exported(decl(tags=[EXT])))),
    "undeclared-document-type": (plist(exported(decl(tags=[EXT])) + "\t<key>CFBundleDocumentTypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>CFBundleTypeName</key>\n\t\t\t<string>Markdown</string>\n\t\t\t<key>LSItemContentTypes</key>\n\t\t\t<array>\n\t\t\t\t⟦<string>public.markdown</string>\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n"),
                                 plist(exported(decl(tags=[EXT])) + "\t<key>CFBundleDocumentTypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>LSItemContentTypes</key>\n\t\t\t<array>\n\t\t\t\t<string>com.example.doc</string>\n\t\t\t\t<string>net.daringfireball.markdown</string>\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n")),
    "undeclared-exported-type": (plist(exported(decl(tags=[EXT]))), plist(exported(decl(tags=[EXT])))),
    # The freedesktop rules (validate --freedesktop):
    "freedesktop-mime-type": (plist(exported(decl(tags=[EXT, ("public.mime-type", ["⟦document/x-example-doc"])]))),
                              plist(exported(decl(tags=[EXT, ("public.mime-type", ["application/x-example-doc"])])))),
    # Krita's *.kra is in freedesktop.org.xml, not in Apple's catalog.
    "glob-shadows-system-type": (plist(exported(decl(tags=[("public.filename-extension", ["⟦kra"]), ("public.mime-type", ["application/x-example-doc"])]))),
                                 plist(exported(decl(tags=[EXT, ("public.mime-type", ["application/x-example-doc"])])))),
    "document-type-without-mime-type": (plist(exported(decl(tags=[EXT])) + "\t<key>CFBundleDocumentTypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>CFBundleTypeName</key>\n\t\t\t<string>Images</string>\n\t\t\t<key>LSItemContentTypes</key>\n\t\t\t<array>\n\t\t\t\t⟦<string>public.image</string>\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n"),
                                        plist(exported(decl(tags=[EXT])) + "\t<key>CFBundleDocumentTypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>LSItemContentTypes</key>\n\t\t\t<array>\n\t\t\t\t<string>com.example.doc</string>\n\t\t\t\t<string>public.png</string>\n\t\t\t</array>\n\t\t</dict>\n\t</array>\n")),
}

# The rules that run with --freedesktop only, and those that read the machine's shared-mime-info database.
FREEDESKTOP = {"freedesktop-mime-type", "glob-shadows-system-type", "document-type-without-mime-type", "package-name-not-app-id"}
MACHINE_DATABASE = {"glob-shadows-system-type"}

# A package utictl export freedesktop wrote, as --types and validate read it.
PACKAGE = """<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info" xmlns:uti="urn:swift-uti:freedesktop-export:1">
  <mime-type type="application/x-example-doc">
    <comment>Example document</comment>
    <glob pattern="*.exdoc"/>
    <uti:type-identifier>com.example.doc</uti:type-identifier>
    <uti:conforms-to>public.data</uti:conforms-to>
  </mime-type>
</mime-info>
"""

SWIFT_BAD = 'import UniformTypeIdentifiers\n\n// UTType(exportedAs: "com.example.in-a-comment") is not a call.\nextension UTType {\n  static let doc = UTType(exportedAs: "com.example.doc")\n  static let other = ⟦UTType(exportedAs: "com.example.undeclared")\n}\n'
SWIFT_GOOD = 'import UniformTypeIdentifiers\n\nextension UTType {\n  static let doc = UTType(exportedAs: "com.example.doc")\n  static let text = "UTType(exportedAs: \\"com.example.in-a-string\\")"\n}\n'


def locate(text):
    index = text.index("⟦")
    clean = text.replace("⟦", "", 1)
    before = clean[:index].encode("utf-8")
    line = before.count(b"\n") + 1
    column = len(before) - (before.rfind(b"\n") + 1) + 1
    return clean, line, column


def clean_app():
    """A real-world-shaped Info.plist: 20 well-formed declarations, document types, icons."""
    formats = [("sketch", "Sketch", "public.json"), ("board", "Board", "public.xml"), ("palette", "Palette", "public.data"),
               ("brush", "Brush", "public.data"), ("stamp", "Stamp", "public.image"), ("layout", "Layout", "public.json"),
               ("theme", "Theme", "public.plain-text"), ("macro", "Macro", "public.script"), ("swatch", "Swatch", "public.data"),
               ("atlas", "Atlas", "public.data"), ("scene", "Scene", "public.data"), ("glyph", "Glyph", "public.data"),
               ("report", "Report", "public.xml"), ("preset", "Preset", "public.json")]
    exports = [decl(identifier=f"com.example.app.{ext}", parents=(parent,), description=f"Example {name} document",
                    tags=[("public.filename-extension", [f"ex{ext}"]), ("public.mime-type", [f"application/x-example-{ext}"])],
                    extra=f"\t\t\t<key>UTTypeIconFile</key>\n\t\t\t<string>{name}.icns</string>\n"
                          f"\t\t\t<key>UTTypeReferenceURL</key>\n\t\t\t<string>https://example.com/formats/{ext}</string>\n")
               for ext, name, parent in formats]
    exports.append(decl(identifier="com.example.app.project", parents=("com.apple.package", "public.composite-content"),
                        description="Example project", tags=[("public.filename-extension", ["exproject"])]))
    exports.append(decl(identifier="com.example.app.clipping", parents=("public.data",), description="Example clipping",
                        tags=[("com.apple.nspboard-type", ["ExampleClippingPboardType"])]))
    imports = [decl(identifier="org.openxmlformats.wordprocessingml.document", parents=("public.data", "public.composite-content"),
                    description="Word document", tags=[("public.filename-extension", ["docx"])]),
               decl(identifier="org.example-partner.tileset", parents=("public.xml",), description="Partner tileset",
                    tags=[("public.filename-extension", ["ptset"])]),
               decl(identifier="net.daringfireball.markdown", parents=("public.plain-text",), description="Markdown document",
                    tags=[("public.filename-extension", ["md", "markdown"])]),
               decl(identifier="com.example-vendor.scene-archive", parents=("public.data", "public.archive"), description="Vendor scene archive",
                    tags=[("public.filename-extension", ["vscene"])])]
    documents = "\t<key>CFBundleDocumentTypes</key>\n\t<array>\n"
    for identifier, role in [("com.example.app.project", "Editor"), ("com.example.app.sketch", "Editor"),
                             ("net.daringfireball.markdown", "Viewer"), ("public.png", "Viewer")]:
        documents += (f"\t\t<dict>\n\t\t\t<key>CFBundleTypeRole</key>\n\t\t\t<string>{role}</string>\n"
                      f"\t\t\t<key>LSItemContentTypes</key>\n\t\t\t<array>\n\t\t\t\t<string>{identifier}</string>\n\t\t\t</array>\n\t\t</dict>\n")
    documents += "\t</array>\n"
    return plist(exported(*exports) + imported(*imports) + documents, bundle="com.example.app")


def main():
    os.makedirs(OUT, exist_ok=True)
    open(os.path.join(OUT, "clean-app.plist"), "w").write(clean_app())
    manifest = []
    for rule, (bad, good) in CASES.items():
        entry = {"rule": rule, "bad": f"{rule}.bad.plist", "good": f"{rule}.good.plist"}
        if rule == "undeclared-exported-type":
            os.makedirs(os.path.join(OUT, "sources-bad"), exist_ok=True)
            os.makedirs(os.path.join(OUT, "sources-good"), exist_ok=True)
            swift, line, column = locate(SWIFT_BAD)
            # The diagnostic points at the string literal, after `UTType(exportedAs: `.
            column += len('UTType(exportedAs: ')
            open(os.path.join(OUT, "sources-bad", "Types.swift"), "w").write(swift)
            open(os.path.join(OUT, "sources-good", "Types.swift"), "w").write(SWIFT_GOOD)
            entry.update(file="sources-bad/Types.swift", line=line, column=column, badSources="sources-bad", goodSources="sources-good")
            open(os.path.join(OUT, entry["bad"]), "w").write(bad)
        else:
            clean, line, column = locate(bad)
            open(os.path.join(OUT, entry["bad"]), "w").write(clean)
            entry.update(file=entry["bad"], line=line, column=column)
        assert "⟦" not in good
        open(os.path.join(OUT, entry["good"]), "w").write(good)
        manifest.append(entry)
    # A package named after no application ID, and its near miss named after one.
    os.makedirs(os.path.join(OUT, "package-name-not-app-id"), exist_ok=True)
    open(os.path.join(OUT, "package-name-not-app-id", "example.xml"), "w").write(PACKAGE)
    open(os.path.join(OUT, "package-name-not-app-id", "com.example.App.xml"), "w").write(PACKAGE)
    manifest.append({"rule": "package-name-not-app-id", "bad": "package-name-not-app-id/example.xml",
                     "good": "package-name-not-app-id/com.example.App.xml", "file": "package-name-not-app-id/example.xml",
                     "line": 1, "column": 1})
    for entry in manifest:
        if entry["rule"] in FREEDESKTOP:
            entry["freedesktop"] = True
        if entry["rule"] in MACHINE_DATABASE:
            entry["machineDatabase"] = True
    json.dump(manifest, open(os.path.join(OUT, "manifest.json"), "w"), indent=1)
    print(len(manifest), "rules")


main()
