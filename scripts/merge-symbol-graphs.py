#!/usr/bin/env python3
"""Symbol graphs of a module that re-exports another (`SystemPasteboard` over
`SystemPasteboardCore`), whose public declarations are documented as its own.

  python3 scripts/merge-symbol-graphs.py merge MODULE GRAPH.symbols.json [EXTENSION.symbols.json ...] > OUT
      one graph, named MODULE, of the symbols and relationships of the graphs given; the
      extensions' blocks (`--emit-extension-block-symbols`) are folded into the types they
      extend, which the merged module declares
  python3 scripts/merge-symbol-graphs.py rename FROM TO EXTENSION.symbols.json > OUT
      another module's extension graph of FROM's types (`DesktopPasteboard@SystemPasteboardCore`)
      as one of TO's, the module users import, so that the reference shows "Extended Modules: TO"
"""
import json
import sys


def fold_extension_blocks(graph):
    """The graph's members of extension blocks made members of the types the blocks extend."""
    extended = {r["source"]: r["target"] for r in graph["relationships"] if r["kind"] == "extensionTo"}
    graph["symbols"] = [s for s in graph["symbols"] if s["identifier"]["precise"] not in extended]
    relationships = []
    for relationship in graph["relationships"]:
        if relationship["kind"] == "extensionTo":
            continue
        relationship["source"] = extended.get(relationship["source"], relationship["source"])
        relationship["target"] = extended.get(relationship["target"], relationship["target"])
        relationships.append(relationship)
    graph["relationships"] = relationships
    return graph


def merge(name, first, rest):
    with open(first) as file:
        merged = json.load(file)
    merged["module"]["name"] = name
    for path in rest:
        with open(path) as file:
            graph = fold_extension_blocks(json.load(file))
        merged["symbols"] += graph["symbols"]
        merged["relationships"] += graph["relationships"]
    json.dump(merged, sys.stdout)


def rename(old, new, path):
    with open(path) as file:
        graph = json.load(file)
    for symbol in graph["symbols"]:
        extension = symbol.get("swiftExtension")
        if extension and extension.get("extendedModule") == old:
            extension["extendedModule"] = new
    json.dump(graph, sys.stdout)


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "merge":
        merge(sys.argv[2], sys.argv[3], sys.argv[4:])
    elif len(sys.argv) == 5 and sys.argv[1] == "rename":
        rename(*sys.argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
