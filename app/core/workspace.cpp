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
    if (m_focusedWindow != id) {
        markFocused(id);
        emit windowFocused(id);
    }
    return true;
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

PaneId Workspace::createPane(TabId tabId, const TerminalLaunch &launch)
{
    const PaneId id = m_nextId++;
    auto pane = std::make_unique<Pane>();
    pane->id = id;
    pane->tab = tabId;
    pane->role = launch.role;
    pane->openedFromOutside = launch.openedFromOutside;
    QString capability;
    pane->identity = SessionIdentity::create(liveShortIds(), &capability);
    pane->directory = SessionDirectory::create(m_settings.runtimeDirectory, pane->identity.sessionIdString(),
                                               m_settings.cliPath);

    TerminalSession::Launch l;
    l.program = launch.program;
    l.arguments = launch.arguments;
    l.workingDirectory = launch.workingDirectory;
    l.extraEnvironment.insert(QStringLiteral("DEVICETERM_SESSION"), pane->identity.sessionIdString());
    l.extraEnvironment.insert(QStringLiteral("DEVICETERM_SESSION_CAP"), capability);
    l.extraEnvironment.insert(QStringLiteral("DEVICETERM_SESSION_ROLE"), launch.role);
    if (!m_settings.socketPath.isEmpty())
        l.extraEnvironment.insert(QStringLiteral("DEVICETERM_DAEMON_SOCK"), m_settings.socketPath);
    if (pane->directory) {
        const QString bin = pane->directory->binDirectory();
        l.extraEnvironment.insert(QStringLiteral("DEVICETERM_SHIM_DIR"), bin);
        const QString path = QProcessEnvironment::systemEnvironment().value(QStringLiteral("PATH"));
        l.extraEnvironment.insert(QStringLiteral("PATH"), path.isEmpty() ? bin : bin + QLatin1Char(':') + path);
    }

    pane->session = std::make_unique<TerminalSession>(m_settings.rows, m_settings.columns, m_settings.scrollbackLines);
    TerminalSession *s = pane->session.get();
    connect(s, &TerminalSession::finished, this,
            [this, id](int code, int sig) { onPaneFinished(id, code, sig); });
    connect(s, &TerminalSession::titleChanged, this, [this, id] {
        if (Pane *p = panePtr(id)) {
            p->displayTitle = sanitizeTitle(p->session->programTitle());
            refreshTitle(p->tab);
        }
    });
    // The directory has no change notification; look after output (a
    // prompt after `cd`), coalesced.
    auto *titleCheck = new QTimer(s);
    titleCheck->setSingleShot(true);
    titleCheck->setInterval(300);
    connect(titleCheck, &QTimer::timeout, this, [this, id] {
        if (Pane *p = panePtr(id))
            refreshTitle(p->tab);
    });
    connect(s, &TerminalSession::contentChanged, titleCheck, [titleCheck] {
        if (!titleCheck->isActive())
            titleCheck->start();
    });

    m_terminalBySession.insert(pane->identity.sessionIdString().toLower(), id);
    m_panes.emplace(id, std::move(pane));
    QString error;
    if (!s->start(l, &error)) {
        // The pane stays, showing why; the session never ran.
        Pane *p = panePtr(id);
        p->exited = true;
        p->exitCode = 127;
    }
    return id;
}

void Workspace::destroyPane(PaneId id)
{
    auto it = m_panes.find(id);
    if (it == m_panes.end())
        return;
    // Move it out first so signals fired while it dies see it gone.
    std::unique_ptr<Pane> pane = std::move(it->second);
    m_panes.erase(it);
    m_terminalBySession.remove(pane->identity.sessionIdString().toLower());
    pane->session.reset();
}

const Workspace::Pane *Workspace::terminalOfSession(const QString &sessionId) const
{
    const auto it = m_terminalBySession.constFind(sessionId.toLower());
    if (it == m_terminalBySession.constEnd())
        return nullptr;
    const Pane *p = pane(*it);
    const Tab *t = p ? tab(p->tab) : nullptr;
    // Only while it is in its tab (a closing pane leaves the layout first).
    return t && t->layout.panes().contains(p->id) ? p : nullptr;
}

PaneId Workspace::openDevicePane(PaneId ownerId, const dt::devices::DeviceRecord &record)
{
    const Pane *owner = pane(ownerId);
    if (!owner || owner->isDevice())
        return 0;
    const QString udid = QString::fromStdString(record.udid);
    if (const PaneId existing = devicePane(udid)) {
        m_devices->boot(record, owner->identity.sessionIdString()); // reboots one that went down
        return existing;
    }
    Tab *t = tabPtr(owner->tab);
    const PaneId id = m_nextId++;
    auto p = std::make_unique<Pane>();
    p->id = id;
    p->tab = t->id;
    p->deviceUdid = udid;
    p->name = QString::fromStdString(record.name);
    QString unusedCapability;
    p->identity = SessionIdentity::create(liveShortIds(), &unusedCapability);
    m_panes.emplace(id, std::move(p));
    // Beside the terminal that booted it, at the side of its tab.
    t->layout.split(ownerId, SplitTree::Orientation::SideBySide, id);
    t->zoomed = 0;
    emit paneOpened(id);
    emit layoutChanged(t->id);
    // Booted once its pane exists, so the pane sees (and reports) every state.
    m_devices->boot(record, owner->identity.sessionIdString());
    m_devices->setOwner(udid, owner->identity.sessionIdString()); // attaching claims it
    return id;
}

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

