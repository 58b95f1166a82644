#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite twice: a
# normal build, then one under AddressSanitizer + UndefinedBehaviorSanitizer.
# Tests that need a display start their own Xvfb.

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

install_missing "${BUILD_PACKAGES[@]}" "${RUN_PACKAGES[@]}" "${TEST_PACKAGES[@]}"

configure_and_build "$ROOT/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo
log "running tests"
ctest --test-dir "$ROOT/build" --output-on-failure -j "$JOBS" --timeout 300
python3 "$ROOT/scripts/device_leftovers.py" # nothing a test started may outlive it

if [[ "${DEVICETERM_SKIP_SANITIZERS:-0}" != 1 ]]; then
    configure_and_build "$ROOT/build-asan" -DCMAKE_BUILD_TYPE=Debug -DDEVICETERM_SANITIZE=ON -DDEVICETERM_BENCH=OFF
    log "running tests under AddressSanitizer + UndefinedBehaviorSanitizer"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        LSAN_OPTIONS="suppressions=$ROOT/tests/lsan.supp:print_suppressions=0" \
        ctest --test-dir "$ROOT/build-asan" --output-on-failure -j "$JOBS" --timeout 600
    python3 "$ROOT/scripts/device_leftovers.py"
fi
