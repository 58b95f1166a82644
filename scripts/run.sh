#!/usr/bin/env bash
# Installs what is missing, builds, and starts deviceterm. Without a display
# it starts one (Xvfb), says so, and saves a screenshot to ./deviceterm-screenshot.png.
# Arguments are passed on to deviceterm-gui (e.g. -e htop).

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

install_missing "${BUILD_PACKAGES[@]}" "${RUN_PACKAGES[@]}"
configure_and_build "$ROOT/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo
APP="$ROOT/build/app/deviceterm-gui"

if [[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]]; then
    exec "$APP" "$@"
fi

SHOT="${DEVICETERM_SCREENSHOT:-$PWD/deviceterm-screenshot.png}"
log "no display found: starting a virtual one (Xvfb)"
DISPLAY_FD_FILE="$(mktemp)"
Xvfb -displayfd 1 -screen 0 1280x800x24 -nolisten tcp >"$DISPLAY_FD_FILE" 2>/dev/null &
XVFB_PID=$!
APP_PID=""
cleanup() {
    set +e # a killed process's status must not abort the clean-up
    if [[ -n "$APP_PID" ]]; then
        kill "$APP_PID" 2>/dev/null
        wait "$APP_PID" 2>/dev/null
    fi
    kill "$XVFB_PID" 2>/dev/null
    wait "$XVFB_PID" 2>/dev/null
    rm -f "$DISPLAY_FD_FILE"
}
trap cleanup EXIT INT TERM
for _ in $(seq 100); do
    [[ -s "$DISPLAY_FD_FILE" ]] && break
    sleep 0.05
done
export DISPLAY=":$(head -n1 "$DISPLAY_FD_FILE")"
log "virtual display $DISPLAY"

"$APP" "$@" &
APP_PID=$!
sleep 2
import -window root "$SHOT"
log "deviceterm is running on the virtual display $DISPLAY; screenshot saved to $SHOT"
if [[ -n "${DEVICETERM_RUN_SECONDS:-}" ]]; then
    sleep "$DEVICETERM_RUN_SECONDS"
else
    log "press Ctrl+C to stop it"
    wait "$APP_PID" || true
fi
