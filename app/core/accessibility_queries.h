#pragma once

#include "devicepanes/accessibility_bridge.h"
#include "rpc/server/automation_port.h"

#include <variant>

namespace dt::app {

// Runs one accessibility query (tree, point, sweep) against a device's
// bridge and shapes the answer as the contract does. It blocks on D-Bus for
// up to the query's budget (a sweep: 10 s), so it runs on a worker thread;
// `screen` is the device's screen size, read on the GUI thread.
std::variant<dt::rpc::Json, dt::rpc::Error> runAccessibilityQuery(dt::devices::AccessibilityBridge &bridge,
                                                                  const dt::rpc::DevicePort::AxQuery &query, QSize screen);

} // namespace dt::app
