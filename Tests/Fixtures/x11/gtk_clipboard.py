#!/usr/bin/env python3
"""A GTK 3 application's clipboard, driven from the tests (the other side of a copy or a paste).

  gtk_clipboard.py set-text TEXT       owns CLIPBOARD with text, prints "ready", serves until killed
  gtk_clipboard.py set-image PATH      owns CLIPBOARD with the image (GTK offers image/png …)
  gtk_clipboard.py read-text           prints the clipboard's text (GTK asks for UTF8_STRING …)
  gtk_clipboard.py read-image          prints the clipboard image's "WIDTHxHEIGHT"
  gtk_clipboard.py size PATH           prints an image file's "WIDTHxHEIGHT"

On Wayland a client sets or reads the clipboard only from a window with keyboard focus, with the
serial of an input event (GTK takes its latest): the window modes show a window, print "ready"
once it is mapped, and act on the first key pressed in it.

  gtk_clipboard.py window-set-text TEXT    copies TEXT, prints "copied", serves until killed
  gtk_clipboard.py window-set-image PATH   copies the image, prints "copied"
  gtk_clipboard.py window-read-text        prints "text TEXT" (or "text (none)"), then exits
  gtk_clipboard.py window-read-image       prints "image WIDTHxHEIGHT" (or "image (none)"), then exits

The focus modes do the same when the window first gets keyboard focus (whose serial a selection
takes), for compositors whose seat the tests cannot type into (GNOME's, KDE's):

  gtk_clipboard.py focus-set-text TEXT     focus-set-image PATH
  gtk_clipboard.py focus-read-text         focus-read-image
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GdkPixbuf, GLib, Gtk  # noqa: E402

command = sys.argv[1]
if command.startswith("focus-"):
    command = "window-" + command[len("focus-"):]
    on_focus = True
else:
    on_focus = False
clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)


def on_key(widget, event):
    if command == "window-set-text":
        clipboard.set_text(sys.argv[2], -1)
        print("copied", flush=True)
    elif command == "window-set-image":
        clipboard.set_image(GdkPixbuf.Pixbuf.new_from_file(sys.argv[2]))
        print("copied", flush=True)
    elif command == "window-read-text":
        print("text", clipboard.wait_for_text() or "(none)", flush=True)
        Gtk.main_quit()
    elif command == "window-read-image":
        image = clipboard.wait_for_image()
        print("image", "%dx%d" % (image.get_width(), image.get_height()) if image else "(none)", flush=True)
        Gtk.main_quit()
    return True


if command.startswith("window-"):
    window = Gtk.Window(title="gtk clipboard")
    window.set_default_size(200, 200)
    if on_focus:
        acted = []

        def on_focus_in(widget, event):
            if not acted:
                acted.append(True)
                GLib.idle_add(lambda: on_key(widget, None) and False)
            return False

        window.connect("focus-in-event", on_focus_in)
    else:
        window.connect("key-press-event", on_key)
    window.connect("map-event", lambda *_: print("ready", flush=True))
    window.show_all()
elif command == "set-text":
    clipboard.set_text(sys.argv[2], -1)
    clipboard.store()
elif command == "set-image":
    clipboard.set_image(GdkPixbuf.Pixbuf.new_from_file(sys.argv[2]))
elif command == "read-text":
    print(clipboard.wait_for_text() or "(none)", flush=True)
    sys.exit(0)
elif command == "read-image":
    image = clipboard.wait_for_image()
    print("%dx%d" % (image.get_width(), image.get_height()) if image else "(none)", flush=True)
    sys.exit(0)
elif command == "size":
    image = GdkPixbuf.Pixbuf.new_from_file(sys.argv[2])
    print("%dx%d" % (image.get_width(), image.get_height()), flush=True)
    sys.exit(0)
if not command.startswith("window-"):
    print("ready", flush=True)
GLib.timeout_add_seconds(60, Gtk.main_quit)
Gtk.main()
