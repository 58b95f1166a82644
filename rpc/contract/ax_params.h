#pragma once

// Typed parameters of the accessibility methods for agents: a snapshot of
// a device's UI with refs (pane.ax.snapshot) and finding elements by ref,
// label, role or text (pane.ax.find). See param_codec.h for the scheme.

#include "rpc/contract/envelope.h"
#include "rpc/contract/methods.h"
#include "rpc/contract/param_codec.h"

#include <optional>
#include <string>

namespace dt::rpc {

// The showing, meaningful elements, each with a ref valid until the UI
// changes (the answer's generation).
struct AxSnapshotParams {
    static constexpr const MethodSpec &kMethod = method::PaneAxSnapshot;
    std::string pane;
    bool interactive = false; // only what can be tapped, typed into or toggled
};

// Elements by ref ("@e3", from the last snapshot) or by what they show.
// With `single`, anything but exactly one match is an error (the
// candidates listed when there are several).
struct AxFindParams {
    static constexpr const MethodSpec &kMethod = method::PaneAxFind;
    enum class Match { Exact, Contains, Regex };
    std::string pane;
    std::optional<std::string> ref, label, role, text;
    Match match = Match::Exact;
    bool single = false;
};
const char *matchName(AxFindParams::Match m);

// Answers once an element matches (or, with `gone`, once none does),
// watching the screen change rather than polling; intent.timeout after
// timeoutMillis.
struct AxWaitForParams {
    static constexpr const MethodSpec &kMethod = method::PaneAxWaitFor;
    AxFindParams finder; // its pane is the pane; `single` is not used
    bool gone = false;
    int64_t timeoutMillis = 5000;
};
// Answers once the device's screen has not changed for quietMillis.
struct WaitIdleParams {
    static constexpr const MethodSpec &kMethod = method::PaneWaitIdle;
    std::string pane;
    int quietMillis = 300;
    int64_t timeoutMillis = 5000;
};
// The device's screen as it is now: a PNG, exactly its pixels.
struct ScreenshotParams {
    static constexpr const MethodSpec &kMethod = method::PaneScreenshot;
    std::string pane;
};

Json encode(const AxSnapshotParams &p);
Json encode(const AxFindParams &p);
template <> Decoded<AxSnapshotParams> decode<AxSnapshotParams>(const Json &);
template <> Decoded<AxFindParams> decode<AxFindParams>(const Json &);
Json encode(const AxWaitForParams &p);
Json encode(const WaitIdleParams &p);
Json encode(const ScreenshotParams &p);
template <> Decoded<AxWaitForParams> decode<AxWaitForParams>(const Json &);
template <> Decoded<WaitIdleParams> decode<WaitIdleParams>(const Json &);
template <> Decoded<ScreenshotParams> decode<ScreenshotParams>(const Json &);

} // namespace dt::rpc
