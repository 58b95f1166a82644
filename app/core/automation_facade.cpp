#include "automation_facade.h"

#include "accessibility_queries.h"
#include "app/audit/audit_log.h"
#include "devicepanes/store/device_store.h"
#include "rpc/server/peer_provenance.h"
#include "terminal/terminal_session.h"
#include "typing_queue.h"

#include <QDateTime>
#include <QFileInfo>
#include <QElapsedTimer>
#include <QSet>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <memory>

namespace dt::app {

using dt::rpc::Error;
namespace code = dt::rpc::code;

namespace {
// One wording for an unknown session, a wrong cap and a caller outside the
// session's terminal: the answer must not tell which of them it was.
constexpr const char *kInvalidCredentials = "invalid sessionId or cap";

std::optional<std::string> nonEmpty(const QString &s)
{
    return s.isEmpty() ? std::nullopt : std::optional<std::string>(s.toStdString());
}
} // namespace

AutomationFacade::AutomationFacade(Workspace &workspace)
    : m_workspace(workspace), m_auditLogPath(dt::audit::defaultPath()), m_context(std::make_unique<QObject>()),
      m_accessibilityWorkers(std::make_unique<QThreadPool>())
{
    m_accessibilityWorkers->setMaxThreadCount(2);
    QObject::connect(&m_workspace, &Workspace::paneOpened, m_context.get(), [this](PaneId id) {
        const Workspace::Pane *p = m_workspace.pane(id);
        if (!p || p->isDevice())
            return;
        const std::string sid = p->identity.sessionIdString().toStdString();
        m_sessionOfPane.insert(id, sid);
        // A session's lifecycle is its own business: no other session's
        // stream ever carries it (in practice nobody sees a created event,
        // as a shell cannot subscribe before its session exists).
        emitEvent({{"type", "session.created"}, {"sessionId", sid}, {"shortId", p->identity.shortId().toStdString()}}, sid);
    });
    // Typing a session queued stops when its authority ends: its terminal
    // goes, its tab loses the grant, or the target turns private.
    QObject::connect(&m_workspace, &Workspace::paneExited, m_context.get(), [this](PaneId id) {
        const QString sid = QString::fromStdString(m_sessionOfPane.value(id));
        cancelTyping([&](const QString &source) { return source == sid; });
    });
    // Device lifecycles: the owner hears about its panes, everyone about
    // boots and shutdowns.
    QObject::connect(&m_workspace.devices(), &DeviceManager::stateChanged, m_context.get(),
                     [this](const QString &udid, dt::devices::Simulator::State state) {
                         const std::string id = udid.toStdString();
                         const std::string owner = m_workspace.devices().owner(udid).toStdString();
                         if (const Workspace::Pane *p = m_workspace.pane(m_workspace.devicePane(udid)); p && !owner.empty())
                             emitEvent({{"type", "pane.stateChanged"}, {"paneId", p->identity.sessionIdString().toUpper().toStdString()},
                                        {"udid", id}, {"state", dt::devices::Simulator::stateName(state)}},
                                       owner);
                         if (state == dt::devices::Simulator::State::Shutdown || state == dt::devices::Simulator::State::Failed)
                             for (const QString &key : m_accessibility.keys())
                                 if (key.startsWith(udid + QLatin1Char('|')))
                                     m_accessibility.take(key)->cancel(); // a query still running ends
                         if (state == dt::devices::Simulator::State::Rendering) {
                             emitEvent({{"type", "device.booted"}, {"udid", id}}, std::nullopt);
                         } else if (state == dt::devices::Simulator::State::Shutdown) {
                             emitEvent({{"type", "device.shutdown"}, {"udid", id}}, std::nullopt);
                         } else if (state == dt::devices::Simulator::State::Failed) {
                             // Down too, with why (the app crashed, the display died).
                             dt::rpc::Json e{{"type", "device.shutdown"}, {"udid", id}};
                             if (const auto *sim = m_workspace.devices().device(udid); sim && !sim->failure().isEmpty())
                                 e["reason"] = sim->failure().toStdString();
                             emitEvent(std::move(e), std::nullopt);
                         }
                     });
    QObject::connect(&m_workspace, &Workspace::tabGrantChanged, m_context.get(), [this](TabId tab) {
        const Workspace::Tab *t = m_workspace.tab(tab);
        if (!t || t->orchestrationGrant)
            return;
        const QSet<QString> revoked = sessionsOfTab(tab);
        cancelTyping([&](const QString &source) { return revoked.contains(source); });
    });
    QObject::connect(&m_workspace, &Workspace::tabPrivacyChanged, m_context.get(), [this](TabId tab) {
        const Workspace::Tab *t = m_workspace.tab(tab);
        if (!t || !t->isPrivate)
            return;
        const QSet<QString> insiders = sessionsOfTab(tab);
        cancelTyping([&](const QString &source) { return !insiders.contains(source); }, tab);
    });
    QObject::connect(&m_workspace, &Workspace::paneClosed, m_context.get(), [this](PaneId id, TabId) {
        const std::string sid = m_sessionOfPane.take(id);
        const QString source = QString::fromStdString(sid);
        cancelTyping([&](const QString &s) { return s == source; });
        if (!sid.empty())
            emitEvent({{"type", "session.closed"}, {"sessionId", sid}}, sid, EndsStream::Yes);
    });
}

AutomationFacade::~AutomationFacade()
{
    // Queries still running end at their next call, and none answers into
    // a facade that is gone.
    for (const auto &bridge : std::as_const(m_accessibility))
        bridge->cancel();
    m_accessibilityWorkers->waitForDone();
}

void AutomationFacade::emitEvent(dt::rpc::Json event, const std::optional<std::string> &onlySession, EndsStream ends)
{
    if (!m_sink)
        return;
    // ISO 8601, UTC, milliseconds, on every line.
    event["ts"] = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    m_sink(event, onlySession, ends == EndsStream::Yes ? onlySession : std::nullopt);
}

QString AutomationFacade::nameOf(const Workspace::Pane &pane) const
{
    // A terminal's own name, else its tab's: the name given with `tab
    // rename` or Rename Tab names every terminal of the tab.
    if (!pane.name.isEmpty())
        return pane.name;
    const Workspace::Tab *tab = m_workspace.tab(pane.tab);
    return tab ? tab->manualTitle : QString();
}

const Workspace::Pane *AutomationFacade::paneBySession(const std::string &sessionId) const
{
    const QString wanted = QString::fromStdString(sessionId);
    for (TabId t : m_workspace.allTabs()) {
        for (PaneId p : m_workspace.tab(t)->layout.panes()) {
            const Workspace::Pane *pane = m_workspace.pane(p);
            if (pane && !pane->isDevice() && pane->identity.sessionIdString().compare(wanted, Qt::CaseInsensitive) == 0)
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
        return Error{code::Unauthorized, kInvalidCredentials}; // the same words as a wrong cap
    return std::nullopt;
}

QSet<QString> AutomationFacade::sessionsOfTab(TabId tab) const
{
    QSet<QString> out;
    for (PaneId p : m_workspace.terminalPanes(tab))
        if (const Workspace::Pane *pane = m_workspace.pane(p))
            out << pane->identity.sessionIdString();
    return out;
}

void AutomationFacade::cancelTyping(const std::function<bool(const QString &)> &matches, TabId targetTab)
{
    for (TabId t : m_workspace.allTabs()) {
        if (targetTab && t != targetTab)
            continue;
        for (PaneId p : m_workspace.tab(t)->layout.panes())
            if (dt::terminal::TerminalSession *s = m_workspace.session(p))
                if (auto *queue = s->findChild<TypingQueue *>(QString(), Qt::FindDirectChildrenOnly))
                    queue->cancel(matches);
    }
}

bool AutomationFacade::visibleTo(const std::optional<std::string> &caller, TabId tab) const
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    if (!t)
        return false;
    if (!t->isPrivate)
        return true;
    return caller && isInsider(paneBySession(*caller), tab);
}

bool AutomationFacade::isInsider(const Workspace::Pane *own, TabId tab) const
{
    return own && own->tab == tab && !own->openedFromOutside;
}

QList<WindowId> AutomationFacade::visibleWindows(const std::optional<std::string> &caller) const
{
    QList<WindowId> out;
    for (WindowId w : m_workspace.windows()) {
        const Workspace::Window *window = m_workspace.window(w);
        if (std::any_of(window->tabs.begin(), window->tabs.end(), [&](TabId t) { return visibleTo(caller, t); }))
            out << w;
    }
    return out;
}

std::optional<Error> AutomationFacade::authenticate(const std::string &sessionId, const std::string &capability,
                                                    pid_t peerPid)
{
    const Workspace::Pane *pane = paneBySession(sessionId);
    // The same answer for an unknown session and a wrong capability: no
    // existence oracle.
    if (!pane || !pane->identity.acceptsCapability(QString::fromStdString(capability)))
        return Error{code::Unauthorized, kInvalidCredentials};
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
        if (!visibleTo(caller, t))
            continue;
        const Workspace::Tab *tab = m_workspace.tab(t);
        // One row per live terminal session, so a split tab gives several.
        for (PaneId p : m_workspace.terminalPanes(t)) {
            const Workspace::Pane *pane = m_workspace.pane(p);
            if (!pane)
                continue;
            dt::rpc::TabRow row;
            row.sessionId = pane->identity.sessionIdString().toStdString();
            row.current = caller && QString::fromStdString(*caller).compare(pane->identity.sessionIdString(), Qt::CaseInsensitive) == 0;
            row.shortId = pane->identity.shortId().toStdString();
            row.name = nonEmpty(nameOf(*pane));
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
    const QList<WindowId> visible = visibleWindows(caller);
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
            std::count_if(window->tabs.begin(), window->tabs.end(), [&](TabId t) { return visibleTo(caller, t); }));
        TabId front = 0;
        for (auto it = window->selectionHistory.rbegin(); it != window->selectionHistory.rend() && !front; ++it)
            if (visibleTo(caller, *it))
                front = *it;
        for (qsizetype i = 0; i < window->tabs.size() && !front; ++i)
            if (visibleTo(caller, window->tabs.at(i)))
                front = window->tabs.at(i);
        if (const Workspace::Tab *tab = m_workspace.tab(front))
            if (const Workspace::Pane *primary = m_workspace.pane(tab->primary))
                row.selectedTabShortId = primary->identity.shortId().toStdString();
        rows.push_back(std::move(row));
    }
    return rows;
}

std::optional<dt::rpc::TabInfo> AutomationFacade::tabInfo(const std::string &caller, Handle tabHandle)
{
    const Workspace::Pane *callerPane = paneBySession(caller);
    const Workspace::Tab *tab = visibleTo(caller, tabHandle) ? m_workspace.tab(tabHandle) : nullptr;
    // The tab is described by its primary terminal, also when a split asks.
    const Workspace::Pane *pane = tab ? m_workspace.pane(tab->primary) : nullptr;
    if (!pane)
        return std::nullopt;
    const bool own = isInsider(callerPane, tab->id);
    dt::rpc::TabInfo info;
    info.sessionId = pane->identity.sessionIdString().toStdString();
    info.shortId = pane->identity.shortId().toStdString();
    info.name = nonEmpty(nameOf(*pane));
    info.role = pane->role.toStdString();
    info.isCurrent = own;
    // Another tab's devices are its own business (as everywhere else).
    if (own)
        for (PaneId p : tab->layout.panes())
            if (auto row = paneRow(p))
                info.simPanes.push_back(*row);
    return info;
}

std::variant<PaneId, Error> AutomationFacade::findTerminal(const std::string &caller, const std::string &ref,
                                                          const char *kind, bool wholeTabs)
{
    const std::string what = std::string(kind) + " '" + ref + "'";
    if (ref == "current") {
        if (const Workspace::Pane *own = paneBySession(caller))
            return own->id;
        return dt::rpc::intentError(dt::rpc::intent::NotFound, what + " not found");
    }
    const QString r = QString::fromStdString(ref);
    // A private tab of someone else is not there at all: the same answer
    // as for a reference that names nothing.
    QList<PaneId> panes;
    for (TabId t : m_workspace.allTabs())
        if (visibleTo(caller, t))
            panes += m_workspace.terminalPanes(t);
    using Tier = std::function<bool(const Workspace::Pane &)>;
    const Tier tiers[] = {
        [&](const Workspace::Pane &p) { return p.identity.shortId() == r; },
        [&](const Workspace::Pane &p) { return nameOf(p) == r; },
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
        // A name shared by the terminals of one tab still names one tab.
        const qsizetype distinct = wholeTabs ? tabs.size() : found.size();
        if (distinct == 1)
            return found.first();
        if (distinct > 1)
            return dt::rpc::intentError(dt::rpc::intent::Ambiguous, what + " matched " + std::to_string(distinct) + " entries");
    }
    return dt::rpc::intentError(dt::rpc::intent::NotFound, what + " not found");
}

AutomationFacade::Resolved AutomationFacade::resolveTab(const std::string &caller, const std::string &ref)
{
    auto pane = findTerminal(caller, ref, "tab", true);
    if (auto *e = std::get_if<Error>(&pane))
        return *e;
    return Handle(m_workspace.pane(std::get<PaneId>(pane))->tab);
}

AutomationFacade::Resolved AutomationFacade::resolveTerminal(const std::string &caller, const std::string &ref)
{
    auto pane = findTerminal(caller, ref, "pane", false);
    if (auto *e = std::get_if<Error>(&pane))
        return *e;
    return Handle(std::get<PaneId>(pane));
}

AutomationFacade::Resolved AutomationFacade::resolveWindow(const std::string &caller, const std::string &ref)
{
    const QList<WindowId> windows = visibleWindows(caller);
    if (ref == "current") {
        if (const Workspace::Pane *own = paneBySession(caller))
            return Handle(m_workspace.tab(own->tab)->window);
    } else {
        bool ok = false;
        const int index = QString::fromStdString(ref).toInt(&ok);
        if (ok && index >= 1 && index <= windows.size())
            return Handle(windows.at(index - 1));
    }
    return dt::rpc::intentError(dt::rpc::intent::NotFound, "window '" + ref + "' not found");
}

// Typed once the shell has printed something (its prompt): bytes typed
// earlier wait in the tty, which echoes them at once, and a readline shell
// then shows them a second time after its prompt. A shell that prints
// nothing gets them after a grace period.
void AutomationFacade::typeWhenReady(dt::terminal::TerminalSession &session, const QByteArray &bytes)
{
    if (session.hasOutput()) {
        session.sendBytes(bytes);
        return;
    }
    struct Pending {
        bool sent = false;
        QMetaObject::Connection onOutput;
    };
    auto pending = std::make_shared<Pending>();
    auto send = [&session, bytes, pending] {
        if (pending->sent)
            return;
        pending->sent = true;
        QObject::disconnect(pending->onOutput);
        session.sendBytes(bytes);
    };
    pending->onOutput = QObject::connect(&session, &dt::terminal::TerminalSession::contentChanged, &session, [&session, send] {
        if (session.hasOutput())
            send();
    });
    QTimer::singleShot(kShellReadyGrace, &session, send);
}

AutomationFacade::Created AutomationFacade::started(PaneId pane, const std::string &command)
{
    const Workspace::Pane *p = m_workspace.pane(pane);
    if (!p)
        return Error{code::ServerError, "the new terminal did not start"};
    if (!command.empty() && p->session)
        typeWhenReady(*p->session, QByteArray::fromStdString(command) + '\r');
    return NewTerminal{p->identity.sessionIdString().toStdString(), p->identity.shortId().toStdString()};
}

AutomationFacade::Created AutomationFacade::openTab(Handle window, const std::string &cwd, const std::string &command)
{
    TerminalLaunch launch; // role: always agent from automation
    launch.workingDirectory = QString::fromStdString(cwd);
    const TabId tab = m_workspace.openTab(window, launch);
    if (!tab)
        return Error{code::ServerError, "tab.open: the window is gone"};
    return started(m_workspace.tab(tab)->primary, command);
}

AutomationFacade::Created AutomationFacade::splitTerminal(const std::string &caller, Handle tab, const std::string &cwd,
                                                         const std::string &command)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    if (!t)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    // A new terminal in a granted tab holds the grant: only the tab's own
    // terminals may make one, or any tab could borrow the grant.
    const Workspace::Pane *own = paneBySession(caller);
    if (t->orchestrationGrant && !isInsider(own, tab))
        return Error{code::RoleViolation, "only an orchestrator tab's own terminals can split it"};
    TerminalLaunch launch;
    launch.workingDirectory = QString::fromStdString(cwd);
    launch.openedFromOutside = !isInsider(own, tab);
    const PaneId pane = m_workspace.splitPane(t->focused, SplitTree::Orientation::SideBySide, launch);
    return started(pane, command);
}

