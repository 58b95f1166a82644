#!/usr/bin/env bash
# Installs what is missing, builds, and runs the benchmarks. Pass --quick for
# a smaller throughput corpus (a tenth of the sizes).

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

install_missing "${BUILD_PACKAGES[@]}" "${RUN_PACKAGES[@]}" libxcb1-dev libxcb-xtest0-dev tmux
configure_and_build "$ROOT/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo

scale=1
[[ "${1:-}" == --quick ]] && scale=0.1
log "throughput"
"$ROOT/build/bench/bench_throughput" --scale "$scale"
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
