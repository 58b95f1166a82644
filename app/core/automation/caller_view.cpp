// Who a caller is and what it may see (see the header).

#include "app/core/automation/caller_view.h"

#include "rpc/server/roster.h"

#include <QSet>

#include <algorithm>
#include <functional>

namespace dt::app {

using dt::rpc::Error;

CallerView::CallerView(const Workspace &workspace, const std::optional<std::string> &caller)
    : m_workspace(workspace), m_caller(caller),
      m_own(caller ? workspace.terminalOfSession(QString::fromStdString(*caller)) : nullptr)
{
}

QString CallerView::sessionSpelling(const std::string &sessionId) const
{
    if (const Workspace::Pane *p = m_workspace.terminalOfSession(QString::fromStdString(sessionId)))
        return p->identity.sessionIdString();
    return QString::fromStdString(sessionId);
}

bool CallerView::canSee(TabId tab) const
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    if (!t)
        return false;
    return dt::rpc::canSeeTab(t->isPrivate, isInsider(tab));
}

bool CallerView::isInsider(TabId tab) const
{
    return isInsider(m_own, tab);
}

bool CallerView::isInsider(const Workspace::Pane *pane, TabId tab)
{
    return pane && dt::rpc::isTabInsider(pane->tab == tab, pane->openedFromOutside);
}

QList<WindowId> CallerView::visibleWindows() const
{
    QList<WindowId> out;
    for (WindowId w : m_workspace.windows()) {
        const Workspace::Window *window = m_workspace.window(w);
        if (std::any_of(window->tabs.begin(), window->tabs.end(), [&](TabId t) { return canSee(t); }))
            out << w;
    }
    return out;
}

QString CallerView::nameOf(const Workspace &workspace, const Workspace::Pane &pane)
{
    if (!pane.name.isEmpty())
        return pane.name;
    const Workspace::Tab *tab = workspace.tab(pane.tab);
    return tab ? tab->manualTitle : QString();
}

std::variant<PaneId, Error> CallerView::findTerminal(const std::string &ref, const char *kind, bool wholeTabs) const
{
    const std::string what = std::string(kind) + " '" + ref + "'";
    if (ref == "current") {
        if (m_own)
            return m_own->id;
        return dt::rpc::intentError(dt::rpc::intent::NotFound, what + " not found");
    }
    const QString r = QString::fromStdString(ref);
    // A private tab of someone else is not there at all: the same answer
    // as for a reference that names nothing.
    QList<PaneId> panes;
    for (TabId t : m_workspace.allTabs())
        if (canSee(t))
            panes += m_workspace.terminalPanes(t);
    using Tier = std::function<bool(const Workspace::Pane &)>;
    const Tier tiers[] = {
        [&](const Workspace::Pane &p) { return p.identity.shortId() == r; },
        [&](const Workspace::Pane &p) { return nameOf(m_workspace, p) == r; },
        [&](const Workspace::Pane &p) {
            const QString id = p.identity.sessionIdString();
            return id.compare(r, Qt::CaseInsensitive) == 0 || (r.size() >= 4 && id.startsWith(r, Qt::CaseInsensitive));
        },
    };
    for (const Tier &matches : tiers) {
        QList<PaneId> found;
        QSet<TabId> tabs;
        for (PaneId id : panes) {
            const Workspace::Pane *p = m_workspace.pane(id);
            if (p && matches(*p)) {
                found << id;
                tabs << p->tab;
            }
        }
        const qsizetype distinct = wholeTabs ? tabs.size() : found.size();
        if (distinct == 1)
            return found.first();
        if (distinct > 1)
            return dt::rpc::intentError(dt::rpc::intent::Ambiguous, what + " matched " + std::to_string(distinct) + " entries");
    }
    return dt::rpc::intentError(dt::rpc::intent::NotFound, what + " not found");
}

std::variant<WindowId, Error> CallerView::findWindow(const std::string &ref) const
{
    if (ref == "current") {
        if (m_own)
            return m_workspace.tab(m_own->tab)->window;
    } else {
        const QList<WindowId> windows = visibleWindows();
        bool ok = false;
        const int index = QString::fromStdString(ref).toInt(&ok);
        if (ok && index >= 1 && index <= windows.size())
            return windows.at(index - 1);
    }
    return dt::rpc::intentError(dt::rpc::intent::NotFound, "window '" + ref + "' not found");
}

QList<PaneId> CallerView::ownDevicePanes() const
{
    QList<PaneId> out;
    if (!m_caller)
        return out;
    const QString me = QString::fromStdString(*m_caller);
    for (TabId t : m_workspace.allTabs())
        for (PaneId p : m_workspace.tab(t)->layout.panes()) {
            const Workspace::Pane *pane = m_workspace.pane(p);
            if (pane && pane->isDevice() && m_workspace.devices().owner(pane->deviceUdid).compare(me, Qt::CaseInsensitive) == 0)
                out << p;
        }
    return out;
}

} // namespace dt::app
