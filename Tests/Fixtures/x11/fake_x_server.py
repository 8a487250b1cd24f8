#!/usr/bin/env python3
"""A hostile X server for the tests: listens on the Unix socket given, accepts one client, and
misbehaves as the mode says. Prints "listening" once the socket accepts.

  refuse          the setup fails with a reason
  stall           accepts and never answers
  short-setup     the setup reply ends before its announced length, then the connection closes
  lying-setup     a whole setup reply whose screen count says three and which holds one
  huge-reply      after a good setup, answers the first request with a reply claiming 1 GB more
  wrong-sequence  after a good setup, answers the first request with a reply for request 999
  odd-events      after a good setup, answers QueryExtension (absent), then sends unknown and
                  truncated-looking events, an error with an unknown code, and nothing else

Selection traffic: a server that answers setup, InternAtom, GetAtomName, GetSelectionOwner (an
owner exists) and ConvertSelection (a SelectionNotify naming the property) as a real one does,
and then misbehaves in the GetProperty that reads the conversion:

  short-property  the reply announces 100 bytes of value and carries none
  targets-format8 TARGETS is answered with 8-bit STRING data instead of atoms
  incr-never      the owner starts an INCR transfer and its first chunk never comes
  late-sequence   the reply names request 999, never sent
"""
import os
import socket
import struct
import sys
import time

path, mode = sys.argv[1], sys.argv[2]
if os.path.exists(path):
    os.unlink(path)
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(path)
listener.listen(1)
print("listening", flush=True)
client, _ = listener.accept()
# A server that hangs up on a client before reading its setup (Xvfb does so now and then under
# load): once, then it serves the next connection; or every time.
if mode in ("hang-up-once", "hang-up-always"):
    listener.listen(8)
    for _ in range(1 if mode == "hang-up-once" else 8):
        client.close()
        client, _ = listener.accept()
    if mode == "hang-up-always":
        client.close()
        sys.exit(0)


def read_exactly(n):
    data = b""
    while len(data) < n:
        chunk = client.recv(n - len(data))
        if not chunk:
            sys.exit(0)
        data += chunk
    return data


# The client's setup request: 12 bytes, then the padded authorization name and data.
head = read_exactly(12)
name_length, data_length = struct.unpack("<HH", head[6:10])
read_exactly((name_length + 3) // 4 * 4 + (data_length + 3) // 4 * 4)

if mode == "stall":
    time.sleep(30)
    sys.exit(0)
if mode == "refuse":
    reason = b"no clients from tests"
    padded = reason + b"\0" * ((4 - len(reason) % 4) % 4)
    client.sendall(struct.pack("<BBHHH", 0, len(reason), 11, 0, len(padded) // 4) + padded)
    time.sleep(1)
    sys.exit(0)

vendor = b"fake"
screens = 3 if mode == "lying-setup" else 1
fixed = struct.pack("<IIIIHHBBBBBBBB4x", 1, 0x200000, 0x1FFFFF, 0, len(vendor), 65535, screens, 0, 0, 0, 32, 32, 8, 255)
screen = struct.pack("<IIIIIHHHHHHIBBBB", 0x100, 0x20, 0xFFFFFF, 0, 0, 640, 480, 100, 100, 1, 1, 0x21, 0, 0, 24, 0)
body = fixed + vendor + screen
setup = struct.pack("<BBHHH", 1, 0, 11, 0, len(body) // 4) + body
if mode == "short-setup":
    client.sendall(setup[:20])
    client.close()
    time.sleep(1)
    sys.exit(0)
client.sendall(setup)

atoms = {}


def atom(name):
    if name not in atoms:
        atoms[name] = 100 + len(atoms)
    return atoms[name]


def reply(sequence, data=b"", detail=0, extra=b""):
    """A reply: 32 bytes (the first 24 after the header given by `data`), then `extra`."""
    padded = extra + b"\0" * ((4 - len(extra) % 4) % 4)
    client.sendall(struct.pack("<BBHI", 1, detail, sequence & 0xFFFF, len(padded) // 4) + data.ljust(24, b"\0") + padded)


def selection_traffic(sequence, opcode, body):
    if opcode == 16:  # InternAtom
        length = struct.unpack("<H", body[0:2])[0]
        reply(sequence, struct.pack("<I", atom(body[4:4 + length].decode())))
    elif opcode == 17:  # GetAtomName
        wanted = struct.unpack("<I", body[0:4])[0]
        name = next((n for n, a in atoms.items() if a == wanted), "UNKNOWN").encode()
        reply(sequence, struct.pack("<H", len(name)), extra=name)
    elif opcode == 23:  # GetSelectionOwner: a window owns it
        reply(sequence, struct.pack("<I", 0x400001))
    elif opcode == 24:  # ConvertSelection: answered at once
        requestor, selection, target, prop, when = struct.unpack("<IIIII", body[0:20])
        client.sendall(struct.pack("<BBHIIIII8x", 31, 0, sequence & 0xFFFF, when, requestor, selection, target, prop))
    elif opcode == 20:  # GetProperty: the misbehaviour
        if mode == "short-property":
            reply(sequence, struct.pack("<IIII", atom("STRING"), 0, 100, 0), detail=8)
        elif mode == "targets-format8":
            reply(sequence, struct.pack("<IIII", atom("STRING"), 0, 4, 0), detail=8, extra=b"abcd")
        elif mode == "incr-never":
            if not getattr(selection_traffic, "incr_sent", False):
                selection_traffic.incr_sent = True
                reply(sequence, struct.pack("<IIII", atom("INCR"), 0, 1, 0), detail=32, extra=struct.pack("<I", 1 << 20))
            else:
                reply(sequence, struct.pack("<IIII", 0, 0, 0, 0), detail=0)
        elif mode == "late-sequence":
            reply(999, struct.pack("<IIII", atom("STRING"), 0, 0, 0), detail=8)
    elif opcode == 43:  # GetInputFocus
        reply(sequence, struct.pack("<I", 1))
    elif opcode == 98:  # QueryExtension: absent
        reply(sequence)


sequence = 0
while True:
    request = read_exactly(4)
    opcode, length = request[0], struct.unpack("<H", request[2:4])[0]
    body = read_exactly(length * 4 - 4)
    sequence += 1
    if mode in ("short-property", "targets-format8", "incr-never", "late-sequence", "hang-up-once"):
        selection_traffic(sequence, opcode, body)
        continue
    if mode == "huge-reply":
        client.sendall(struct.pack("<BBHI", 1, 0, sequence, 0x10000000) + b"\0" * 24)
    elif mode == "wrong-sequence":
        client.sendall(struct.pack("<BBHI", 1, 0, 999, 0) + b"\0" * 24)
    elif mode == "odd-events":
        if opcode == 98:  # QueryExtension: absent
            client.sendall(struct.pack("<BBHI", 1, 0, sequence, 0) + b"\0" * 24)
            continue
        for code in (99, 64, 127, 2 | 0x80):
            client.sendall(bytes([code]) + b"\xff" * 31)
        client.sendall(struct.pack("<BBHIHB", 0, 200, sequence, 7, 0, opcode) + b"\0" * 21)
    time.sleep(0.01)
