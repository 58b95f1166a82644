#pragma once

#include "rpc/contract/device_shapes.h"
#include "rpc/contract/envelope.h"
#include "rpc/contract/errors.h"
#include "rpc/contract/limits.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <sys/types.h>
#include <variant>
#include <vector>
#include "rpc/server/ports/port_types.h"

namespace dt::rpc {

// Devices and their panes: a session sees and drives only the devices it
// booted. Accessibility queries answer later (they may take seconds).
class DevicePort {
public:
    virtual ~DevicePort() = default;

    virtual std::vector<PaneRow> paneRows(const std::string &caller) = 0;
    virtual std::vector<DeviceRow> deviceRows(const std::optional<std::string> &caller) = 0;
    // Boots a device of the device set (udid, prefix or name) and mirrors it
    // beside the caller's terminal.
    virtual std::variant<PaneRow, Error> bootDevice(const std::string &caller, const std::string &device) = 0;
    virtual std::optional<Error> shutdownDevice(const std::string &caller, const std::string &device) = 0;
    // Starts a program on a running device of the caller's; its pid.
    virtual std::variant<int64_t, Error> launchOnDevice(const std::string &caller, const std::string &device,
                                                        const std::vector<std::string> &command) = 0;
    // A device pane of the caller's: "" for its only one, else a paneId,
    // shortId or udid. Anyone else's answers exactly like an unknown one.
    virtual Resolved resolveDevicePane(const std::string &caller, const std::string &ref) = 0;
    virtual std::optional<PaneRow> paneRow(Handle pane) = 0;
    virtual std::optional<Error> closeDevicePane(Handle pane, bool keepDevice) = 0;
    virtual std::optional<PaneInfo> paneInfo(Handle pane) = 0;
    struct Gesture {
        enum class Kind { Tap, LongPress, Swipe, Key, Text, Button, Crown, Pinch } kind = Kind::Tap;
        double x = 0.5, y = 0.5, toX = 0.5, toY = 0.5;
        double x2 = 0.5, y2 = 0.5, toX2 = 0.5, toY2 = 0.5; // Pinch: the second finger
        int durationMs = 0;
        int holdMs = 0; // Swipe: the finger rests at the end before it lifts
        uint32_t keysym = 0;
        std::string text; // Text: UTF-8; Button: its name
        double delta = 0; // Crown: clicks
    };
    // Dispatches (queues, in order) the gesture; for a swipe, the number of
    // interpolated steps (0: sent as a tap).
    virtual std::variant<int, Error> deviceInput(Handle pane, const Gesture &gesture) = 0;
    // Turns the device to an orientation ("portrait", "landscapeLeft",
    // "landscapeRight", "portraitUpsideDown") or by a quarter ("left",
    // "right"); answers the orientation now observed.
    virtual std::variant<std::string, Error> rotate(Handle pane, const std::string &to) = 0;
    struct AxQuery {
        enum class Kind { Tree, Point, Sweep, Snapshot, Find } kind = Kind::Tree;
        double x = 0, y = 0;
        double step = 0.05; // Sweep, already clamped
        bool interactiveOnly = false; // Snapshot
        // Find: by ref, or by what elements show (see AxFindParams).
        std::optional<std::string> ref, label, role, text;
        std::string match = "exact";
        bool single = false;
    };
    // The wrapped answer ({tree} or {element}); bridge failures as -32020.
    // It may take seconds (AT-SPI), so it answers through `done`, later, on
    // this thread; the caller's thread never waits for it.
    using AxAnswer = std::function<void(std::variant<Json, Error>)>;
    virtual void accessibility(Handle pane, const AxQuery &query, AxAnswer done) = 0;
    // Answers (a Find's answer) once an element matches `finder` (with
    // `gone`: once none does), looking again whenever the screen changes;
    // intent.timeout after `timeoutMillis`.
    virtual void waitForElement(Handle pane, const AxQuery &finder, bool gone, int64_t timeoutMillis, AxAnswer done) = 0;
    // Answers {quietMillis, waitedMillis} once the screen has not changed
    // for `quietMillis`; intent.timeout after `timeoutMillis`.
    virtual void waitIdle(Handle pane, int quietMillis, int64_t timeoutMillis, AxAnswer done) = 0;
    // {png (base64), width, height}: the screen as it is, exactly.
    virtual void screenshot(Handle pane, AxAnswer done) = 0;

    // Evidence. Records the pane's screen into `path` (the app writes it);
    // answers {ok, path, width, height, framesPerSecond} once the file is
    // open, or why it cannot be.
    virtual void startRecording(const std::string &caller, Handle pane, const std::string &path, int framesPerSecond,
                                AxAnswer done) = 0;
    // Ends the caller's recording of `paneRef` ("": its only one) and
    // answers its summary once the file is complete. The pane may be gone
    // by now (its device shut down, which ended the recording).
    virtual void stopRecording(const std::string &caller, const std::string &paneRef, AxAnswer done) = 0;
    // The device's program output: {text, from, next, skipped?} (see
    // LogsParams); with waitMillis, once there is output past `since`.
    struct LogQuery {
        std::optional<int64_t> since;
        int64_t maxBytes = limit::kLogBytes;
        int64_t waitMillis = 0;
    };
    virtual void logs(Handle pane, const LogQuery &query, AxAnswer done) = 0;
    // {processes: [{pid, parent, command, cpuPercent, rssBytes, threads}],
    // cpuPercent, rssBytes, sampleMillis}: the device's programs and their
    // children, CPU over `sampleMillis` (answered after it).
    virtual void perf(Handle pane, int sampleMillis, AxAnswer done) = 0;
};

} // namespace dt::rpc
