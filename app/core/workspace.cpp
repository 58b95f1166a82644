// The workspace: windows → tabs → a split tree of panes, the model the GUI
// and the automation server both act on. Construction, queries, windows
// and tabs here; panes in workspace_panes.cpp.

#include "app/core/workspace.h"

#include "app/core/session_directory.h"
#include "app/core/tab_title.h"
#include "terminal/terminal_session.h"

#include <QDir>
#include <QProcessEnvironment>
#include <QTimer>

namespace dt::app {

using dt::terminal::TerminalSession;

bool parseExitAction(const QString &text, ExitAction *action)
{
    if (text == QLatin1String("close"))
        *action = ExitAction::Close;
    else if (text == QLatin1String("keep"))
        *action = ExitAction::Keep;
    else if (text == QLatin1String("keep-on-error"))
        *action = ExitAction::KeepOnError;
    else
        return false;
    return true;
}

Workspace::Workspace(const Settings &settings, QObject *parent)
    : QObject(parent), m_settings(settings), m_devices(std::make_unique<DeviceManager>(settings.deviceTools))
{
}

Workspace::~Workspace()
{
    // Sessions first: their processes are hung up while the rest still exists.
    for (auto &[id, pane] : m_panes)
        pane->session.reset();
    m_devices.reset(); // shuts every device down
}

Workspace::Window *Workspace::windowPtr(WindowId id)
{
    auto it = m_windows.find(id);
    return it == m_windows.end() ? nullptr : &it->second;
}

Workspace::Tab *Workspace::tabPtr(TabId id)
{
    auto it = m_tabs.find(id);
    return it == m_tabs.end() ? nullptr : it->second.get();
}

Workspace::Pane *Workspace::panePtr(PaneId id)
{
    auto it = m_panes.find(id);
    return it == m_panes.end() ? nullptr : it->second.get();
}

const Workspace::Window *Workspace::window(WindowId id) const
{
    return const_cast<Workspace *>(this)->windowPtr(id);
}

const Workspace::Tab *Workspace::tab(TabId id) const
{
    return const_cast<Workspace *>(this)->tabPtr(id);
}

const Workspace::Pane *Workspace::pane(PaneId id) const
{
    return const_cast<Workspace *>(this)->panePtr(id);
}

TerminalSession *Workspace::session(PaneId id) const
{
    const Pane *p = pane(id);
    return p ? p->session.get() : nullptr;
}

QList<TabId> Workspace::allTabs() const
{
    QList<TabId> out;
    for (WindowId w : m_windowOrder)
        out += m_windows.at(w).tabs;
    return out;
}

QSet<QString> Workspace::liveShortIds() const
{
    QSet<QString> ids;
    for (const auto &[id, pane] : m_panes)
        ids.insert(pane->identity.shortId());
    return ids;
}

PaneId Workspace::devicePane(const QString &udid) const
{
    for (const auto &[id, pane] : m_panes)
        if (pane->deviceUdid.compare(udid, Qt::CaseInsensitive) == 0)
            return id;
    return 0;
}

QList<PaneId> Workspace::terminalPanes(TabId tabId) const
{
    QList<PaneId> out;
    if (const Tab *t = tab(tabId))
        for (PaneId p : t->layout.panes())
            if (const Pane *pane = this->pane(p); pane && !pane->isDevice())
                out << p;
    return out;
}

QString Workspace::workingDirectory(PaneId id) const
{
    const Pane *p = pane(id);
    return p && p->session && !p->exited ? p->session->workingDirectory() : QString();
}

QString Workspace::tabTitle(TabId id) const
{
    const Tab *t = tab(id);
    if (!t)
        return {};
    const Pane *primary = pane(t->primary);
    TabTitleSources s;
    s.manual = t->manualTitle;
    if (primary) {
        s.program = primary->displayTitle;
        s.workingDirectory = workingDirectory(primary->id);
        s.shell = primary->session ? primary->session->shellName() : QString();
        if (primary->session && !primary->exited && primary->session->runsACommand())
            s.foreground = primary->session->foregroundProgram();
    }
    return dt::app::tabTitle(s);
}

void Workspace::refreshTitle(TabId id)
{
    const QString title = tabTitle(id);
    if (m_lastTitles.value(id) == title)
        return;
    m_lastTitles.insert(id, title);
    emit tabTitleChanged(id);
}

// --- windows ---------------------------------------------------------------

WindowId Workspace::openWindow()
{
    const WindowId id = m_nextId++;
    Window w;
    w.id = id;
    m_windows.emplace(id, w);
    m_windowOrder.append(id);
    markFocused(id);
    emit windowOpened(id);
    return id;
}

bool Workspace::closeWindow(WindowId id, bool keepDevices)
{
    Window *w = windowPtr(id);
    if (!w)
        return false;
    // Closing the last tab closes the window itself.
    const QList<TabId> tabs = w->tabs;
    for (TabId t : tabs)
        closeTab(t, keepDevices);
    if (windowPtr(id)) {
        m_windows.erase(id);
        m_windowOrder.removeAll(id);
        m_focusHistory.removeAll(id);
        if (m_focusedWindow == id)
            m_focusedWindow = m_focusHistory.isEmpty() ? 0 : m_focusHistory.last();
        emit windowClosed(id);
    }
    return true;
}

bool Workspace::focusWindow(WindowId id)
{
    if (!windowPtr(id))
        return false;
    if (m_settings.compositorDecidesFocus) {
        // Only a request: the model follows when the window really is
        // activated (windowActivated), which the compositor may refuse.
        emit windowFocused(id);
        return true;
    }
    if (m_focusedWindow != id) {
        markFocused(id);
        emit windowFocused(id);
    }
    return true;
}

void Workspace::windowActivated(WindowId id)
{
    if (windowPtr(id) && m_focusedWindow != id)
        markFocused(id);
}

void Workspace::markFocused(WindowId id)
{
    m_focusedWindow = id;
    m_focusHistory.removeAll(id);
    m_focusHistory.append(id);
}

void Workspace::markSelected(Window &window, TabId tab)
{
    window.selected = tab;
    window.selectionHistory.removeAll(tab);
    if (tab)
        window.selectionHistory.append(tab);
}

// --- tabs --------------------------------------------------------------------

TabId Workspace::openTab(WindowId windowId, const TerminalLaunch &launch, int index)
{
    Window *w = windowPtr(windowId);
    if (!w)
        return 0;
    const TabId id = m_nextId++;
    const PaneId first = createPane(id, launch);
    auto tab = std::make_unique<Tab>(first);
    tab->id = id;
    tab->window = windowId;
    tab->primary = first;
    tab->focused = first;
    tab->orchestrationGrant = launch.grantOrchestration;
    m_tabs.emplace(id, std::move(tab));
    if (index < 0 || index > w->tabs.size())
        index = static_cast<int>(w->tabs.size());
    w->tabs.insert(index, id);
    markSelected(*w, id);
    emit tabOpened(id);
    emit paneOpened(first);
    emit tabSelected(windowId, id);
    refreshTitle(id);
    return id;
}

void Workspace::detachTab(Tab &t)
{
    Window *w = windowPtr(t.window);
    if (!w)
        return;
    const qsizetype at = w->tabs.indexOf(t.id);
    w->tabs.removeAll(t.id);
    w->selectionHistory.removeAll(t.id);
    if (w->selected == t.id)
        markSelected(*w, w->tabs.isEmpty() ? 0 : w->tabs.at(std::clamp<qsizetype>(at, 0, w->tabs.size() - 1)));
}

bool Workspace::closeTab(TabId id, bool keepDevices)
{
    Tab *t = tabPtr(id);
    if (!t)
        return false;
    const WindowId windowId = t->window;
    detachTab(*t);
    const QList<PaneId> panes = t->layout.panes();
    std::unique_ptr<Tab> owned = std::move(m_tabs.at(id));
    m_tabs.erase(id);
    m_lastTitles.remove(id);
    emit tabClosed(id, windowId);
    for (PaneId p : panes) {
        if (const Pane *pane = this->pane(p); pane && pane->isDevice() && !keepDevices)
            m_devices->shutdown(pane->deviceUdid);
        // Devices its terminals booted and detached go with them, unless kept.
        if (const Pane *pane = this->pane(p); pane && !pane->isDevice() && !keepDevices)
            for (const QString &udid : m_devices->ownedBy(pane->identity.sessionIdString()))
                m_devices->shutdown(udid);
        destroyPane(p);
        emit paneClosed(p, id);
    }
    Window *w = windowPtr(windowId);
    if (w && w->tabs.isEmpty()) {
        closeWindow(windowId);
    } else if (w) {
        emit tabSelected(windowId, w->selected);
    }
    return true;
}

bool Workspace::renameTab(TabId id, const QString &title)
{
    Tab *t = tabPtr(id);
    if (!t)
        return false;
    t->manualTitle = sanitizeTitle(title);
    refreshTitle(id);
    return true;
}

bool Workspace::selectTab(TabId id)
{
    Tab *t = tabPtr(id);
    if (!t)
        return false;
    Window &w = m_windows.at(t->window);
    if (w.selected != id) {
        markSelected(w, id);
        emit tabSelected(w.id, id);
    }
    return true;
}

bool Workspace::moveTab(TabId id, WindowId to, int index)
{
    Tab *t = tabPtr(id);
    Window *target = windowPtr(to);
    if (!t || !target)
        return false;
    const WindowId from = t->window;
    detachTab(*t);
    if (index < 0 || index > target->tabs.size())
        index = static_cast<int>(target->tabs.size());
    target->tabs.insert(index, id);
    markSelected(*target, id);
    t->window = to;
    emit tabMoved(id, from, to, index);
    emit tabSelected(to, id);
    if (from != to) {
        Window *source = windowPtr(from);
        if (source && source->tabs.isEmpty())
            closeWindow(from);
        else if (source)
            emit tabSelected(from, source->selected);
    }
    return true;
}

} // namespace dt::app
