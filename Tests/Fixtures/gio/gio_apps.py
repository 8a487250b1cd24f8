#!/usr/bin/env python3
"""The oracle of utictl apps and NSWorkspace: for each MIME type on the command line, GIO's
default application and every application for it (g_app_info_get_default_for_type, then
g_app_info_get_all_for_type), as desktop file IDs, one line each:
    TYPE<TAB>DEFAULT-OR-DASH<TAB>ID,ID,...
The XDG_* variables of the environment name the places, as for any GIO program."""
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio  # noqa: E402

for mime_type in sys.argv[1:]:
    default = Gio.AppInfo.get_default_for_type(mime_type, False)
    every = Gio.AppInfo.get_all_for_type(mime_type)
    print(mime_type, default.get_id() if default else "-", ",".join(app.get_id() for app in every), sep="\t")
