// daemon.openWindow: what a second `deviceterm-gui` launch sends instead of
// starting a second server. The caller is any process of the user's (the
// socket lives in a 0700 directory), usually outside every tab, so it gets
// exactly what starting deviceterm-gui gives: a window with one ordinary
// tab in a directory, optionally running a command. Never a grant.

#include "rpc/server/handlers/launch.h"

namespace dt::rpc {

void addLaunch(Dispatcher &d, WorkspacePort &port)
{
    d.add<OpenWindowParams>([&port](CallContext &, const OpenWindowParams &p) -> HandlerResult {
        if (auto error = port.openLaunchWindow({p.cwd, p.command, p.title, p.hold}))
            return *error;
        return Json{{"ok", true}};
    });
}

} // namespace dt::rpc
