#pragma once

// Typed parameters of the device evidence methods: recording the screen
// into a video file (pane.record.start / pane.record.stop) and reading the
// output of the device's programs (pane.logs) and what they cost
// (pane.perf). See param_codec.h for the scheme.

#include "rpc/contract/envelope.h"
#include "rpc/contract/limits.h"
#include "rpc/contract/methods.h"
#include "rpc/contract/param_codec.h"

#include <cstdint>
#include <optional>
#include <string>

namespace dt::rpc {

// Records the pane's screen into `path` (absolute; .webm, .mkv or .mp4),
// written by the app as the screen changes, at most framesPerSecond
// pictures a second. One recording per pane at a time.
struct RecordStartParams {
    static constexpr const MethodSpec &kMethod = method::PaneRecordStart;
    std::string pane;
    std::string path;
    int framesPerSecond = 60;
};
// Ends the pane's recording (or the session's only one) and answers once
// the file is complete: also a recording that ended because its device
// shut down.
struct RecordStopParams {
    static constexpr const MethodSpec &kMethod = method::PaneRecordStop;
    std::string pane;
};
// The device's program output (its app, and programs launched on it), as
// one stream of bytes numbered from the device's boot. Without `since`:
// the last maxBytes. With it: from that offset on (what is no longer kept
// is reported as skipped), and with waitMillis the answer waits until
// there is something past `since` (following).
struct LogsParams {
    static constexpr const MethodSpec &kMethod = method::PaneLogs;
    std::string pane;
    std::optional<int64_t> since;
    int64_t maxBytes = limit::kLogBytes;
    int64_t waitMillis = 0;
};

// What the device's programs (its app and what was launched on it, with
// their children) cost: CPU over a sample of sampleMillis, and memory.
struct PerfParams {
    static constexpr const MethodSpec &kMethod = method::PanePerf;
    std::string pane;
    int sampleMillis = 500;
};

Json encode(const RecordStartParams &p);
Json encode(const RecordStopParams &p);
Json encode(const LogsParams &p);
template <> Decoded<RecordStartParams> decode<RecordStartParams>(const Json &);
template <> Decoded<RecordStopParams> decode<RecordStopParams>(const Json &);
template <> Decoded<LogsParams> decode<LogsParams>(const Json &);
Json encode(const PerfParams &p);
template <> Decoded<PerfParams> decode<PerfParams>(const Json &);

} // namespace dt::rpc
