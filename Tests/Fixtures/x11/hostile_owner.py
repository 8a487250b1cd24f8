#!/usr/bin/env python3
"""An owner of CLIPBOARD that no requestor should trust, for the tests, over python3-xlib.

  hostile_owner.py many-targets ATOMS_FILE   TARGETS lists every atom of ATOMS_FILE (one number
                                             a line, interned by the test), an atom the server
                                             does not know, then UTF8_STRING; UTF8_STRING is
                                             "pasted past N targets"
  hostile_owner.py incr-targets              TARGETS is sent by INCR, in three chunks (ours
                                             and 3,000 atoms the server knows, then
                                             UTF8_STRING); UTF8_STRING is "after INCR targets"
  hostile_owner.py text-as-integer           UTF8_STRING is answered with 32-bit INTEGER data

Prints "ready" once it owns CLIPBOARD (after a round trip), then serves until killed.
"""
import select
import sys

from Xlib import X, Xatom, display
from Xlib.protocol import event

mode = sys.argv[1]
d = display.Display()
d.set_error_handler(lambda *args: None)  # a requestor that went away
window = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
CLIPBOARD, UTF8, TARGETS, INCR = (d.intern_atom(n) for n in ("CLIPBOARD", "UTF8_STRING", "TARGETS", "INCR"))
UNKNOWN_ATOM = 0x1FFFFFF0  # no server hands out atoms this high

if mode == "many-targets":
    with open(sys.argv[2]) as f:
        listed = [int(line) for line in f if line.strip()]
    targets = [TARGETS] + listed + [UNKNOWN_ATOM, UTF8]
    text = b"pasted past %d targets" % len(targets)
elif mode == "incr-targets":
    known = [d.intern_atom("swift-uti-incr-target-%d" % i) for i in range(3000)]
    targets = [TARGETS] + known + [UTF8]
    text = b"after INCR targets"
else:
    targets = [TARGETS, UTF8]
    text = None

window.set_selection_owner(CLIPBOARD, X.CurrentTime)
d.sync()
print("ready", flush=True)
# INCR transfers in progress: (requestor window id, property) -> chunks still to send.
pending = {}


def notify(e, prop):
    e.requestor.send_event(
        event.SelectionNotify(time=e.time, requestor=e.requestor, selection=e.selection, target=e.target, property=prop))


def answer(e):
    prop = e.property or e.target
    if e.target == TARGETS and mode == "incr-targets":
        third = len(targets) // 3 + 1
        chunks = [targets[i:i + third] for i in range(0, len(targets), third)] + [[]]
        e.requestor.change_attributes(event_mask=X.PropertyChangeMask)
        e.requestor.change_property(prop, INCR, 32, [len(targets) * 4])
        pending[(e.requestor.id, prop)] = (e.requestor, chunks)
    elif e.target == TARGETS:
        e.requestor.change_property(prop, Xatom.ATOM, 32, targets)
    elif e.target == UTF8 and text is None:
        e.requestor.change_property(prop, Xatom.INTEGER, 32, [1, 2, 3, 4])
    elif e.target == UTF8:
        e.requestor.change_property(prop, UTF8, 8, text)
    else:
        prop = X.NONE
    notify(e, prop)
    d.flush()


while True:
    select.select([d.fileno()], [], [], 1.0)
    while d.pending_events():
        e = d.next_event()
        if e.type == X.SelectionRequest:
            answer(e)
        elif e.type == X.PropertyNotify and e.state == X.PropertyDelete and (e.window.id, e.atom) in pending:
            requestor, chunks = pending[(e.window.id, e.atom)]
            chunk = chunks.pop(0)
            requestor.change_property(e.atom, Xatom.ATOM, 32, chunk)
            if not chunks:
                del pending[(e.window.id, e.atom)]
            d.flush()
