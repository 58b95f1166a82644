// The workspace family's queries and references: rosters of tabs and
// windows, a tab's description, and references resolved to handles, all as
// the caller may see them.

#include "app/core/automation/caller_view.h"
#include "app/core/automation/device_adaptor.h"
#include "app/core/automation/support.h"
#include "app/core/automation/workspace_adaptor.h"
#include "terminal/terminal_session.h"

#include <algorithm>

namespace dt::app {

using dt::rpc::Error;
using dt::rpc::Handle;
using dt::rpc::Resolved;

namespace {
// A terminal's commands as its shell reported them.
dt::rpc::CommandState commandStateOf(const Workspace::Pane &pane)
{
    dt::rpc::CommandState state;
    if (!pane.session)
        return state;
    const dt::term::CommandLog &log = pane.session->terminal().commands();
    if (log.integrated())
        state.shellIntegration = "available";
    else if (!pane.session->startedIntegrated())
        state.shellIntegration = "unavailable";
    if (!log.workingDirectory().empty())
        state.cwd = log.workingDirectory();
    state.commandRunning = log.running() != nullptr;
    if (const dt::term::CommandRecord *last = log.lastFinished())
        state.lastExitStatus = last->exitStatus;
    return state;
}
} // namespace

std::vector<dt::rpc::TabRow> WorkspaceAdaptor::tabRows(const std::optional<std::string> &caller)
{
    std::vector<dt::rpc::TabRow> rows;
    const CallerView view(m_workspace, caller);
    for (TabId t : m_workspace.allTabs()) {
        if (!view.canSee(t))
            continue;
        const Workspace::Tab *tab = m_workspace.tab(t);
        // One row per live terminal session, so a split tab gives several.
        for (PaneId p : m_workspace.terminalPanes(t)) {
            const Workspace::Pane *pane = m_workspace.pane(p);
            if (!pane)
                continue;
            dt::rpc::TabRow row;
            row.sessionId = pane->identity.sessionIdString().toStdString();
            row.current = view.isCaller(*pane);
            row.shortId = pane->identity.shortId().toStdString();
            row.name = nonEmpty(CallerView::nameOf(m_workspace, *pane));
            row.displayTitle = nonEmpty(p == tab->primary ? m_workspace.tabTitle(t) : pane->displayTitle);
            row.label = nonEmpty(pane->label);
            row.commands = commandStateOf(*pane);
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

std::vector<dt::rpc::WindowRow> WorkspaceAdaptor::windowRows(const std::optional<std::string> &caller, bool all)
{
    std::vector<dt::rpc::WindowRow> rows;
    const CallerView view(m_workspace, caller);
    const Workspace::Pane *own = view.own();
    const WindowId ownWindow = own ? m_workspace.tab(own->tab)->window : 0;
    int index = 0;
    const QList<WindowId> visible = view.visibleWindows();
    // The key window and each window's front tab as this caller would have
    // seen them: where the real one is hidden from it, the one it saw last
    // (so "no key window" or "no front tab" cannot give a private tab away).
    WindowId key = 0;
    const QList<WindowId> &focus = m_workspace.focusHistory();
    for (auto it = focus.rbegin(); it != focus.rend() && !key; ++it)
        if (visible.contains(*it))
            key = *it;
    // Counted after hiding what the caller may not see, so neither an
    // index nor a count gives a private tab away.
    for (WindowId w : visible) {
        ++index;
        if (!all && w != ownWindow)
            continue;
        const Workspace::Window *window = m_workspace.window(w);
        dt::rpc::WindowRow row;
        row.index = index;
        row.isKey = w == key;
        row.tabCount = static_cast<int>(
            std::count_if(window->tabs.begin(), window->tabs.end(), [&](TabId t) { return view.canSee(t); }));
        TabId front = 0;
        for (auto it = window->selectionHistory.rbegin(); it != window->selectionHistory.rend() && !front; ++it)
            if (view.canSee(*it))
                front = *it;
        for (qsizetype i = 0; i < window->tabs.size() && !front; ++i)
            if (view.canSee(window->tabs.at(i)))
                front = window->tabs.at(i);
        if (const Workspace::Tab *tab = m_workspace.tab(front))
            if (const Workspace::Pane *primary = m_workspace.pane(tab->primary))
                row.selectedTabShortId = primary->identity.shortId().toStdString();
        rows.push_back(std::move(row));
    }
    return rows;
}

std::optional<dt::rpc::TabInfo> WorkspaceAdaptor::tabInfo(const std::string &caller, Handle tabHandle)
{
    const CallerView view(m_workspace, caller);
    const Workspace::Tab *tab = view.canSee(tabHandle) ? m_workspace.tab(tabHandle) : nullptr;
    // The tab is described by its primary terminal, also when a split asks.
    const Workspace::Pane *pane = tab ? m_workspace.pane(tab->primary) : nullptr;
    if (!pane)
        return std::nullopt;
    const bool own = view.isInsider(tab->id);
    dt::rpc::TabInfo info;
    info.sessionId = pane->identity.sessionIdString().toStdString();
    info.shortId = pane->identity.shortId().toStdString();
    info.name = nonEmpty(CallerView::nameOf(m_workspace, *pane));
    info.role = pane->role.toStdString();
    info.isCurrent = own;
    info.commands = commandStateOf(*pane);
    // Another tab's devices are its own business (as everywhere else).
    if (own)
        for (PaneId p : tab->layout.panes())
            if (auto row = devicePaneRow(m_workspace, p))
                info.simPanes.push_back(*row);
    return info;
}

Resolved WorkspaceAdaptor::resolveTab(const std::string &caller, const std::string &ref)
{
    auto pane = CallerView(m_workspace, caller).findTerminal(ref, "tab", true);
    if (auto *e = std::get_if<Error>(&pane))
        return *e;
    return Handle(m_workspace.pane(std::get<PaneId>(pane))->tab);
}

Resolved WorkspaceAdaptor::resolveTerminal(const std::string &caller, const std::string &ref)
{
    auto pane = CallerView(m_workspace, caller).findTerminal(ref, "pane", false);
    if (auto *e = std::get_if<Error>(&pane))
        return *e;
    return Handle(std::get<PaneId>(pane));
}

Resolved WorkspaceAdaptor::resolveWindow(const std::string &caller, const std::string &ref)
{
    auto window = CallerView(m_workspace, caller).findWindow(ref);
    if (auto *e = std::get_if<Error>(&window))
        return *e;
    return Handle(std::get<WindowId>(window));
}

} // namespace dt::app
