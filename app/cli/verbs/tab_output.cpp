// `deviceterm tab output`: one command's output (default: the last finished
// command's), as the shell's marks delimit it, not the screen.

#include "app/cli/cli.h"
#include "app/cli/verbs/command_reply.h"

#include <cstdlib>

namespace dt::cli {

int runTabOutput(Context &c)
{
    if (!c.parseOptions({"--tab", "--command", "--max-bytes"}, {}))
        return 1;
    if (!c.positionals().empty()) {
        c.error("unexpected argument '" + c.positionals().front()
                + "'; usage: deviceterm tab output [--tab REF] [--command ID] [--max-bytes N]");
        return 1;
    }
    dt::rpc::TabOutputParams params;
    params.tab = c.option("--tab").value_or("");
    if (auto id = c.option("--command")) {
        char *end = nullptr;
        const unsigned long long n = std::strtoull(id->c_str(), &end, 10);
        if (id->empty() || *end != '\0' || n == 0 || id->front() == '-') {
            c.error("--command must be a command id (see tab commands), not '" + *id + "'");
            return 1;
        }
        params.command = n;
    }
    int64_t unusedTimeout = 0;
    if (!readWaitOptions(c, unusedTimeout, params.maxBytes))
        return 1;
    c.setCallTimeout(10000);
    if (!c.inTab())
        return c.notInTab("tab output");
    const auto record = c.call(params);
    if (!record)
        return 1;
    finishCommandReply(c, record);
    return 0; // the command's status is in the record; reading it succeeded
}

} // namespace dt::cli
