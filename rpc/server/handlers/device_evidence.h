#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/device_port.h"

namespace dt::rpc {

// pane.record.start, pane.record.stop, pane.logs and pane.perf.
void addDeviceEvidence(Dispatcher &dispatcher, DevicePort &port);

} // namespace dt::rpc
