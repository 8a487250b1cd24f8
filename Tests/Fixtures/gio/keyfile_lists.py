#!/usr/bin/env python3
"""Prints a key file's entries as GLib reads them: one `group<TAB>key<TAB>value;value;` line per
key, each value read as a list (GLib reads mimeapps.list so), sorted. Exits 1 when GLib cannot
load the file.

Usage: keyfile_lists.py FILE
"""
import sys

import gi

gi.require_version("GLib", "2.0")
from gi.repository import GLib  # noqa: E402

keys = GLib.KeyFile()
try:
    keys.load_from_file(sys.argv[1], GLib.KeyFileFlags.NONE)
except GLib.Error as error:
    print(error.message, file=sys.stderr)
    sys.exit(1)
lines = []
for group in keys.get_groups()[0]:
    for key in keys.get_keys(group)[0]:
        lines.append(f"{group}\t{key}\t{''.join(v + ';' for v in keys.get_string_list(group, key))}")
print("\n".join(sorted(lines)))
