#pragma once

#include "rpc/server/dispatcher.h"

namespace dt::rpc {

// tabs.list, windows.list, tab.info.
void addWorkspaceQueries(Dispatcher &dispatcher, AutomationPort &port);

} // namespace dt::rpc
