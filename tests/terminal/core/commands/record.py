#!/usr/bin/env python3
"""Records what a real shell with deviceterm's integration prints.

Usage: record.py SHELL CASE_DIR   (SHELL: bash, zsh or fish)

Starts SHELL on a pseudo-terminal of 24x80 the way deviceterm does (bash
with --rcfile, zsh with ZDOTDIR, fish with XDG_DATA_DIRS), in an empty home
whose start-up file only sets a plain prompt, types the commands below one
at a time (each once the shell has shown its input mark), and writes every
byte the shell printed to CASE_DIR/input.bin and what each command must
come out as to CASE_DIR/expected.json. The expectations are written from
the list below, not from deviceterm's reading of the bytes, so the test
checks the parser against what the commands are known to do.

Re-record when the integration scripts change, and review the diff.
"""

import json
import os
import pty
import select
import shutil
import socket
import struct
import sys
import tempfile
import termios
import fcntl
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
SCRIPTS = os.path.join(ROOT, "resources", "shell-integration")

# (what is typed, its exit status, its output as the record must give it)
COMMANDS = [
    ("echo hello", 0, "hello"),
    ("printf 'a\\nb\\n'", 0, "a\nb"),
    ("false", 1, ""),
    ("sh -c 'echo to-stderr >&2; exit 7'", 7, "to-stderr"),
    ("echo 'Grüße ✓'", 0, "Grüße ✓"),
    ("seq 1 30", 0, "\n".join(str(i) for i in range(1, 31))),
    ("cd /", 0, ""),
    ("true", 0, ""),
]

PROMPT_FILES = {
    "bash": (".bashrc", "PS1='$ '\n"),
    "zsh": (".zshrc", "PROMPT='%# '\nunsetopt PROMPT_SP\n"),
    "fish": (".config/fish/config.fish",
             "function fish_prompt; printf '> '; end\nset -g fish_greeting\n"),
}


def shell_command(shell, home):
    env = {"HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ["PATH"]}
    if shell == "bash":
        return ["bash", "--rcfile", os.path.join(SCRIPTS, "bash", "deviceterm.bashrc")], env
    if shell == "zsh":
        env["ZDOTDIR"] = os.path.join(SCRIPTS, "zsh")
        return ["zsh"], env
    env["XDG_DATA_DIRS"] = os.path.join(SCRIPTS, "fish") + ":/usr/local/share:/usr/share"
    env["DEVICETERM_XDG_DATA_DIRS"] = ""
    return ["fish"], env


def main():
    shell, case_dir = sys.argv[1], sys.argv[2]
    home = tempfile.mkdtemp()
    try:
        name, text = PROMPT_FILES[shell]
        os.makedirs(os.path.dirname(os.path.join(home, name)), exist_ok=True)
        with open(os.path.join(home, name), "w") as f:
            f.write(text)
        argv, env = shell_command(shell, home)
        pid, fd = pty.fork()
        if pid == 0:
            os.chdir(home)
            os.execvpe(argv[0], argv, env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        out = bytearray()

        def read_until(count_marks, timeout=10.0):
            deadline = time.time() + timeout
            while out.count(b"\x1b]133;B") < count_marks:
                if time.time() > deadline:
                    raise SystemExit("no input mark from %s; got %r" % (shell, bytes(out[-300:])))
                ready, _, _ = select.select([fd], [], [], 0.1)
                if ready:
                    out.extend(os.read(fd, 65536))

        read_until(1)
        for i, (typed, _, _) in enumerate(COMMANDS):
            os.write(fd, typed.encode() + b"\r")
            read_until(i + 2)
        # What trails the last prompt (fish repaints it) settles in a moment.
        deadline = time.time() + 0.3
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                out.extend(os.read(fd, 65536))
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    finally:
        shutil.rmtree(home, ignore_errors=True)

    os.makedirs(case_dir, exist_ok=True)
    with open(os.path.join(case_dir, "input.bin"), "wb") as f:
        # Nothing of the recording machine: its home and its host name.
        recorded = bytes(out).replace(home.encode(), b"/home/user")
        recorded = recorded.replace(b"file://" + socket.gethostname().encode() + b"/", b"file://localhost/")
        f.write(recorded)
    expected = {"rows": 24, "columns": 80, "records": [
        {"command": typed, "exitStatus": status, "output": output} for typed, status, output in COMMANDS]}
    # After `cd /`, the commands that follow ran there.
    expected["records"][-1]["cwd"] = "/"
    with open(os.path.join(case_dir, "expected.json"), "w") as f:
        json.dump(expected, f, indent=2, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
