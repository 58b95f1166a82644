#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/command_port.h"
#include "rpc/server/ports/workspace_port.h"

namespace dt::rpc {

// tab.run, tab.wait, tab.commands and tab.output.
void addCommands(Dispatcher &dispatcher, WorkspacePort &workspace, CommandPort &port);

} // namespace dt::rpc