std::optional<Error> AutomationFacade::closeTab(Handle tab, bool keepDevices)
{
    if (!m_workspace.closeTab(tab, keepDevices))
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    return std::nullopt;
}

std::optional<Error> AutomationFacade::closeTerminal(Handle terminal)
{
    if (!m_workspace.closePane(terminal))
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "pane not found");
    return std::nullopt;
}

std::optional<Error> AutomationFacade::renameTab(Handle tab, const std::string &name)
{
    if (!m_workspace.renameTab(tab, QString::fromStdString(name)))
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    return std::nullopt;
}

std::optional<Error> AutomationFacade::selectTab(Handle tab)
{
    if (!m_workspace.selectTab(tab))
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    return std::nullopt;
}

std::optional<Error> AutomationFacade::moveTab(const std::string &caller, Handle tab, std::optional<int> index,
                                               std::optional<Handle> window)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    if (!t)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    const WindowId target = window ? *window : t->window;
    const Workspace::Window *w = m_workspace.window(target);
    if (!w)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "window not found");
    // The caller counts only the tabs it can see: the tab goes before the
    // one at that place among them (0: first), wherever hidden tabs sit.
    int raw = -1;
    if (index) {
        int seen = 0;
        for (qsizetype i = 0; i < w->tabs.size() && raw < 0; ++i) {
            const TabId other = w->tabs.at(i);
            if (other != tab && visibleTo(caller, other) && seen++ == *index)
                raw = static_cast<int>(i);
        }
        // Moving right within a window: the tab's own slot goes away.
        if (raw > 0 && target == t->window && w->tabs.indexOf(tab) < raw)
            --raw;
    }
    if (!m_workspace.moveTab(tab, target, raw))
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "window not found");
    return std::nullopt;
}

