#pragma once

#include "rpc/contract/envelope.h"
#include "rpc/contract/errors.h"
#include "rpc/contract/workspace_shapes.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <sys/types.h>
#include <variant>
#include <vector>
#include "rpc/server/ports/port_types.h"

namespace dt::rpc {

// A reference as handlers resolve it and receipts repeat it: left empty, it
// means "current" (the caller's own tab, terminal or window).
inline std::string refOrCurrent(const std::string &ref)
{
    return ref.empty() ? "current" : ref;
}

// The workspace as callers may see and change it: rosters, references,
// tabs, terminals and windows, privacy.
class WorkspacePort {
public:
    virtual ~WorkspacePort() = default;

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
    virtual Resolved resolveTab(const std::string &caller, const std::string &ref) = 0;
    virtual Resolved resolveTerminal(const std::string &caller, const std::string &ref) = 0;
    virtual Resolved resolveWindow(const std::string &caller, const std::string &ref) = 0;

    struct NewTerminal {
        std::string sessionId;
        std::string shortId;
        Handle tab = 0; // the tab it is in
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
        std::string title; // empty: automatic
        bool hold = false; // keep the tab after its program exits
    };
    virtual std::optional<Error> openLaunchWindow(const WindowLaunch &launch) = 0;
    // Refused when the window also holds a tab the caller cannot see.
    virtual std::optional<Error> closeWindow(const std::string &caller, Handle window) = 0;
    // Asks for the window to come to the front. True when whether it does
    // is up to the compositor (Wayland, where an app cannot raise itself)
    // rather than done by the app.
    virtual std::variant<bool, Error> focusWindow(Handle window) = 0;

    // --- privacy ----------------------------------------------------------
    // Only for a tab in which the caller owns a terminal (any other tab gives
    // intent.notFound). Returns whether the new state is in force.
    virtual std::variant<bool, Error> setTabPrivate(const std::string &caller, Handle tab, bool isPrivate) = 0;

};

} // namespace dt::rpc
