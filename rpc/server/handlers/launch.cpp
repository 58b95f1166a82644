// daemon.openWindow: what a second `deviceterm-gui` launch sends instead of
// starting a second server. The caller is any process of the user's (the
// socket lives in a 0700 directory), usually outside every tab, so it gets
// exactly what starting deviceterm-gui gives: a window with one ordinary
// tab in a directory, optionally running a command. Never a grant.

#include "rpc/server/handlers/launch.h"

#include "rpc/server/handlers/handler_params.h"
#include "rpc/contract/limits.h"

namespace dt::rpc {

namespace {

std::optional<Error> readLaunch(const Json &p, WorkspacePort::WindowLaunch &out)
{
    const auto cwd = p.find("cwd");
    if (cwd == p.end() || !cwd->is_string() || cwd->get_ref<const std::string &>().empty()
        || cwd->get_ref<const std::string &>().front() != '/')
        return Error{code::InvalidParams, "cwd must be an absolute path"};
    out.cwd = cwd->get<std::string>();
    if (out.cwd.size() > limit::kLaunchPathBytes || out.cwd.find('\0') != std::string::npos)
        return Error{code::InvalidParams, "cwd is not a usable path"};
    if (p.contains("command"))
        return commandParam(p, out.command);
    return std::nullopt;
}

} // namespace

void addLaunch(Dispatcher &d, WorkspacePort &port)
{
    d.add(method::DaemonOpenWindow, [&port](CallContext &, const Json &p) -> HandlerResult {
        WorkspacePort::WindowLaunch launch;
        if (auto error = readLaunch(p, launch))
            return *error;
        if (auto error = port.openLaunchWindow(launch))
            return *error;
        return Json{{"ok", true}};
    });
}

} // namespace dt::rpc
