#!/usr/bin/python3
"""Unix sockets seen from outside a process (proc(5): /proc/net/unix, /proc/PID/fd).

    sockets.py listening PATH         inode of each listening socket bound to PATH, one per line
    sockets.py held PID INODE         exits 0 when process PID has a descriptor of socket INODE
    sockets.py environment PID NAME   the value of NAME in the environment PID started with

/proc/net/unix belongs to the network namespace of the reader; the sockets systemd creates for a
socket unit live in PID 1's namespace, which is this script's.
"""
import os
import sys

# /proc/net/unix: "Num RefCount Protocol Flags Type St Inode Path"; St 01 is SS_UNCONNECTED, and
# Flags 00010000 is __SO_ACCEPTCON (listen(2) was called).
ACCEPTING = 0x10000


def listening(path):
    inodes = []
    with open("/proc/net/unix") as table:
        next(table)
        for line in table:
            fields = line.split()
            if len(fields) >= 8 and fields[7] == path and int(fields[3], 16) & ACCEPTING:
                inodes.append(fields[6])
    return sorted(inodes)


def held(pid, inode):
    directory = f"/proc/{pid}/fd"
    for name in os.listdir(directory):
        try:
            if os.readlink(os.path.join(directory, name)) == f"socket:[{inode}]":
                return True
        except OSError:
            continue
    return False


def environment(pid, name):
    with open(f"/proc/{pid}/environ", "rb") as file:
        for entry in file.read().split(b"\0"):
            key, _, value = entry.partition(b"=")
            if key.decode(errors="replace") == name:
                return value.decode(errors="replace")
    return None


def main():
    arguments = sys.argv[1:]
    if len(arguments) == 2 and arguments[0] == "listening":
        for inode in listening(arguments[1]):
            print(inode)
    elif len(arguments) == 3 and arguments[0] == "held":
        raise SystemExit(0 if held(arguments[1], arguments[2]) else 1)
    elif len(arguments) == 3 and arguments[0] == "environment":
        value = environment(arguments[1], arguments[2])
        if value is None:
            raise SystemExit(1)
        print(value)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
