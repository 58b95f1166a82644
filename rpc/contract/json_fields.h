#pragma once

#include "rpc/contract/envelope.h"
#include "rpc/contract/errors.h"

#include <cstdint>
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

// An optional whole number within [least, most]; `what` ends the refusal
// ("… must be a whole number of <what> from least to most").
inline std::optional<Error> readBoundedInteger(const Json &p, const char *key, int64_t &out, int64_t least, int64_t most,
                                               const char *what)
{
    const auto it = p.find(key);
    if (it == p.end())
        return std::nullopt;
    if (!it->is_number_integer() || it->get<int64_t>() < least || it->get<int64_t>() > most)
        return Error{code::InvalidParams, std::string(key) + " must be a whole number of " + what + " from "
                                              + std::to_string(least) + " to " + std::to_string(most)};
    out = it->get<int64_t>();
    return std::nullopt;
}

} // namespace dt::rpc