std::variant<int, Error> AutomationFacade::openWindow(const std::string &caller)
{
    const WindowId w = m_workspace.openWindow();
    m_workspace.openTab(w, TerminalLaunch{});
    // Its index as the caller counts windows.
    return static_cast<int>(visibleWindows(caller).indexOf(w)) + 1;
}

std::optional<Error> AutomationFacade::openLaunchWindow(const WindowLaunch &launch)
{
    const QString cwd = QString::fromStdString(launch.cwd);
    if (!QFileInfo(cwd).isDir())
        return dt::rpc::intentError(dt::rpc::intent::MutationFailed, "no such directory: " + launch.cwd);
    TerminalLaunch terminal; // role: agent, no grant, whoever asks
    terminal.workingDirectory = cwd;
    if (!launch.command.empty()) {
        terminal.program = QString::fromStdString(launch.command.front());
        for (size_t i = 1; i < launch.command.size(); ++i)
            terminal.arguments << QString::fromStdString(launch.command[i]);
    }
    const WindowId w = m_workspace.openWindow();
    m_workspace.openTab(w, terminal);
    return std::nullopt;
}

std::optional<Error> AutomationFacade::closeWindow(const std::string &caller, Handle window)
{
    // Closing would take a tab down that the caller cannot even see.
    if (const Workspace::Window *w = m_workspace.window(window))
        for (TabId t : w->tabs)
            if (!visibleTo(caller, t))
                return dt::rpc::intentError(dt::rpc::intent::MutationFailed,
                                            "the window also holds a tab you cannot see; close your own tabs instead");
    if (!m_workspace.closeWindow(window))
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "window not found");
    return std::nullopt;
}

