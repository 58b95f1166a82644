// tab.setPrivate: checks the flag, resolves the tab and asks the workspace to hide or show it, reporting
// whether the change took effect.

#include "rpc/server/handlers/privacy.h"

#include "rpc/server/handlers/handler_params.h"

namespace dt::rpc {

void addPrivacy(Dispatcher &d, WorkspacePort &port)
{
    d.add(method::TabSetPrivate, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const auto wanted = p.find("isPrivate");
        if (wanted == p.end() || !wanted->is_boolean())
            return Error{code::InvalidParams, "tab.setPrivate needs isPrivate: true or false"};
        const std::string ref = refParam(p, "tab");
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        const auto applied = port.setTabPrivate(*c.sessionId, std::get<Handle>(tab), wanted->get<bool>());
        if (auto *e = std::get_if<Error>(&applied))
            return *e;
        // The model changes on this thread before the answer leaves, so the
        // state is confirmed unless something else stood in the way.
        return Json{{"ok", true}, {"tab", ref}, {"isPrivate", wanted->get<bool>()}, {"committed", std::get<bool>(applied)}};
    });
}

} // namespace dt::rpc
