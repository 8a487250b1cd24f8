"""Gives a headless mutter's seat a keyboard and a pointer, as GNOME's remote desktop does.

Run inside mutter's D-Bus session: opens an org.gnome.Mutter.RemoteDesktop session, starts it,
presses and releases Shift once (mutter adds the virtual keyboard to the seat at its first key)
and moves the pointer once, then writes "$XDG_RUNTIME_DIR/seat-ready" and keeps the session open
until it is killed (the session ends with this process's connection).
"""
import os
import signal
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

NAME = "org.gnome.Mutter.RemoteDesktop"
SESSION = NAME + ".Session"
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def call(path, interface, method, args=None, reply="()"):
    return bus.call_sync(NAME, path, interface, method, args, GLib.VariantType(reply),
                         Gio.DBusCallFlags.NONE, 10000, None)


# mutter owns its name a moment after its socket appears: wait for the bus to say it does.
loop = GLib.MainLoop()
appeared = []


def on_appeared(*_):
    appeared.append(True)
    loop.quit()


watch = Gio.bus_watch_name_on_connection(bus, NAME, Gio.BusNameWatcherFlags.NONE, on_appeared, None)
GLib.timeout_add_seconds(10, loop.quit)
loop.run()
Gio.bus_unwatch_name(watch)
if not appeared:
    sys.exit("mutter's RemoteDesktop never appeared on the bus")
(path,) = call("/org/gnome/Mutter/RemoteDesktop", NAME, "CreateSession", None, "(o)").unpack()
call(path, SESSION, "Start")
for pressed in (True, False):
    call(path, SESSION, "NotifyKeyboardKeycode", GLib.Variant("(ub)", (42, pressed)))
call(path, SESSION, "NotifyPointerMotionRelative", GLib.Variant("(dd)", (1.0, 1.0)))
open(os.path.join(os.environ["XDG_RUNTIME_DIR"], "seat-ready"), "w").close()
while True:
    signal.pause()
