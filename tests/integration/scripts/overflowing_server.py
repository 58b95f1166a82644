#!/usr/bin/env python3
"""A stand-in daemon for one CLI test: accepts one client on the socket given
as argv[1], answers every request with {"ok": true}, and after daemon.events
sends one event and then the server's overflow line before closing, as the
real server does to a subscriber that fell behind."""
import json
import os
import socket
import struct
import sys

path = sys.argv[1]
if os.path.exists(path):
    os.unlink(path)
server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
# Listening before the socket appears under its name: the test connects as
# soon as it sees the file (between bind and listen it would be refused).
server.bind(path + ".new")
server.listen(1)
os.rename(path + ".new", path)
server.settimeout(20)
conn, _ = server.accept()


def read_exact(n):
    data = b""
    while len(data) < n:
        chunk = conn.recv(n - len(data))
        if not chunk:
            sys.exit(0)
        data += chunk
    return data


def send(message):
    body = json.dumps(message, sort_keys=True, separators=(",", ":")).encode()
    conn.sendall(struct.pack(">I", len(body)) + body)


while True:
    request = json.loads(read_exact(struct.unpack(">I", read_exact(4))[0]))
    send({"type": "res", "id": request["id"], "result": {"ok": True}})
    if request.get("method") == "daemon.events":
        stream = request["id"]
        send({"type": "evt", "id": stream, "method": "daemon.event",
              "params": {"type": "device.booted", "udid": "U1", "ts": "2026-11-29T00:00:00.000Z"}})
        send({"type": "evt", "id": stream, "method": "daemon.event",
              "params": {"type": "stream.overflow", "ts": "2026-11-29T00:00:00.001Z"}})
        conn.close()
        break
os.unlink(path)
