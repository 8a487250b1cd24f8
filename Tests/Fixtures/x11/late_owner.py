#!/usr/bin/env python3
"""An owner of CLIPBOARD that answers late, for the tests, over python3-xlib: the first request
it gets is answered with "late" after DELAY seconds (argv[1]), to a requestor that gave up by
then; every later one with "fresh" at once. Prints "ready" once it owns CLIPBOARD, "request W"
for each request (W: the requestor's window), and "late answer sent" after the late one (its
writes to a requestor window that is gone are ignored).
"""
import select
import sys
import time

from Xlib import X, Xatom, display, error
from Xlib.protocol import event

delay = float(sys.argv[1])
d = display.Display()
d.set_error_handler(lambda *args: None)  # a BadWindow for the gone requestor's window
window = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
CLIPBOARD, UTF8, TARGETS = d.intern_atom("CLIPBOARD"), d.intern_atom("UTF8_STRING"), d.intern_atom("TARGETS")
window.set_selection_owner(CLIPBOARD, X.CurrentTime)
# A round trip: the server has made us the owner before anyone hears "ready" (a flush
# only sends the request, which the server may read after another client's).
d.sync()
print("ready", flush=True)
answered = 0


def answer(e, data):
    prop = e.property or e.target
    if e.target == TARGETS:
        e.requestor.change_property(prop, Xatom.ATOM, 32, [TARGETS, UTF8])
    else:
        e.requestor.change_property(prop, UTF8, 8, data)
    reply = event.SelectionNotify(time=e.time, requestor=e.requestor, selection=e.selection, target=e.target, property=prop)
    e.requestor.send_event(reply)
    d.flush()


while True:
    select.select([d.fileno()], [], [], 1.0)
    while d.pending_events():
        e = d.next_event()
        if e.type != X.SelectionRequest:
            continue
        answered += 1
        print("request %d" % e.requestor.id, flush=True)
        if answered == 1:
            time.sleep(delay)
            answer(e, b"late")
            d.sync()
            print("late answer sent", flush=True)
        else:
            answer(e, b"fresh")
