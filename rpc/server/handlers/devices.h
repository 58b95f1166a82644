#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/device_port.h"

namespace dt::rpc {

// device.boot/shutdown, panes.list, devices.list, pane.info and the
// pane.input.* gestures.
void addDevices(Dispatcher &dispatcher, DevicePort &port);

} // namespace dt::rpc