std::optional<Error> AutomationFacade::focusWindow(Handle window)
{
    if (!m_workspace.focusWindow(window))
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "window not found");
    return std::nullopt;
}

std::variant<bool, Error> AutomationFacade::setTabPrivate(const std::string &caller, Handle tab, bool isPrivate)
{
    // Only a tab's own terminals may change it; to anyone else it is as if
    // the tab did not exist.
    if (!isInsider(paneBySession(caller), tab) || !m_workspace.setTabPrivate(tab, isPrivate))
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    const Workspace::Tab *t = m_workspace.tab(tab);
    return t && t->isPrivate == isPrivate;
}

bool AutomationFacade::hasOrchestrationGrant(const std::string &sessionId)
{
    const Workspace::Pane *pane = paneBySession(sessionId);
    return pane && m_workspace.hasOrchestrationGrant(pane->id);
}

std::optional<Error> AutomationFacade::sendInput(const std::string &caller, Handle tab, const std::string &bytes,
                                                 int typeDelayMillis)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    const Workspace::Pane *target = t ? m_workspace.pane(t->primary) : nullptr;
    if (!target)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    if (target->exited || !target->session || !target->session->isRunning())
        return Error{code::InvalidParams, "the tab's terminal is not running"};
    // The source as the model spells it, whatever case the caller used.
    const Workspace::Pane *sourcePane = paneBySession(caller);
    const QString source = sourcePane ? sourcePane->identity.sessionIdString() : QString::fromStdString(caller);
    const QByteArray keystrokes = keystrokesFor(QByteArray::fromStdString(bytes));
    TypingQueue &queue = TypingQueue::of(*target->session);
    if (!queue.accepts(keystrokes.size(), typeDelayMillis))
        return dt::rpc::intentError(dt::rpc::intent::MutationFailed,
                                    "the tab already has " + std::to_string(queue.pendingBytes())
                                        + " bytes waiting to be typed, and at most 1 MiB may wait; send again once it has typed them");
    // Recorded before it is typed: input that cannot be audited is not sent.
    dt::audit::Record record;
    record.time = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    record.sourceSession = source.toStdString();
    record.targetSession = target->identity.sessionIdString().toStdString();
    record.bytes = bytes;
    record.typeDelayMillis = typeDelayMillis;
    std::string why;
    if (!dt::audit::append(m_auditLogPath, record, &why))
        return Error{code::ServerError, "input not sent: " + why};
    queue.type(keystrokes, typeDelayMillis, source);
    return std::nullopt;
}

