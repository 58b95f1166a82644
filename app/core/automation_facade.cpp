#include "automation_facade.h"

#include "rpc/server/peer_provenance.h"
#include "terminal/terminal_session.h"

namespace dt::app {

using dt::rpc::Error;
namespace code = dt::rpc::code;

namespace {
std::optional<std::string> nonEmpty(const QString &s)
{
    return s.isEmpty() ? std::nullopt : std::optional<std::string>(s.toStdString());
}
} // namespace

const Workspace::Pane *AutomationFacade::paneBySession(const std::string &sessionId) const
{
    const QString wanted = QString::fromStdString(sessionId);
    for (TabId t : m_workspace.allTabs()) {
        for (PaneId p : m_workspace.tab(t)->layout.panes()) {
            const Workspace::Pane *pane = m_workspace.pane(p);
            if (pane && pane->identity.sessionIdString().compare(wanted, Qt::CaseInsensitive) == 0)
                return pane;
        }
    }
    return nullptr;
}

std::optional<Error> AutomationFacade::checkProvenance(const Workspace::Pane &pane, pid_t peerPid) const
{
    if (pane.exited || !pane.session || !pane.session->isRunning())
        return Error{code::Unauthorized, "session closed"};
    const auto anchor = dt::rpc::anchorForShell(pane.session->process().pid());
    if (!anchor)
        return Error{code::NotReady, "session terminal not yet bound; retry shortly"};
    if (!dt::rpc::belongsToTerminal(peerPid, *anchor))
        return Error{code::Unauthorized, "invalid sessionId or cap for this terminal"};
    return std::nullopt;
}

std::optional<Error> AutomationFacade::authenticate(const std::string &sessionId, const std::string &capability,
                                                    pid_t peerPid)
{
    const Workspace::Pane *pane = paneBySession(sessionId);
    // The same answer for an unknown session and a wrong capability: no
    // existence oracle.
    if (!pane || !pane->identity.acceptsCapability(QString::fromStdString(capability)))
        return Error{code::Unauthorized, "invalid sessionId or cap"};
    return checkProvenance(*pane, peerPid);
}

std::optional<Error> AutomationFacade::recheck(const std::string &sessionId, pid_t peerPid)
{
    const Workspace::Pane *pane = paneBySession(sessionId);
    if (!pane)
        return Error{code::Unauthorized, "session closed"};
    return checkProvenance(*pane, peerPid);
}

std::string AutomationFacade::role(const std::string &sessionId)
{
    const Workspace::Pane *pane = paneBySession(sessionId);
    return pane ? pane->role.toStdString() : std::string("agent");
}

std::vector<dt::rpc::TabRow> AutomationFacade::tabRows(const std::optional<std::string> &caller)
{
    std::vector<dt::rpc::TabRow> rows;
    for (TabId t : m_workspace.allTabs()) {
        const Workspace::Tab *tab = m_workspace.tab(t);
        // One row per live terminal session, so a split tab gives several.
        for (PaneId p : tab->layout.panes()) {
            const Workspace::Pane *pane = m_workspace.pane(p);
            if (!pane)
                continue;
            dt::rpc::TabRow row;
            row.sessionId = pane->identity.sessionIdString().toStdString();
            row.current = caller && QString::fromStdString(*caller).compare(pane->identity.sessionIdString(), Qt::CaseInsensitive) == 0;
            row.shortId = pane->identity.shortId().toStdString();
            row.name = nonEmpty(pane->name);
            row.displayTitle = nonEmpty(p == tab->primary ? m_workspace.tabTitle(t) : pane->displayTitle);
            row.label = nonEmpty(pane->label);
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

std::vector<dt::rpc::WindowRow> AutomationFacade::windowRows(const std::optional<std::string> &caller, bool all)
{
    std::vector<dt::rpc::WindowRow> rows;
    const Workspace::Pane *own = caller ? paneBySession(*caller) : nullptr;
    const WindowId ownWindow = own ? m_workspace.tab(own->tab)->window : 0;
    int index = 0;
    for (WindowId w : m_workspace.windows()) {
        ++index;
        if (!all && w != ownWindow)
            continue;
        const Workspace::Window *window = m_workspace.window(w);
        dt::rpc::WindowRow row;
        row.index = index;
        row.isKey = m_workspace.focusedWindow() == w;
        row.tabCount = static_cast<int>(window->tabs.size());
        if (const Workspace::Tab *selected = m_workspace.tab(window->selected))
            if (const Workspace::Pane *primary = m_workspace.pane(selected->primary))
                row.selectedTabShortId = primary->identity.shortId().toStdString();
        rows.push_back(std::move(row));
    }
    return rows;
}

std::optional<dt::rpc::TabInfo> AutomationFacade::tabInfo(const std::string &caller)
{
    const Workspace::Pane *pane = paneBySession(caller);
    if (!pane)
        return std::nullopt;
    dt::rpc::TabInfo info;
    info.sessionId = pane->identity.sessionIdString().toStdString();
    info.shortId = pane->identity.shortId().toStdString();
    info.name = nonEmpty(pane->name);
    info.role = pane->role.toStdString();
    info.isCurrent = true;
    return info;
}

} // namespace dt::app
