#!/usr/bin/python3
"""A file system whose one file never finishes reading: the tests' stalled network mount.

Speaks the FUSE kernel protocol (include/uapi/linux/fuse.h) on /dev/fuse itself, without
libfuse: it mounts MOUNTPOINT (with mount(2) as root, else through fuse3's setuid fusermount3,
as libfuse does for a user), holds one regular file, `stalled.bin`,
of SIZE bytes (default 1000), answers its metadata and its opening at once, and never answers a
read of it: the reading thread waits, unkillable, as it would on a network file system whose
server went silent. It prints `ready` once the mount is up (`unavailable: …` and exits 1 when
it cannot mount), and `read` for each read it holds. On SIGTERM it detaches the mount and
exits, which ends the held reads with an error (ENOTCONN), so no thread of the test stays
blocked.

Usage: stalling_fs.py MOUNTPOINT [SIZE]
"""
import ctypes
import errno
import os
import signal
import socket
import struct
import subprocess
import sys
import time

LOOKUP, FORGET, GETATTR, OPEN, READ, RELEASE, FLUSH, INIT, INTERRUPT, DESTROY, BATCH_FORGET = (
    1, 2, 3, 14, 15, 18, 25, 26, 36, 38, 42)
NO_REPLY = (FORGET, BATCH_FORGET, INTERRUPT)
ROOT, FILE = 1, 2
FILE_NAME = b"stalled.bin"
FOPEN_DIRECT_IO = 1
MS_NOSUID, MS_NODEV, MNT_DETACH = 2, 4, 2

mountpoint = sys.argv[1]
size = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
libc = ctypes.CDLL(None, use_errno=True)


def attr(node):
    mode = 0o040755 if node == ROOT else 0o100644
    length = 0 if node == ROOT else size
    now = int(time.time())
    # fuse_attr: ino size blocks atime mtime ctime, their nsecs, mode nlink uid gid rdev blksize flags
    return struct.pack("<QQQQQQIIIIIIIIII", node, length, (length + 511) // 512, now, now, now, 0, 0, 0,
                       mode, 1, 0, 0, 0, 4096, 0)


def reply(fd, unique, body=b"", error=0):
    os.write(fd, struct.pack("<IiQ", 16 + len(body), -error, unique) + body)


def answer(fd, opcode, unique, node, payload):
    if opcode == INIT:
        major, minor = struct.unpack_from("<II", payload)
        # fuse_init_out: major minor max_readahead flags max_background congestion_threshold
        # max_write time_gran max_pages map_alignment flags2 unused[7]
        reply(fd, unique, struct.pack("<IIIIHHIIHHI7I", 7, min(minor, 31), 0, 0, 16, 12, 1 << 20, 1, 256, 0, 0,
                                      *[0] * 7))
    elif opcode == LOOKUP:
        if node == ROOT and payload.rstrip(b"\0") == FILE_NAME:
            # fuse_entry_out: nodeid generation entry_valid attr_valid entry_valid_nsec attr_valid_nsec attr
            reply(fd, unique, struct.pack("<QQQQII", FILE, 1, 0, 0, 0, 0) + attr(FILE))
        else:
            reply(fd, unique, error=errno.ENOENT)
    elif opcode == GETATTR:
        reply(fd, unique, struct.pack("<QII", 0, 0, 0) + attr(node))
    elif opcode == OPEN:
        reply(fd, unique, struct.pack("<QII", 1, FOPEN_DIRECT_IO, 0))
    elif opcode == READ:
        print("read", flush=True)  # the stall: never answered
    elif opcode in (RELEASE, FLUSH):
        reply(fd, unique)
    elif opcode == DESTROY:
        reply(fd, unique)
        sys.exit(0)
    elif opcode not in NO_REPLY:
        reply(fd, unique, error=errno.ENOSYS)


def unavailable(reason):
    print(f"unavailable: {reason}", flush=True)
    sys.exit(1)


def mount_directly():
    """Mounts with mount(2), as root (CAP_SYS_ADMIN) may: the descriptor of /dev/fuse."""
    fd = os.open("/dev/fuse", os.O_RDWR)
    options = f"fd={fd},rootmode=40000,user_id=0,group_id=0,allow_other".encode()
    if libc.mount(b"swift-uti-stall", mountpoint.encode(), b"fuse", MS_NOSUID | MS_NODEV, options) != 0:
        reason = os.strerror(ctypes.get_errno())
        os.close(fd)
        raise OSError(reason)
    return fd


def mount_through_fusermount():
    """Mounts as a user may, through the setuid fusermount3 (fuse3's), which mounts and passes
    the descriptor of /dev/fuse back over the socket named by `_FUSE_COMMFD`, as libfuse does."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    helper = subprocess.run(["fusermount3", "-o", "fsname=swift-uti-stall", "--", mountpoint],
                            env={**os.environ, "_FUSE_COMMFD": str(theirs.fileno())}, pass_fds=[theirs.fileno()],
                            stderr=subprocess.PIPE, text=True)
    theirs.close()
    if helper.returncode != 0:
        raise OSError(helper.stderr.strip() or f"fusermount3 exited with {helper.returncode}")
    _, fds, _, _ = socket.recv_fds(ours, 1, 1)
    if not fds:
        raise OSError("fusermount3 passed no descriptor")
    return fds[0]


def main():
    try:
        fd, by_helper = mount_directly(), False
    except OSError as direct:
        try:
            fd, by_helper = mount_through_fusermount(), True
        except (OSError, FileNotFoundError) as helped:
            unavailable(f"cannot mount a FUSE file system: {direct} (mount), {helped} (fusermount3)")

    def stop(*_):
        if by_helper:
            subprocess.run(["fusermount3", "-u", "-z", "--", mountpoint], stderr=subprocess.DEVNULL)
        else:
            libc.umount2(mountpoint.encode(), MNT_DETACH)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A parent may have blocked these (a test harness's threads): stopping must work regardless.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    print("ready", flush=True)
    while True:
        try:
            message = os.read(fd, 1 << 21)
        except OSError as error:
            if error.errno == errno.ENODEV:  # unmounted
                return
            raise
        length, opcode, unique, node = struct.unpack_from("<IIQQ", message)
        answer(fd, opcode, unique, node, message[40:length])


main()