std::variant<std::string, Error> AutomationFacade::capture(Handle tab, int scrollbackLines)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    const Workspace::Pane *primary = t ? m_workspace.pane(t->primary) : nullptr;
    if (!primary || !primary->session)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    const dt::term::Terminal &terminal = primary->session->terminal();
    // Blank rows under the last text carry nothing, and saving a capture
    // should not leave a page of empty lines.
    std::string screen = terminal.screenText();
    while (screen.size() >= 2 && screen.compare(screen.size() - 2, 2, "\n\n") == 0)
        screen.pop_back();
    if (screen == "\n")
        screen.clear();
    return terminal.historyText(scrollbackLines) + screen;
}

// --- devices -------------------------------------------------------------

namespace {
using dt::devices::Simulator;

QString paneIdOf(const Workspace::Pane &p)
{
    return p.identity.sessionIdString().toUpper();
}

std::string capitalised(const std::string &s)
{
    return s.empty() ? s : std::string(1, char(std::toupper(static_cast<unsigned char>(s[0])))) + s.substr(1);
}

// X keysyms of the hardware buttons (XF86 keys), by the names the CLI takes.
std::optional<uint32_t> buttonKeysym(const std::string &name)
{
    static const std::pair<const char *, uint32_t> buttons[] = {
        {"home", 0x1008ff18}, // XF86HomePage
        {"lock", 0x1008ff2a}, // XF86PowerOff
        {"power", 0x1008ff2a},
        {"volume-up", 0x1008ff13}, // XF86AudioRaiseVolume
        {"volume-down", 0x1008ff11}, // XF86AudioLowerVolume
        {"back", 0x1008ff26}, // XF86Back
    };
    for (const auto &[n, sym] : buttons)
        if (name == n)
            return sym;
    return std::nullopt;
}
} // namespace

