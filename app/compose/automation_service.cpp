// The automation side of deviceterm-gui, wired (see the header).

#include "app/compose/automation_service.h"

#include "rpc/server/handlers/all_handlers.h"
#include "rpc/server/handlers/workspace_queries.h"

#include <cstdio>

namespace dt::compose {

AutomationService::AutomationService(dt::app::Workspace &workspace)
    : m_facade(workspace), m_rosterPublisher(workspace, m_roster), m_dispatcher(m_facade), m_server(m_dispatcher)
{
    dt::rpc::addAllHandlers(m_dispatcher, m_facade, m_facade, m_facade, m_facade);
    dt::rpc::addRosterAnswers(m_dispatcher, m_roster);
    m_facade.setEventSink([this](const dt::rpc::Json &event, const dt::rpc::EventAudience &audience) {
        // Whoever hears of a change (a command finished, a session closed)
        // and asks for the rosters next must not get them from before it.
        m_rosterPublisher.invalidate();
        m_server.publish(event, audience);
    });
    m_facade.setFollowing([this](const std::string &sessionId) { return m_server.followsEvents(sessionId); });
}

AutomationService::~AutomationService()
{
    m_facade.setEventSink({}); // the server goes first on the way out
    m_facade.setFollowing([](const std::string &) { return false; });
}

void AutomationService::listen(const QString &path)
{
    QString why;
    if (!m_server.listen(path, &why))
        std::fprintf(stderr, "deviceterm-gui: automation is off: cannot listen on %s: %s\n", qPrintable(path), qPrintable(why));
}

} // namespace dt::compose
