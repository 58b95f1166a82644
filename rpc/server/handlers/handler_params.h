#pragma once

#include "rpc/contract/envelope.h"

#include <string>

namespace dt::rpc {

// A reference parameter that defaults to "current" (the caller's own object).
inline std::string refParam(const Json &params, const char *key)
{
    auto it = params.find(key);
    if (it == params.end() || (it->is_string() && it->get<std::string>().empty()))
        return "current";
    return it->get<std::string>(); // throws on a wrong type: invalid params
}

// An optional string parameter, empty when absent.
inline std::string stringParam(const Json &params, const char *key)
{
    auto it = params.find(key);
    return it == params.end() ? std::string() : it->get<std::string>();
}

} // namespace dt::rpc
