// The read-only workspace methods: tabs.list, windows.list (this window or all) and tab.info.

#include "rpc/server/handlers/workspace_queries.h"

#include "rpc/server/handlers/handler_params.h"

namespace dt::rpc {

void addWorkspaceQueries(Dispatcher &dispatcher, WorkspacePort &port)
{
    // Daemon-wide: out of a tab every row has current: false.
    dispatcher.add(method::TabsList, [&port](CallContext &c, const Json &) -> HandlerResult {
        Json rows = Json::array();
        for (const TabRow &row : port.tabRows(c.sessionId))
            rows.push_back(toJson(row));
        return rows;
    });
    // Daemon-wide too; without `all`, a caller outside any tab owns no window.
    dispatcher.add(method::WindowsList, [&port](CallContext &c, const Json &params) -> HandlerResult {
        bool all = false;
        if (auto it = params.find("all"); it != params.end()) {
            if (!it->is_boolean())
                return Error{code::InvalidParams, "all must be true or false"};
            all = it->get<bool>();
        }
        Json rows = Json::array();
        for (const WindowRow &row : port.windowRows(c.sessionId, all))
            rows.push_back(toJson(row));
        return rows;
    });
    dispatcher.add(method::TabInfo, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const std::string ref = refParam(p, "tab");
        const auto tab = port.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        const std::optional<TabInfo> info = port.tabInfo(*c.sessionId, std::get<Handle>(tab));
        if (!info)
            return intentError(intent::NotFound, "tab '" + ref + "' not found");
        return toJson(*info);
    });
}

} // namespace dt::rpc
