#pragma once

#include "app/core/automation/automation_facade.h"
#include "app/core/automation/roster_publisher.h"
#include "app/core/workspace.h"
#include "rpc/server/automation_server.h"
#include "rpc/server/dispatcher.h"

#include <QString>

namespace dt::compose {

// The automation side of deviceterm-gui: the port's implementation over the
// workspace, the dispatcher with every handler family, and the server on
// the socket, wired once here (the widgets never see any of it). Everything
// runs on the GUI thread except the server's sockets, which live on a
// thread of their own and answer tabs.list and windows.list there from the
// rosters RosterPublisher keeps.
class AutomationService {
public:
    explicit AutomationService(dt::app::Workspace &workspace);
    ~AutomationService();
    AutomationService(const AutomationService &) = delete;
    AutomationService &operator=(const AutomationService &) = delete;

    // Serves the socket at `path`; says on stderr why not, and runs on
    // without automation, when it cannot.
    void listen(const QString &path);

private:
    dt::rpc::RosterBoard m_roster;
    dt::app::AutomationFacade m_facade;
    dt::app::RosterPublisher m_rosterPublisher;
    dt::rpc::Dispatcher m_dispatcher;
    dt::rpc::AutomationServer m_server;
};

} // namespace dt::compose
