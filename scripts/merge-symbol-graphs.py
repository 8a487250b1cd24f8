#!/usr/bin/env python3
"""Writes one symbol graph, named MODULE, of the symbols and relationships of the graphs given:
the documentation of a module that re-exports another (`SystemPasteboard` over
`SystemPasteboardCore`), whose public declarations are documented as its own.

  python3 scripts/merge-symbol-graphs.py MODULE GRAPH.symbols.json [EXTENSION.symbols.json ...] > OUT
"""
import json
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    name, first, *rest = sys.argv[1:]
    with open(first) as file:
        merged = json.load(file)
    merged["module"]["name"] = name
    for path in rest:
        with open(path) as file:
            graph = json.load(file)
        merged["symbols"] += graph["symbols"]
        merged["relationships"] += graph["relationships"]
    json.dump(merged, sys.stdout)


if __name__ == "__main__":
    main()
