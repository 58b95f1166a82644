// `deviceterm tab info`: a tab's session id, short id and role (this tab unless --tab says otherwise).

#include "app/cli/cli.h"

namespace dt::cli {

int runTabInfo(Context &c)
{
    if (!c.parseOptions({"--tab"}, {}))
        return 1;
    if (!c.positionals().empty()) {
        c.error("unexpected argument '" + c.positionals().front() + "'; usage: deviceterm tab info [--tab REF]");
        return 1;
    }
    if (!c.inTab())
        return c.notInTab("tab info");
    const auto info = c.call(dt::rpc::TabInfoParams{c.option("--tab").value_or("")});
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
