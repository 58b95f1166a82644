#pragma once

#include "rpc/contract/envelope.h"

#include <optional>
#include <string>

namespace dt::rpc {

// Optional fields are left out, never written as null.
inline void putIf(Json &j, const char *key, const std::optional<std::string> &value)
{
    if (value)
        j[key] = *value;
}

} // namespace dt::rpc
