#pragma once

// Typed parameters of the workspace methods: tabs, terminal panes and
// windows opened, closed, renamed, selected, moved, and the rosters (see
// param_codec.h for the scheme). A reference left empty means "current":
// the caller's own tab, terminal or window.

#include "rpc/contract/envelope.h"
#include "rpc/contract/limits.h"
#include "rpc/contract/methods.h"
#include "rpc/contract/param_codec.h"

#include <optional>
#include <string>

namespace dt::rpc {

// What closing does to the devices in what closes: detach (the default)
// leaves them running, shutdown stops them.
enum class CloseMode { Detach, Shutdown };
const char *closeModeName(CloseMode mode);

struct WindowsListParams {
    static constexpr const MethodSpec &kMethod = method::WindowsList;
    bool all = false;
};
struct TabInfoParams {
    static constexpr const MethodSpec &kMethod = method::TabInfo;
    std::string tab;
};
struct TabOpenParams {
    static constexpr const MethodSpec &kMethod = method::TabOpen;
    std::string window;
    std::string cwd; // empty: the caller's directory
    std::string cmd; // typed into the new shell at its first prompt
    std::string role; // only "agent" (or empty) is allowed from automation
    // Answer with cmd's record once it finishes (as tab.run does), instead
    // of at once with the new tab's ids. Needs a cmd of one line.
    bool wait = false;
    int64_t timeoutMillis = 0;
    size_t maxBytes = limit::kCommandOutputBytes;
};
struct TabCloseParams {
    static constexpr const MethodSpec &kMethod = method::TabClose;
    std::string tab;
    CloseMode mode = CloseMode::Detach;
};
struct TabRenameParams {
    static constexpr const MethodSpec &kMethod = method::TabRename;
    std::string tab;
    std::string name; // empty: back to the automatic title
};
struct TabSelectParams {
    static constexpr const MethodSpec &kMethod = method::TabSelect;
    std::string tab;
};
struct TabMoveParams {
    static constexpr const MethodSpec &kMethod = method::TabMove;
    std::string tab;
    std::optional<int> toIndex; // 0-based among the tabs the caller can see
    std::optional<std::string> toWindow;
};
struct PaneOpenParams {
    static constexpr const MethodSpec &kMethod = method::PaneOpen;
    std::string tab;
    bool terminal = true; // the only kind automation opens
    std::string cwd;
    std::string cmd;
};
struct PaneCloseParams {
    static constexpr const MethodSpec &kMethod = method::PaneClose;
    std::string pane;
    CloseMode mode = CloseMode::Detach;
};
struct WindowCloseParams {
    static constexpr const MethodSpec &kMethod = method::WindowClose;
    std::string window;
    CloseMode mode = CloseMode::Detach;
};
struct WindowFocusParams {
    static constexpr const MethodSpec &kMethod = method::WindowFocus;
    std::string window;
};

Json encode(const WindowsListParams &p);
Json encode(const TabInfoParams &p);
Json encode(const TabOpenParams &p);
Json encode(const TabCloseParams &p);
Json encode(const TabRenameParams &p);
Json encode(const TabSelectParams &p);
Json encode(const TabMoveParams &p);
Json encode(const PaneOpenParams &p);
Json encode(const PaneCloseParams &p);
Json encode(const WindowCloseParams &p);
Json encode(const WindowFocusParams &p);

template <> Decoded<WindowsListParams> decode<WindowsListParams>(const Json &);
template <> Decoded<TabInfoParams> decode<TabInfoParams>(const Json &);
template <> Decoded<TabOpenParams> decode<TabOpenParams>(const Json &);
template <> Decoded<TabCloseParams> decode<TabCloseParams>(const Json &);
template <> Decoded<TabRenameParams> decode<TabRenameParams>(const Json &);
template <> Decoded<TabSelectParams> decode<TabSelectParams>(const Json &);
template <> Decoded<TabMoveParams> decode<TabMoveParams>(const Json &);
template <> Decoded<PaneOpenParams> decode<PaneOpenParams>(const Json &);
template <> Decoded<PaneCloseParams> decode<PaneCloseParams>(const Json &);
template <> Decoded<WindowCloseParams> decode<WindowCloseParams>(const Json &);
template <> Decoded<WindowFocusParams> decode<WindowFocusParams>(const Json &);

} // namespace dt::rpc
