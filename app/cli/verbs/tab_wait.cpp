// `deviceterm tab wait`: waits for the command another tab is running (or
// takes its last finished one) and prints its output; exits with its status.

#include "app/cli/cli.h"
#include "app/cli/verbs/command_reply.h"

namespace dt::cli {

int runTabWait(Context &c)
{
    if (!c.parseOptions({"--tab", "--timeout", "--max-bytes"}, {}))
        return 1;
    if (!c.positionals().empty()) {
        c.error("unexpected argument '" + c.positionals().front() + "'; usage: deviceterm tab wait --tab REF [--timeout SECONDS]");
        return 1;
    }
    dt::rpc::TabWaitParams params;
    params.tab = c.option("--tab").value_or("");
    if (!readWaitOptions(c, params.timeoutMillis, params.maxBytes))
        return 1;
    if (!c.inTab())
        return c.notInTab("tab wait");
    return finishCommandReply(c, c.call(params));
}

} // namespace dt::cli
