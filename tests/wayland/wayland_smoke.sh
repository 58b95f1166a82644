#!/bin/bash
# Wayland smoke test: runs deviceterm-gui on a headless weston (no X display
# to fall back to) and drives it through the real deviceterm CLI: the first
# tab, a new tab, a split in it (its shell runs), text typed into the new tab
# and read back from its screen, and a device pane booted in the first tab.
# It also checks that `deviceterm window focus` says the compositor decides
# (Wayland lets a client activate its window only through xdg-activation-v1,
# which weston does not offer) and reports what it answered.
#
#   bash tests/wayland/wayland_smoke.sh PATH/TO/deviceterm-gui PATH/TO/deviceterm
#
# Needs weston (headless-backend.so), qt6-wayland, python3, and what device
# panes need (Xvfb, dbus-daemon, at-spi2-core; scripts/lib.sh installs them).
# Exit 0: every check passed; anything else, a failure (weston missing too).
# Everything it starts lives under one private directory (XDG_RUNTIME_DIR,
# HOME, the device set) and is stopped and removed on exit.
#
# DT_WAYLAND_DEBUG=1 also sets WAYLAND_DEBUG=1 for the GUI (its protocol
# traffic goes to the GUI's log); DT_WAYLAND_LOGS=DIR keeps the logs and the
# first tab's files there (for CI artifacts).
#
# Internally the GUI runs this same script (`--in-tab`) in its first tab:
# the CLI authenticates only from inside one of the app's terminals, and
# --orchestrator lets that tab type into and read the others.

# Functions run from traps and poll loops look unreachable to shellcheck.
# shellcheck disable=SC2317
set -u

