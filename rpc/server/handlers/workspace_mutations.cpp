// The methods that change the workspace: open, close, rename, select and move tabs; open and close panes
// (terminal or device); open, close and focus windows. Each answers with a receipt or the port's error.

#include "rpc/server/handlers/workspace_mutations.h"

#include "rpc/server/handlers/handler_params.h"

namespace dt::rpc {

namespace {


HandlerResult receiptOr(const std::optional<Error> &error, Json receipt)
{
    if (error)
        return *error;
    return receipt;
}

// The mode of closing: only devices care (detach keeps them running).
std::string closeMode(const Json &params)
{
    return stringParam(params, "mode") == "shutdown" ? "shutdown" : "detach";
}

// Checked before anything closes: a misspelt mode must not close in the
// other mode.
std::optional<Error> badCloseMode(const Json &params)
{
    const std::string mode = stringParam(params, "mode");
    if (mode.empty() || mode == "detach" || mode == "shutdown")
        return std::nullopt;
    return Error{code::InvalidParams, "mode must be detach or shutdown, not '" + mode + "'"};
}

} // namespace

void addWorkspaceMutations(Dispatcher &d, WorkspacePort &port, DevicePort &devices)
{
    d.add(method::TabOpen, [&port](CallContext &c, const Json &p) -> HandlerResult {
        // Tabs opened from here are always ordinary: asking for more is
        // refused outright rather than quietly downgraded.
        if (const std::string role = stringParam(p, "role"); !role.empty() && role != "agent")
            return Error{code::RoleViolation, role + " sessions can only be minted from the GUI"};
        const std::string windowRef = refParam(p, "window");
        const auto window = port.resolveWindow(*c.sessionId, windowRef);
        if (auto *e = std::get_if<Error>(&window))
            return *e;
        const auto created = port.openTab(std::get<Handle>(window), stringParam(p, "cwd"), stringParam(p, "cmd"));
        if (auto *e = std::get_if<Error>(&created))
            return *e;
        // Beyond the original, additively: the new session's ids.
        const auto &n = std::get<WorkspacePort::NewTerminal>(created);
        return Json{{"ok", true}, {"window", windowRef}, {"sessionId", n.sessionId}, {"shortId", n.shortId}};
    });
    d.add(method::TabClose, [&port](CallContext &c, const Json &p) -> HandlerResult {
        if (auto e = badCloseMode(p))
            return *e;
        const std::string ref = refParam(p, "tab");
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        return receiptOr(port.closeTab(std::get<Handle>(tab), closeMode(p) == "detach"),
                         {{"ok", true}, {"tab", ref}, {"mode", closeMode(p)}});
    });
    d.add(method::TabRename, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const std::string ref = refParam(p, "tab");
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        const std::string name = stringParam(p, "name");
        Json receipt{{"ok", true}, {"tab", ref}};
        if (!name.empty())
            receipt["name"] = name;
        return receiptOr(port.renameTab(std::get<Handle>(tab), name), receipt);
    });
    d.add(method::TabSelect, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const std::string ref = refParam(p, "tab");
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        return receiptOr(port.selectTab(std::get<Handle>(tab)), {{"ok", true}, {"tab", ref}});
    });
    d.add(method::TabMove, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const std::string ref = refParam(p, "tab");
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        std::optional<int> index;
        if (auto it = p.find("toIndex"); it != p.end()) {
            if (!it->is_number_integer() || it->get<int64_t>() < 0 || it->get<int64_t>() > 100000)
                return Error{code::InvalidParams, "toIndex must be a non-negative integer (0 is the first place)"};
            index = it->get<int>();
        }
        std::optional<Handle> window;
        std::string windowRef;
        if (auto it = p.find("toWindow"); it != p.end()) {
            windowRef = it->get<std::string>();
            const auto w = port.resolveWindow(*c.sessionId, windowRef);
            if (auto *e = std::get_if<Error>(&w))
                return *e;
            window = std::get<Handle>(w);
        }
        if (!index && !window)
            return Error{code::InvalidParams, "tab.move needs toIndex or toWindow"};
        Json receipt{{"ok", true}, {"tab", ref}};
        if (index)
            receipt["toIndex"] = *index;
        if (window)
            receipt["toWindow"] = windowRef;
        return receiptOr(port.moveTab(*c.sessionId, std::get<Handle>(tab), index, window), receipt);
    });
    d.add(method::PaneOpen, [&port](CallContext &c, const Json &p) -> HandlerResult {
        if (!p.value("terminal", false))
            return Error{code::InvalidParams, "pane.open supports terminal panes only (terminal: true)"};
        const std::string ref = refParam(p, "tab");
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        const auto created = port.splitTerminal(*c.sessionId, std::get<Handle>(tab), stringParam(p, "cwd"), stringParam(p, "cmd"));
        if (auto *e = std::get_if<Error>(&created))
            return *e;
        const auto &n = std::get<WorkspacePort::NewTerminal>(created);
        return Json{{"ok", true}, {"tab", ref}, {"sessionId", n.sessionId}, {"shortId", n.shortId}};
    });
    d.add(method::PaneClose, [&port, &devices](CallContext &c, const Json &p) -> HandlerResult {
        if (auto e = badCloseMode(p))
            return *e;
        const std::string ref = refParam(p, "pane");
        const Json receipt{{"ok", true}, {"pane", ref}, {"mode", closeMode(p)}};
        const auto pane = port.resolveTerminal(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&pane)) {
            // Not a terminal: one of the caller's device panes, perhaps.
            // Detach (the default) leaves the device running.
            const auto device = ref == "current" ? pane : devices.resolveDevicePane(*c.sessionId, ref);
            if (std::holds_alternative<Error>(device))
                return *e;
            return receiptOr(devices.closeDevicePane(std::get<Handle>(device), closeMode(p) == "detach"), receipt);
        }
        return receiptOr(port.closeTerminal(std::get<Handle>(pane)), receipt);
    });
    for (const MethodSpec &method : {method::PaneRename, method::PaneMove}) {
        const std::string name(method.name);
        d.add(method, [name](CallContext &, const Json &) -> HandlerResult {
            return intentError(intent::InternalError, "internal: " + name + " is not implemented");
        });
    }
    d.add(method::WindowOpen, [&port](CallContext &c, const Json &) -> HandlerResult {
        const auto index = port.openWindow(*c.sessionId);
        if (auto *e = std::get_if<Error>(&index))
            return *e;
        // Beyond the original, additively: where the window went.
        return Json{{"ok", true}, {"index", std::get<int>(index)}};
    });
    d.add(method::WindowClose, [&port](CallContext &c, const Json &p) -> HandlerResult {
        if (auto e = badCloseMode(p))
            return *e;
        const std::string ref = refParam(p, "window");
        const auto w = port.resolveWindow(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&w))
            return *e;
        return receiptOr(port.closeWindow(*c.sessionId, std::get<Handle>(w)), {{"ok", true}, {"window", ref}, {"mode", closeMode(p)}});
    });
    d.add(method::WindowFocus, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const std::string ref = refParam(p, "window");
        const auto w = port.resolveWindow(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&w))
            return *e;
        return receiptOr(port.focusWindow(std::get<Handle>(w)), {{"ok", true}, {"window", ref}});
    });
}

} // namespace dt::rpc
