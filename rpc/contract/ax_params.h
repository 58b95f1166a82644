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

Json encode(const AxSnapshotParams &p);
Json encode(const AxFindParams &p);
template <> Decoded<AxSnapshotParams> decode<AxSnapshotParams>(const Json &);
template <> Decoded<AxFindParams> decode<AxFindParams>(const Json &);

} // namespace dt::rpc
