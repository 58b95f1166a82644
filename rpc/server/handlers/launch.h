#pragma once

#include "rpc/server/dispatcher.h"

namespace dt::rpc {

// daemon.openWindow: a second launch of deviceterm-gui asking the running
// one for a window (daemon-wide; the socket is the user's own).
void addLaunch(Dispatcher &dispatcher, AutomationPort &port);

} // namespace dt::rpc
