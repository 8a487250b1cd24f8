#!/usr/bin/env python3
"""A hand-written XDND peer over python3-xlib, for what a toolkit will not do on request:
speak an older version, stay silent, or send malformed and out-of-order messages.

  xdnd_peer.py source TARGET STEP...   sends XDND messages to window TARGET, one STEP at a time:
      enter VERSION TYPE...   XdndEnter (types inline, or XdndTypeList when more than three)
      position X Y            XdndPosition (XdndActionCopy), then prints the XdndStatus:
                              "status ACCEPT ACTION X Y W H", or "no status" after 2 s
      position-as ACTION X Y  the same, asking for ACTION (XdndActionMove, XdndActionAsk …)
      action-list ACTION...   sets the source's XdndActionList (for XdndActionAsk)
      leave | drop            XdndLeave | XdndDrop; drop prints "finished SUCCESS ACTION" or "no finished"
      wrong-window X Y        an XdndPosition naming another window in its window field
      format8                 an XdndPosition of format 8
      short-enter             an XdndEnter whose types are atom 0
      bogus-enter             an XdndEnter whose one type is an atom that does not exist
      sleep S                 waits S seconds
  xdnd_peer.py target X Y VERSION MODE   a mapped 200x200 window at (X, Y) with XdndAware =
      VERSION; prints "ready", then "enter VERSION TYPE..." on XdndEnter, answers each
      XdndPosition with an accepting XdndStatus (XdndActionCopy), and on XdndDrop reads the
      first type from XdndSelection, prints "received TYPE HEX" and sends XdndFinished (without
      success flags before version 5): at once with MODE "finish", after 3 s with "slow"; "echo"
      answers and finishes with the action the source asks for (XdndActionLink …); with
      "silent" never, printing instead "grab STATUS", the status of its own pointer grab then
      (0: the source gave the pointer back at the drop; 1: AlreadyGrabbed); with "vanish" it
      destroys its window once it has answered the first XdndPosition, and prints "vanished"
  xdnd_peer.py target X Y 5 xds FOLDER [HOST]   the same target as an XdndDirectSave (XDS) file
      manager: on XdndDrop of a drag offering XdndDirectSave0 it reads the file's name from the
      source window's XdndDirectSave0 property, writes file://HOST/FOLDER/NAME back (HOST empty
      by default), converts XdndSelection to XdndDirectSave0 and prints "xds ANSWER NAME"; on
      an "F" it converts application/octet-stream, writes the bytes to FOLDER/NAME itself and
      prints "fetched LENGTH"; then "source-property PRESENT" (whether the source's property is
      still set) and XdndFinished, successful for "S" and a fetched "F"
  xdnd_peer.py target X Y 5 xds-vanish FOLDER   an XDS file manager that goes away mid-save: on
      XdndDrop it writes the folder's URL back, asks for XdndDirectSave0 and, without waiting for
      the answer, destroys its window, prints "vanished" and exits
  xdnd_peer.py xds-source TARGET X Y NAME MODE SIZE   an XdndDirectSave source (File Roller's
      part) dragging NAME, SIZE bytes, to window TARGET at root (X, Y): XdndDirectSave0 and
      application/octet-stream offered, NAME in its window's XdndDirectSave0; on the target's
      conversion to XdndDirectSave0 it prints "url URL" and, by MODE, writes the file at the URL
      and answers S, answers F (then serves application/octet-stream), or writes half of it and
      answers E; then prints "finished SUCCESS ACTION" (or "no finished" after 30 s)
  xdnd_peer.py plain X Y      a mapped 400x400 window at (X, Y) that knows nothing of XDND (a
      host toolkit's window); prints "ready", then its id
  xdnd_peer.py proxied X Y    a mapped 200x200 window at (X, Y) whose XdndProxy names a window of a
      second connection; prints "ready", then "enter via proxy VERSION TYPE..." for each
      XdndEnter that reaches the proxy naming the first window, and answers its positions
"""
import select
import sys
import time

from Xlib import X, display
from Xlib.protocol import event

d = display.Display()
root = d.screen().root
atom = lambda name: d.intern_atom(name)
name = lambda a: d.get_atom_name(a)
A = {n: atom(n) for n in ["XdndAware", "XdndEnter", "XdndPosition", "XdndStatus", "XdndLeave", "XdndDrop",
                          "XdndFinished", "XdndSelection", "XdndTypeList", "XdndActionCopy", "_TEST_XDND"]}


