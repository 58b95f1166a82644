#include "cli.h"

#include <cstdio>

namespace dt::cli {

// help [topic]: every command, or those whose first word is the topic.
int runHelp(Context &c)
{
    const std::string topic = c.operands().empty() ? std::string() : c.operands().front();
    bool any = false;
    std::printf("usage: deviceterm <command> [--json]\n\ncommands:\n");
    for (const Verb &v : verbs()) {
        if (!topic.empty() && v.words.front() != topic && v.words.front() != topic + "s")
            continue;
        std::printf("  %-52s %s\n", v.usage, v.summary);
        any = true;
    }
    if (!any) {
        c.error("no help topic '" + topic + "'; see 'deviceterm help'");
        return 1;
    }
    std::printf("\nInside a deviceterm tab the session comes from the environment; never pass it as an argument.\n"
                "See 'deviceterm agents' for a guide to automating deviceterm.\n");
    return 0;
}

} // namespace dt::cli
