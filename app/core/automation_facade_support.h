#pragma once

// What the automation facade's files share; internal to app/core.

#include <QString>

#include <optional>
#include <string>

namespace dt::app::facade_support {

// Optional keys are left out, never sent as empty or null.
inline std::optional<std::string> nonEmpty(const QString &s)
{
    return s.isEmpty() ? std::nullopt : std::optional<std::string>(s.toStdString());
}

} // namespace dt::app::facade_support
