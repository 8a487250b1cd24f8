#!/usr/bin/env python3
"""The oracle of utictl open: launches the desktop entry named on the command line with the
files after it, as GIO does (g_app_info_launch), and exits once the processes are spawned."""
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio  # noqa: E402

info = Gio.DesktopAppInfo.new_from_filename(sys.argv[1])
if info is None:
    sys.exit("not an application: " + sys.argv[1])
info.launch([Gio.File.new_for_path(path) for path in sys.argv[2:]], None)
