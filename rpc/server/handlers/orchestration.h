#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/orchestration_port.h"
#include "rpc/server/ports/workspace_port.h"

namespace dt::rpc {

// tab.sendInput and tab.capture: another tab's contents, for sessions the
// GUI granted orchestration.
void addOrchestration(Dispatcher &dispatcher, WorkspacePort &workspace, OrchestrationPort &port);

} // namespace dt::rpc
