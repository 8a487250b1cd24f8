#!/usr/bin/env python3
"""A small clipboard manager for the tests (freedesktop's clipboard manager specification), over
python3-xlib: owns CLIPBOARD_MANAGER; when the CLIPBOARD owner asks it to convert SAVE_TARGETS,
copies every target the owner lists (in the request's property, else its TARGETS), confirms, and
then owns CLIPBOARD itself and serves the saved data. Prints "ready" once it owns
CLIPBOARD_MANAGER, and "saved N targets" after each hand-over.

  clipboard_manager.py            the manager, as above
  clipboard_manager.py refuse     answers SAVE_TARGETS with property None (it saves nothing) and
                                  prints "refused"
  clipboard_manager.py silent     never answers SAVE_TARGETS (a manager that hangs); prints "asked"
"""
import select
import sys
import time

from Xlib import X, Xatom, display
from Xlib.protocol import event

d = display.Display()
window = d.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=X.PropertyChangeMask)
atom = lambda name: d.intern_atom(name)
CLIPBOARD, MANAGER, SAVE_TARGETS, TARGETS = atom("CLIPBOARD"), atom("CLIPBOARD_MANAGER"), atom("SAVE_TARGETS"), atom("TARGETS")
INCR, MULTIPLE, TIMESTAMP, PROPERTY = atom("INCR"), atom("MULTIPLE"), atom("TIMESTAMP"), atom("_TEST_MANAGER_DATA")
saved = {}
stage = ""
MODE = sys.argv[1] if len(sys.argv) > 1 else "save"

window.set_selection_owner(MANAGER, X.CurrentTime)
# A round trip: the server has made us the owner before anyone hears "ready" (a flush
# only sends the request, which the server may read after another client's).
d.sync()
print("ready", flush=True)


def wait(predicate, timeout=5.0):
    end = time.time() + timeout
    while time.time() < end:
        while d.pending_events():
            e = d.next_event()
            if predicate(e):
                return e
            handle(e)
        # Until the server sends something (or the time is up): no polling interval.
        select.select([d.fileno()], [], [], max(0.0, end - time.time()))
    return None


def convert(target):
    """The CLIPBOARD owner's data for target: (type, bytes), INCR included."""
    window.convert_selection(CLIPBOARD, target, PROPERTY, X.CurrentTime)
    d.flush()
    global stage
    stage = "no SelectionNotify"
    e = wait(lambda e: e.type == X.SelectionNotify and e.requestor == window)
    if e is None or e.property == X.NONE:
        stage = stage if e is None else "refused"
        return None
    prop = window.get_full_property(PROPERTY, X.AnyPropertyType)
    window.delete_property(PROPERTY)
    d.flush()
    if prop.property_type != INCR:
        return prop.property_type, prop.format, bytes(prop.value) if prop.format == 8 else prop.value
    data, kind = b"", X.NONE
    while True:
        stage = "INCR stalled after %d bytes" % len(data)
        e = wait(lambda e: e.type == X.PropertyNotify and e.window == window and e.atom == PROPERTY and e.state == X.PropertyNewValue)
        if e is None:
            return None
        prop = window.get_full_property(PROPERTY, X.AnyPropertyType)
        window.delete_property(PROPERTY)
        d.flush()
        if not prop.value:
            return kind, 8, data
        kind, data = prop.property_type, data + bytes(prop.value)


def answer(e, prop):
    """SelectionNotify to the requestor (python-xlib packs an event when it is made)."""
    reply = event.SelectionNotify(time=e.time, requestor=e.requestor, selection=e.selection, target=e.target, property=prop)
    e.requestor.send_event(reply)
    d.flush()


def handle(e):
    if e.type != X.SelectionRequest:
        return
    if e.selection == MANAGER and e.target == SAVE_TARGETS and MODE == "silent":
        print("asked", flush=True)
        return
    if e.selection == MANAGER and e.target == SAVE_TARGETS and MODE == "refuse":
        answer(e, X.NONE)
        print("refused", flush=True)
        return
    if e.selection == MANAGER and e.target == SAVE_TARGETS:
        requested = e.requestor.get_full_property(e.property, Xatom.ATOM) if e.property != X.NONE else None
        targets = list(requested.value) if requested and requested.value else list(convert(TARGETS)[2])
        saved.clear()
        failed = []
        for target in targets:
            if target in (TARGETS, MULTIPLE, TIMESTAMP, SAVE_TARGETS):
                continue
            started = time.time()
            result = convert(target)
            if result:
                saved[target] = result
            else:
                failed.append("%s: %s after %.1f s" % (d.get_atom_name(target), stage, time.time() - started))
        window.set_selection_owner(CLIPBOARD, X.CurrentTime)
        answer(e, e.property if e.property != X.NONE else SAVE_TARGETS)
        print("saved %d targets" % len(saved) + (" (not: %s)" % ", ".join(failed) if failed else ""), flush=True)
        return
    if e.selection == CLIPBOARD and e.target == TARGETS:
        e.requestor.change_property(e.property, Xatom.ATOM, 32, [TARGETS] + list(saved))
        answer(e, e.property)
    elif e.selection == CLIPBOARD and e.target in saved:
        kind, fmt, data = saved[e.target]
        e.requestor.change_property(e.property, kind, fmt, data)
        answer(e, e.property)
    else:
        answer(e, X.NONE)


while True:
    e = d.next_event()
    handle(e)
