#!/usr/bin/env bash
# Installs what is missing, builds, and runs the benchmarks. Pass --quick for
# a smaller throughput corpus (a tenth of the sizes).

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

install_missing "${BUILD_PACKAGES[@]}" "${RUN_PACKAGES[@]}" libxcb1-dev libxcb-xtest0-dev tmux \
    fonts-noto-cjk fonts-noto-color-emoji python3 xterm rxvt-unicode stterm alacritty kitty foot sway
configure_and_build "$ROOT/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo

scale=1
[[ "${1:-}" == --quick ]] && scale=0.1
on_xvfb() { xvfb-run -a -s "-screen 0 1920x1080x24" env QT_QPA_PLATFORM=xcb "$@"; }
log "throughput, the window on Xvfb, with the CJK and colour-emoji fonts most desktops have"
on_xvfb "$ROOT/build/bench/bench_throughput" --scale "$scale"
log "throughput of wide characters with DejaVu alone"
FONTCONFIG_FILE="$ROOT/bench/dejavu-only.conf" on_xvfb "$ROOT/build/bench/bench_throughput" --scale "$scale" --only wide
log "throughput side by side with xterm, urxvt, st, alacritty, kitty (each on its own Xvfb) and foot (headless sway)"
python3 "$ROOT/scripts/bench_peers.py" "$ROOT/build" --scale "$scale"
log "responsiveness while one and eight terminals flood"
"$ROOT/build/bench/bench_flood" --mb "$(awk -v s="$scale" 'BEGIN { print 50 * s }')"
log "latency, start-up, memory, idle CPU (the real app on Xvfb)"
"$ROOT/build/bench/bench_gui"
log "automation round trips (CLI and server, next to tmux)"
"$ROOT/build/bench/bench_cli"
log "commands: tab run round trip, and what shell integration adds to start-up"
"$ROOT/build/bench/bench_commands"
log "device panes: mirror latency and CPU, tap to the app's answer"
"$ROOT/build/bench/bench_device"
log "device panes: the pane's own scaled paint"
"$ROOT/build/bench/bench_pane_paint"
