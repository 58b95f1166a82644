// The read-only workspace methods: tabs.list, windows.list (this window or all) and tab.info.

#include "rpc/server/handlers/workspace_queries.h"


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
    dispatcher.add<WindowsListParams>([&port](CallContext &c, const WindowsListParams &p) -> HandlerResult {
        Json rows = Json::array();
        for (const WindowRow &row : port.windowRows(c.sessionId, p.all))
            rows.push_back(toJson(row));
        return rows;
    });
    dispatcher.add<TabInfoParams>([&port](CallContext &c, const TabInfoParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
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
