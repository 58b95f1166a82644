#include "cli.h"

namespace dt::cli {

int runTabInfo(Context &c)
{
    if (!c.acceptOnly())
        return 1;
    if (!c.inTab())
        return c.notInTab("tab info");
    const auto info = c.call("tab.info");
    if (!info)
        return 1;
    if (c.json()) {
        c.printJson(*info);
    } else {
        c.printLine("session  " + info->value("sessionId", std::string()));
        c.printLine("short id " + info->value("shortId", std::string("-")));
        c.printLine("role     " + info->value("role", std::string()));
    }
    return 0;
}

} // namespace dt::cli
