#pragma once

#include "rpc/contract/device_shapes.h"
#include "rpc/contract/envelope.h"
#include "rpc/contract/errors.h"
#include "rpc/contract/workspace_shapes.h"

#include <functional>
#include <optional>
#include <string>
#include <sys/types.h>
#include <variant>
#include <vector>

namespace dt::rpc {

// What the server needs from the application, and all it may touch of it:
// the one seam between rpc/server and app/core (which implements it), so
// the server never sees a window, tab or terminal, and its tests use a fake.
class AutomationPort {
public:
    virtual ~AutomationPort() = default;
    using Handle = uint64_t; // an object resolve*() found (see below)

    // Checks a session's capability and that `peerPid` runs in that
    // session's terminal (or descends from a process that does). An error
    // (unauthorized, not ready) or nothing.
    virtual std::optional<Error> authenticate(const std::string &sessionId, const std::string &capability,
                                              pid_t peerPid) = 0;
    // The same provenance check again, for every scoped request: the session
    // may have closed, or the caller may have left the terminal.
    virtual std::optional<Error> recheck(const std::string &sessionId, pid_t peerPid) = 0;
    // The role of an authenticated session ("agent", "orchestrator").
    virtual std::string role(const std::string &sessionId) = 0;

    // Queries. `caller` is the authenticated session, if any: it decides
    // `current` flags and what "my window" means.
    virtual std::vector<TabRow> tabRows(const std::optional<std::string> &caller) = 0;
    virtual std::vector<WindowRow> windowRows(const std::optional<std::string> &caller, bool all) = 0;
    // A tab the caller may see (resolved by resolveTab); its device panes
    // only when it is the caller's own tab.
    virtual std::optional<TabInfo> tabInfo(const std::string &caller, Handle tab) = 0;

    // --- workspace mutations (session scope; never prompt) ------------------
    // Objects are named by opaque handles that resolve*() hands out for a
    // reference: "current", a sessionId, a shortId, a name (tabs and
    // terminal panes) or a 1-based index (windows). Foreign and unknown
    // objects give the same intent.notFound; several matches intent.ambiguous.
    using Resolved = std::variant<Handle, Error>;
    virtual Resolved resolveTab(const std::string &caller, const std::string &ref) = 0;
    virtual Resolved resolveTerminal(const std::string &caller, const std::string &ref) = 0;
    virtual Resolved resolveWindow(const std::string &caller, const std::string &ref) = 0;

    struct NewTerminal {
        std::string sessionId;
        std::string shortId;
    };
    using Created = std::variant<NewTerminal, Error>;
    // `cwd` empty: the caller's directory; `command` typed into the new shell.
    virtual Created openTab(Handle window, const std::string &cwd, const std::string &command) = 0;
    // Refused (role violation) for a granted tab the caller has no terminal
    // in: a split there would hold the tab's grant.
    virtual Created splitTerminal(const std::string &caller, Handle tab, const std::string &cwd,
                                  const std::string &command) = 0;
    // `keepDevices` (mode detach): its devices keep running, unowned.
    virtual std::optional<Error> closeTab(Handle tab, bool keepDevices) = 0;
    virtual std::optional<Error> closeTerminal(Handle terminal) = 0;
    virtual std::optional<Error> renameTab(Handle tab, const std::string &name) = 0;
    virtual std::optional<Error> selectTab(Handle tab) = 0;
    // `index` 0-based among the tabs the caller can see (past the last: the
    // end); absent: end of the window. `window` absent: its own.
    virtual std::optional<Error> moveTab(const std::string &caller, Handle tab, std::optional<int> index,
                                         std::optional<Handle> window) = 0;
    virtual std::variant<int, Error> openWindow(const std::string &caller) = 0; // the new window's index
    // What a second launch of the GUI asks for: a window whose one ordinary
    // tab starts in `cwd`, running `command` (empty: the user's shell).
    struct WindowLaunch {
        std::string cwd;
        std::vector<std::string> command;
    };
    virtual std::optional<Error> openLaunchWindow(const WindowLaunch &launch) = 0;
    // Refused when the window also holds a tab the caller cannot see.
    virtual std::optional<Error> closeWindow(const std::string &caller, Handle window) = 0;
    virtual std::optional<Error> focusWindow(Handle window) = 0;

    // --- privacy ----------------------------------------------------------
    // Only for a tab in which the caller owns a terminal (any other tab gives
    // intent.notFound). Returns whether the new state is in force.
    virtual std::variant<bool, Error> setTabPrivate(const std::string &caller, Handle tab, bool isPrivate) = 0;

    // --- orchestration (another tab's contents) ---------------------------
    // Whether the GUI has granted this session orchestration, now.
    virtual bool hasOrchestrationGrant(const std::string &sessionId) = 0;
    // Types `bytes` into the tab's primary terminal (a newline as Enter),
    // at once or, with a positive delay, one grapheme per step behind any
    // typing already queued for that terminal.
    virtual std::optional<Error> sendInput(const std::string &caller, Handle tab, const std::string &bytes,
                                           int typeDelayMillis) = 0;
    // The tab's primary terminal: its visible rows, after the last
    // `scrollbackLines` lines of history.
    virtual std::variant<std::string, Error> capture(Handle tab, int scrollbackLines) = 0;

    // --- devices (a session drives only the devices it booted) -------------
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
        enum class Kind { Tree, Point, Sweep } kind = Kind::Tree;
        double x = 0, y = 0;
        double step = 0.05; // Sweep, already clamped
    };
    // The wrapped answer ({tree} or {element}); bridge failures as -32020.
    // It may take seconds (AT-SPI), so it answers through `done`, later, on
    // this thread; the caller's thread never waits for it.
    using AxAnswer = std::function<void(std::variant<Json, Error>)>;
    virtual void accessibility(Handle pane, const AxQuery &query, AxAnswer done) = 0;
};

} // namespace dt::rpc
