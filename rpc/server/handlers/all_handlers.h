#pragma once

#include "rpc/server/automation_port.h"
#include "rpc/server/dispatcher.h"

namespace dt::rpc {

// Registers the handler of every method in the contract's table (the
// dispatcher itself answers daemon.* and session.authenticate).
void addAllHandlers(Dispatcher &dispatcher, WorkspacePort &workspace, OrchestrationPort &orchestration, DevicePort &devices,
                    CommandPort &commands);

} // namespace dt::rpc
