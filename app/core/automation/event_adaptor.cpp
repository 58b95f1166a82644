// Workspace changes as automation sees them (see the header).

#include "app/core/automation/event_adaptor.h"

#include "app/core/automation/orchestration_adaptor.h"

#include <QDateTime>
#include <QSet>

namespace dt::app {

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
        emitEvent({{"type", "session.created"}, {"sessionId", sid}, {"shortId", p->identity.shortId().toStdString()}}, sid);
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
                                       owner);
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
            emitEvent({{"type", "session.closed"}, {"sessionId", sid}}, sid, EndsStream::Yes);
    });
}

void EventAdaptor::emitEvent(dt::rpc::Json event, const std::optional<std::string> &onlySession, EndsStream ends)
{
    if (!m_sink)
        return;
    // ISO 8601, UTC, milliseconds, on every line.
    event["ts"] = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    m_sink(event, onlySession, ends == EndsStream::Yes ? onlySession : std::nullopt);
}

} // namespace dt::app
