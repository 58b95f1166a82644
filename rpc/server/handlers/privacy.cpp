// tab.setPrivate: checks the flag, resolves the tab and asks the workspace to hide or show it, reporting
// whether the change took effect.

#include "rpc/server/handlers/privacy.h"


namespace dt::rpc {

void addPrivacy(Dispatcher &d, WorkspacePort &port)
{
    d.add<TabSetPrivateParams>([&port](CallContext &c, const TabSetPrivateParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        const auto applied = port.setTabPrivate(*c.sessionId, std::get<Handle>(tab), p.isPrivate);
        if (auto *e = std::get_if<Error>(&applied))
            return *e;
        // The model changes on this thread before the answer leaves, so the
        // state is confirmed unless something else stood in the way.
        return Json{{"ok", true}, {"tab", ref}, {"isPrivate", p.isPrivate}, {"committed", std::get<bool>(applied)}};
    });
}

} // namespace dt::rpc
