#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/workspace_port.h"

namespace dt::rpc {

// daemon.openWindow: a second launch of deviceterm-gui asking the running
// one for a window (daemon-wide; the socket is the user's own).
void addLaunch(Dispatcher &dispatcher, WorkspacePort &port);

} // namespace dt::rpc
