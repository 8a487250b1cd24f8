#!/usr/bin/env python3
"""A GTK 3 application's drag and drop (XDND), driven from the tests: the other side of a drag.

  gtk_dnd.py source X Y text TEXT      a window at (X, Y), 200x200, whose area drags TEXT
                                       (UTF8_STRING, text/plain;charset=utf-8, text/plain)
  gtk_dnd.py source X Y file MIME PATH   … whose area drags the file's bytes as MIME
  gtk_dnd.py source X Y uris URI...    … whose area drags the URIs as text/uri-list, as file
                                       managers drag files
  gtk_dnd.py target X Y MIME...        a window at (X, Y), 200x200, whose area takes drops of MIME

With GTK_DND_POINTER=1, it also says "pointer X Y W H" (in its area's coordinates, and the
area's size) at each motion
of the pointer over its area (and as it enters), until a line "untrack" comes on its standard input: where the
window is, on a desktop that does not say.

With GTK_DND_COLOR set (#RRGGBB), its area is painted in that color: where its window is, on
a screenshot.

With GTK_DND_ACTIONS set (names: copy,move,link,ask), the source offers those actions instead of
a copy, and says "action NAME" (the action the drag ended with) before "end"; the target takes
those actions instead of a copy, and says "offered N" (the source's actions, GdkDragAction bits)
before "motion".

Each prints "ready" once its window is mapped, then one line per event: the source
"end" (and "failed N" with GTK's GtkDragResult when no target took it); the target
"motion", "leave", and "received MIME LENGTH HEX" for each drop (past 4 KB, "sha256:DIGEST"
for HEX), then for text/uri-list "file NAME LENGTH sha256:DIGEST" for each file it names, read
as a file manager reads it before the drop finishes. It exits after 60 s.
"""
import hashlib
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


def say(*words):
    print(*words, flush=True)


ACTIONS = {"copy": Gdk.DragAction.COPY, "move": Gdk.DragAction.MOVE, "link": Gdk.DragAction.LINK,
           "ask": Gdk.DragAction.ASK}
chosen = os.environ.get("GTK_DND_ACTIONS")
actions = Gdk.DragAction(0)
for name in (chosen or "copy").split(","):
    actions |= ACTIONS[name]


def action_name(action):
    names = [name for name, bit in ACTIONS.items() if action & bit]
    return ",".join(names) or "none"


role, x, y = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
window = Gtk.Window(title="gtk " + role)
window.set_default_size(200, 200)
window.move(x, y)
area = Gtk.EventBox()
area.add(Gtk.Label(label="drag me" if role == "source" else "drop here"))
window.add(area)

if os.environ.get("GTK_DND_COLOR"):
    css = Gtk.CssProvider()
    css.load_from_data(("* { background-color: %s; background-image: none; }" % os.environ["GTK_DND_COLOR"]).encode())
    area.get_style_context().add_provider(css, Gtk.STYLE_PROVIDER_PRIORITY_USER)

if os.environ.get("GTK_DND_POINTER") == "1":
    tracking = [True]

    def pointer(widget, event):
        if tracking:
            allocation = widget.get_allocation()
            say("pointer", int(event.x), int(event.y), allocation.width, allocation.height)
        return False

    def command(channel, condition):
        line = sys.stdin.readline()
        if line.strip() == "untrack":
            tracking.clear()
        return bool(line)

    area.add_events(Gdk.EventMask.POINTER_MOTION_MASK | Gdk.EventMask.ENTER_NOTIFY_MASK)
    area.connect("motion-notify-event", pointer)
    area.connect("enter-notify-event", pointer)
    GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, command)

if role == "source":
    kind = sys.argv[4]
    uris = None
    if kind == "text":
        payload = sys.argv[5].encode()
        mimes = ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain"]
    elif kind == "uris":
        uris = sys.argv[5:]
        mimes = ["text/uri-list"]
    else:
        mimes = [sys.argv[5]]
        with open(sys.argv[6], "rb") as f:
            payload = f.read()
    targets = Gtk.TargetList.new([])
    for index, mime in enumerate(mimes):
        targets.add(Gdk.Atom.intern(mime, False), 0, index)
    area.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], actions)
    area.drag_source_set_target_list(targets)

    def get(widget, context, selection, info, time):
        if uris is not None:
            selection.set_uris(uris)
        else:
            selection.set(selection.get_target(), 8, payload)

    area.connect("drag-data-get", get)
    def ended(widget, context):
        if chosen:
            say("action", action_name(context.get_selected_action()))
        say("end")

    area.connect("drag-end", ended)
    area.connect("drag-failed", lambda widget, context, result: say("failed", int(result)) or False)
else:
    targets = Gtk.TargetList.new([])
    for index, mime in enumerate(sys.argv[4:]):
        targets.add(Gdk.Atom.intern(mime, False), 0, index)
    area.drag_dest_set(Gtk.DestDefaults.ALL, [], actions)
    area.drag_dest_set_target_list(targets)

    def received(widget, context, px, py, data, info, time):
        raw = data.get_data() or b""
        digest = raw.hex() if len(raw) <= 4096 else "sha256:" + hashlib.sha256(raw).hexdigest()
        say("received", data.get_data_type().name(), len(raw), digest)
        # As a file manager takes files: each file the URIs name, read before the drop finishes.
        for uri in data.get_uris() if data.get_data_type().name() == "text/uri-list" else []:
            path = GLib.filename_from_uri(uri)[0]
            try:
                with open(path, "rb") as f:
                    content = f.read()
                say("file", path.rsplit("/", 1)[-1], len(content), "sha256:" + hashlib.sha256(content).hexdigest())
            except OSError as error:
                say("unreadable", path, error.strerror)

    area.connect("drag-data-received", received)
    motions = []

    def motion(widget, context, *args):
        if not motions:
            motions.append(1)
            if chosen:
                say("offered", int(context.get_actions()))
            say("motion")
        return False

    area.connect("drag-motion", motion)
    area.connect("drag-leave", lambda *a: motions.clear() or say("leave"))


def mapped(*args):
    GLib.timeout_add(200, lambda: say("ready") or False)


window.connect("map-event", mapped)
window.show_all()
GLib.timeout_add_seconds(60, Gtk.main_quit)
Gtk.main()