// --- panes -------------------------------------------------------------------

PaneId Workspace::splitPane(PaneId paneId, SplitTree::Orientation orientation, const TerminalLaunch &launch)
{
    Pane *p = panePtr(paneId);
    if (!p)
        return 0;
    Tab *t = tabPtr(p->tab);
    TerminalLaunch l = launch;
    if (l.workingDirectory.isEmpty())
        l.workingDirectory = workingDirectory(paneId);
    // A split of an orchestrator (or any) tab runs with the tab's role.
    const Pane *primary = pane(t->primary);
    l.role = primary ? primary->role : p->role;
    const PaneId added = createPane(t->id, l);
    t->layout.split(paneId, orientation, added);
    t->zoomed = 0;
    t->focused = added;
    emit paneOpened(added);
    emit layoutChanged(t->id);
    emit paneFocused(t->id, added);
    return added;
}

bool Workspace::closePane(PaneId paneId, bool keepDevice)
{
    Pane *p = panePtr(paneId);
    if (!p)
        return false;
    Tab *t = tabPtr(p->tab);
    // A tab is its terminals: without one, its device panes go too.
    if (t->layout.paneCount() == 1 || (!p->isDevice() && terminalPanes(t->id).size() == 1))
        return closeTab(t->id);
    if (p->isDevice() && !keepDevice)
        m_devices->shutdown(p->deviceUdid);

    // Focus goes to the nearest survivor: the neighbour in display order.
    const QList<PaneId> order = t->layout.panes();
    const qsizetype at = order.indexOf(paneId);
    t->layout.remove(paneId);
    if (t->zoomed == paneId)
        t->zoomed = 0;
    if (t->primary == paneId)
        t->primary = terminalPanes(t->id).value(0);
    // The devices a closing terminal owned stay with its tab.
    if (!p->isDevice())
        if (const Pane *heir = pane(t->primary))
            for (const QString &udid : m_devices->ownedBy(p->identity.sessionIdString()))
                m_devices->setOwner(udid, heir->identity.sessionIdString());
    if (t->focused == paneId)
        t->focused = order.value(at > 0 ? at - 1 : at + 1);
    const TabId tabId = t->id;
    destroyPane(paneId);
    emit paneClosed(paneId, tabId);
    emit layoutChanged(tabId);
    emit paneFocused(tabId, tabPtr(tabId)->focused);
    refreshTitle(tabId);
    return true;
}

bool Workspace::focusPane(PaneId paneId)
{
    Pane *p = panePtr(paneId);
    if (!p)
        return false;
    Tab *t = tabPtr(p->tab);
    if (t->focused != paneId) {
        t->focused = paneId;
        emit paneFocused(t->id, paneId);
    }
    return true;
}

bool Workspace::toggleZoom(TabId id)
{
    Tab *t = tabPtr(id);
    if (!t || (t->layout.paneCount() < 2 && t->zoomed == 0))
        return false;
    t->zoomed = t->zoomed ? 0 : t->focused;
    emit zoomChanged(id);
    return true;
}

bool Workspace::equalize(TabId id)
{
    Tab *t = tabPtr(id);
    if (!t)
        return false;
    t->layout.equalize();
    emit layoutChanged(id);
    return true;
}

bool Workspace::setSplitRatio(TabId id, const QList<int> &path, double ratio)
{
    Tab *t = tabPtr(id);
    return t && t->layout.setRatioAt(path, ratio);
}

bool Workspace::setPaneName(PaneId id, const QString &name)
{
    Pane *p = panePtr(id);
    if (!p)
        return false;
    p->name = sanitizeTitle(name);
    return true;
}

bool Workspace::setTabPrivate(TabId id, bool isPrivate)
{
    Tab *t = tabPtr(id);
    if (!t)
        return false;
    if (t->isPrivate != isPrivate) {
        t->isPrivate = isPrivate;
        emit tabPrivacyChanged(id);
    }
    return true;
}

bool Workspace::setOrchestrationGrant(TabId id, bool granted)
{
    Tab *t = tabPtr(id);
    if (!t)
        return false;
    if (t->orchestrationGrant != granted) {
        t->orchestrationGrant = granted;
        emit tabGrantChanged(id);
    }
    return true;
}

bool Workspace::hasOrchestrationGrant(PaneId id) const
{
    const Pane *p = pane(id);
    if (!p || p->exited || !p->session || !p->session->isRunning())
        return false;
    // A terminal another tab split in never holds its host's grant.
    const Tab *t = tab(p->tab);
    return t && t->orchestrationGrant && !p->openedFromOutside;
}

void Workspace::onPaneFinished(PaneId id, int exitCode, int signalNumber)
{
    Pane *p = panePtr(id);
    if (!p)
        return;
    p->exited = true;
    p->exitCode = exitCode;
    p->exitSignal = signalNumber;
    const bool clean = exitCode == 0 && signalNumber == 0;
    const bool close = m_settings.exitAction == ExitAction::Close
        || (m_settings.exitAction == ExitAction::KeepOnError && clean);
    if (close) {
        // Not from inside the session's own signal: it is about to be deleted.
        QTimer::singleShot(0, this, [this, id] { closePane(id); });
        return;
    }
    emit paneExited(id);
    refreshTitle(p->tab);
}

} // namespace dt::app