QList<PaneId> AutomationFacade::ownDevicePanes(const std::string &caller) const
{
    QList<PaneId> out;
    const QString me = QString::fromStdString(caller);
    for (TabId t : m_workspace.allTabs())
        for (PaneId p : m_workspace.tab(t)->layout.panes()) {
            const Workspace::Pane *pane = m_workspace.pane(p);
            if (pane && pane->isDevice() && m_workspace.devices().owner(pane->deviceUdid).compare(me, Qt::CaseInsensitive) == 0)
                out << p;
        }
    return out;
}

std::optional<dt::rpc::PaneRow> AutomationFacade::paneRow(Handle handle)
{
    const Workspace::Pane *p = m_workspace.pane(handle);
    if (!p || !p->isDevice())
        return std::nullopt;
    dt::rpc::PaneRow row;
    row.paneId = paneIdOf(*p).toStdString();
    row.udid = p->deviceUdid.toStdString();
    row.shortId = p->identity.shortId().toStdString();
    row.name = nonEmpty(p->name);
    const Simulator *sim = m_workspace.devices().device(p->deviceUdid);
    row.state = sim ? Simulator::stateName(sim->state()) : "shutdown";
    if (sim) {
        row.family = sim->profile().family;
        row.display = nonEmpty(sim->displayName());
        if (row.display)
            row.xauthority = nonEmpty(sim->xauthorityPath());
        row.capabilities.crown = sim->profile().family == "watch";
        row.capabilities.accessibility = true;
        row.capabilities.rotate = true;
        row.capabilities.multitouch = sim->multitouch();
    }
    return row;
}

std::optional<Error> AutomationFacade::closeDevicePane(Handle pane, bool keepDevice)
{
    if (!m_workspace.closePane(pane, keepDevice))
        return Error{code::InvalidParams, "unknown paneId"};
    return std::nullopt;
}

std::vector<dt::rpc::PaneRow> AutomationFacade::paneRows(const std::string &caller)
{
    std::vector<dt::rpc::PaneRow> rows;
    for (PaneId p : ownDevicePanes(caller))
        if (auto row = paneRow(p))
            rows.push_back(*row);
    return rows;
}

