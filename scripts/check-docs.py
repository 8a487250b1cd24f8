#!/usr/bin/env python3
"""Checks the documentation a reader follows: the README, CONTRIBUTING.md, the guides and
reports under Documentation/ and the modules' DocC articles.

- Every relative link resolves: a file or folder of the repository, and an anchor (`#…`) to a
  heading of the file it names, as GitHub makes anchors.
- Every type a page names in backticks (`SystemPasteboard`, `X11Window.acceptDrops`) is declared
  in the package (a type, a protocol, a typealias, a target), or is another system's name listed in
  scripts/doc-names.txt (Apple's, X11's, the Desktop Entry specification's…): a page that names a
  type that no longer exists fails here.

Exits 1 with one `FILE:LINE: message` per problem.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def documents():
    files = ["README.md", "CONTRIBUTING.md"]
    files += glob.glob("Documentation/**/*.md", recursive=True)
    files += glob.glob("Sources/*/*.docc/*.md")
    files += glob.glob("Integrations/*/Sources/*/*.docc/*.md")
    return sorted(f for f in files if os.path.exists(os.path.join(ROOT, f)))


def declared_names():
    names = set()
    sources = []
    packages = [ROOT] + sorted(glob.glob(os.path.join(ROOT, "Integrations", "*")))
    for package in packages:
        for folder in ("Sources", "Tests", "Examples", "Plugins", "Benchmarks", "Fuzz"):
            sources += glob.glob(os.path.join(package, folder, "**", "*.swift"), recursive=True)
    pattern = re.compile(r"\b(?:class|struct|enum|protocol|actor|typealias|extension|case)\s+([A-Z][A-Za-z0-9_]*)")
    for path in sources:
        with open(path, encoding="utf-8", errors="replace") as f:
            names.update(m.group(1) for m in pattern.finditer(f.read()))
    for package in packages:
        manifest = os.path.join(package, "Package.swift")
        if os.path.exists(manifest):
            with open(manifest, encoding="utf-8") as f:
                names.update(re.findall(r'name: "([A-Za-z][A-Za-z0-9_-]*)"', f.read()))
    with open(os.path.join(ROOT, "scripts", "doc-names.txt"), encoding="utf-8") as f:
        names.update(line.split("#")[0].strip() for line in f if line.split("#")[0].strip())
    return names


def anchors(path):
    """GitHub's anchors of a Markdown file's headings (outside code fences)."""
    found, fence = set(), False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                fence = not fence
            elif not fence and line.startswith("#"):
                title = line.lstrip("#").strip().lower()
                slug = re.sub(r"[^\w\- ]", "", title).replace(" ", "-")
                found.add(slug)
    return found


def prose_lines(path):
    """The file's lines outside code fences, with their numbers."""
    fence = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("```"):
                fence = not fence
                continue
            if not fence:
                yield number, line


def main():
    names = declared_names()
    problems = []
    link = re.compile(r"\]\(([^)\s]+)\)")
    typename = re.compile(r"`+([A-Z][A-Za-z0-9_]*)(?:[.(][^`]*)?`+")
    for doc in documents():
        path = os.path.join(ROOT, doc)
        for number, line in prose_lines(path):
            for target in link.findall(line):
                doc_link = re.match(r"^<doc:([A-Za-z0-9_-]+)(?:#[A-Za-z0-9_-]+)?>$", target)
                if doc_link:
                    # A DocC link with its title (`[Title](<doc:Article>)`), readable on the forge:
                    # an article of that name in the same catalog.
                    if not os.path.exists(os.path.join(os.path.dirname(path), doc_link.group(1) + ".md")):
                        problems.append(f"{doc}:{number}: {target} names no article of its catalog")
                    continue
                if re.match(r"^[a-z][a-z+.-]*:", target):
                    continue  # a URL, or mailto:
                file, _, anchor = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
                if not os.path.exists(resolved):
                    problems.append(f"{doc}:{number}: the link {target} names nothing in the repository")
                elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                    problems.append(f"{doc}:{number}: the link {target} names no heading of {os.path.relpath(resolved, ROOT)}")
            for name in typename.findall(line):
                if name not in names:
                    problems.append(
                        f"{doc}:{number}: `{name}` is declared nowhere in the package (another system's name goes in scripts/doc-names.txt)")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"{len(documents())} pages: every relative link resolves, every type named exists")


if __name__ == "__main__":
    main()
