#!/usr/bin/env python3
"""Draws the module graph in Documentation/Architecture.md from both packages' manifests.

`swift package dump-package` gives each target's direct dependencies as `Package.swift` lists
them; the library's modules, its tool and plugins, and the GTK package's modules are written
between the page's `<!-- package-graph -->` markers, so that the picture cannot drift from the
manifests. Test, example and benchmark targets are left out.

It also checks that the manifests list what the code imports: every module a target's files
import (`import M`, `@testable import M` …) is one of its dependencies (a target of its package,
or a target of a product it names), the toolchain's (Foundation, Glibc, Testing …), or itself;
a module reached only through another's dependencies or re-exports is reported with its file.
With `MemberImportVisibility` on (Package.swift), each file imports the modules it uses.

    scripts/package-graph.py           rewrite the page's graph
    scripts/package-graph.py --check   fail when the page's graph is not the manifests'
"""
import argparse
import functools
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "Documentation", "Architecture.md")
START, END = "<!-- package-graph -->", "<!-- /package-graph -->"
PACKAGES = [("", "swift-uti"), ("Integrations/GTK", "swift-uti-gtk (Integrations/GTK)")]
# Modules of the toolchain and the system, which no manifest lists.
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Glibc", "Musl",
    "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest", "PackagePlugin", "_Concurrency",
    "Android", "WinSDK", "ucrt", "os", "CoreFoundation",
}
# What a file's head holds before its first declaration: imports, comments, conditions.
HEADER = re.compile(r"^\s*($|//|/\*|\*|#if|#elseif|#else|#endif|(@[\w()]+\s+)*(\w+\s+)?import\s)")
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*(?:public |package |internal |private |fileprivate )?import\s+"
                    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(\w+)")


@functools.cache
def manifest(folder):
    output = subprocess.run(
        ["swift", "package", "dump-package"], cwd=os.path.join(ROOT, folder), check=True,
        capture_output=True, text=True).stdout
    return json.loads(output)


def shipped(target):
    """Whether a target is part of what the package ships (not a test, example or benchmark)."""
    path = target.get("path") or ""
    if target["type"] == "test" or path.startswith(("Tests/", "Examples/", "Benchmarks/")):
        return False
    return target["name"] != "SwiftUTI"  # the documentation target: a catalog, no code


def dependency_name(dependency):
    kind, value = next(iter(dependency.items()))
    if kind == "product":
        return f"{value[0]} (product of {value[1]})"
    return value[0]


def graph():
    lines = []
    for folder, title in PACKAGES:
        data = manifest(folder)
        rows = [(t["name"], t["type"], [dependency_name(d) for d in t["dependencies"]])
                for t in data["targets"] if shipped(t)]
        width = max(len(name) for name, _, _ in rows)
        lines.append(f"{title}:")
        for name, kind, dependencies in rows:
            kind = "" if kind == "regular" else f" ({kind.replace('systemLibrary', 'system library')})"
            arrow = " ──► " + ", ".join(dependencies) if dependencies else ""
            lines.append(f"  {name.ljust(width) if arrow else name}{arrow}{kind}")
    return "```\n" + "\n".join(lines) + "\n```"


def target_folder(folder, target):
    """Where a target's sources are: its `path`, or SwiftPM's default for its kind."""
    if target.get("path"):
        return os.path.join(ROOT, folder, target["path"])
    kind = {"test": "Tests", "plugin": "Plugins"}.get(target["type"], "Sources")
    return os.path.join(ROOT, folder, kind, target["name"])


def unlisted_imports():
    """Each import of a module the importing target's manifest does not list, as a message."""
    products = {p["name"]: p["targets"] for p in manifest("")["products"]}
    problems = []
    for folder, _ in PACKAGES:
        data = manifest(folder)
        for target in data["targets"]:
            allowed = {target["name"]} | TOOLCHAIN
            for dependency in target["dependencies"]:
                kind, value = next(iter(dependency.items()))
                allowed |= set(products.get(value[0], [])) if kind == "product" else {value[0]}
            sources = glob.glob(os.path.join(target_folder(folder, target), "**", "*.swift"), recursive=True)
            for path in sorted(sources):
                with open(path, encoding="utf-8") as handle:
                    for number, line in enumerate(handle, 1):
                        if not HEADER.match(line):
                            break  # imports are at the top (a later `import` is in a string)
                        match = IMPORT.match(line)
                        if match and match.group(1) not in allowed:
                            problems.append(
                                f"{os.path.relpath(path, ROOT)}:{number}: {target['name']} imports "
                                f"{match.group(1)}, which its manifest does not list")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when the page differs")
    arguments = parser.parse_args()
    problems = unlisted_imports()
    if problems:
        sys.exit("\n".join(problems))
    with open(PAGE, encoding="utf-8") as handle:
        page = handle.read()
    if START not in page or END not in page:
        sys.exit(f"{PAGE} has no {START} … {END} block")
    head, rest = page.split(START, 1)
    _, tail = rest.split(END, 1)
    written = f"{head}{START}\n{graph()}\n{END}{tail}"
    if arguments.check:
        if written != page:
            sys.exit("Documentation/Architecture.md's module graph is not the manifests': run scripts/package-graph.py")
        return
    with open(PAGE, "w", encoding="utf-8") as handle:
        handle.write(written)


if __name__ == "__main__":
    main()