def say(*words):
    print(*words, flush=True)


def send(to, kind, data, window_field=None, fmt=32):
    target = d.create_resource_object("window", to)
    if fmt == 32:
        data = (fmt, (data + [0] * 5)[:5])
    else:
        data = (8, bytes(20))
    message = event.ClientMessage(window=window_field or to, client_type=A[kind], data=data)
    target.send_event(message, event_mask=0, propagate=False)
    d.flush()


def wait(kind, timeout=2.0):
    end = time.time() + timeout
    while time.time() < end:
        while d.pending_events():
            e = d.next_event()
            if e.type == X.ClientMessage and e.client_type == A.get(kind):
                return e
            if e.type == X.SelectionNotify:
                return e
        # Until the server sends something (or the time is up): no polling interval.
        select.select([d.fileno()], [], [], max(0.0, end - time.time()))
    return None


def convert(window, target, time_, timeout=30.0):
    """Converts XdndSelection to TARGET into _TEST_XDND; its bytes, or None when refused."""
    window.convert_selection(A["XdndSelection"], atom(target), A["_TEST_XDND"], time_)
    d.flush()
    e = wait("none", timeout)
    if e is None or e.property == X.NONE:
        return None
    data = window.get_full_property(A["_TEST_XDND"], X.AnyPropertyType, sizehint=1 << 20)
    return bytes(data.value) if data else b""


def direct_save(source, types, folder, host, time_):
    """XDS as a file manager speaks it; whether the file arrived."""
    if atom("XdndDirectSave0") not in types:
        say("no xds")
        return False
    source_window = d.create_resource_object("window", source)
    prop = source_window.get_full_property(atom("XdndDirectSave0"), atom("text/plain"))
    name = bytes(prop.value).decode() if prop else ""
    from urllib.parse import quote
    uri = "file://" + host + quote(folder.rstrip("/") + "/" + name)
    source_window.change_property(atom("XdndDirectSave0"), atom("text/plain"), 8, uri.encode())
    d.flush()
    answer = convert(window, "XdndDirectSave0", time_)
    code = answer.decode(errors="replace") if answer is not None else "refused"
    say("xds", code, name)
    arrived = code == "S"
    if code == "F":
        data = convert(window, "application/octet-stream", time_)
        if data is not None:
            with open(folder.rstrip("/") + "/" + name, "wb") as f:
                f.write(data)
            say("fetched", len(data))
            arrived = True
    left = source_window.get_full_property(atom("XdndDirectSave0"), X.AnyPropertyType)
    say("source-property", 1 if left is not None else 0)
    return arrived


