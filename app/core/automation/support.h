#pragma once

// What the automation adaptors share; internal to app/core/automation.

#include "rpc/server/ports/port_types.h"

#include <QString>

#include <optional>
#include <string>

namespace dt::app {

using dt::rpc::Handle;
using dt::rpc::Resolved;

// Optional keys are left out, never sent as empty or null.
inline std::optional<std::string> nonEmpty(const QString &s)
{
    return s.isEmpty() ? std::nullopt : std::optional<std::string>(s.toStdString());
}

// The refusal of a device-pane request whose device does not render.
inline dt::rpc::Error paneNotRendering()
{
    return dt::rpc::Error{dt::rpc::code::InvalidParams, "pane is not active (its device is not rendering)"};
}

} // namespace dt::app
