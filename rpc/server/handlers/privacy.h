#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/workspace_port.h"

namespace dt::rpc {

// tab.setPrivate: a tab's owner hides it from every other session.
void addPrivacy(Dispatcher &dispatcher, WorkspacePort &port);

} // namespace dt::rpc
