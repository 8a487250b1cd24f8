#!/usr/bin/env python3
"""A window manager's part, for the tests, over python3-xlib: prints a window's WM_CLASS,
_NET_WM_PID, WM_CLIENT_MACHINE and WM_PROTOCOLS (one "NAME value" line each), then, with
"close", asks the window to close as a window manager's close button does (ICCCM 4.1.2.7: a
WM_PROTOCOLS client message carrying WM_DELETE_WINDOW and a timestamp).

Usage: wm_peer.py WINDOW-ID [close]
"""
import sys

from Xlib import X, Xatom, display
from Xlib.protocol import event

d = display.Display()
window = d.create_resource_object("window", int(sys.argv[1], 0))
atom = d.intern_atom


def prop(name, kind):
    value = window.get_full_property(atom(name), kind)
    return value.value if value is not None else None


wm_class = prop("WM_CLASS", Xatom.STRING)
print("WM_CLASS", "|".join(part.decode() if isinstance(part, bytes) else part for part in bytes(wm_class).split(b"\0")[:2]) if wm_class is not None else "-")
pid = prop("_NET_WM_PID", Xatom.CARDINAL)
print("_NET_WM_PID", pid[0] if pid is not None and len(pid) else "-")
machine = prop("WM_CLIENT_MACHINE", Xatom.STRING)
print("WM_CLIENT_MACHINE", bytes(machine).decode() if machine is not None else "-")
protocols = prop("WM_PROTOCOLS", Xatom.ATOM)
print("WM_PROTOCOLS", " ".join(d.get_atom_name(a) for a in protocols) if protocols is not None else "-")
sys.stdout.flush()

if len(sys.argv) > 2 and sys.argv[2] == "close":
    message = event.ClientMessage(
        window=window, client_type=atom("WM_PROTOCOLS"), data=(32, [atom("WM_DELETE_WINDOW"), X.CurrentTime, 0, 0, 0]))
    window.send_event(message, event_mask=0)
    d.flush()
    print("asked to close", flush=True)
