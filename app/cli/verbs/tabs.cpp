// `deviceterm tabs list` and `tabs current`: every live terminal session, or just this tab's, as a table or
// JSON.

#include "app/cli/cli.h"

#include <cstdio>

namespace dt::cli {

namespace {
std::string field(const Json &row, const char *key)
{
    auto it = row.find(key);
    return it != row.end() && it->is_string() ? it->get<std::string>() : std::string("-");
}

void printRows(Context &c, const Json &rows)
{
    std::printf("  %-8s %-36s %s\n", "SHORT", "SESSION", "TITLE");
    for (const Json &row : rows)
        std::printf("%s %-8s %-36s %s\n", row.value("current", false) ? "*" : " ", field(row, "shortId").c_str(),
                    field(row, "sessionId").c_str(), field(row, "displayTitle").c_str());
    (void)c;
}
} // namespace

int runTabsList(Context &c)
{
    if (!c.acceptOnly())
        return 1;
    const auto rows = c.call(method::TabsList);
    if (!rows)
        return 1;
    if (c.json())
        c.printJson(*rows);
    else
        printRows(c, *rows);
    return 0;
}

int runTabsCurrent(Context &c)
{
    if (!c.acceptOnly())
        return 1;
    if (!c.inTab())
        return c.notInTab("tabs current");
    const auto rows = c.call(method::TabsList);
    if (!rows)
        return 1;
    for (const Json &row : *rows) {
        if (row.value("current", false)) {
            if (c.json())
                c.printJson(row);
            else
                printRows(c, Json::array({row}));
            return 0;
        }
    }
    c.error("this tab's session is not among deviceterm's live sessions");
    return 1;
}

} // namespace dt::cli
