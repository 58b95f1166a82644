#!/usr/bin/env python3
"""Throughput side by side: deviceterm and the terminals its users would
switch from, each taking the same four streams (bench_throughput --write)
on its own display server (Xvfb; for foot, and deviceterm beside it, a
headless sway), in the same grid (100x30) and font (DejaVu Sans Mono 11).

Inside each terminal a bash script cats the stream, then asks for the cursor
position (DSR) and waits for the answer: a terminal answers only once it
has taken in everything before the question, so what is timed is the whole
stream taken in, not just handed to a buffer. Each figure is also given as
a share of a bare PTY's drain of the same file, measured in the same round
(bench_throughput --drain), which makes figures comparable between
machines. Medians over the rounds. Each terminal keeps its own defaults
otherwise, as its users run it: st keeps no scrollback, xterm and urxvt
about a thousand lines, kitty two thousand, foot, deviceterm and alacritty
ten thousand.

    bench_peers.py BUILD_DIR [--scale F] [--rounds N] [--only WORD] [--terminals A,B]

A terminal that is not installed, or whose window never answers, is listed
with the reason instead of a figure.
"""

import argparse
import contextlib
import os
import pwd
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

FONT, SIZE, COLUMNS, ROWS = "DejaVu Sans Mono", 11, 100, 30
STREAMS = ["plain", "colour", "wide", "cursor"]
X11, WAYLAND = "x11", "wayland"
SERVERS = {X11: "Xvfb", WAYLAND: "sway"}
TIMEOUT_S = 300

# Sleeps first so the window is up and painted before the clock starts (as
# bench_throughput does for deviceterm), and keeps its own echo and line
# editing out of the way of the answer it reads.
RUNNER = r"""#!/bin/bash
sleep 1
stty -echo -icanon
t0=$(date +%s%N)
cat "$1"
printf '\033[6n'
IFS= read -r -s -d R -t 300 _ || exit 1
t1=$(date +%s%N)
echo $(( t1 - t0 )) > "$2.part" && mv "$2.part" "$2"
"""


def terminals(build):
    """How each terminal is started with the same grid and font, running
    `command` (a list) instead of a shell, and on which display server: X
    (Xvfb) or Wayland (a headless sway), where foot runs. deviceterm runs on
    both, so that foot is compared with it on the same server too."""
    gui = os.path.join(build, "app", "deviceterm-gui")

    def deviceterm(cmd):
        return [gui, "--size", f"{COLUMNS}x{ROWS}", "--font", FONT, "--font-size", str(SIZE), "-e", *cmd]

    return {
        "deviceterm": (X11, deviceterm),
        "xterm": (X11, lambda cmd: ["xterm", "-geometry", f"{COLUMNS}x{ROWS}", "-fa", FONT, "-fs", str(SIZE),
                                    "-e", *cmd]),
        "urxvt": (X11, lambda cmd: ["urxvt", "-geometry", f"{COLUMNS}x{ROWS}", "-fn", f"xft:{FONT}:size={SIZE}",
                                    "-e", *cmd]),
        "st": (X11, lambda cmd: ["st", "-g", f"{COLUMNS}x{ROWS}", "-f", f"{FONT}:size={SIZE}", "-e", *cmd]),
        "alacritty": (X11, lambda cmd: ["alacritty", "-o", f"window.dimensions.columns={COLUMNS}",
                                        "-o", f"window.dimensions.lines={ROWS}", "-o", f"font.normal.family={FONT}",
                                        "-o", f"font.size={SIZE}", "-e", *cmd]),
        "kitty": (X11, lambda cmd: ["kitty", "-o", f"initial_window_width={COLUMNS}c",
                                    "-o", f"initial_window_height={ROWS}c", "-o", f"font_family={FONT}",
                                    "-o", f"font_size={SIZE}", "-o", "remember_window_size=no", *cmd]),
        "deviceterm-wl": (WAYLAND, deviceterm),
        "foot": (WAYLAND, lambda cmd: ["foot", "-W", f"{COLUMNS}x{ROWS}", "-f", f"{FONT}:size={SIZE}", *cmd]),
    }


