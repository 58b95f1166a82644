// Serialises the workspace reply shapes (tab rows, window rows, tab info with its device panes) to the
// contract's JSON, leaving optional fields out when absent.

#include "rpc/contract/workspace_shapes.h"

#include "rpc/contract/json_fields.h"

namespace dt::rpc {

namespace {
void putCommands(Json &j, const CommandState &c)
{
    j["shellIntegration"] = c.shellIntegration;
    j["commandRunning"] = c.commandRunning;
    putIf(j, "cwd", c.cwd);
    if (c.lastExitStatus)
        j["lastExitStatus"] = *c.lastExitStatus;
}
} // namespace

Json toJson(const TabRow &row)
{
    Json j{{"current", row.current}, {"sessionId", row.sessionId}};
    putIf(j, "shortId", row.shortId);
    putIf(j, "name", row.name);
    putIf(j, "displayTitle", row.displayTitle);
    putIf(j, "label", row.label);
    putCommands(j, row.commands);
    return j;
}

Json toJson(const WindowRow &row)
{
    Json j{{"index", row.index}, {"isKey", row.isKey}, {"tabCount", row.tabCount}};
    putIf(j, "selectedTabShortId", row.selectedTabShortId);
    return j;
}

Json toJson(const TabInfo &info)
{
    Json j{{"sessionId", info.sessionId}, {"role", info.role}, {"isCurrent", info.isCurrent}, {"simPanes", Json::array()}};
    for (const PaneRow &row : info.simPanes)
        j["simPanes"].push_back(toJson(row));
    putIf(j, "shortId", info.shortId);
    putIf(j, "name", info.name);
    putCommands(j, info.commands);
    return j;
}

} // namespace dt::rpc