std::vector<dt::rpc::DeviceRow> AutomationFacade::deviceRows(const std::optional<std::string> &caller)
{
    std::vector<dt::rpc::DeviceRow> rows;
    DeviceManager &devices = m_workspace.devices();
    for (const QString &udid : devices.booted()) {
        const Simulator *sim = devices.device(udid);
        dt::rpc::DeviceRow row;
        row.id = udid.toStdString();
        row.name = sim->record().name;
        row.state = sim->state() == Simulator::State::Rendering ? "booted" : Simulator::stateName(sim->state());
        // Attached and owned only as far as the caller may see: a device in
        // someone's private tab looks like one nobody has attached.
        const Workspace::Pane *pane = m_workspace.pane(m_workspace.devicePane(udid));
        const QString owner = devices.owner(udid);
        if (pane && visibleTo(caller, pane->tab)) {
            row.attached = true;
            row.ownerSessionId = nonEmpty(owner);
        } else if (!pane && caller && owner.compare(QString::fromStdString(*caller), Qt::CaseInsensitive) == 0) {
            row.ownerSessionId = nonEmpty(owner); // the caller's own, detached
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::variant<dt::rpc::PaneRow, Error> AutomationFacade::bootDevice(const std::string &caller, const std::string &device)
{
    const Workspace::Pane *own = paneBySession(caller);
    if (!own)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab 'current' not found");
    const auto found = dt::devices::DeviceStore().find(device);
    if (const auto *why = std::get_if<std::string>(&found))
        return Error{code::InvalidParams, *why};
    const auto &record = std::get<dt::devices::DeviceRecord>(found);
    const QString udid = QString::fromStdString(record.udid);
    // Someone else's running device is theirs; one whose session is gone
    // (its tab closed with the device kept) is anyone's to attach.
    // A device that is down (its app crashed, say) is nobody's any more:
    // the old pane, which only shows why, makes way for the new one.
    const QString owner = m_workspace.devices().owner(udid);
    if (!owner.isEmpty() && owner.compare(own->identity.sessionIdString(), Qt::CaseInsensitive) != 0
        && paneBySession(owner.toStdString())) {
        const Simulator *sim = m_workspace.devices().device(udid);
        const bool up = sim && (sim->state() == Simulator::State::Booting || sim->state() == Simulator::State::Rendering);
        const Workspace::Pane *oldPane = m_workspace.pane(m_workspace.devicePane(udid));
        // Nothing of a tab the caller cannot see is closed for it.
        if (up || (oldPane && !visibleTo(caller, oldPane->tab)))
            return Error{code::InvalidParams, "device '" + device + "' is already booted by another session"};
        if (const PaneId old = m_workspace.devicePane(udid))
            m_workspace.closePane(old);
        else
            m_workspace.devices().shutdown(udid);
    }
    const PaneId pane = m_workspace.openDevicePane(own->id, record);
    if (!pane)
        return Error{code::ServerError, "pane.create: the device pane could not be opened"};
    return *paneRow(pane);
}

std::optional<Error> AutomationFacade::shutdownDevice(const std::string &caller, const std::string &device)
{
    const auto found = dt::devices::DeviceStore().find(device);
    if (const auto *why = std::get_if<std::string>(&found))
        return Error{code::InvalidParams, *why};
    const QString udid = QString::fromStdString(std::get<dt::devices::DeviceRecord>(found).udid);
    if (m_workspace.devices().owner(udid).compare(QString::fromStdString(caller), Qt::CaseInsensitive) != 0)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "device '" + device + "' is not booted by this session");
    if (const PaneId pane = m_workspace.devicePane(udid))
        m_workspace.closePane(pane);
    else
        m_workspace.devices().shutdown(udid);
    return std::nullopt;
}

std::variant<int64_t, Error> AutomationFacade::launchOnDevice(const std::string &caller, const std::string &device,
                                                             const std::vector<std::string> &command)
{
    const auto found = dt::devices::DeviceStore().find(device);
    if (const auto *why = std::get_if<std::string>(&found))
        return Error{code::InvalidParams, *why};
    const QString udid = QString::fromStdString(std::get<dt::devices::DeviceRecord>(found).udid);
    Simulator *sim = m_workspace.devices().device(udid);
    if (!sim || m_workspace.devices().owner(udid).compare(QString::fromStdString(caller), Qt::CaseInsensitive) != 0)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "device '" + device + "' is not booted by this session");
    QStringList words;
    for (const std::string &w : command)
        words << QString::fromStdString(w);
    QString why;
    const qint64 pid = sim->launch(words, &why);
    if (!pid)
        return Error{code::InvalidParams, why.toStdString()};
    return int64_t(pid);
}

AutomationFacade::Resolved AutomationFacade::resolveDevicePane(const std::string &caller, const std::string &ref)
{
    const QList<PaneId> mine = ownDevicePanes(caller);
    if (ref.empty()) {
        if (mine.size() == 1)
            return Handle(mine.first());
        if (mine.isEmpty())
            return Error{code::InvalidParams, "this session has no device pane; boot one with: deviceterm sim boot DEVICE"};
        return dt::rpc::intentError(dt::rpc::intent::Ambiguous,
                                    "this session has " + std::to_string(mine.size()) + " device panes; name one with --pane");
    }
    // An exact id, then the device's name, then an unambiguous prefix of
    // an id (at least 4 characters), as with tabs.
    const QString r = QString::fromStdString(ref);
    using Tier = std::function<bool(const Workspace::Pane &)>;
    const Tier tiers[] = {
        [&](const Workspace::Pane &p) {
            return paneIdOf(p).compare(r, Qt::CaseInsensitive) == 0 || p.identity.shortId() == r
                || p.deviceUdid.compare(r, Qt::CaseInsensitive) == 0;
        },
        [&](const Workspace::Pane &p) { return !p.name.isEmpty() && p.name == r; },
        [&](const Workspace::Pane &p) {
            return r.size() >= 4
                && (paneIdOf(p).startsWith(r, Qt::CaseInsensitive) || p.deviceUdid.startsWith(r, Qt::CaseInsensitive));
        },
    };
    for (const Tier &matches : tiers) {
        QList<PaneId> found;
        for (PaneId id : mine)
            if (const Workspace::Pane *p = m_workspace.pane(id); p && matches(*p))
                found << id;
        if (found.size() == 1)
            return Handle(found.first());
        if (found.size() > 1)
            return dt::rpc::intentError(dt::rpc::intent::Ambiguous, "pane '" + ref + "' matched " + std::to_string(found.size())
                                            + " of your device panes; use a longer prefix or the paneId");
    }
    // Someone else's pane is as unknown as one that never was.
    return Error{code::InvalidParams, "unknown paneId '" + ref + "'"};
}

std::optional<dt::rpc::PaneInfo> AutomationFacade::paneInfo(Handle handle)
{
    const Workspace::Pane *p = m_workspace.pane(handle);
    const Simulator *sim = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    if (!sim)
        return std::nullopt;
    dt::rpc::PaneInfo info;
    info.paneId = paneIdOf(*p).toStdString();
    info.udid = p->deviceUdid.toStdString();
    info.shortId = p->identity.shortId().toStdString();
    info.name = nonEmpty(p->name);
    info.family = sim->profile().family;
    info.displayName = capitalised(sim->profile().family) + " " + std::to_string(sim->profile().width) + "x"
        + std::to_string(sim->profile().height);
    if (const Workspace::Tab *t = m_workspace.tab(p->tab))
        if (const Workspace::Pane *primary = m_workspace.pane(t->primary))
            info.linkedSessionId = primary->identity.sessionIdString().toStdString();
    return info;
}

std::variant<int, Error> AutomationFacade::deviceInput(Handle handle, const Gesture &g)
{
    const Workspace::Pane *p = m_workspace.pane(handle);
    Simulator *sim = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    if (!sim || sim->state() != Simulator::State::Rendering || !sim->input())
        return Error{code::InvalidParams, std::string("pane is not active (device state: ")
                                              + (sim ? Simulator::stateName(sim->state()) : "shutdown") + ")"};
    dt::devices::DeviceInput &input = *sim->input();
    using Kind = Gesture::Kind;
    switch (g.kind) {
    case Kind::Tap:
        input.tap({g.x, g.y});
        return 0;
    case Kind::LongPress:
        input.longPress({g.x, g.y}, g.durationMs);
        return 0;
    case Kind::Swipe:
        return input.swipe({g.x, g.y}, {g.toX, g.toY}, g.durationMs, g.holdMs);
    case Kind::Key:
        if (!input.key(g.keysym))
            return Error{code::InvalidParams, "unsupported keyCode: the device's keyboard has no such key"};
        return 0;
    case Kind::Text:
        if (input.pendingSteps() + qsizetype(g.text.size()) > dt::devices::DeviceInput::kMaxPendingSteps)
            return dt::rpc::intentError(dt::rpc::intent::MutationFailed,
                                        "the device is still typing " + std::to_string(input.pendingSteps())
                                            + " keys of earlier input; send more once it has typed them");
        if (!input.text(QString::fromStdString(g.text)))
            return Error{code::InvalidParams, "unsupported character: the device cannot type this text"};
        return 0;
    case Kind::Button: {
        const auto sym = buttonKeysym(g.text);
        if (!sym)
            return Error{code::InvalidParams, "unknown button '" + g.text + "' (home, lock, volume-up, volume-down, back)"};
        if (!input.key(*sym))
            return Error{code::InvalidParams, "unsupported button: the device's keyboard has no key for '" + g.text + "'"};
        return 0;
    }
    case Kind::Crown:
        if (sim->profile().family != "watch")
            return Error{code::InvalidParams, "unsupported operation: only watches have a crown"};
        input.wheel({0.5, 0.5}, int(std::lround(g.delta)));
        return 0;
    case Kind::Pinch: {
        QString why;
        if (!sim->multitouch(&why) || !input.pinch({g.x, g.y}, {g.x2, g.y2}, {g.toX, g.toY}, {g.toX2, g.toY2}, g.durationMs))
            return Error{code::InvalidParams, "unsupported operation: this device has no multitouch (" + why.toStdString() + ")"};
        return 0;
    }
    }
    return Error{code::InvalidParams, "unsupported operation"};
}

void AutomationFacade::accessibility(Handle handle, const AxQuery &q, AxAnswer done)
{
    const Workspace::Pane *p = m_workspace.pane(handle);
    Simulator *sim = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    if (!sim || sim->state() != Simulator::State::Rendering || !sim->display()) {
        done(Error{code::InvalidParams, std::string("pane is not active (device state: ")
                                            + (sim ? Simulator::stateName(sim->state()) : "shutdown") + ")"});
        return;
    }
    const QString key = p->deviceUdid + QLatin1Char('|') + sim->sessionBus();
    auto bridge = m_accessibility.value(key);
    if (!bridge) {
        bridge = std::make_shared<dt::devices::AccessibilityBridge>(sim->sessionBus(), sim->display()->size());
        m_accessibility.insert(key, bridge);
    }
    // AT-SPI answers synchronously, each call up to 800 ms, a sweep up to
    // 10 s: on a worker, and the answer comes back to this thread. The pool
    // is drained (and the bridges cancelled) before m_context goes.
    m_accessibilityWorkers->start([bridge, q, screen = sim->display()->size(), done = std::move(done),
                                   context = m_context.get()]() mutable {
        auto answer = runAccessibilityQuery(*bridge, q, screen);
        QMetaObject::invokeMethod(context, [done = std::move(done), answer = std::move(answer)]() mutable { done(std::move(answer)); },
                                  Qt::QueuedConnection);
    });
}

std::variant<std::string, Error> AutomationFacade::rotate(Handle handle, const std::string &to)
{
    const Workspace::Pane *p = m_workspace.pane(handle);
    Simulator *sim = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    if (!sim || sim->state() != Simulator::State::Rendering)
        return Error{code::InvalidParams, std::string("pane is not active (device state: ")
                                              + (sim ? Simulator::stateName(sim->state()) : "shutdown") + ")"};
    using O = Simulator::Orientation;
    static const std::pair<const char *, O> names[] = {{"portrait", O::Portrait},
                                                        {"landscapeLeft", O::LandscapeLeft},
                                                        {"landscapeRight", O::LandscapeRight},
                                                        {"portraitUpsideDown", O::PortraitUpsideDown}};
    std::optional<O> target;
    if (to == "left" || to == "right")
        target = Simulator::quarterTurn(sim->orientation(), to == "left");
    for (const auto &[name, o] : names)
        if (to == name)
            target = o;
    if (!target)
        return Error{code::InvalidParams, "unknown orientation '" + to
                                              + "' (portrait, landscapeLeft, landscapeRight, portraitUpsideDown, left, right)"};
    QString why;
    if (!sim->rotate(*target, &why))
        return Error{code::BridgeFailed, "pane.rotate: " + why.toStdString()};
    return std::string(names[int(sim->orientation())].first);
}

} // namespace dt::app
