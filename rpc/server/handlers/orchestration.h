#pragma once

#include "rpc/server/dispatcher.h"

namespace dt::rpc {

// tab.sendInput and tab.capture: another tab's contents, for sessions the
// GUI granted orchestration.
void addOrchestration(Dispatcher &dispatcher, AutomationPort &port);

} // namespace dt::rpc
