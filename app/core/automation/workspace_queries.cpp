// The workspace family's queries and references: rosters of tabs and
// windows, a tab's description, and references resolved to handles, all as
// the caller may see them.

#include "app/core/automation/caller_view.h"
#include "app/core/automation/device_adaptor.h"
#include "app/core/automation/roster_publisher.h"
#include "app/core/automation/support.h"
#include "app/core/automation/workspace_adaptor.h"
#include "terminal/terminal_session.h"

#include <algorithm>

namespace dt::app {

using dt::rpc::Error;
using dt::rpc::Handle;
using dt::rpc::Resolved;

// The same rosters the server's own thread answers from (RosterPublisher),
// built fresh: one set of rules for what a caller sees, whichever thread
// answers.
std::vector<dt::rpc::TabRow> WorkspaceAdaptor::tabRows(const std::optional<std::string> &caller)
{
    return dt::rpc::tabRowsFor(rosterOf(m_workspace), caller);
}

std::vector<dt::rpc::WindowRow> WorkspaceAdaptor::windowRows(const std::optional<std::string> &caller, bool all)
{
    return dt::rpc::windowRowsFor(rosterOf(m_workspace), caller, all);
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
