// `deviceterm events`: subscribes and prints each workspace event as a JSON line until the server ends the
// stream; exits 1 if it ended because the reader fell behind.

#include "app/cli/cli.h"

#include <cstdio>

namespace dt::cli {

// Follows the event stream: one JSON object per line (always JSON), each
// with `type` and `ts`. Exit 0 when deviceterm ends the stream, 1 when it
// ended it because we fell behind (events were lost).
int runEvents(Context &c)
{
    if (!c.acceptOnly())
        return 1;
    if (!c.inTab())
        return c.notInTab("events");
    if (!c.call(method::DaemonEvents))
        return 1;
    dt::rpc::Connection *connection = c.connect();
    std::string why;
    bool overflowed = false;
    while (auto event = connection->nextEvent(&why)) {
        std::printf("%s\n", dt::rpc::dumpJson(event->params).c_str());
        std::fflush(stdout);
        overflowed = overflowed || event->params.value("type", std::string()) == "stream.overflow";
    }
    if (!why.empty()) {
        c.error(why);
        return 1;
    }
    if (overflowed) {
        c.error("the event stream fell behind and was closed; events were lost (read it faster, then resubscribe)");
        return 1;
    }
    return 0;
}

} // namespace dt::cli
