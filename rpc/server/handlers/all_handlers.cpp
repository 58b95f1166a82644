// Every handler family, registered in one place: what the GUI serves and
// what the agreement test compares with the contract's table.

#include "rpc/server/handlers/all_handlers.h"

#include "rpc/server/handlers/commands.h"
#include "rpc/server/handlers/device_evidence.h"
#include "rpc/server/handlers/devices.h"
#include "rpc/server/handlers/launch.h"
#include "rpc/server/handlers/orchestration.h"
#include "rpc/server/handlers/privacy.h"
#include "rpc/server/handlers/workspace_mutations.h"
#include "rpc/server/handlers/workspace_queries.h"

namespace dt::rpc {

void addAllHandlers(Dispatcher &dispatcher, WorkspacePort &workspace, OrchestrationPort &orchestration, DevicePort &devices,
                    CommandPort &commands)
{
    addWorkspaceQueries(dispatcher, workspace);
    addWorkspaceMutations(dispatcher, workspace, devices, commands);
    addPrivacy(dispatcher, workspace);
    addOrchestration(dispatcher, workspace, orchestration);
    addDevices(dispatcher, devices);
    addDeviceEvidence(dispatcher, devices);
    addLaunch(dispatcher, workspace);
    addCommands(dispatcher, workspace, commands);
}

} // namespace dt::rpc
