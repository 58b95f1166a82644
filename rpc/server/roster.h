#pragma once

// The workspace's rosters (what tabs.list and windows.list show) as one
// immutable value, and each caller's view of it: the rows a caller may see,
// with its own terminal marked current and private tabs hidden from
// outside. The GUI thread builds it; the server's thread can answer from
// the one last published (RosterBoard) without waiting for the GUI thread.

#include "rpc/contract/workspace_shapes.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace dt::rpc {

struct Roster {
    struct Terminal {
        std::string sessionId; // in lower case, to match callers by
        // Opened in this tab by another tab's request: not one of the tab's
        // own, so it does not see the tab if the tab turns private.
        bool openedFromOutside = false;
        TabRow row; // everything but `current`, which is the caller's
    };
    struct Tab {
        uint64_t id = 0;
        bool isPrivate = false;
        std::vector<Terminal> terminals; // its live terminals, in order
        std::optional<std::string> primaryShortId; // of the terminal that describes the tab
    };
    struct Window {
        uint64_t id = 0;
        std::vector<uint64_t> tabs; // in order
        std::vector<uint64_t> selectionHistory; // oldest first
    };
    std::vector<Tab> tabs; // window by window, in order
    std::vector<Window> windows; // in order
    std::vector<uint64_t> focusHistory; // windows, oldest first
};

// The privacy rule, the one both threads apply: a public tab is seen by
// every caller, a private one only by the tab's own terminals. A terminal
// another tab's request opened there is not one of them.
constexpr bool isTabInsider(bool callerInTab, bool callerOpenedFromOutside)
{
    return callerInTab && !callerOpenedFromOutside;
}
constexpr bool canSeeTab(bool tabIsPrivate, bool callerIsInsider)
{
    return !tabIsPrivate || callerIsInsider;
}

// One row per live terminal of each tab the caller may see.
std::vector<TabRow> tabRowsFor(const Roster &roster, const std::optional<std::string> &caller);
// The windows holding a tab the caller may see, numbered among those only;
// without `all`, only the caller's own.
std::vector<WindowRow> windowRowsFor(const Roster &roster, const std::optional<std::string> &caller, bool all);

// The roster last published, for any thread. Empty while the workspace has
// changed since: the GUI thread invalidates it the moment anything in it
// changes (before an event about the change is sent), so an answer from it
// is never older than what a caller has already been told.
class RosterBoard {
public:
    void publish(std::shared_ptr<const Roster> roster)
    {
        std::lock_guard lock(m_mutex);
        m_roster = std::move(roster);
    }
    void invalidate() { publish(nullptr); }
    std::shared_ptr<const Roster> current() const
    {
        std::lock_guard lock(m_mutex);
        return m_roster;
    }

private:
    mutable std::mutex m_mutex;
    std::shared_ptr<const Roster> m_roster;
};

} // namespace dt::rpc
