// Every handler family, registered in one place: what the GUI serves and
// what the agreement test compares with the contract's table.

#include "rpc/server/handlers/all_handlers.h"

#include "rpc/server/handlers/devices.h"
#include "rpc/server/handlers/launch.h"
#include "rpc/server/handlers/orchestration.h"
#include "rpc/server/handlers/privacy.h"
#include "rpc/server/handlers/workspace_mutations.h"
#include "rpc/server/handlers/workspace_queries.h"

namespace dt::rpc {

void addAllHandlers(Dispatcher &dispatcher, AutomationPort &port)
{
    addWorkspaceQueries(dispatcher, port);
    addWorkspaceMutations(dispatcher, port);
    addPrivacy(dispatcher, port);
    addOrchestration(dispatcher, port);
    addDevices(dispatcher, port);
    addLaunch(dispatcher, port);
}

} // namespace dt::rpc
