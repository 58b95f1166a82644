// The automation side of deviceterm-gui, wired (see the header).

#include "automation_service.h"

#include "rpc/server/handlers/devices.h"
#include "rpc/server/handlers/launch.h"
#include "rpc/server/handlers/orchestration.h"
#include "rpc/server/handlers/privacy.h"
#include "rpc/server/handlers/workspace_mutations.h"
#include "rpc/server/handlers/workspace_queries.h"

#include <cstdio>

namespace dt::compose {

AutomationService::AutomationService(dt::app::Workspace &workspace)
    : m_facade(workspace), m_dispatcher(m_facade), m_server(m_dispatcher)
{
    dt::rpc::addWorkspaceQueries(m_dispatcher, m_facade);
    dt::rpc::addWorkspaceMutations(m_dispatcher, m_facade);
    dt::rpc::addPrivacy(m_dispatcher, m_facade);
    dt::rpc::addOrchestration(m_dispatcher, m_facade);
    dt::rpc::addDevices(m_dispatcher, m_facade);
    dt::rpc::addLaunch(m_dispatcher, m_facade);
    m_facade.setEventSink([this](const dt::rpc::Json &event, const std::optional<std::string> &only,
                                 const std::optional<std::string> &ends) { m_server.publish(event, only, ends); });
}

AutomationService::~AutomationService()
{
    m_facade.setEventSink({}); // the server goes first on the way out
}

void AutomationService::listen(const QString &path)
{
    QString why;
    if (!m_server.listen(path, &why))
        std::fprintf(stderr, "deviceterm-gui: automation is off: cannot listen on %s: %s\n", qPrintable(path), qPrintable(why));
}

} // namespace dt::compose
