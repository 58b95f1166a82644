#pragma once

#include "rpc/contract/envelope.h"
#include "rpc/contract/limits.h"

#include <optional>
#include <string>
#include <vector>

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

// A program and its arguments (params.command): 1 to kLaunchArguments
// strings without NUL bytes, the first not empty, kLaunchCommandBytes in all.
inline std::optional<Error> commandParam(const Json &params, std::vector<std::string> &out)
{
    const auto command = params.find("command");
    if (command == params.end() || !command->is_array() || command->empty() || command->size() > limit::kLaunchArguments)
        return Error{code::InvalidParams, "command must be a list of 1 to 1024 strings"};
    size_t bytes = 0;
    for (const Json &word : *command) {
        if (!word.is_string() || word.get_ref<const std::string &>().find('\0') != std::string::npos)
            return Error{code::InvalidParams, "command must be a list of strings without NUL bytes"};
        bytes += word.get_ref<const std::string &>().size();
        out.push_back(word.get<std::string>());
    }
    if (bytes > limit::kLaunchCommandBytes || out.front().empty())
        return Error{code::InvalidParams, "command is empty or longer than 256 KiB"};
    return std::nullopt;
}

} // namespace dt::rpc
