// A caller's view of the workspace's rosters (see the header): the privacy rule, the current flag, and
// windows counted and described by what the caller may see.

#include "rpc/server/roster.h"

#include <algorithm>
#include <cctype>

namespace dt::rpc {

namespace {

std::string lowerCase(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// Who the caller is in this roster: its terminal and that terminal's tab.
class Viewer {
public:
    Viewer(const Roster &roster, const std::optional<std::string> &caller) : m_roster(roster)
    {
        if (!caller)
            return;
        const std::string id = lowerCase(*caller);
        for (const Roster::Tab &tab : roster.tabs)
            for (const Roster::Terminal &terminal : tab.terminals)
                if (terminal.sessionId == id) {
                    m_own = &terminal;
                    m_ownTab = tab.id;
                    return;
                }
    }
    bool isCaller(const Roster::Terminal &terminal) const { return m_own == &terminal; }
    bool canSee(const Roster::Tab &tab) const
    {
        return canSeeTab(tab.isPrivate, m_own && isTabInsider(m_ownTab == tab.id, m_own->openedFromOutside));
    }
    bool canSee(uint64_t tab) const
    {
        const Roster::Tab *t = find(tab);
        return t && canSee(*t);
    }
    const Roster::Tab *find(uint64_t tab) const
    {
        for (const Roster::Tab &t : m_roster.tabs)
            if (t.id == tab)
                return &t;
        return nullptr;
    }
    uint64_t ownTab() const { return m_own ? m_ownTab : 0; }

private:
    const Roster &m_roster;
    const Roster::Terminal *m_own = nullptr;
    uint64_t m_ownTab = 0;
};

} // namespace

std::vector<TabRow> tabRowsFor(const Roster &roster, const std::optional<std::string> &caller)
{
    const Viewer viewer(roster, caller);
    std::vector<TabRow> rows;
    for (const Roster::Tab &tab : roster.tabs) {
        if (!viewer.canSee(tab))
            continue;
        for (const Roster::Terminal &terminal : tab.terminals) {
            rows.push_back(terminal.row);
            rows.back().current = viewer.isCaller(terminal);
        }
    }
    return rows;
}

std::vector<WindowRow> windowRowsFor(const Roster &roster, const std::optional<std::string> &caller, bool all)
{
    const Viewer viewer(roster, caller);
    const auto visible = [&](const Roster::Window &w) {
        return std::any_of(w.tabs.begin(), w.tabs.end(), [&](uint64_t t) { return viewer.canSee(t); });
    };
    uint64_t ownWindow = 0;
    for (const Roster::Window &w : roster.windows)
        if (viewer.ownTab() && std::count(w.tabs.begin(), w.tabs.end(), viewer.ownTab()))
            ownWindow = w.id;
    // The key window and each window's front tab as this caller would have
    // seen them: where the real one is hidden from it, the one it saw last
    // (so "no key window" or "no front tab" cannot give a private tab away).
    uint64_t key = 0;
    for (auto it = roster.focusHistory.rbegin(); it != roster.focusHistory.rend() && !key; ++it)
        for (const Roster::Window &w : roster.windows)
            if (w.id == *it && visible(w))
                key = w.id;
    std::vector<WindowRow> rows;
    int index = 0;
    // Counted after hiding what the caller may not see, so neither an
    // index nor a count gives a private tab away.
    for (const Roster::Window &w : roster.windows) {
        if (!visible(w))
            continue;
        ++index;
        if (!all && w.id != ownWindow)
            continue;
        WindowRow row;
        row.index = index;
        row.isKey = w.id == key;
        row.tabCount = static_cast<int>(std::count_if(w.tabs.begin(), w.tabs.end(), [&](uint64_t t) { return viewer.canSee(t); }));
        uint64_t front = 0;
        for (auto it = w.selectionHistory.rbegin(); it != w.selectionHistory.rend() && !front; ++it)
            if (viewer.canSee(*it))
                front = *it;
        for (size_t i = 0; i < w.tabs.size() && !front; ++i)
            if (viewer.canSee(w.tabs[i]))
                front = w.tabs[i];
        if (const Roster::Tab *tab = viewer.find(front))
            row.selectedTabShortId = tab->primaryShortId;
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace dt::rpc
