#!/usr/bin/env python3
"""A GTK 4 application taking dropped files, as GTK 4 apps take them (a Gtk.DropTarget of
Gdk.FileList), driven from the tests: the target of a drag.

  gtk4_drop.py

It prints "ready" once its 200x200 window is mapped, "motion" when a drag first comes over it,
then for a drop "received N" and "file NAME LENGTH sha256:DIGEST" for each of its N files, read
as the app would (whether GTK read them through the file transfer portal, its session bus
tells: the tests watch it). It exits after 60 s.
"""
import hashlib

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

# The window's app id, which the tests place it by (GTK 4 takes the program's name).
GLib.set_prgname("gtk4_drop.py")


def say(*words):
    print(*words, flush=True)


window = Gtk.Window(title="gtk4 drop")
window.set_default_size(200, 200)
window.set_child(Gtk.Label(label="drop here"))
target = Gtk.DropTarget.new(Gdk.FileList, Gdk.DragAction.COPY)
motions = []


def motion(*args):
    if not motions:
        motions.append(1)
        say("motion")
    return Gdk.DragAction.COPY


def dropped(target, value, x, y):
    files = value.get_files()
    say("received", len(files))
    for item in files:
        path = item.get_path()
        try:
            with open(path, "rb") as f:
                content = f.read()
            say("file", path.rsplit("/", 1)[-1], len(content), "sha256:" + hashlib.sha256(content).hexdigest())
        except OSError as error:
            say("unreadable", path, error.strerror)
    return True


target.connect("motion", motion)
target.connect("enter", motion)
target.connect("leave", lambda *a: motions.clear() or say("leave"))
target.connect("drop", dropped)
window.get_child().add_controller(target)


def mapped(*args):
    GLib.timeout_add(200, lambda: say("ready") or False)


window.connect("map", mapped)
window.present()
loop = GLib.MainLoop()
GLib.timeout_add_seconds(60, loop.quit)
loop.run()
