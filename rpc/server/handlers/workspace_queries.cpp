// The read-only workspace methods: tabs.list, windows.list (this window or all) and tab.info; the first two
// also from a published roster, off the GUI thread.

#include "rpc/server/handlers/workspace_queries.h"


namespace dt::rpc {

namespace {
Json rowsJson(const auto &rows)
{
    Json out = Json::array();
    for (const auto &row : rows)
        out.push_back(toJson(row));
    return out;
}
} // namespace

void addWorkspaceQueries(Dispatcher &dispatcher, WorkspacePort &port)
{
    // Daemon-wide: out of a tab every row has current: false.
    dispatcher.add(method::TabsList,
                   [&port](CallContext &c, const Json &) -> HandlerResult { return rowsJson(port.tabRows(c.sessionId)); });
    // Daemon-wide too; without `all`, a caller outside any tab owns no window.
    dispatcher.add<WindowsListParams>([&port](CallContext &c, const WindowsListParams &p) -> HandlerResult {
        return rowsJson(port.windowRows(c.sessionId, p.all));
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

void addRosterAnswers(Dispatcher &dispatcher, const RosterBoard &board)
{
    using Answer = std::optional<std::variant<Json, Error>>;
    dispatcher.addFastAnswer(method::TabsList, [&board](const CallContext &c, const Json &) -> Answer {
        if (const auto roster = board.current())
            return rowsJson(tabRowsFor(*roster, c.sessionId));
        return std::nullopt;
    });
    dispatcher.addFastAnswer<WindowsListParams>([&board](const CallContext &c, const WindowsListParams &p) -> Answer {
        if (const auto roster = board.current())
            return rowsJson(windowRowsFor(*roster, c.sessionId, p.all));
        return std::nullopt;
    });
}

} // namespace dt::rpc
