"""Runs inside a deviceterm tab: a setsid() child authenticates through its
parent (which is in the tab), then the parent exits and the child, now an
orphan outside the terminal, asks again. Writes before.json and after.json."""
import json
import os
import socket
import struct
import sys
import time


def recv_exactly(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise EOFError("closed")
        data += chunk
    return data


def call(sock, request_id, method, params):
    payload = json.dumps({"type": "req", "id": request_id, "method": method, "params": params}).encode()
    sock.sendall(struct.pack(">I", len(payload)) + payload)
    length = struct.unpack(">I", recv_exactly(sock, 4))[0]
    return json.loads(recv_exactly(sock, length))


parent = os.getpid()
child = os.fork()
if child == 0:
    os.setsid()
    sock = socket.socket(socket.AF_UNIX)
    sock.connect(os.environ["DEVICETERM_DAEMON_SOCK"])
    auth = call(sock, 1, "session.authenticate",
                {"sessionId": os.environ["DEVICETERM_SESSION"], "cap": os.environ["DEVICETERM_SESSION_CAP"]})
    info = call(sock, 2, "tab.info", {})
    with open("before.json", "w") as f:
        json.dump([auth, info], f)
    while os.getppid() == parent:  # wait to be orphaned
        time.sleep(0.02)
    with open("after.json", "w") as f:
        json.dump(call(sock, 3, "tab.info", {}), f)
    os._exit(0)
# Exit (orphaning the child) only once it has authenticated.
while not os.path.exists("before.json"):
    time.sleep(0.02)
sys.exit(0)
