#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/device_port.h"
#include "rpc/server/ports/workspace_port.h"

namespace dt::rpc {

// tab.open/close/rename/select/move, pane.open/close/rename/move,
// window.open/close/focus.
void addWorkspaceMutations(Dispatcher &dispatcher, WorkspacePort &port, DevicePort &devices);

} // namespace dt::rpc