# ---------------------------------------------------------------------------
# In the first tab: the checks, through the CLI. Results go to files in the
# work directory: steps.log (one line a step) and result (PASS or FAIL: …).
# ---------------------------------------------------------------------------
in_tab() {
    local cli=$1 work=$2 token=$3
    cd "$work" || exit 1

    log() { printf '%s\n' "$*" >> steps.log; }
    fail() {
        log "FAIL: $*"
        printf 'FAIL: %s\n' "$*" > result.tmp && mv result.tmp result
        exec sleep 600 # the outer script tears the app down
    }
    dt() { "$cli" "$@"; }
    # js FILE EXPR: EXPR (Python) over the JSON in FILE, bound to d.
    js() { python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }
    # poll SECONDS WHAT COMMAND…: runs COMMAND until it succeeds; fails the
    # test, naming WHAT, once SECONDS have passed.
    poll() {
        local limit=$1 what=$2
        shift 2
        local end=$((SECONDS + limit))
        until "$@"; do
            [ "$SECONDS" -ge "$end" ] && fail "timed out after ${limit}s waiting for $what"
            sleep 0.2
        done
    }
    # Tab $1's screen has a line that is exactly $2.
    screen_has_line() { dt tab capture --tab "$1" > screen.tmp 2> /dev/null && grep -qxF -- "$2" screen.tmp; }
    windows_tab_count_is() { dt windows list --all --json > w.tmp 2> /dev/null && [ "$(js w.tmp 'sum(r["tabCount"] for r in d)')" = "$1" ]; }
    window_count_is() { dt windows list --all --json > w.tmp 2> /dev/null && [ "$(js w.tmp 'len(d)')" = "$1" ]; }
    pane_rendering() { dt panes list --json > panes.tmp 2> /dev/null && [ "$(js panes.tmp 'sum(1 for p in d if p["state"] == "rendering")')" = 1 ]; }
    pane_failed() { [ "$(js panes.tmp 'sum(1 for p in d if p["state"] == "failed")')" != 0 ]; }
    no_devices() { dt devices list --json > dev.tmp 2> /dev/null && [ "$(js dev.tmp 'len(d)')" = 0 ]; }

    log "in the first tab: pid $$, DEVICETERM_SESSION_ROLE=${DEVICETERM_SESSION_ROLE:-unset}"

    # 1. The first tab: this one, alone in its window.
    dt doctor --json > doctor.json 2> doctor.err || fail "deviceterm doctor failed: $(cat doctor.err)"
    [ "$(js doctor.json 'd["role"]')" = orchestrator ] || fail "the first tab is not an orchestrator tab: $(cat doctor.json)"
    dt tabs current --json > first.json 2> first.err || fail "tabs current failed: $(cat first.err)"
    local me
    me=$(js first.json 'd[0]["shortId"] if isinstance(d, list) else d["shortId"]') || fail "no shortId in $(cat first.json)"
    dt windows list --all --json > windows-start.json || fail "windows list failed"
    [ "$(js windows-start.json 'len(d)')" = 1 ] || fail "expected one window at start: $(cat windows-start.json)"
    [ "$(js windows-start.json 'd[0]["tabCount"]')" = 1 ] || fail "expected one tab at start: $(cat windows-start.json)"
    dt tabs list --json > tabs-start.json || fail "tabs list failed"
    [ "$(js tabs-start.json "sum(1 for r in d if r.get('shortId') == '$me' and r['current'])")" = 1 ] \
        || fail "the first tab $me is not in tabs list: $(cat tabs-start.json)"
    log "ok: first tab $me exists (1 window, 1 tab)"

    # 2. A new tab.
    dt tab open --json --cwd "$work" --cmd 'PS1="tab2$ "' > open.json 2> open.err || fail "tab open failed: $(cat open.err)"
    local t
    t=$(js open.json 'd["shortId"]') || fail "no shortId in $(cat open.json)"
    poll 15 "the window to count two tabs" windows_tab_count_is 2
    poll 20 "the new tab's prompt 'tab2\$'" screen_has_line "$t" 'tab2$'
    log "ok: new tab $t opened, its shell is at its prompt"

    # 3. A split in the new tab: two terminals, one tab. Its shell runs --cmd
    # at its first prompt, leaving a file (tab capture and send-input always
    # address a tab's first terminal, so the split is not read through them).
    dt pane open --terminal --tab "$t" --cwd "$work" --cmd "echo \$\$ > split-$token.ready" --json > split.json 2> split.err \
        || fail "pane open --terminal failed: $(cat split.err)"
    local s
    s=$(js split.json 'd["shortId"]') || fail "no shortId in $(cat split.json)"
    poll 20 "the split's shell to run its --cmd (split-$token.ready)" test -s "split-$token.ready"
    dt tab info --tab "$t" --json > info-tab.json || fail "tab info --tab $t failed"
    dt tab info --tab "$s" --json > info-split.json || fail "tab info --tab $s failed"
    # A split describes its tab by the tab's primary terminal.
    [ "$(js info-split.json 'd["sessionId"]')" = "$(js info-tab.json 'd["sessionId"]')" ] \
        || fail "the split $s is not in tab $t: $(cat info-split.json) vs $(cat info-tab.json)"
    [ "$(js split.json 'd["sessionId"]')" != "$(js info-tab.json 'd["sessionId"]')" ] \
        || fail "the split has the tab's own session"
    windows_tab_count_is 2 || fail "the split changed the tab count: $(cat w.tmp)"
    dt tabs list --json > tabs-split.json || fail "tabs list failed"
    [ "$(js tabs-split.json 'len(d)')" = 3 ] || fail "expected 3 terminals (first tab, new tab, split): $(cat tabs-split.json)"
    log "ok: split $s is a second pane of tab $t (2 tabs, 3 terminals; its shell, pid $(cat "split-$token.ready"), ran its --cmd)"

    # 4. Typed into the new tab, read back from its screen. The line looked
    # for is the command's output: the typed line holds $((40+2)), not 42.
    dt tab send-input --tab "$t" --json -- "echo wayland-ok-$token-\$((40+2))\\n" > send.json 2> send.err \
        || fail "tab send-input failed: $(cat send.err)"
    poll 15 "'wayland-ok-$token-42' on tab $t's screen" screen_has_line "$t" "wayland-ok-$token-42"
    cp screen.tmp typed-screen.txt
    log "ok: typed 'echo wayland-ok-$token-\$((40+2))' into tab $t and read 'wayland-ok-$token-42' back from its screen"

    # 5. A device pane, booted beside this terminal (on its own Xvfb).
    dt sim create WaylandPhone --profile phone --json > create.json 2> create.err || fail "sim create failed: $(cat create.err)"
    dt sim boot WaylandPhone --json > boot.json 2> boot.err || fail "sim boot failed: $(cat boot.err)"
    local end=$((SECONDS + 90))
    until pane_rendering; do
        [ -s panes.tmp ] && pane_failed && fail "the device pane failed: $(cat panes.tmp)"
        [ "$SECONDS" -ge "$end" ] && fail "timed out after 90s waiting for the device pane to render: $(cat panes.tmp 2> /dev/null)"
        sleep 0.5
    done
    dt tab info --json > info-device.json || fail "tab info failed"
    [ "$(js info-device.json 'len(d.get("simPanes", []))')" = 1 ] || fail "the first tab has no device pane: $(cat info-device.json)"
    dt devices list --json > devices.json || fail "devices list failed"
    log "ok: device pane booted in the first tab: $(js info-device.json '[(p["name"], p["state"], p.get("display")) for p in d["simPanes"]]')"
    log "    devices list: $(cat devices.json)"

    # 6. window focus: what it answers (in the report), and that its receipt
    # says the compositor decides.
    {
        echo "--- windows list --all --json (before window open)"
        dt windows list --all --json 2>&1
        echo "--- window open --json"
        dt window open --json 2>&1
        echo "status $?"
    } >> focus.txt
    poll 15 "the second window" window_count_is 2
    # weston never activates a window (no xdg-activation, no seat): a focus
    # request must not make the workspace claim window 1 came forward.
    dt window focus --window 1 > /dev/null 2>&1 || fail "window focus --window 1 failed"
    dt windows list --all --json > keys.json 2>&1 || fail "windows list failed: $(cat keys.json)"
    [ "$(js keys.json '[w["index"] for w in d if w.get("isKey")]')" = "[2]" ] ||
        fail "after a focus request weston did not grant, the key window moved: $(cat keys.json)"
    log "ok: a focus request weston ignores leaves the key window where it was"
    {
        echo "--- windows list --all --json (after window open)"
        dt windows list --all --json 2>&1
        echo "--- window focus --window 1"
        dt window focus --window 1 2>&1
        echo "status $?"
        echo "--- windows list --all --json (after focusing window 1)"
        dt windows list --all --json 2>&1
        echo "--- window focus --window 2 --json"
        dt window focus --window 2 --json 2>&1
        echo "status $?"
        echo "--- windows list --all (after focusing window 2)"
        dt windows list --all 2>&1
        echo "--- window focus --window 9 --json (no such window)"
        dt window focus --window 9 --json 2>&1
        echo "status $?"
        echo "--- window close --window 2 --json"
        dt window close --window 2 --json 2>&1
        echo "status $?"
    } >> focus.txt
    poll 15 "the second window to close" window_count_is 1
    # Its receipt says honestly that the compositor decides.
    dt window focus --window 1 --json > focus.json 2>&1 || fail "window focus failed: $(cat focus.json)"
    [ "$(js focus.json 'd.get("activation")')" = compositor ] ||
        fail "window focus does not say the compositor decides: $(cat focus.json)"
    log "ok: window focus says the compositor decides: $(cat focus.json)"

    # 7. The device shuts down through the CLI.
    dt sim shutdown WaylandPhone --json > shutdown.json 2> shutdown.err || fail "sim shutdown failed: $(cat shutdown.err)"
    poll 30 "the device to shut down" no_devices
    log "ok: device shut down"

    echo PASS > result.tmp && mv result.tmp result
    exec sleep 600 # the outer script tears the app down
}

