#pragma once

#include "rpc/server/dispatcher.h"

namespace dt::rpc {

// tab.open/close/rename/select/move, pane.open/close/rename/move,
// window.open/close/focus.
void addWorkspaceMutations(Dispatcher &dispatcher, AutomationPort &port);

} // namespace dt::rpc
