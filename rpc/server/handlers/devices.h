#pragma once

#include "rpc/server/dispatcher.h"

namespace dt::rpc {

// device.boot/shutdown, panes.list, devices.list, pane.info and the
// pane.input.* gestures.
void addDevices(Dispatcher &dispatcher, AutomationPort &port);

} // namespace dt::rpc
