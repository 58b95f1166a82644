#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/command_port.h"
#include "rpc/server/ports/device_port.h"
#include "rpc/server/ports/workspace_port.h"

namespace dt::rpc {

// tab.open/close/rename/select/move, pane.open/close/rename/move,
// window.open/close/focus.
// tab.open with wait runs its cmd through `commands`.
void addWorkspaceMutations(Dispatcher &dispatcher, WorkspacePort &port, DevicePort &devices, CommandPort &commands);

} // namespace dt::rpc
