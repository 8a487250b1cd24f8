"""Gives a headless mutter's seat a keyboard and a pointer, as GNOME's remote desktop does.

Run inside mutter's D-Bus session: opens an org.gnome.Mutter.RemoteDesktop session, starts it,
presses and releases Shift once (mutter adds the virtual keyboard to the seat at its first key)
and moves the pointer to the screen's top-left corner, then writes "$XDG_RUNTIME_DIR/seat-ready"
and keeps the session open until it is killed (the session ends with this process's connection).

Meanwhile it moves the pointer as the tests say, one command a line on the Unix socket
"$XDG_RUNTIME_DIR/seat-commands", each answered "ok" once mutter has taken it (or "error ..."):
"move X Y" (screen coordinates: mutter's remote desktop moves a pointer without a screen cast
by relative motions only, so the position is kept here from the corner on) and "button 1" or
"button 0" (the left button pressed or released).
"""
import os
import socket
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
# Far past the top-left corner: the pointer stops there, at (0, 0).
call(path, SESSION, "NotifyPointerMotionRelative", GLib.Variant("(dd)", (-100000.0, -100000.0)))
position = [0.0, 0.0]
# The virtual monitor's size (WaylandCompositor.startMutter's): a relative motion stops at its
# edge, so a position past it is taken as the edge, which keeps the position known.
WIDTH, HEIGHT = 1024, 768


def command(line):
    words = line.split()
    if words[:1] == ["move"] and len(words) == 3:
        # Whole pixels: mutter drops what a relative motion has below a pixel while a drag runs.
        x = float(min(max(round(float(words[1])), 0), WIDTH - 1))
        y = float(min(max(round(float(words[2])), 0), HEIGHT - 1))
        call(path, SESSION, "NotifyPointerMotionRelative", GLib.Variant("(dd)", (x - position[0], y - position[1])))
        position[:] = [x, y]
    elif words[:1] == ["button"] and len(words) == 2:
        call(path, SESSION, "NotifyPointerButton", GLib.Variant("(ib)", (0x110, words[1] == "1")))
    else:
        raise ValueError("unknown command: " + line)


runtime = os.environ["XDG_RUNTIME_DIR"]
server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
server.bind(os.path.join(runtime, "seat-commands"))
server.listen(4)
open(os.path.join(runtime, "seat-ready"), "w").close()
while True:
    connection, _ = server.accept()
    with connection, connection.makefile("rw") as stream:
        for line in stream:
            try:
                command(line.strip())
                stream.write("ok\n")
            except Exception as error:  # the test hears what went wrong
                stream.write("error %s\n" % error)
            stream.flush()
