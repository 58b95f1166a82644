// daemon.openWindow: what a second `deviceterm-gui` launch sends instead of
// starting a second server. The caller is any process of the user's (the
// socket lives in a 0700 directory), usually outside every tab, so it gets
// exactly what starting deviceterm-gui gives: a window with one ordinary
// tab in a directory, optionally running a command. Never a grant.

#include "launch.h"

namespace dt::rpc {

namespace {

constexpr size_t kMaxPath = 4096;
constexpr size_t kMaxArguments = 1024;
constexpr size_t kMaxCommandBytes = 256 * 1024;

std::optional<Error> readLaunch(const Json &p, AutomationPort::WindowLaunch &out)
{
    const auto cwd = p.find("cwd");
    if (cwd == p.end() || !cwd->is_string() || cwd->get_ref<const std::string &>().empty()
        || cwd->get_ref<const std::string &>().front() != '/')
        return Error{code::InvalidParams, "cwd must be an absolute path"};
    out.cwd = cwd->get<std::string>();
    if (out.cwd.size() > kMaxPath || out.cwd.find('\0') != std::string::npos)
        return Error{code::InvalidParams, "cwd is not a usable path"};
    if (const auto command = p.find("command"); command != p.end()) {
        if (!command->is_array() || command->empty() || command->size() > kMaxArguments)
            return Error{code::InvalidParams, "command must be a list of 1 to 1024 strings"};
        size_t bytes = 0;
        for (const Json &word : *command) {
            if (!word.is_string() || word.get_ref<const std::string &>().find('\0') != std::string::npos)
                return Error{code::InvalidParams, "command must be a list of strings without NUL bytes"};
            bytes += word.get_ref<const std::string &>().size();
            out.command.push_back(word.get<std::string>());
        }
        if (bytes > kMaxCommandBytes || out.command.front().empty())
            return Error{code::InvalidParams, "command is empty or longer than 256 KiB"};
    }
    return std::nullopt;
}

} // namespace

void addLaunch(Dispatcher &d, AutomationPort &port)
{
    d.add("daemon.openWindow", Scope::DaemonWide, [&port](CallContext &, const Json &p) -> HandlerResult {
        AutomationPort::WindowLaunch launch;
        if (auto error = readLaunch(p, launch))
            return *error;
        if (auto error = port.openLaunchWindow(launch))
            return *error;
        return Json{{"ok", true}};
    });
}

} // namespace dt::rpc
