// `deviceterm tab run`: types a command at another tab's prompt and answers
// once it has finished, with its output and its exit status, no polling.

#include "app/cli/cli.h"
#include "app/cli/verbs/command_reply.h"

namespace dt::cli {

int runTabRun(Context &c)
{
    if (!c.parseOptions({"--tab", "--timeout", "--max-bytes"}, {"--queue"}))
        return 1;
    dt::rpc::TabRunParams params;
    params.tab = c.option("--tab").value_or("");
    for (const std::string &word : c.positionals())
        params.command += (params.command.empty() ? "" : " ") + word;
    if (params.command.empty()) {
        c.error("nothing to run; usage: deviceterm tab run --tab REF [--timeout SECONDS] [--queue] [--] COMMAND…");
        return 1;
    }
    if (!readWaitOptions(c, params.timeoutMillis, params.maxBytes))
        return 1;
    params.queue = c.flag("--queue");
    if (!c.inTab())
        return c.notInTab("tab run");
    return finishCommandReply(c, c.call(params));
}

} // namespace dt::cli
