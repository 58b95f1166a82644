// The workspace's panes: a terminal pane made (its session, identity,
// private directory and environment) and destroyed, device panes, splits,
// focus, zoom, names, a tab's privacy and grant, and what a finished
// program leaves behind.

#include "app/core/workspace.h"

#include "app/core/session_directory.h"
#include "app/core/tab_title.h"
#include "terminal/terminal_session.h"

#include <QDir>
#include <QProcessEnvironment>
#include <QTimer>

namespace dt::app {

using dt::terminal::TerminalSession;

PaneId Workspace::createPane(TabId tabId, const TerminalLaunch &launch)
{
    const PaneId id = m_nextId++;
    auto pane = std::make_unique<Pane>();
    pane->id = id;
    pane->tab = tabId;
    pane->role = launch.role;
    pane->openedFromOutside = launch.openedFromOutside;
    pane->hold = launch.hold;
    QString capability;
    pane->identity = SessionIdentity::create(liveShortIds(), &capability);
    pane->directory = SessionDirectory::create(m_settings.runtimeDirectory, pane->identity.sessionIdString(),
                                               m_settings.cliPath);

    TerminalSession::Launch l;
    l.program = launch.program;
    l.shellIntegrationDirectory = m_settings.shellIntegrationDirectory;
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
    connect(titleCheck, &QTimer::timeout, this, [this, id, titleCheck] {
        Pane *p = panePtr(id);
        if (!p)
            return;
        refreshTitle(p->tab);
        // The title names a command while it runs, and it may end without
        // a word: look again, once a second, until the shell has the
        // terminal back (only the tab's primary pane names the tab).
        const Tab *t = tab(p->tab);
        if (t && t->primary == id && p->session && !p->exited && p->session->runsACommand())
            titleCheck->start(1000);
    });
    connect(s, &TerminalSession::contentChanged, titleCheck, [titleCheck] {
        if (!titleCheck->isActive() || titleCheck->remainingTime() > 300)
            titleCheck->start(300);
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
    emit paneRenamed(id);
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
    const bool close = !p->hold
        && (m_settings.exitAction == ExitAction::Close || (m_settings.exitAction == ExitAction::KeepOnError && clean));
    if (close) {
        // Not from inside the session's own signal: it is about to be deleted.
        QTimer::singleShot(0, this, [this, id] { closePane(id); });
        return;
    }
    emit paneExited(id);
    refreshTitle(p->tab);
}

} // namespace dt::app
