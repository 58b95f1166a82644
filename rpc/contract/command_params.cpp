// Encoding and decoding the command methods' parameters, and a command
// record's JSON (see the header).

#include "rpc/contract/command_params.h"

#include "rpc/contract/json_fields.h"

#include <algorithm>

namespace dt::rpc {

namespace {

std::optional<Error> readTab(const Json &p, std::string &out)
{
    const auto it = p.find("tab");
    if (it == p.end())
        return std::nullopt;
    if (!it->is_string())
        return invalidParams("tab must be a reference (a string)");
    out = it->get<std::string>();
    return std::nullopt;
}

void putCommon(Json &j, const std::string &tab, int64_t timeout, size_t maxBytes)
{
    if (!tab.empty())
        j["tab"] = tab;
    putWaitFields(j, timeout, maxBytes);
}

} // namespace

std::optional<Error> readTimeout(const Json &p, int64_t &out)
{
    const auto it = p.find("timeoutMillis");
    if (it == p.end())
        return std::nullopt;
    if (!it->is_number_integer() || it->get<int64_t>() < 0)
        return invalidParams("timeoutMillis must be a non-negative integer (0: no timeout but the daily limit)");
    out = std::min<int64_t>(it->get<int64_t>(), limit::kCommandWaitMillis);
    return std::nullopt;
}

std::optional<Error> readMaxBytes(const Json &p, size_t &out)
{
    const auto it = p.find("maxBytes");
    if (it == p.end())
        return std::nullopt;
    if (!it->is_number_integer() || it->get<int64_t>() < 0)
        return invalidParams("maxBytes must be a non-negative integer");
    out = static_cast<size_t>(std::min<int64_t>(it->get<int64_t>(), int64_t(limit::kCommandOutputBytesMax)));
    return std::nullopt;
}

void putWaitFields(Json &j, int64_t timeoutMillis, size_t maxBytes)
{
    if (timeoutMillis > 0)
        j["timeoutMillis"] = timeoutMillis;
    if (maxBytes != limit::kCommandOutputBytes)
        j["maxBytes"] = maxBytes;
}

std::optional<Error> readCommandLine(const Json &p, const char *key, std::string &out)
{
    const auto it = p.find(key);
    if (it == p.end() || !it->is_string() || it->get_ref<const std::string &>().empty())
        return invalidParams(std::string(key) + " must be the command to run (a non-empty string)");
    const std::string &command = it->get_ref<const std::string &>();
    // One line of text: the shell runs it once Enter is typed after it, and
    // a control character (a tab completes, ^C cancels) would change what
    // it reads.
    if (command.find_first_of("\r\n") != std::string::npos)
        return invalidParams("the command must be one line (join several with ; or &&)");
    if (std::any_of(command.begin(), command.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return invalidParams("the command must not contain control characters (a tab, an escape, …)");
    if (command.size() > limit::kDeviceTextBytes)
        return invalidParams("the command must be at most 256 KiB");
    out = command;
    return std::nullopt;
}


Json encode(const TabRunParams &p)
{
    Json j{{"command", p.command}};
    putCommon(j, p.tab, p.timeoutMillis, p.maxBytes);
    if (p.queue)
        j["queue"] = true;
    return j;
}

template <>
Decoded<TabRunParams> decode<TabRunParams>(const Json &p)
{
    TabRunParams out;
    if (auto e = readCommandLine(p, "command", out.command))
        return *e;
    if (auto e = readTab(p, out.tab))
        return *e;
    if (auto e = readTimeout(p, out.timeoutMillis))
        return *e;
    if (auto e = readMaxBytes(p, out.maxBytes))
        return *e;
    if (const auto queue = p.find("queue"); queue != p.end()) {
        if (!queue->is_boolean())
            return invalidParams("queue must be true or false");
        out.queue = queue->get<bool>();
    }
    return out;
}

Json encode(const TabWaitParams &p)
{
    Json j = Json::object();
    putCommon(j, p.tab, p.timeoutMillis, p.maxBytes);
    return j;
}

template <>
Decoded<TabWaitParams> decode<TabWaitParams>(const Json &p)
{
    TabWaitParams out;
    if (auto e = readTab(p, out.tab))
        return *e;
    if (auto e = readTimeout(p, out.timeoutMillis))
        return *e;
    if (auto e = readMaxBytes(p, out.maxBytes))
        return *e;
    return out;
}

Json encode(const TabCommandsParams &p)
{
    Json j{{"limit", p.limit}};
    if (!p.tab.empty())
        j["tab"] = p.tab;
    return j;
}

template <>
Decoded<TabCommandsParams> decode<TabCommandsParams>(const Json &p)
{
    TabCommandsParams out;
    if (auto e = readTab(p, out.tab))
        return *e;
    if (const auto it = p.find("limit"); it != p.end()) {
        if (!it->is_number_integer() || it->get<int64_t>() < 1)
            return invalidParams("limit must be a positive integer");
        out.limit = static_cast<int>(std::min<int64_t>(it->get<int64_t>(), limit::kCommandRecords));
    }
    return out;
}

Json encode(const TabOutputParams &p)
{
    Json j = Json::object();
    putCommon(j, p.tab, 0, p.maxBytes);
    if (p.command)
        j["command"] = *p.command;
    return j;
}

template <>
Decoded<TabOutputParams> decode<TabOutputParams>(const Json &p)
{
    TabOutputParams out;
    if (auto e = readTab(p, out.tab))
        return *e;
    if (const auto it = p.find("command"); it != p.end()) {
        if (!it->is_number_integer() || it->get<int64_t>() < 1)
            return invalidParams("command must be a command id (a positive integer)");
        out.command = it->get<uint64_t>();
    }
    if (auto e = readMaxBytes(p, out.maxBytes))
        return *e;
    return out;
}

Json toJson(const CommandInfo &info)
{
    Json j{{"commandId", info.commandId}, {"command", info.command}, {"running", info.running},
           {"startedMillis", info.startedMillis}, {"truncated", info.truncated}};
    putIf(j, "cwd", info.cwd);
    putIf(j, "output", info.output);
    putIf(j, "tab", info.tab);
    if (info.exitStatus)
        j["exitStatus"] = *info.exitStatus;
    if (info.durationMillis)
        j["durationMillis"] = *info.durationMillis;
    return j;
}

} // namespace dt::rpc
