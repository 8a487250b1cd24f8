#!/usr/bin/env python3
"""Hostile and crowded requestors of a selection, over python3-xlib, for the owner's robustness
tests. Each mode does one thing another client on the desktop may do, then exits; the test then
checks that the owner still serves everyone else.

  multiple-vanish SELECTION   asks for MULTIPLE and closes its connection at once (its window is
                              destroyed before the owner reads the pairs or writes the replies)
  multiple-bad SELECTION      asks for MULTIPLE with an odd, partly bogus pair list; prints the
                              pairs the owner wrote back
  synthetic SELECTION         sends the owner synthetic SelectionRequests: a requestor window and
                              atoms that do not exist, another selection, a time before ownership
  incr-vanish SELECTION TARGET  starts an INCR transfer, takes one chunk, destroys its window
  crowd SELECTION TARGET N    N windows on one connection ask at once; prints how many got data
                              and the distinct lengths
  flood SELECTION TARGET N    one window asks N times, each into a property of its own, and never
                              deletes one, so every INCR transfer waits; prints "asked N", then
                              "answered K" once K answers came or 20 s passed with none, and
                              stays until killed or its standard input closes
"""
import select
import sys
import time

from Xlib import X, display
from Xlib.protocol import event

mode, selection_name = sys.argv[1], sys.argv[2]
d = display.Display()
root = d.screen().root
atom = d.intern_atom
SELECTION = atom(selection_name)


def window(mask=0):
    return root.create_window(0, 0, 1, 1, 0, X.CopyFromParent, event_mask=mask)


def wait(predicate, timeout=20.0):
    end = time.time() + timeout
    while time.time() < end:
        while d.pending_events():
            e = d.next_event()
            if predicate(e):
                return e
        # Until the server sends something (or the time is up): no polling interval.
        select.select([d.fileno()], [], [], max(0.0, end - time.time()))
    return None


if mode == "multiple-vanish":
    w = window()
    pairs = atom("_HOSTILE_PAIRS")
    w.change_property(pairs, atom("ATOM_PAIR"), 32, [atom("UTF8_STRING"), atom("_P1"), atom("TARGETS"), atom("_P2")])
    w.convert_selection(SELECTION, atom("MULTIPLE"), pairs, X.CurrentTime)
    d.flush()
    d.close()
    print("gone")

elif mode == "multiple-bad":
    w = window()
    pairs = atom("_HOSTILE_PAIRS")
    bogus = 0x1FFFFFFF  # an atom nobody interned
    items = [atom("UTF8_STRING"), atom("_P1"), bogus, atom("_P2"), atom("image/x-nothing"), atom("_P3"), atom("_P4")]
    w.change_property(pairs, atom("ATOM_PAIR"), 32, items)
    w.convert_selection(SELECTION, atom("MULTIPLE"), pairs, X.CurrentTime)
    d.flush()
    e = wait(lambda e: e.type == X.SelectionNotify)
    if e is None or e.property == X.NONE:
        print("refused")
    else:
        written = w.get_full_property(pairs, X.AnyPropertyType).value
        first = w.get_full_property(atom("_P1"), X.AnyPropertyType)
        print("text=%s" % bytes(first.value).decode() if first else "text=none")
        print("pairs=%s" % " ".join("ok" if v else "none" for v in written[1::2]))

elif mode == "synthetic":
    owner = d.get_selection_owner(SELECTION)
    fake_window = 0x3FFFFF  # no such window
    fake_atom = 0x1FFFFFF0  # no such atom
    requests = [
        (fake_window, SELECTION, atom("UTF8_STRING"), atom("_P"), X.CurrentTime),
        (fake_window, SELECTION, fake_atom, fake_atom, X.CurrentTime),
        (fake_window, SELECTION, atom("MULTIPLE"), fake_atom, X.CurrentTime),
        (window().id, atom("_NOT_THE_SELECTION"), atom("UTF8_STRING"), atom("_P"), X.CurrentTime),
        (window().id, SELECTION, atom("UTF8_STRING"), atom("_P"), 1),
    ]
    for requestor, selection, target, prop, time_ in requests:
        ev = event.SelectionRequest(
            time=time_, owner=owner, requestor=requestor, selection=selection, target=target, property=prop)
        d.send_event(owner, ev)
    d.sync()
    print("sent %d" % len(requests))

elif mode == "incr-vanish":
    w = window(X.PropertyChangeMask)
    p = atom("_HOSTILE_INCR")
    w.convert_selection(SELECTION, atom(sys.argv[3]), p, X.CurrentTime)
    d.flush()
    wait(lambda e: e.type == X.SelectionNotify)
    prop = w.get_full_property(p, X.AnyPropertyType)
    print(d.get_atom_name(prop.property_type))
    w.delete_property(p)
    d.flush()
    wait(lambda e: e.type == X.PropertyNotify and e.state == X.PropertyNewValue)
    w.destroy()
    d.sync()
    print("vanished")

elif mode == "crowd":
    target, count = atom(sys.argv[3]), int(sys.argv[4])
    windows = [window(X.PropertyChangeMask) for _ in range(count)]
    p = atom("_CROWD")
    for w in windows:
        w.convert_selection(SELECTION, target, p, X.CurrentTime)
    d.flush()
    data, incr, done = {}, atom("INCR"), set()
    end = time.time() + 60
    while len(done) < count and time.time() < end:
        e = d.next_event()
        if e.type == X.SelectionNotify:
            w = d.create_resource_object("window", e.requestor)
            if e.property == X.NONE:
                done.add(e.requestor)
                continue
            prop = w.get_full_property(p, X.AnyPropertyType)
            if prop.property_type == incr:
                data[e.requestor] = b""
                w.delete_property(p)
            else:
                data[e.requestor] = bytes(prop.value)
                done.add(e.requestor)
                w.delete_property(p)
        elif e.type == X.PropertyNotify and e.state == X.PropertyNewValue and e.window.id in data:
            if e.window.id in done:
                continue
            prop = e.window.get_full_property(p, X.AnyPropertyType)
            chunk = bytes(prop.value) if prop else b""
            e.window.delete_property(p)
            if chunk:
                data[e.window.id] += chunk
            else:
                done.add(e.window.id)
        d.flush()
    served = [v for v in data.values() if v]
    print("served=%d lengths=%s" % (len(served), ",".join(sorted({str(len(v)) for v in served}))))

elif mode == "flood":
    target, count = atom(sys.argv[3]), int(sys.argv[4])
    w = window()
    for i in range(count):
        w.convert_selection(SELECTION, target, atom("_FLOOD_%d" % i), X.CurrentTime)
    d.flush()
    print("asked %d" % count, flush=True)
    answered, last = 0, time.time()
    while answered < count and time.time() - last < 20:
        select.select([d.fileno()], [], [], 1.0)
        while d.pending_events():
            if d.next_event().type == X.SelectionNotify:
                answered += 1
                last = time.time()
    print("answered %d" % answered, flush=True)
    sys.stdin.read()

else:
    sys.exit("unknown mode " + mode)
