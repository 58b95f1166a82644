#include "cli.h"

#include <cstdio>

namespace dt::cli {

// Follows the event stream: one JSON object per line (always JSON), each
// with `type` and `ts`. Exit 0 when deviceterm ends the stream.
int runEvents(Context &c)
{
    if (!c.acceptOnly())
        return 1;
    if (!c.inTab())
        return c.notInTab("events");
    if (!c.call("daemon.events"))
        return 1;
    dt::rpc::Connection *connection = c.connect();
    std::string why;
    while (auto event = connection->nextEvent(&why)) {
        std::printf("%s\n", dt::rpc::dumpJson(event->params).c_str());
        std::fflush(stdout);
    }
    if (!why.empty()) {
        c.error(why);
        return 1;
    }
    return 0;
}

} // namespace dt::cli