if [ "${1:-}" = --in-tab ]; then
    shift
    in_tab "$@"
    exit 1
fi

# ---------------------------------------------------------------------------
# Outside: weston, the GUI, waiting, checking, tearing down.
# ---------------------------------------------------------------------------
if [ $# -ne 2 ]; then
    echo "usage: $0 PATH/TO/deviceterm-gui PATH/TO/deviceterm" >&2
    exit 2
fi
gui=$(readlink -f -- "$1")
cli=$(readlink -f -- "$2")
self=$(readlink -f -- "$0")

die() {
    echo "wayland_smoke: FAIL: $*" >&2
    exit 1
}
note() { echo "wayland_smoke: $*"; }

[ -x "$gui" ] || die "not an executable: $1"
[ -x "$cli" ] || die "not an executable: $2"
command -v weston > /dev/null || die "weston is not installed (apt-get install weston qt6-wayland)"
command -v python3 > /dev/null || die "python3 is not installed"

root=$(mktemp -d "${TMPDIR:-/tmp}/dt-wayland.XXXXXX") || die "mktemp failed"
chmod 700 "$root"
run=$root/run   # XDG_RUNTIME_DIR: weston's socket, the app's socket, the devices' directories
work=$root/work # the first tab's directory, HOME, config, data (the device set), state
mkdir -m 700 "$run" "$work" || die "mkdir failed"
wl=wayland-dt-smoke
weston_pid=
gui_pid=
started=$SECONDS

# Processes (other than this script) whose command line or environment names
# $root: everything this run started, devices and weston's helpers included.
ours() {
    python3 - "$root" "$$" << 'PY'
import os, sys
root, skip = sys.argv[1].encode(), {os.getpid(), os.getppid(), int(sys.argv[2])}
for pid in os.listdir('/proc'):
    if not pid.isdigit() or int(pid) in skip:
        continue
    for part in ('cmdline', 'environ'):
        try:
            with open(f'/proc/{pid}/{part}', 'rb') as f:
                if root in f.read():
                    print(pid)
                    break
        except OSError:
            pass
PY
}

# stop PID SECONDS: SIGTERM, then SIGKILL if it is still there after SECONDS.
stop() {
    local pid=$1 limit=$2
    kill -0 "$pid" 2> /dev/null || return 0
    kill -TERM "$pid" 2> /dev/null
    local end=$((SECONDS + limit))
    while kill -0 "$pid" 2> /dev/null && [ "$SECONDS" -lt "$end" ]; do sleep 0.1; done
    if kill -0 "$pid" 2> /dev/null; then
        note "pid $pid ignored SIGTERM for ${limit}s: SIGKILL"
        kill -KILL "$pid" 2> /dev/null
    fi
    wait "$pid" 2> /dev/null
    return 0
}

cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    # The app first: on SIGTERM it shuts its devices down. Then weston,
    # which stops its own helpers (weston-desktop-shell, weston-keyboard).
    [ -n "$gui_pid" ] && stop "$gui_pid" 15
    [ -n "$weston_pid" ] && stop "$weston_pid" 5
    # Then whatever is left (device processes or shells of a killed app).
    local left p end
    left=$(ours)
    if [ -n "$left" ]; then
        note "stopping what was left: $(paste -sd' ' <<< "$left")"
        for p in $left; do kill -TERM "$p" 2> /dev/null; done
        end=$((SECONDS + 5))
        while [ -n "$(ours)" ] && [ "$SECONDS" -lt "$end" ]; do sleep 0.1; done
        for p in $(ours); do kill -KILL "$p" 2> /dev/null; done
        end=$((SECONDS + 5))
        while [ -n "$(ours)" ] && [ "$SECONDS" -lt "$end" ]; do sleep 0.1; done
    fi
    left=$(ours)
    if [ -n "$left" ]; then
        echo "wayland_smoke: FAIL: processes left running: $(paste -sd' ' <<< "$left")" >&2
        ps -o pid,stat,args -p "$(paste -sd, <<< "$left")" >&2
        status=1
    fi
    if [ -n "${DT_WAYLAND_LOGS:-}" ]; then
        mkdir -p -- "$DT_WAYLAND_LOGS" && cp -r -- "$root/gui.log" "$root/weston.log" "$work" "$DT_WAYLAND_LOGS/" 2> /dev/null
    fi
    rm -rf -- "$root"
    note "took $((SECONDS - started))s"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# --- weston, headless, on a private socket --------------------------------
# No seat, no logind, no DRM: the headless backend needs none of them, and
# it runs as root. desktop-shell is weston's default shell (stated anyway).
env -u DISPLAY -u WAYLAND_DISPLAY -u WAYLAND_SOCKET XDG_RUNTIME_DIR="$run" \
    weston --backend=headless-backend.so --shell=desktop-shell.so --socket="$wl" --idle-time=0 \
    --no-config --width=1600 --height=1000 --log="$root/weston.log" > "$root/weston.out" 2>&1 &
weston_pid=$!
end=$((SECONDS + 20))
until [ -S "$run/$wl" ]; do
    kill -0 "$weston_pid" 2> /dev/null || die "weston exited before making its socket: $(cat "$root/weston.log" "$root/weston.out" 2> /dev/null)"
    [ "$SECONDS" -ge "$end" ] && die "weston made no socket $run/$wl in 20s: $(cat "$root/weston.log" 2> /dev/null)"
    sleep 0.1
done
note "weston $(weston --version 2>&1 | awk '{print $2}') is up on $run/$wl (pid $weston_pid)"

# What the compositor offers: a seat, xdg-activation-v1.
info=
for tool in wayland-info weston-info; do
    if command -v "$tool" > /dev/null; then
        info=$(env -u DISPLAY XDG_RUNTIME_DIR="$run" WAYLAND_DISPLAY="$wl" timeout 10 "$tool" 2>&1)
        break
    fi
done
if [ -n "$info" ]; then
    for global in xdg_wm_base wl_seat xdg_activation_v1; do
        if grep -q "interface: '$global'" <<< "$info"; then
            note "compositor global $global: offered"
        else
            note "compositor global $global: NOT offered"
        fi
    done
else
    note "neither wayland-info nor weston-info is installed: globals not listed"
fi

# --- the GUI, Wayland only ---------------------------------------------------
# QT_QPA_PLATFORM is exactly "wayland" (no ";xcb" fallback) and DISPLAY is
# unset, so the app either runs on Wayland or does not run at all.
gui_env=(
    -u DISPLAY -u WAYLAND_SOCKET -u XAUTHORITY -u QT_QPA_PLATFORMTHEME
    -u DEVICETERM_SESSION -u DEVICETERM_SESSION_CAP -u DEVICETERM_SESSION_ROLE -u DEVICETERM_DAEMON_SOCK
    XDG_RUNTIME_DIR="$run" WAYLAND_DISPLAY="$wl" QT_QPA_PLATFORM=wayland XDG_SESSION_TYPE=wayland
    SHELL=/bin/sh HOME="$work" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
    XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache"
)
[ "${DT_WAYLAND_DEBUG:-}" = 1 ] && gui_env+=(WAYLAND_DEBUG=1)
(cd "$work" && exec env "${gui_env[@]}" "$gui" --orchestrator -e bash "$self" --in-tab "$cli" "$work" "$$") \
    > "$root/gui.log" 2>&1 &
gui_pid=$!
note "deviceterm-gui started (pid $gui_pid) with QT_QPA_PLATFORM=wayland WAYLAND_DISPLAY=$wl, DISPLAY unset"

print_logs() {
    echo "--- steps (in the first tab)"
    cat "$work/steps.log" 2> /dev/null
    echo "--- the GUI's stderr (last 40 lines)"
    tail -n 40 "$root/gui.log" 2> /dev/null
}

# The checks run in the first tab; wait for their result, watching that the
# app and the compositor stay up.
end=$((SECONDS + 240))
until [ -e "$work/result" ]; do
    if ! kill -0 "$gui_pid" 2> /dev/null; then
        wait "$gui_pid"
        gui_status=$?
        gui_pid=
        print_logs
        grep -q 'Could not find the Qt platform plugin "wayland"' "$root/gui.log" &&
            note "hint: Qt's wayland platform plugin is missing (apt-get install qt6-wayland)"
        grep -q 'Failed to create wl_display' "$root/gui.log" && note "hint: Qt could not connect to weston's socket"
        die "deviceterm-gui exited (status $gui_status) before the checks finished"
    fi
    kill -0 "$weston_pid" 2> /dev/null || { print_logs; die "weston exited during the test: $(tail -n 20 "$root/weston.log")"; }
    [ "$SECONDS" -ge "$end" ] && { print_logs; die "no result from the first tab in 240s"; }
    sleep 0.5
done

# The app really runs on Wayland: Qt's wayland platform plugin and client
# library are loaded, its xcb plugin is not.
maps=$(cat "/proc/$gui_pid/maps" 2> /dev/null)
platform=$(grep -o 'plugins/platforms/[^ ]*\.so' <<< "$maps" | sort -u | tr '\n' ' ')
shell_integration=$(grep -o 'wayland-shell-integration/[^ ]*\.so' <<< "$maps" | sort -u | tr '\n' ' ')
note "GUI platform plugin: ${platform:-none}; shell integration: ${shell_integration:-none}"
grep -q 'libQt6WaylandClient' <<< "$maps" || { print_logs; die "the GUI has not loaded libQt6WaylandClient: not on Wayland"; }
grep -q 'plugins/platforms/libqwayland' <<< "$maps" || { print_logs; die "the GUI's platform plugin is not Qt's wayland plugin"; }
grep -q 'plugins/platforms/libqxcb' <<< "$maps" && { print_logs; die "the GUI loaded the xcb platform plugin"; }
# And it is a client of our weston: a socket of its is the peer of one that
# weston accepted on $run/$wl (ss prints "path inode peer-path peer-inode").
if command -v ss > /dev/null; then
    connections=$(ss -xpH 2> /dev/null | python3 -c '
import sys
path, pid = sys.argv[1], sys.argv[2]
accepted, gui = set(), set()
for f in (line.split() for line in sys.stdin):
    if len(f) < 8 or f[1] != "ESTAB":
        continue
    if f[4] == path:
        accepted.add(f[7])
    if "pid=%s," % pid in " ".join(f[8:]):
        gui.add(f[5])
print(len(accepted & gui))' "$run/$wl" "$gui_pid")
    [ "${connections:-0}" -ge 1 ] || { print_logs; die "the GUI holds no connection to weston's socket $run/$wl"; }
    note "the GUI holds $connections connection(s) to weston's socket"
fi

echo "--- steps (in the first tab)"
cat "$work/steps.log"
echo "--- window focus under Wayland"
cat "$work/focus.txt" 2> /dev/null
echo "--- what the GUI printed (stderr; WAYLAND_DEBUG's protocol lines left out)"
grep -v '^\[ *[0-9]*\.[0-9]*\] ' "$root/gui.log"
if [ "${DT_WAYLAND_DEBUG:-}" = 1 ]; then
    echo "--- xdg_activation / activated traffic (WAYLAND_DEBUG)"
    grep -E 'xdg_activation|wl_seat|wl_keyboard' "$root/gui.log" | head -n 20
fi
echo "---"

result=$(cat "$work/result")
[ "$result" = PASS ] || die "${result#FAIL: }"
note "PASS"
exit 0
