// The automation port over the workspace: construction and events,
// authentication and provenance, who may see what, queries and references.
// The other families live beside it (automation_facade_*.cpp).

#include "app/core/automation_facade.h"
#include "app/core/automation_facade_support.h"

#include "app/audit/audit_log.h"
#include "rpc/server/peer_provenance.h"
#include "terminal/terminal_session.h"

#include <QDateTime>
#include <QSet>
#include <QThreadPool>

#include <algorithm>
#include <functional>
#include <memory>

namespace dt::app {

using dt::rpc::Error;
namespace code = dt::rpc::code;

namespace {
// One wording for an unknown session, a wrong cap and a caller outside the
// session's terminal: the answer must not tell which of them it was.
constexpr const char *kInvalidCredentials = "invalid sessionId or cap";

} // namespace

using facade_support::nonEmpty;

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
                     [this](const QString &udid, dt::devices::DeviceBackend::State state) {
                         const std::string id = udid.toStdString();
                         const std::string owner = m_workspace.devices().owner(udid).toStdString();
                         if (const Workspace::Pane *p = m_workspace.pane(m_workspace.devicePane(udid)); p && !owner.empty())
                             emitEvent({{"type", "pane.stateChanged"}, {"paneId", p->identity.sessionIdString().toUpper().toStdString()},
                                        {"udid", id}, {"state", dt::devices::DeviceBackend::stateName(state)}},
                                       owner);
                         if (state == dt::devices::DeviceBackend::State::Shutdown || state == dt::devices::DeviceBackend::State::Failed)
                             for (const QString &key : m_accessibility.keys())
                                 if (key.startsWith(udid + QLatin1Char('|')))
                                     m_accessibility.take(key)->cancel(); // a query still running ends
                         if (state == dt::devices::DeviceBackend::State::Rendering) {
                             emitEvent({{"type", "device.booted"}, {"udid", id}}, std::nullopt);
                         } else if (state == dt::devices::DeviceBackend::State::Shutdown) {
                             emitEvent({{"type", "device.shutdown"}, {"udid", id}}, std::nullopt);
                         } else if (state == dt::devices::DeviceBackend::State::Failed) {
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

} // namespace dt::app
