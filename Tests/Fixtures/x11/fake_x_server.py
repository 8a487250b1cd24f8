#!/usr/bin/env python3
"""A hostile X server for the tests: listens on the Unix socket given, accepts one client, and
misbehaves as the mode says. Prints "listening" once the socket accepts.

  refuse          the setup fails with a reason
  stall           accepts and never answers
  short-setup     the setup reply ends before its announced length, then the connection closes
  huge-reply      after a good setup, answers the first request with a reply claiming 1 GB more
  wrong-sequence  after a good setup, answers the first request with a reply for request 999
  odd-events      after a good setup, answers QueryExtension (absent), then sends unknown and
                  truncated-looking events, an error with an unknown code, and nothing else
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
fixed = struct.pack("<IIIIHHBBBBBBBB4x", 1, 0x200000, 0x1FFFFF, 0, len(vendor), 65535, 1, 0, 0, 0, 32, 32, 8, 255)
screen = struct.pack("<IIIIIHHHHHHIBBBB", 0x100, 0x20, 0xFFFFFF, 0, 0, 640, 480, 100, 100, 1, 1, 0x21, 0, 0, 24, 0)
body = fixed + vendor + screen
setup = struct.pack("<BBHHH", 1, 0, 11, 0, len(body) // 4) + body
if mode == "short-setup":
    client.sendall(setup[:20])
    client.close()
    time.sleep(1)
    sys.exit(0)
client.sendall(setup)

sequence = 0
while True:
    request = read_exactly(4)
    opcode, length = request[0], struct.unpack("<H", request[2:4])[0]
    read_exactly(length * 4 - 4)
    sequence += 1
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
