// Encoding and decoding the workspace methods' parameters (see the header).

#include "rpc/contract/workspace_params.h"

#include "rpc/contract/command_params.h"

namespace dt::rpc {

namespace {

// A string parameter; absent is empty. Anything but a string: an error
// naming the key.
std::optional<Error> readString(const Json &p, const char *key, std::string &out)
{
    const auto it = p.find(key);
    if (it == p.end())
        return std::nullopt;
    if (!it->is_string())
        return invalidParams(std::string(key) + " must be a string");
    out = it->get<std::string>();
    return std::nullopt;
}

// Checked before anything closes: a misspelt mode must not close in the
// other mode.
std::optional<Error> readMode(const Json &p, CloseMode &out)
{
    std::string mode;
    if (auto e = readString(p, "mode", mode))
        return e;
    if (mode.empty() || mode == "detach")
        out = CloseMode::Detach;
    else if (mode == "shutdown")
        out = CloseMode::Shutdown;
    else
        return invalidParams("mode must be detach or shutdown, not '" + mode + "'");
    return std::nullopt;
}

void put(Json &j, const char *key, const std::string &value)
{
    if (!value.empty())
        j[key] = value;
}

// Decodes a parameter set that is one reference.
template <class P>
Decoded<P> oneRef(const Json &p, const char *key, std::string P::*field)
{
    P out;
    if (auto e = readString(p, key, out.*field))
        return *e;
    return out;
}

Json refAndMode(const char *key, const std::string &ref, CloseMode mode)
{
    Json j = Json::object();
    put(j, key, ref);
    if (mode == CloseMode::Shutdown)
        j["mode"] = "shutdown";
    return j;
}

} // namespace

const char *closeModeName(CloseMode mode)
{
    return mode == CloseMode::Shutdown ? "shutdown" : "detach";
}

Json encode(const WindowsListParams &p)
{
    return Json{{"all", p.all}};
}

template <>
Decoded<WindowsListParams> decode<WindowsListParams>(const Json &p)
{
    WindowsListParams out;
    if (const auto it = p.find("all"); it != p.end()) {
        if (!it->is_boolean())
            return invalidParams("all must be true or false");
        out.all = it->get<bool>();
    }
    return out;
}

Json encode(const TabInfoParams &p)
{
    Json j = Json::object();
    put(j, "tab", p.tab);
    return j;
}

template <>
Decoded<TabInfoParams> decode<TabInfoParams>(const Json &p)
{
    return oneRef(p, "tab", &TabInfoParams::tab);
}

Json encode(const TabOpenParams &p)
{
    Json j = Json::object();
    put(j, "window", p.window);
    put(j, "cwd", p.cwd);
    put(j, "cmd", p.cmd);
    put(j, "role", p.role);
    if (p.wait) {
        j["wait"] = true;
        putWaitFields(j, p.timeoutMillis, p.maxBytes);
    }
    return j;
}

template <>
Decoded<TabOpenParams> decode<TabOpenParams>(const Json &p)
{
    TabOpenParams out;
    for (auto [key, field] : {std::pair{"window", &out.window}, {"cwd", &out.cwd}, {"cmd", &out.cmd}, {"role", &out.role}})
        if (auto e = readString(p, key, *field))
            return *e;
    if (const auto wait = p.find("wait"); wait != p.end()) {
        if (!wait->is_boolean())
            return invalidParams("wait must be true or false");
        out.wait = wait->get<bool>();
    }
    if (out.wait) {
        if (auto e = readCommandLine(p, "cmd", out.cmd))
            return *e;
        if (auto e = readTimeout(p, out.timeoutMillis))
            return *e;
        if (auto e = readMaxBytes(p, out.maxBytes))
            return *e;
    }
    return out;
}

Json encode(const TabCloseParams &p)
{
    return refAndMode("tab", p.tab, p.mode);
}

template <>
Decoded<TabCloseParams> decode<TabCloseParams>(const Json &p)
{
    TabCloseParams out;
    if (auto e = readMode(p, out.mode))
        return *e;
    if (auto e = readString(p, "tab", out.tab))
        return *e;
    return out;
}

Json encode(const TabRenameParams &p)
{
    Json j = Json::object();
    put(j, "tab", p.tab);
    put(j, "name", p.name);
    return j;
}

template <>
Decoded<TabRenameParams> decode<TabRenameParams>(const Json &p)
{
    TabRenameParams out;
    if (auto e = readString(p, "tab", out.tab))
        return *e;
    if (auto e = readString(p, "name", out.name))
        return *e;
    return out;
}

Json encode(const TabSelectParams &p)
{
    Json j = Json::object();
    put(j, "tab", p.tab);
    return j;
}

template <>
Decoded<TabSelectParams> decode<TabSelectParams>(const Json &p)
{
    return oneRef(p, "tab", &TabSelectParams::tab);
}

Json encode(const TabMoveParams &p)
{
    Json j = Json::object();
    put(j, "tab", p.tab);
    if (p.toIndex)
        j["toIndex"] = *p.toIndex;
    if (p.toWindow)
        j["toWindow"] = *p.toWindow;
    return j;
}

template <>
Decoded<TabMoveParams> decode<TabMoveParams>(const Json &p)
{
    TabMoveParams out;
    if (auto e = readString(p, "tab", out.tab))
        return *e;
    if (const auto it = p.find("toIndex"); it != p.end()) {
        if (!it->is_number_integer() || it->get<int64_t>() < 0 || it->get<int64_t>() > 100000)
            return invalidParams("toIndex must be a non-negative integer (0 is the first place)");
        out.toIndex = it->get<int>();
    }
    if (p.contains("toWindow")) {
        std::string window;
        if (auto e = readString(p, "toWindow", window))
            return *e;
        out.toWindow = window;
    }
    if (!out.toIndex && !out.toWindow)
        return invalidParams("tab.move needs toIndex or toWindow");
    return out;
}

Json encode(const PaneOpenParams &p)
{
    Json j{{"terminal", p.terminal}};
    put(j, "tab", p.tab);
    put(j, "cwd", p.cwd);
    put(j, "cmd", p.cmd);
    return j;
}

template <>
Decoded<PaneOpenParams> decode<PaneOpenParams>(const Json &p)
{
    PaneOpenParams out;
    const auto terminal = p.find("terminal");
    if (terminal == p.end() || !terminal->is_boolean() || !terminal->get<bool>())
        return invalidParams("pane.open supports terminal panes only (terminal: true)");
    for (auto [key, field] : {std::pair{"tab", &out.tab}, {"cwd", &out.cwd}, {"cmd", &out.cmd}})
        if (auto e = readString(p, key, *field))
            return *e;
    return out;
}

Json encode(const PaneCloseParams &p)
{
    return refAndMode("pane", p.pane, p.mode);
}

template <>
Decoded<PaneCloseParams> decode<PaneCloseParams>(const Json &p)
{
    PaneCloseParams out;
    if (auto e = readMode(p, out.mode))
        return *e;
    if (auto e = readString(p, "pane", out.pane))
        return *e;
    return out;
}

Json encode(const WindowCloseParams &p)
{
    return refAndMode("window", p.window, p.mode);
}

template <>
Decoded<WindowCloseParams> decode<WindowCloseParams>(const Json &p)
{
    WindowCloseParams out;
    if (auto e = readMode(p, out.mode))
        return *e;
    if (auto e = readString(p, "window", out.window))
        return *e;
    return out;
}

Json encode(const WindowFocusParams &p)
{
    Json j = Json::object();
    put(j, "window", p.window);
    return j;
}

template <>
Decoded<WindowFocusParams> decode<WindowFocusParams>(const Json &p)
{
    return oneRef(p, "window", &WindowFocusParams::window);
}

} // namespace dt::rpc
