// The methods that change the workspace: open, close, rename, select and move tabs; open and close panes
// (terminal or device); open, close and focus windows. Each answers with a receipt or the port's error.

#include "rpc/server/handlers/workspace_mutations.h"


namespace dt::rpc {

namespace {

HandlerResult receiptOr(const std::optional<Error> &error, Json receipt)
{
    if (error)
        return *error;
    return receipt;
}

Json newTerminalReceipt(const char *key, const std::string &ref, const WorkspacePort::NewTerminal &n)
{
    return Json{{"ok", true}, {key, ref}, {"sessionId", n.sessionId}, {"shortId", n.shortId}};
}

void addTabMutations(Dispatcher &d, WorkspacePort &port, CommandPort &commands)
{
    d.add<TabOpenParams>([&port, &commands](CallContext &c, const TabOpenParams &p) -> HandlerResult {
        // Tabs opened from here are always ordinary: asking for more is
        // refused outright rather than quietly downgraded.
        if (!p.role.empty() && p.role != "agent")
            return Error{code::RoleViolation, p.role + " sessions can only be minted from the GUI"};
        const std::string windowRef = refOrCurrent(p.window);
        const auto window = port.resolveWindow(*c.sessionId, windowRef);
        if (auto *e = std::get_if<Error>(&window))
            return *e;
        // With wait, the command is run (and waited on) by the command
        // family rather than typed blind.
        const auto created = port.openTab(std::get<Handle>(window), p.cwd, p.wait ? std::string() : p.cmd);
        if (auto *e = std::get_if<Error>(&created))
            return *e;
        const auto &opened = std::get<WorkspacePort::NewTerminal>(created);
        if (p.wait)
            return Later{[&commands, caller = *c.sessionId, opened, p](Answer answer) {
                commands.runInNewTab(caller, opened.tab, p.cmd, p.timeoutMillis, p.maxBytes,
                                     [answer = std::move(answer), opened](std::variant<CommandInfo, Error> result) {
                                         if (auto *e = std::get_if<Error>(&result)) {
                                             // The tab stays open: say which it is.
                                             Error named = *e;
                                             named.msg += " (the new tab " + opened.shortId + " stays open)";
                                             return answer(named);
                                         }
                                         CommandInfo info = std::get<CommandInfo>(std::move(result));
                                         info.tab = opened.shortId;
                                         Json record = toJson(info);
                                         record["sessionId"] = opened.sessionId;
                                         answer(std::move(record));
                                     });
            }};
        // Beyond the original, additively: the new session's ids.
        return newTerminalReceipt("window", windowRef, opened);
    });
    d.add<TabCloseParams>([&port](CallContext &c, const TabCloseParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        return receiptOr(port.closeTab(std::get<Handle>(tab), p.mode == CloseMode::Detach),
                         {{"ok", true}, {"tab", ref}, {"mode", closeModeName(p.mode)}});
    });
    d.add<TabRenameParams>([&port](CallContext &c, const TabRenameParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        Json receipt{{"ok", true}, {"tab", ref}};
        if (!p.name.empty())
            receipt["name"] = p.name;
        return receiptOr(port.renameTab(std::get<Handle>(tab), p.name), receipt);
    });
    d.add<TabSelectParams>([&port](CallContext &c, const TabSelectParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        return receiptOr(port.selectTab(std::get<Handle>(tab)), {{"ok", true}, {"tab", ref}});
    });
    d.add<TabMoveParams>([&port](CallContext &c, const TabMoveParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        std::optional<Handle> window;
        if (p.toWindow) {
            const auto w = port.resolveWindow(*c.sessionId, *p.toWindow);
            if (auto *e = std::get_if<Error>(&w))
                return *e;
            window = std::get<Handle>(w);
        }
        Json receipt{{"ok", true}, {"tab", ref}};
        if (p.toIndex)
            receipt["toIndex"] = *p.toIndex;
        if (p.toWindow)
            receipt["toWindow"] = *p.toWindow;
        return receiptOr(port.moveTab(*c.sessionId, std::get<Handle>(tab), p.toIndex, window), receipt);
    });
}

void addPaneMutations(Dispatcher &d, WorkspacePort &port, DevicePort &devices)
{
    d.add<PaneOpenParams>([&port](CallContext &c, const PaneOpenParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        const auto created = port.splitTerminal(*c.sessionId, std::get<Handle>(tab), p.cwd, p.cmd);
        if (auto *e = std::get_if<Error>(&created))
            return *e;
        return newTerminalReceipt("tab", ref, std::get<WorkspacePort::NewTerminal>(created));
    });
    d.add<PaneCloseParams>([&port, &devices](CallContext &c, const PaneCloseParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.pane);
        const Json receipt{{"ok", true}, {"pane", ref}, {"mode", closeModeName(p.mode)}};
        const auto pane = port.resolveTerminal(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&pane)) {
            // Not a terminal: one of the caller's device panes, perhaps.
            // Detach (the default) leaves the device running.
            const auto device = ref == "current" ? pane : devices.resolveDevicePane(*c.sessionId, ref);
            if (std::holds_alternative<Error>(device))
                return *e;
            return receiptOr(devices.closeDevicePane(std::get<Handle>(device), p.mode == CloseMode::Detach), receipt);
        }
        return receiptOr(port.closeTerminal(std::get<Handle>(pane)), receipt);
    });
    // In the contract's catalog, and unsupported there too.
    for (const MethodSpec &method : {method::PaneRename, method::PaneMove}) {
        const std::string name(method.name);
        d.add(method, [name](CallContext &, const Json &) -> HandlerResult {
            return intentError(intent::InternalError, "internal: " + name + " is not implemented");
        });
    }
}

void addWindowMutations(Dispatcher &d, WorkspacePort &port)
{
    d.add(method::WindowOpen, [&port](CallContext &c, const Json &) -> HandlerResult {
        const auto index = port.openWindow(*c.sessionId);
        if (auto *e = std::get_if<Error>(&index))
            return *e;
        // Beyond the original, additively: where the window went.
        return Json{{"ok", true}, {"index", std::get<int>(index)}};
    });
    d.add<WindowCloseParams>([&port](CallContext &c, const WindowCloseParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.window);
        const auto w = port.resolveWindow(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&w))
            return *e;
        return receiptOr(port.closeWindow(*c.sessionId, std::get<Handle>(w)),
                         {{"ok", true}, {"window", ref}, {"mode", closeModeName(p.mode)}});
    });
    d.add<WindowFocusParams>([&port](CallContext &c, const WindowFocusParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.window);
        const auto w = port.resolveWindow(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&w))
            return *e;
        const auto focused = port.focusWindow(std::get<Handle>(w));
        if (auto *e = std::get_if<Error>(&focused))
            return *e;
        Json receipt = {{"ok", true}, {"window", ref}};
        // Said, not hidden: the request went to the compositor, which may
        // leave the window where it is.
        if (std::get<bool>(focused))
            receipt["activation"] = "compositor";
        return receipt;
    });
}

} // namespace

void addWorkspaceMutations(Dispatcher &d, WorkspacePort &port, DevicePort &devices, CommandPort &commands)
{
    addTabMutations(d, port, commands);
    addPaneMutations(d, port, devices);
    addWindowMutations(d, port);
}

} // namespace dt::rpc
