#pragma once

// The bounds the contract puts on method parameters. The server enforces
// them for every caller; the CLI checks the same numbers first so that its
// user gets the message before a round trip. (Frame size and nesting are
// bounds of the wire itself: framing.h and envelope.h.)

#include <cstddef>
#include <cstdint>

namespace dt::rpc::limit {

// tab.sendInput: paced typing waits at most this long between characters;
// larger delays are capped, not refused.
inline constexpr int kTypeDelayMillis = 1000;
// tab.capture: history lines beyond this are capped.
inline constexpr int64_t kCaptureScrollbackLines = 1'000'000;
// tab.run, tab.wait: the longest wait (a day), and tab.run / tab.output:
// how much of a command's output one answer carries (default, and most).
inline constexpr int64_t kCommandWaitMillis = 24LL * 3600 * 1000;
inline constexpr size_t kCommandOutputBytes = 1024 * 1024;
// (well under what the server lets wait for one reader, escaping included)
inline constexpr size_t kCommandOutputBytesMax = 4 * 1024 * 1024;
// tab.commands: records per answer.
inline constexpr int kCommandRecords = 1000;
// pane.input.text: bytes of UTF-8 per request.
inline constexpr size_t kDeviceTextBytes = 256 * 1024;
// pane.input.*: a gesture's duration, and how long a swipe may hold at its
// end (milliseconds).
inline constexpr int kGestureMillis = 60000;
// pane.ax.sweep: the grid step, as a fraction of the screen, is clamped here.
inline constexpr double kSweepStepMin = 0.02;
inline constexpr double kSweepStepMax = 0.5;
// pane.record.start: the file's path, and the frame clock's rate (pictures
// per second at most).
inline constexpr size_t kRecordPathBytes = 4096;
inline constexpr int kRecordFramesPerSecondMax = 120;
// pane.logs: how much of a device's output one answer carries (default and
// most), and how long a follower's request may wait for more.
inline constexpr int64_t kLogBytes = 64 * 1024;
inline constexpr int64_t kLogBytesMax = 1024 * 1024;
inline constexpr int64_t kLogWaitMillis = 60000;
// pane.perf: how long CPU use is sampled over.
inline constexpr int64_t kPerfSampleMillisMin = 50;
inline constexpr int64_t kPerfSampleMillisMax = 10000;
// daemon.openWindow: a working directory, and a command line.
inline constexpr size_t kLaunchPathBytes = 4096;
inline constexpr size_t kLaunchArguments = 1024;
inline constexpr size_t kLaunchCommandBytes = 256 * 1024;
// A second launch's -T: a tab name (the tab bar shows at most 256 bytes).
inline constexpr size_t kLaunchTitleBytes = 4096;

} // namespace dt::rpc::limit
