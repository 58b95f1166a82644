#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/device_port.h"

namespace dt::rpc {

// pane.record.start, pane.record.stop and pane.logs.
void addDeviceEvidence(Dispatcher &dispatcher, DevicePort &port);

} // namespace dt::rpc
