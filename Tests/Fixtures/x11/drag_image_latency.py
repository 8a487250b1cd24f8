#!/usr/bin/env python3
"""How long a drag's image takes to follow the pointer: with a drag in progress (ours or a GTK
application's), moves the pointer through XTEST and times each motion until the server reports
the image window moved (its ConfigureNotify). The same measurement for every source.

  drag_image_latency.py X Y COUNT

The image window is the topmost mapped override-redirect window of the root that shows
something (GTK's drag source also maps an input-only one, off screen). The pointer moves around (X, Y) COUNT times. Prints "window ID" once found, then
"ms P50 P99 MISSED" (milliseconds; MISSED: motions the image did not follow within 1 s), or
"no image window".
"""
import select
import sys
import time

from Xlib import X, display
from Xlib.ext import xtest

x, y, count = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
d = display.Display()
root = d.screen().root


def image_window():
    for child in reversed(root.query_tree().children):
        attributes = child.get_attributes()
        if attributes.map_state == X.IsViewable and attributes.override_redirect \
                and attributes.win_class == X.InputOutput and child.get_geometry().width > 1:
            return child
    return None


window = image_window()
if window is None:
    print("no image window", flush=True)
    sys.exit(1)
print("window", window.id, flush=True)
window.change_attributes(event_mask=X.StructureNotifyMask)
d.sync()


def moved_within(seconds):
    deadline = time.perf_counter() + seconds
    while True:
        while d.pending_events():
            event = d.next_event()
            if event.type == X.ConfigureNotify and event.window.id == window.id:
                return True
        left = deadline - time.perf_counter()
        if left <= 0:
            return False
        select.select([d.display.socket], [], [], left)


times, missed = [], 0
for index in range(count):
    step = index % 40
    xtest.fake_input(d, X.MotionNotify, x=x + (step if step < 20 else 40 - step), y=y + index % 2)
    start = time.perf_counter()
    d.flush()
    if moved_within(1.0):
        times.append((time.perf_counter() - start) * 1000)
    else:
        missed += 1
    # A hand's motions come a few milliseconds apart; each is timed alone.
    time.sleep(0.004)
times.sort()
if not times:
    print("ms nan nan", missed, flush=True)
else:
    print("ms %.3f %.3f %d" % (times[len(times) // 2], times[min(len(times) - 1, len(times) * 99 // 100)], missed),
          flush=True)