def xds_source(target, x, y, name, mode, size):
    """XDS's source side, as File Roller and Engrampa speak it."""
    from urllib.parse import unquote, urlparse
    content = bytes((i * 7) & 0xFF for i in range(size))
    me = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    me.change_property(atom("XdndDirectSave0"), atom("text/plain"), 8, name.encode())
    me.set_selection_owner(A["XdndSelection"], X.CurrentTime)
    types = [atom("XdndDirectSave0"), atom("application/octet-stream")]
    send(target, "XdndEnter", [me.id, 5 << 24] + types)
    send(target, "XdndPosition", [me.id, 0, (x << 16) | y, X.CurrentTime, A["XdndActionCopy"]])
    e = wait("XdndStatus")
    say("status", e.data[1][1] & 1 if e else "none")
    send(target, "XdndDrop", [me.id, 0, X.CurrentTime])
    end = time.time() + 30
    while time.time() < end:
        select.select([d.fileno()], [], [], max(0.0, end - time.time()))
        while d.pending_events():
            e = d.next_event()
            if e.type == X.ClientMessage and e.client_type == A["XdndFinished"]:
                l = e.data[1]
                say("finished", l[1] & 1, name_of(l[2]))
                return
            if e.type != X.SelectionRequest:
                continue
            requestor = d.create_resource_object("window", e.requestor.id)
            property = e.property or e.target
            if e.target == atom("XdndDirectSave0"):
                url = bytes(me.get_full_property(atom("XdndDirectSave0"), X.AnyPropertyType).value).decode()
                say("url", url)
                path = unquote(urlparse(url).path)
                code = mode
                if mode in ("S", "E"):
                    with open(path, "wb") as f:
                        f.write(content if mode == "S" else content[: size // 2])
                requestor.change_property(property, atom("XdndDirectSave0"), 8, code.encode())
            elif e.target == atom("application/octet-stream"):
                requestor.change_property(property, atom("application/octet-stream"), 8, content)
            else:
                property = X.NONE
            notify = event.SelectionNotify(time=e.time, requestor=e.requestor, selection=e.selection,
                                           target=e.target, property=property)
            requestor.send_event(notify, event_mask=0, propagate=False)
            d.flush()
    say("no finished")


def name_of(a):
    return name(a) if a else "None"


if sys.argv[1] == "xds-source":
    xds_source(int(sys.argv[2], 0), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6], int(sys.argv[7]))
    sys.exit(0)

if sys.argv[1] == "source":
    target = int(sys.argv[2], 0)
    me = root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    steps = sys.argv[3:]
    i = 0
    while i < len(steps):
        step = steps[i]
        if step == "enter":
            version = int(steps[i + 1])
            types = []
            i += 2
            while i < len(steps) and "/" in steps[i] or (i < len(steps) and steps[i].isupper()):
                types.append(atom(steps[i]))
                i += 1
            if len(types) > 3:
                me.change_property(A["XdndTypeList"], atom("ATOM"), 32, types)
                send(target, "XdndEnter", [me.id, (version << 24) | 1, 0, 0, 0])
            else:
                send(target, "XdndEnter", [me.id, version << 24] + types)
            continue
        if step == "action-list":
            actions = []
            i += 1
            while i < len(steps) and steps[i].startswith("XdndAction"):
                actions.append(atom(steps[i]))
                i += 1
            me.change_property(atom("XdndActionList"), atom("ATOM"), 32, actions)
            d.flush()
            continue
        if step in ("position", "wrong-window", "position-as"):
            asked = A["XdndActionCopy"]
            if step == "position-as":
                asked = atom(steps[i + 1])
                i += 1
            x, y = int(steps[i + 1]), int(steps[i + 2])
            other = me.id if step == "wrong-window" else None
            send(target, "XdndPosition", [me.id, 0, (x << 16) | y, X.CurrentTime, asked], window_field=other)
            e = wait("XdndStatus")
            if e is None:
                say("no status")
            else:
                l = e.data[1]
                action = name(l[4]) if l[4] else "None"
                say("status", l[1] & 1, action, l[2] >> 16, l[2] & 0xFFFF, l[3] >> 16, l[3] & 0xFFFF)
            i += 3
            continue
        if step == "leave":
            send(target, "XdndLeave", [me.id])
        elif step == "drop":
            send(target, "XdndDrop", [me.id, 0, X.CurrentTime])
            e = wait("XdndFinished", 3.0)
            say("no finished" if e is None else "finished %d %s" % (e.data[1][1] & 1, name(e.data[1][2]) if e.data[1][2] else "None"))
        elif step == "format8":
            send(target, "XdndPosition", [], fmt=8)
        elif step == "short-enter":
            send(target, "XdndEnter", [me.id, 5 << 24, 0, 0, 0])
        elif step == "bogus-enter":
            send(target, "XdndEnter", [me.id, 5 << 24, 0x1FFFFFF0, 0, 0])
        elif step == "sleep":
            time.sleep(float(steps[i + 1]))
            i += 1
        i += 1
    say("done")
elif sys.argv[1] == "proxied":
    x, y = int(sys.argv[2]), int(sys.argv[3])
    other = display.Display()
    proxy = other.screen().root.create_window(0, 0, 1, 1, 0, X.CopyFromParent)
    proxy.change_property(A["XdndAware"], atom("ATOM"), 32, [5])
    proxy.change_property(atom("XdndProxy"), atom("WINDOW"), 32, [proxy.id])
    other.sync()
    window = root.create_window(x, y, 200, 200, 0, X.CopyFromParent, background_pixel=d.screen().white_pixel)
    window.change_property(atom("XdndProxy"), atom("WINDOW"), 32, [proxy.id])
    window.map()
    d.sync()
    say("ready")
    end = time.time() + 60
    while time.time() < end:
        e = other.next_event()
        if e.type != X.ClientMessage:
            continue
        l = e.data[1]
        if e.client_type == other.intern_atom("XdndEnter") and e.window.id == window.id:
            say("enter via proxy", l[1] >> 24, *[other.get_atom_name(t) for t in l[2:5] if t])
        elif e.client_type == other.intern_atom("XdndPosition"):
            target = other.create_resource_object("window", l[0])
            target.send_event(
                event.ClientMessage(window=l[0], client_type=other.intern_atom("XdndStatus"),
                                    data=(32, [window.id, 1, 0, 0, other.intern_atom("XdndActionCopy")])),
                event_mask=0, propagate=False)
            other.flush()
elif sys.argv[1] == "plain":
    x, y = int(sys.argv[2]), int(sys.argv[3])
    window = root.create_window(x, y, 400, 400, 0, X.CopyFromParent, background_pixel=d.screen().white_pixel)
    window.map()
    d.sync()
    say("ready")
    say(window.id)
    time.sleep(60)
else:
    x, y, version, mode = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    window = root.create_window(x, y, 200, 200, 0, X.CopyFromParent, background_pixel=d.screen().white_pixel,
                                event_mask=X.PropertyChangeMask)
    window.change_property(A["XdndAware"], atom("ATOM"), 32, [version])
    window.map()
    d.sync()
    say("ready")
    source, types, spoken = None, [], version
    end = time.time() + 60
    while time.time() < end:
        e = d.next_event()
        if e.type != X.ClientMessage:
            continue
        l = e.data[1]
        if e.client_type == A["XdndEnter"]:
            source, spoken = l[0], l[1] >> 24
            if l[1] & 1:
                types = list(d.create_resource_object("window", source).get_full_property(A["XdndTypeList"], 0).value)
            else:
                types = [t for t in l[2:5] if t]
            say("enter", spoken, *[name(t) for t in types])
        elif e.client_type == A["XdndPosition"]:
            # "echo" takes the action the source asks for; every other mode copies.
            answered = l[4] if mode == "echo" else A["XdndActionCopy"]
            send(source, "XdndStatus", [window.id, 1, 0, 0, answered])
            if mode == "vanish":
                window.destroy()
                d.sync()
                say("vanished")
        elif e.client_type == A["XdndLeave"]:
            say("leave")
        elif e.client_type == A["XdndDrop"] and mode == "xds-vanish":
            source_window = d.create_resource_object("window", source)
            prop = source_window.get_full_property(atom("XdndDirectSave0"), atom("text/plain"))
            from urllib.parse import quote
            uri = "file://" + quote(sys.argv[6].rstrip("/") + "/" + (bytes(prop.value).decode() if prop else ""))
            source_window.change_property(atom("XdndDirectSave0"), atom("text/plain"), 8, uri.encode())
            window.convert_selection(A["XdndSelection"], atom("XdndDirectSave0"), A["_TEST_XDND"], l[2])
            window.destroy()
            d.sync()
            say("vanished")
            sys.exit(0)
        elif e.client_type == A["XdndDrop"] and mode == "xds":
            success = direct_save(source, types, sys.argv[6], sys.argv[7] if len(sys.argv) > 7 else "", l[2])
            send(source, "XdndFinished", [window.id, 1 if success else 0, A["XdndActionCopy"] if success else 0])
        elif e.client_type == A["XdndDrop"]:
            window.convert_selection(A["XdndSelection"], types[0], A["_TEST_XDND"], l[2])
            d.flush()
            n = wait("none", 5.0)
            data = window.get_full_property(A["_TEST_XDND"], 0)
            say("received", name(types[0]), bytes(data.value).hex() if data else "")
            if mode == "silent":
                say("grab", window.grab_pointer(False, X.ButtonPressMask, X.GrabModeAsync, X.GrabModeAsync, X.NONE,
                                                X.NONE, X.CurrentTime))
                d.ungrab_pointer(X.CurrentTime)
                d.flush()
                continue
            if mode == "slow":
                time.sleep(3)
            send(source, "XdndFinished", [window.id, 1, answered] if spoken >= 5 else [window.id])
