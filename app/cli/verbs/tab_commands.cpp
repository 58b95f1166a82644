// `deviceterm tab commands`: the commands a tab's shell ran, newest last,
// as a table (id, status, duration, command) or JSON.

#include "app/cli/cli.h"

#include <cstdlib>

namespace dt::cli {

int runTabCommands(Context &c)
{
    if (!c.parseOptions({"--tab", "--limit"}, {}))
        return 1;
    if (!c.positionals().empty()) {
        c.error("unexpected argument '" + c.positionals().front() + "'; usage: deviceterm tab commands [--tab REF] [--limit N]");
        return 1;
    }
    dt::rpc::TabCommandsParams params;
    params.tab = c.option("--tab").value_or("");
    if (auto limit = c.option("--limit")) {
        char *end = nullptr;
        const long n = std::strtol(limit->c_str(), &end, 10);
        if (limit->empty() || *end != '\0' || n < 1) {
            c.error("--limit must be a positive whole number, not '" + *limit + "'");
            return 1;
        }
        params.limit = static_cast<int>(std::min<long>(n, dt::rpc::limit::kCommandRecords));
    }
    if (!c.inTab())
        return c.notInTab("tab commands");
    const auto rows = c.call(params);
    if (!rows)
        return 1;
    c.printTable(*rows, {{"ID", "commandId"}, {"STATUS", "exitStatus"}, {"MS", "durationMillis"}, {"RUNNING", "running"},
                         {"COMMAND", "command"}});
    return 0;
}

} // namespace dt::cli
