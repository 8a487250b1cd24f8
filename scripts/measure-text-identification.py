#!/usr/bin/env python3
"""Measures text identification on the final set of the outside corpus, beside file and Magika.

    pip install magika==1.0.3      # its standard_v3_3 model, the one these figures name
    scripts/measure-text-identification.py --corpus /tmp/text-corpus --utictl .build/release/utictl

The corpus is scripts/text-corpus.py's; only one of its scored sets is read, and the files' names
say nothing (content hashes): the final set by default (repositories of owners the model never
learned from, and no choice was made on; it is run once, after the model's next change), or with
--set seen the set the published figures were scored on. Each tool runs once over all the files: `utictl identify --mime` with the machine's MIME
database and with --no-mime-database, `file --mime-type`, and `magika -l` where it is installed.
Prints the per-kind table (files named right), the wrong specific answers (a type other than plain
text that is not the file's), the share right by size (under 1 KB, 1-4 KB, over 4 KB) and each
tool's time; --markdown prints the tables as the guide has them.
"""

import argparse
import os
import shutil
import subprocess
import time

# What each tool may answer for each kind: MIME types (utictl, file) and Magika's labels.
# A tool with no name for C or C++ headers is right with its C or C++ answer.
ACCEPTED = {
    "python": {"text/x-python", "text/x-python3", "text/x-script.python", "python"},
    "shell": {"application/x-shellscript", "text/x-shellscript", "text/x-sh", "shell"},
    "c": {"text/x-csrc", "text/x-c", "c"},
    "c-header": {"text/x-chdr", "text/x-c", "c"},
    "c++": {"text/x-c++src", "text/x-c++", "cpp"},
    "c++-header": {"text/x-c++hdr", "text/x-c++", "cpp"},
    "objective-c": {"text/x-objcsrc", "text/x-objective-c", "objectivec"},
    "swift": {"text/x-swift", "swift"},
    "rust": {"text/rust", "text/x-rust", "rust"},
    "go": {"text/x-go", "go"},
    "java": {"text/x-java", "text/x-java-source", "java"},
    "kotlin": {"text/x-kotlin", "kotlin"},
    "c#": {"text/x-csharp", "cs"},
    "typescript": {"text/x-typescript", "application/typescript", "application/x-typescript", "typescript"},
    "javascript": {"text/javascript", "application/javascript", "javascript"},
    "ruby": {"application/x-ruby", "text/x-ruby", "ruby"},
    "php": {"application/x-php", "text/x-php", "php"},
    "lua": {"text/x-lua", "lua"},
    "perl": {"application/x-perl", "text/x-perl", "perl"},
    "sql": {"application/sql", "text/x-sql", "sql"},
    "css": {"text/css", "css"},
    "markdown": {"text/markdown", "text/x-markdown", "markdown"},
    "yaml": {"application/x-yaml", "application/yaml", "text/yaml", "text/x-yaml", "yaml"},
    "toml": {"application/toml", "text/x-toml", "toml"},
    "ini": {"text/x-ini", "ini"},
    "csv": {"text/csv", "csv"},
    "tsv": {"text/tab-separated-values", "tsv"},
    "makefile": {"text/x-makefile", "makefile"},
    "dockerfile": {"text/x-dockerfile", "dockerfile"},
    "tex": {"text/x-tex", "application/x-tex", "latex", "tex"},
    "diff": {"text/x-patch", "text/x-diff", "diff"},
    "prose": {"text/plain", "txt"},
}
# Answers that name no specific type: never right for a specific kind, never wrong either.
UNSPECIFIC = {"text/plain", "txt", "application/octet-stream", "unknown", "empty", "inode/x-empty", "undefined"}


def run(command, files):
    """{file: answer} from a command that prints `file: answer` lines, and the seconds it took."""
    start = time.monotonic()
    output = subprocess.run(command + files, capture_output=True, text=True).stdout
    seconds = time.monotonic() - start
    answers = {}
    for line in output.splitlines():
        path, _, answer = line.rpartition(": ")
        answers[path] = answer.strip()
    return answers, seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--utictl", default=".build/release/utictl")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--set", default="final", choices=("final", "seen"))
    arguments = parser.parse_args()
    folder = os.path.join(arguments.corpus, arguments.set)
    files = {}
    for kind in sorted(os.listdir(folder)):
        for name in sorted(os.listdir(os.path.join(folder, kind))):
            files[os.path.join(folder, kind, name)] = kind
    paths = list(files)
    tools = {
        "utictl": [arguments.utictl, "identify", "--mime"],
        "utictl, no database": [arguments.utictl, "--no-mime-database", "identify", "--mime"],
        "file": ["file", "--mime-type"],
    }
    if shutil.which("magika"):
        version = subprocess.run(["magika", "--version"], capture_output=True, text=True).stdout
        if "standard_v3_3" not in version:
            print(f"note: Magika says {version.strip()!r}, not the standard_v3_3 model these figures name")
        tools["Magika"] = ["magika", "-l", "--no-colors"]
    results = {name: run(command, paths) for name, command in tools.items()}
    kinds = sorted(set(files.values()))
    names = list(results)
    if arguments.markdown:
        print("| kind | files | " + " | ".join(names) + " |")
        print("|---|---|" + "---|" * len(names))
    for kind in kinds:
        members = [p for p in paths if files[p] == kind]
        cells = [sum(1 for p in members if results[n][0].get(p) in ACCEPTED[kind]) for n in names]
        if arguments.markdown:
            print(f"| {kind} | {len(members)} | " + " | ".join(str(c) for c in cells) + " |")
        else:
            print(f"{kind:12} {len(members):3} " + " ".join(f"{c:4}" for c in cells))
    total = len(paths)
    right = [sum(1 for p in paths if results[n][0].get(p) in ACCEPTED[files[p]]) for n in names]
    wrong = [sum(1 for p in paths if (a := results[n][0].get(p, "")) not in ACCEPTED[files[p]] and a not in UNSPECIFIC)
             for n in names]
    sizes = {p: os.path.getsize(p) for p in paths}
    buckets = [("under 1 KB", 0, 1024), ("1-4 KB", 1024, 4096), ("over 4 KB", 4096, 1 << 62)]
    by_size = []
    for title, low, high in buckets:
        members = [p for p in paths if low <= sizes[p] < high]
        cells = [sum(1 for p in members if results[n][0].get(p) in ACCEPTED[files[p]]) for n in names]
        by_size.append((title, len(members), cells))
    if arguments.markdown:
        print(f"| **right** | {total} | " + " | ".join(f"**{100 * r / total:.1f} %**" for r in right) + " |")
        print("| wrong specific type | | " + " | ".join(str(w) for w in wrong) + " |")
        print("| time, one process | | " + " | ".join(f"{1000 * results[n][1]:.0f} ms" for n in names) + " |")
        print("\n| size | files | " + " | ".join(names) + " |")
        print("|---|---|" + "---|" * len(names))
        for title, count, cells in by_size:
            print(f"| {title} | {count} | " + " | ".join(f"{100 * c / max(1, count):.1f} %" for c in cells) + " |")
    else:
        print("tools        " + " | ".join(names))
        print(f"right        {total:3} " + " ".join(f"{100 * r / total:5.1f}%" for r in right))
        print("wrong specific   " + " ".join(f"{w:5}" for w in wrong))
        print("seconds          " + " ".join(f"{results[n][1]:5.2f}" for n in names))
        for title, count, cells in by_size:
            print(f"{title:12} {count:3} " + " ".join(f"{100 * c / max(1, count):5.1f}%" for c in cells))


if __name__ == "__main__":
    main()
