// Workspace changes as automation sees them (see the header).

#include "app/core/automation/event_adaptor.h"

#include "app/core/automation/orchestration_adaptor.h"
#include "terminal/terminal_session.h"

#include <QDateTime>
#include <QSet>

namespace dt::app {

using dt::rpc::EventAudience;

namespace {
// The session ids of a tab's terminals.
QSet<QString> sessionsOfTab(const Workspace &workspace, TabId tab)
{
    QSet<QString> out;
    for (PaneId p : workspace.terminalPanes(tab))
        if (const Workspace::Pane *pane = workspace.pane(p))
            out << pane->identity.sessionIdString();
    return out;
}
} // namespace

EventAdaptor::EventAdaptor(Workspace &workspace) : m_workspace(workspace), m_context(std::make_unique<QObject>())
{
    QObject::connect(&m_workspace, &Workspace::paneOpened, m_context.get(), [this](PaneId id) {
        const Workspace::Pane *p = m_workspace.pane(id);
        if (!p || p->isDevice())
            return;
        const std::string sid = p->identity.sessionIdString().toStdString();
        m_sessionOfPane.insert(id, sid);
        // A session's lifecycle is its own business: no other session's
        // stream ever carries it (in practice nobody sees a created event,
        // as a shell cannot subscribe before its session exists).
        emitEvent({{"type", "session.created"}, {"sessionId", sid}, {"shortId", p->identity.shortId().toStdString()}},
                  EventAudience::session(sid));
        followCommands(id);
    });
    // Typing a session queued stops when its authority ends: its terminal
    // goes, its tab loses the grant, or the target turns private.
    QObject::connect(&m_workspace, &Workspace::paneExited, m_context.get(), [this](PaneId id) {
        const QString sid = QString::fromStdString(m_sessionOfPane.value(id));
        cancelTyping(m_workspace, [&](const QString &source) { return source == sid; });
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
                                       EventAudience::session(owner));
                         if (state == dt::devices::DeviceBackend::State::Rendering) {
                             emitEvent({{"type", "device.booted"}, {"udid", id}}, EventAudience::everyone());
                         } else if (state == dt::devices::DeviceBackend::State::Shutdown) {
                             emitEvent({{"type", "device.shutdown"}, {"udid", id}}, EventAudience::everyone());
                         } else if (state == dt::devices::DeviceBackend::State::Failed) {
                             // Down too, with why (the app crashed, the display died).
                             dt::rpc::Json e{{"type", "device.shutdown"}, {"udid", id}};
                             if (const auto *sim = m_workspace.devices().device(udid); sim && !sim->failure().isEmpty())
                                 e["reason"] = sim->failure().toStdString();
                             emitEvent(std::move(e), EventAudience::everyone());
                         }
                     });
    QObject::connect(&m_workspace, &Workspace::tabGrantChanged, m_context.get(), [this](TabId tab) {
        const Workspace::Tab *t = m_workspace.tab(tab);
        if (!t || t->orchestrationGrant)
            return;
        const QSet<QString> revoked = sessionsOfTab(m_workspace, tab);
        cancelTyping(m_workspace, [&](const QString &source) { return revoked.contains(source); });
    });
    QObject::connect(&m_workspace, &Workspace::tabPrivacyChanged, m_context.get(), [this](TabId tab) {
        const Workspace::Tab *t = m_workspace.tab(tab);
        if (!t || !t->isPrivate)
            return;
        const QSet<QString> insiders = sessionsOfTab(m_workspace, tab);
        cancelTyping(m_workspace, [&](const QString &source) { return !insiders.contains(source); }, tab);
    });
    QObject::connect(&m_workspace, &Workspace::paneClosed, m_context.get(), [this](PaneId id, TabId) {
        const std::string sid = m_sessionOfPane.take(id);
        const QString source = QString::fromStdString(sid);
        cancelTyping(m_workspace, [&](const QString &s) { return s == source; });
        if (!sid.empty())
            emitEvent({{"type", "session.closed"}, {"sessionId", sid}}, EventAudience{std::set<std::string>{sid}, sid});
    });
}

void EventAdaptor::followCommands(PaneId pane)
{
    dt::terminal::TerminalSession *session = m_workspace.session(pane);
    if (!session)
        return;
    QObject::connect(session, &dt::terminal::TerminalSession::commandStarted, m_context.get(),
                     [this, pane](quint64 id) { emitCommandEvent(pane, id, false); });
    QObject::connect(session, &dt::terminal::TerminalSession::commandFinished, m_context.get(),
                     [this, pane](quint64 id) { emitCommandEvent(pane, id, true); });
}

void EventAdaptor::emitCommandEvent(PaneId pane, uint64_t commandId, bool finished)
{
    const Workspace::Pane *p = m_workspace.pane(pane);
    dt::terminal::TerminalSession *session = m_workspace.session(pane);
    const dt::term::CommandRecord *r = session ? session->terminal().commands().find(commandId) : nullptr;
    const Workspace::Tab *tab = p ? m_workspace.tab(p->tab) : nullptr;
    if (!r || !tab)
        return;
    // The tab's own terminals hear about its commands; so do orchestrator
    // tabs (they may read them with tab output), unless this tab is
    // private: then nobody outside it does.
    std::set<std::string> audience;
    for (const QString &sid : sessionsOfTab(m_workspace, tab->id))
        audience.insert(sid.toStdString());
    if (!tab->isPrivate)
        for (TabId other : m_workspace.allTabs())
            if (const Workspace::Tab *t = m_workspace.tab(other); t && t->orchestrationGrant)
                for (const QString &sid : sessionsOfTab(m_workspace, other))
                    audience.insert(sid.toStdString());
    dt::rpc::Json e{{"type", finished ? "command.finished" : "command.started"},
                    {"tab", p->identity.shortId().toStdString()},
                    {"sessionId", p->identity.sessionIdString().toStdString()},
                    {"commandId", r->id},
                    {"command", r->commandLine}};
    if (finished) {
        if (r->exitStatus)
            e["exitStatus"] = *r->exitStatus;
        e["durationMillis"] = r->finishedMs - r->startedMs;
    }
    emitEvent(std::move(e), EventAudience::sessionsOf(std::move(audience)));
}

void EventAdaptor::emitEvent(dt::rpc::Json event, const EventAudience &audience)
{
    if (!m_sink)
        return;
    // ISO 8601, UTC, milliseconds, on every line.
    event["ts"] = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    m_sink(event, audience);
}

} // namespace dt::app
