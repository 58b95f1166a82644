#!/usr/bin/env python3
"""Fails when a device process started by a test outlived the test suite.

Tests keep their devices under temporary directories in /tmp; a process
naming such a device directory (on its command line or in its
environment) once the suite is done is a leak. Waits up to 5 s, since
stopped processes may take a moment to go. Zombies are dead already.
"""
import os
import re
import sys
import time

DEVICE_DIR = re.compile(rb"/tmp/[^\0 ]*/deviceterm/devices/")


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def leftovers():
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        stat = read(f"/proc/{pid}/stat")
        end = stat.rfind(b")")
        if end < 0 or stat[end + 2:end + 3] == b"Z":
            continue
        cmdline = read(f"/proc/{pid}/cmdline")
        if DEVICE_DIR.search(cmdline + b"\0" + read(f"/proc/{pid}/environ")):
            shown = cmdline.replace(b"\0", b" ").decode(errors="replace")[:160]
            found.append(f"{pid} {shown}")
    return found


for _ in range(50):
    left = leftovers()
    if not left:
        sys.exit(0)
    time.sleep(0.1)
print("device processes outlived the tests:\n" + "\n".join(left), file=sys.stderr)
sys.exit(1)
