// `deviceterm windows list [--all]`: this tab's window, or every window, as a table or JSON.

#include "app/cli/cli.h"

#include <cstdio>

namespace dt::cli {

int runWindowsList(Context &c)
{
    if (!c.acceptOnly({"--all"}))
        return 1;
    const auto rows = c.call(dt::rpc::WindowsListParams{c.flag("--all")});
    if (!rows)
        return 1;
    if (c.json()) {
        c.printJson(*rows);
        return 0;
    }
    std::printf("%-6s %-4s %-5s %s\n", "INDEX", "KEY", "TABS", "SELECTED");
    for (const Json &row : *rows)
        std::printf("%-6d %-4s %-5d %s\n", row.value("index", 0), row.value("isKey", false) ? "*" : "",
                    row.value("tabCount", 0), row.value("selectedTabShortId", std::string("-")).c_str());
    return 0;
}

} // namespace dt::cli
