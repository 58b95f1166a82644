#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite twice: a
# normal build, then one under AddressSanitizer + UndefinedBehaviorSanitizer;
# then the tests of what runs on more than one thread (the terminal model,
# its sessions and PTY readers, the view over them, the automation server
# and its own thread) under ThreadSanitizer. Tests that need a display start their own Xvfb.

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

install_missing "${BUILD_PACKAGES[@]}" "${RUN_PACKAGES[@]}" "${TEST_PACKAGES[@]}"

configure_and_build "$ROOT/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo
log "running tests"
ctest --test-dir "$ROOT/build" --output-on-failure -j "$JOBS" --timeout 300
python3 "$ROOT/scripts/device_leftovers.py" # nothing a test started may outlive it

if [[ "${DEVICETERM_SKIP_SANITIZERS:-0}" != 1 ]]; then
    # Line tables (-g1) are all a sanitizer's report needs, and build faster than full debug information.
    configure_and_build "$ROOT/build-asan" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DDEVICETERM_SANITIZE=ON \
        -DDEVICETERM_BENCH=OFF
    log "running tests under AddressSanitizer + UndefinedBehaviorSanitizer"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        LSAN_OPTIONS="suppressions=$ROOT/tests/lsan.supp:print_suppressions=0" \
        ctest --test-dir "$ROOT/build-asan" --output-on-failure -j "$JOBS" --timeout 600
    python3 "$ROOT/scripts/device_leftovers.py"

    tsan="$ROOT/build-tsan"
    if [[ ! -f "$tsan/build.ninja" ]]; then
        log "configuring $tsan"
        # One file at a time here (no unity build): the other builds compile
        # files in batches, where a file could lean on a batch mate's
        # includes; this one proves the terminal's, the view's and their
        # tests' files include what they use.
        cmake -S "$ROOT" -B "$tsan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
            -DDEVICETERM_TSAN=ON -DDEVICETERM_BENCH=OFF -DDEVICETERM_UNITY_BUILD=OFF
    fi
    log "building $tsan (the threaded tests only)"
    cmake --build "$tsan" -j "$JOBS" --target test_terminal_core test_terminal test_terminal_view test_rpc_server
    log "running the threaded tests under ThreadSanitizer"
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$ROOT/tests/tsan.supp"
    QT_QPA_PLATFORM=offscreen "$tsan/tests/test_terminal_core" --gtest_brief=1
    QT_QPA_PLATFORM=offscreen "$tsan/tests/test_terminal" --gtest_brief=1
    QT_QPA_PLATFORM=offscreen "$tsan/tests/test_terminal_view" --gtest_brief=1
    QT_QPA_PLATFORM=offscreen "$tsan/tests/test_rpc_server" --gtest_brief=1
    unset TSAN_OPTIONS
    python3 "$ROOT/scripts/device_leftovers.py"
fi
