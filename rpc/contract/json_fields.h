#pragma once

#include "rpc/contract/envelope.h"
#include "rpc/contract/errors.h"

#include <optional>
#include <string>

namespace dt::rpc {

// Optional fields are left out, never written as null.
inline void putIf(Json &j, const char *key, const std::optional<std::string> &value)
{
    if (value)
        j[key] = *value;
}

// The device-pane reference of a request: absent or "" for the session's
// only device pane.
inline std::optional<Error> readPaneRef(const Json &p, std::string &out)
{
    const auto it = p.find("pane");
    if (it == p.end())
        return std::nullopt;
    if (!it->is_string())
        return Error{code::InvalidParams, "pane must be a reference (a string)"};
    out = it->get<std::string>();
    return std::nullopt;
}

} // namespace dt::rpc
