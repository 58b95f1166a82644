// Encoding and decoding the typed parameters (see the header): the one
// place their keys, checks and error wording are written.

#include "rpc/contract/params.h"

namespace dt::rpc {

namespace {

// An optional string; absent and "" are the same. Anything else: nullopt.
std::optional<std::string> optionalString(const Json &p, const char *key)
{
    const auto it = p.find(key);
    if (it == p.end())
        return std::string();
    if (!it->is_string())
        return std::nullopt;
    return it->get<std::string>();
}

// A program and its arguments: 1 to limit::kLaunchArguments strings
// without NUL bytes, the first not empty, limit::kLaunchCommandBytes in all.
std::optional<Error> readCommand(const Json &p, std::vector<std::string> &out)
{
    const auto command = p.find("command");
    if (command == p.end() || !command->is_array() || command->empty() || command->size() > limit::kLaunchArguments)
        return invalidParams("command must be a list of 1 to 1024 strings");
    size_t bytes = 0;
    for (const Json &word : *command) {
        if (!word.is_string() || word.get_ref<const std::string &>().find('\0') != std::string::npos)
            return invalidParams("command must be a list of strings without NUL bytes");
        bytes += word.get_ref<const std::string &>().size();
        out.push_back(word.get<std::string>());
    }
    if (bytes > limit::kLaunchCommandBytes || out.front().empty())
        return invalidParams("command is empty or longer than 256 KiB");
    return std::nullopt;
}

void putTab(Json &j, const std::string &tab)
{
    if (!tab.empty())
        j["tab"] = tab;
}

} // namespace

Json encode(const SessionAuthenticateParams &p)
{
    return Json{{"cap", p.cap}, {"sessionId", p.sessionId}};
}

template <>
Decoded<SessionAuthenticateParams> decode<SessionAuthenticateParams>(const Json &p)
{
    const auto sid = p.find("sessionId");
    const auto cap = p.find("cap");
    if (sid == p.end() || !sid->is_string() || cap == p.end() || !cap->is_string())
        return invalidParams("session.authenticate needs sessionId and cap");
    return SessionAuthenticateParams{sid->get<std::string>(), cap->get<std::string>()};
}

Json encode(const TabSendInputParams &p)
{
    Json j{{"text", p.text}};
    putTab(j, p.tab);
    if (p.typeDelayMillis > 0)
        j["typeDelayMillis"] = p.typeDelayMillis;
    return j;
}

template <>
Decoded<TabSendInputParams> decode<TabSendInputParams>(const Json &p)
{
    TabSendInputParams out;
    const auto text = p.find("text");
    if (text == p.end() || !text->is_string() || text->get_ref<const std::string &>().empty())
        return invalidParams("tab.sendInput needs a non-empty text");
    out.text = text->get<std::string>();
    if (const auto it = p.find("typeDelayMillis"); it != p.end()) {
        if (!it->is_number_integer() || it->get<int64_t>() < 0)
            return invalidParams("typeDelayMillis must be a non-negative integer");
        out.typeDelayMillis = static_cast<int>(std::min<int64_t>(it->get<int64_t>(), limit::kTypeDelayMillis));
    }
    const auto tab = optionalString(p, "tab");
    if (!tab)
        return invalidParams("tab must be a reference (a string)");
    out.tab = *tab;
    return out;
}

Json encode(const TabCaptureParams &p)
{
    Json j = Json::object();
    putTab(j, p.tab);
    if (p.scrollback > 0)
        j["scrollback"] = p.scrollback;
    return j;
}

template <>
Decoded<TabCaptureParams> decode<TabCaptureParams>(const Json &p)
{
    TabCaptureParams out;
    if (const auto it = p.find("scrollback"); it != p.end()) {
        if (!it->is_number_integer() || it->get<int64_t>() < 0)
            return invalidParams("scrollback must be a non-negative integer");
        out.scrollback = static_cast<int>(std::min<int64_t>(it->get<int64_t>(), limit::kCaptureScrollbackLines));
    }
    const auto tab = optionalString(p, "tab");
    if (!tab)
        return invalidParams("tab must be a reference (a string)");
    out.tab = *tab;
    return out;
}

Json encode(const TabSetPrivateParams &p)
{
    Json j{{"isPrivate", p.isPrivate}};
    putTab(j, p.tab);
    return j;
}

template <>
Decoded<TabSetPrivateParams> decode<TabSetPrivateParams>(const Json &p)
{
    TabSetPrivateParams out;
    const auto wanted = p.find("isPrivate");
    if (wanted == p.end() || !wanted->is_boolean())
        return invalidParams("tab.setPrivate needs isPrivate: true or false");
    out.isPrivate = wanted->get<bool>();
    const auto tab = optionalString(p, "tab");
    if (!tab)
        return invalidParams("tab must be a reference (a string)");
    out.tab = *tab;
    return out;
}

Json encode(const OpenWindowParams &p)
{
    Json j{{"cwd", p.cwd}};
    if (!p.command.empty())
        j["command"] = p.command;
    if (p.hold)
        j["hold"] = true;
    if (!p.title.empty())
        j["title"] = p.title;
    return j;
}

template <>
Decoded<OpenWindowParams> decode<OpenWindowParams>(const Json &p)
{
    OpenWindowParams out;
    const auto cwd = p.find("cwd");
    if (cwd == p.end() || !cwd->is_string() || cwd->get_ref<const std::string &>().empty()
        || cwd->get_ref<const std::string &>().front() != '/')
        return invalidParams("cwd must be an absolute path");
    out.cwd = cwd->get<std::string>();
    if (out.cwd.size() > limit::kLaunchPathBytes || out.cwd.find('\0') != std::string::npos)
        return invalidParams("cwd is not a usable path");
    if (p.contains("command"))
        if (auto e = readCommand(p, out.command))
            return *e;
    if (const auto title = p.find("title"); title != p.end()) {
        if (!title->is_string() || title->get_ref<const std::string &>().size() > limit::kLaunchTitleBytes)
            return invalidParams("title must be a string of at most " + std::to_string(limit::kLaunchTitleBytes) + " bytes");
        out.title = title->get<std::string>();
    }
    if (const auto hold = p.find("hold"); hold != p.end()) {
        if (!hold->is_boolean())
            return invalidParams("hold must be true or false");
        out.hold = hold->get<bool>();
    }
    return out;
}

Json encode(const DeviceBootParams &p)
{
    return Json{{"device", p.device}};
}

template <>
Decoded<DeviceBootParams> decode<DeviceBootParams>(const Json &p)
{
    const auto device = optionalString(p, "device");
    if (!device || device->empty())
        return invalidParams("device.boot needs a device (udid or name)");
    return DeviceBootParams{*device};
}

Json encode(const DeviceShutdownParams &p)
{
    return Json{{"device", p.device}};
}

template <>
Decoded<DeviceShutdownParams> decode<DeviceShutdownParams>(const Json &p)
{
    const auto device = optionalString(p, "device");
    if (!device || device->empty())
        return invalidParams("device.shutdown needs a device (udid or name)");
    return DeviceShutdownParams{*device};
}

Json encode(const DeviceLaunchParams &p)
{
    return Json{{"command", p.command}, {"device", p.device}};
}

template <>
Decoded<DeviceLaunchParams> decode<DeviceLaunchParams>(const Json &p)
{
    DeviceLaunchParams out;
    const auto device = optionalString(p, "device");
    if (!device || device->empty() || !p.contains("command"))
        return invalidParams("device.launch needs a device and a command (an array of words)");
    out.device = *device;
    if (auto e = readCommand(p, out.command))
        return *e;
    return out;
}

} // namespace dt::rpc
