#!/usr/bin/env python3
"""The public API of the package's library modules, one checked-in list per module.

  python3 scripts/public-api.py                 rewrite API/*.txt from the symbol graphs
  python3 scripts/public-api.py --check         exit 1 where the checked-in lists differ
  python3 scripts/public-api.py --gtk [--check] the second package's (Integrations/GTK/API)
  --graphs DIR                                  read symbol graphs already dumped into DIR

Each line is one public declaration as the compiler prints it in the module's symbol graph
(`swift package dump-symbol-graph --minimum-access-level public`, which leaves out `package`,
`internal` and `@_spi` declarations), after the path of the type it belongs to:

  UTType.conforms(to:)  func conforms(to type: UTType) -> Bool

so that a change of the surface shows in review as a line added, removed or changed. CI runs
--check after the build; the versioning policy (CHANGELOG.md) says what a change of these lists
means for the version.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The library modules users import; SystemPasteboard is listed with the core it re-exports.
MODULES = {
    ".": {
        "PropertyList": ["PropertyList"],
        "TypeRegistry": ["TypeRegistry"],
        "TypeValidation": ["TypeValidation"],
        "Pasteboard": ["Pasteboard"],
        "SystemPasteboard": ["SystemPasteboardCore", "SystemPasteboard"],
        "DesktopPasteboard": ["DesktopPasteboard"],
        "Workspace": ["Workspace"],
    },
    "Integrations/GTK": {"PasteboardGTK": ["PasteboardGTK"]},
}


def dump(package):
    """Dumps the package's symbol graphs (building it if needed); the folder they are in."""
    run = subprocess.run(
        ["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public",
         "--emit-extension-block-symbols"],
        cwd=os.path.join(ROOT, package), capture_output=True, text=True)
    folders = [line[len("Files written to "):].strip() for line in run.stdout.splitlines()
               if line.startswith("Files written to ")]
    if run.returncode != 0 or not folders:
        sys.stderr.write(run.stdout + run.stderr)
        sys.exit(f"public-api: no symbol graphs for {package}")
    return folders[-1]


def declaration(symbol):
    fragments = symbol.get("declarationFragments") or symbol["names"].get("subHeading") or []
    text = "".join(fragment["spelling"] for fragment in fragments)
    return " ".join(text.split())


def lines_of(graph_path):
    with open(graph_path, encoding="utf-8") as f:
        graph = json.load(f)
    extended = os.path.basename(graph_path).split(".symbols.json")[0].split("@")
    # The core is seen by users through SystemPasteboard, which re-exports it.
    other = {"SystemPasteboardCore": "SystemPasteboard"}.get(extended[-1], extended[-1])
    prefix = f"(extending {other}) " if len(extended) > 1 else ""
    lines = set()
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        path = ".".join(symbol["pathComponents"])
        lines.add(f"{prefix}{path}  {declaration(symbol)}")
    return lines


def listing(graphs, module_names):
    lines = set()
    for name in module_names:
        for path in sorted(glob.glob(os.path.join(graphs, f"{name}.symbols.json"))
                           + glob.glob(os.path.join(graphs, f"{name}@*.symbols.json"))):
            other = os.path.basename(path).split(".symbols.json")[0].split("@")[1:]
            if other and other[0] in module_names:
                # The re-exporting module's extensions of its own core are its own API.
                lines |= {line.split(") ", 1)[1] for line in lines_of(path)}
            else:
                lines |= lines_of(path)
    return "".join(line + "\n" for line in sorted(lines))


def main(argv):
    check = "--check" in argv
    package = "Integrations/GTK" if "--gtk" in argv else "."
    graphs = argv[argv.index("--graphs") + 1] if "--graphs" in argv else dump(package)
    out = os.path.join(ROOT, package, "API")
    os.makedirs(out, exist_ok=True)
    differ = []
    for module, names in MODULES[package].items():
        text = listing(graphs, names)
        if not text:
            sys.exit(f"public-api: {module} has no public symbols in {graphs}")
        path = os.path.join(out, f"{module}.txt")
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if old != text:
            differ.append(os.path.relpath(path, ROOT))
            if not check:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
    if check and differ:
        sys.exit("the public API differs from the checked-in list (run scripts/public-api.py and review "
                 "the diff; CHANGELOG.md says what a change means for the version): " + ", ".join(differ))
    print(f"{len(MODULES[package])} modules' public API: " + ("differs: " + ", ".join(differ) if differ else "as listed"))


if __name__ == "__main__":
    main(sys.argv[1:])
