#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/workspace_port.h"

namespace dt::rpc {

// tabs.list, windows.list, tab.info.
void addWorkspaceQueries(Dispatcher &dispatcher, WorkspacePort &port);

} // namespace dt::rpc
