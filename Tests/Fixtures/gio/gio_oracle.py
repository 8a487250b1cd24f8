#!/usr/bin/env python3
"""Answers questions about MIME types the way GIO does, for the MIME cache tests.

Reads one JSON object on standard input and writes one on standard output:
  {"names": [...], "data": [hex, ...], "is_a": [[type, supertype], ...], "named_data": [[name, hex], ...],
   "files": [path, ...]}
  -> {"names": [guess, ...], "data": [guess, ...], "is_a": [bool, ...], "named_data": [guess, ...],
      "files": [content type, ...]}
"files" asks GIO's file information (g_file_query_info, standard::content-type), which follows
symbolic links and reads the file's first 4 KB; a file it cannot query is "(error)".
GIO reads the same shared-mime-info database as the Swift reader (from the machine).
"""
import json
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio  # noqa: E402


def file_type(path):
    try:
        info = Gio.File.new_for_path(path).query_info("standard::content-type", Gio.FileQueryInfoFlags.NONE, None)
        return info.get_content_type()
    except Exception:
        return "(error)"


query = json.load(sys.stdin)
answer = {
    "names": [Gio.content_type_guess(name, None)[0] for name in query.get("names", [])],
    "data": [Gio.content_type_guess(None, bytes.fromhex(data))[0] for data in query.get("data", [])],
    "is_a": [Gio.content_type_is_a(a, b) for a, b in query.get("is_a", [])],
    "named_data": [Gio.content_type_guess(name, bytes.fromhex(data))[0] for name, data in query.get("named_data", [])],
    "files": [file_type(path) for path in query.get("files", [])],
}
json.dump(answer, sys.stdout)