class Xvfb:
    """A private X server on the first free display from :90, gone with the
    `with` block."""

    def __enter__(self):
        for n in range(90, 140):
            if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
                self.display = f":{n}"
                self.proc = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline and not os.path.exists(f"/tmp/.X11-unix/X{n}"):
                    time.sleep(0.05)
                return self
        raise RuntimeError("no free X display")

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def kill_group(proc):
    """The terminal and everything it started (its own process group)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(timeout=10)


def launch(kind, argv, env, runtime):
    """Starts `argv` in a process group of its own: on X directly, on
    Wayland as the one client of a headless sway (pixman, no input
    devices). wlroots will not run as root, so as root the compositor and
    its client run as nobody."""
    if kind == X11:
        return subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
    config = os.path.join(runtime, "sway.conf")
    with open(config, "w") as f:
        f.write("exec " + shlex.join(argv) + "\n")
    env.update({"WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
                "HOME": runtime, "QT_QPA_PLATFORM": "wayland"})
    unprivileged = []
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        unprivileged = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
        for path in (runtime, config):
            os.chown(path, nobody.pw_uid, nobody.pw_gid)
    return subprocess.Popen(unprivileged + ["sway", "-c", config], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def time_in(name, kind, argv_for, runner, stream, work):
    """MB/s of `stream` through terminal `name`, or the reason there is none."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET", "QT_QPA_PLATFORM")}
    # Each run its own runtime directory: deviceterm forwards a second
    # launch to a running instance, which must never be an earlier run's.
    runtime = tempfile.mkdtemp(prefix="rt-", dir=work)
    env["XDG_RUNTIME_DIR"] = runtime
    out = os.path.join(runtime, "ns")
    server = Xvfb() if kind == X11 else contextlib.nullcontext()
    with server:
        if kind == X11:
            env["DISPLAY"] = server.display
        proc = launch(kind, argv_for(["bash", runner, stream, out]), env, runtime)
        deadline = time.monotonic() + TIMEOUT_S
        while time.monotonic() < deadline and not os.path.exists(out) and proc.poll() is None:
            time.sleep(0.05)
        time.sleep(0.05)  # a terminal that exited may have written its answer just then
        kill_group(proc)
    answer = open(out).read().strip() if os.path.exists(out) else None
    shutil.rmtree(runtime, ignore_errors=True)
    if answer is None:
        return "no answer" if proc.returncode in (None, -signal.SIGKILL) else f"exited ({proc.returncode})"
    return os.path.getsize(stream) / 1e6 / (int(answer) / 1e9)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default="", help="streams whose name holds this word")
    parser.add_argument("--terminals", default="", help="a comma-separated subset of the terminals")
    args = parser.parse_args()

    bench = os.path.join(args.build, "bench", "bench_throughput")
    known = terminals(args.build)
    asked = args.terminals.split(",") if args.terminals else list(known)
    if unknown := [name for name in asked if name not in known]:
        parser.error(f"unknown terminal {', '.join(unknown)}: choose from {', '.join(known)}")
    wanted = {name: known[name] for name in asked}
    runs = {name: (kind, argv) for name, (kind, argv) in wanted.items()
            if (shutil.which(argv(["true"])[0]) or os.path.exists(argv(["true"])[0])) and shutil.which(SERVERS[kind])}
    missing = [f"{name} (or {SERVERS[kind]})" for name, (kind, _) in wanted.items() if name not in runs]
    streams = [s for s in STREAMS if args.only in s]
    with tempfile.TemporaryDirectory(prefix="bench-peers-") as work:
        runner = os.path.join(work, "runner.sh")
        with open(runner, "w") as f:
            f.write(RUNNER)
        subprocess.run([bench, "--write", work, "--scale", str(args.scale)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Readable by a terminal that runs as nobody (see launch).
        os.chmod(work, 0o755)
        for name in os.listdir(work):
            os.chmod(os.path.join(work, name), 0o644)
        shares = {(t, s): [] for t in runs for s in streams}
        speeds = {(t, s): [] for t in runs for s in streams}
        drains = {s: [] for s in streams}
        failures = {}
        for round_ in range(args.rounds):
            for s in streams:
                path = os.path.join(work, s)
                drain = float(subprocess.run([bench, "--drain", path], check=True, capture_output=True,
                                             text=True).stdout.strip())
                drains[s].append(drain)
                for t, (kind, argv) in runs.items():
                    got = time_in(t, kind, argv, runner, path, work)
                    if isinstance(got, str):
                        failures[(t, s)] = got
                        continue
                    speeds[(t, s)].append(got)
                    shares[(t, s)].append(100 * got / drain)
                print(f"round {round_ + 1}/{args.rounds}: {s} done", file=sys.stderr)

    width = 16 if len(runs) <= 7 else 14
    print(f"{'stream':8} {'pty-drain':>10} " + " ".join(f"{t:>{width}}" for t in runs))
    for s in streams:
        cells = []
        for t in runs:
            if speeds[(t, s)]:
                cells.append(f"{statistics.median(speeds[(t, s)]):6.1f} ({statistics.median(shares[(t, s)]):3.0f} %)")
            else:
                cells.append(failures.get((t, s), "-"))
        print(f"{s:8} {statistics.median(drains[s]):10.1f} " + " ".join(f"{c:>{width}}" for c in cells))
    print(f"(MB/s of the file and, in brackets, the share of a bare PTY's drain in the same round; "
          f"medians of {args.rounds} rounds; {COLUMNS}x{ROWS}, {FONT} {SIZE}; foot and deviceterm-wl on a "
          f"headless sway, the others on Xvfb)")
    if missing:
        print("not installed: " + ", ".join(sorted(missing)))


if __name__ == "__main__":
    main()
