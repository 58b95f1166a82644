#include "cli.h"

#include <cstdio>

namespace dt::cli {

int runHelp(Context &)
{
    std::printf("usage: deviceterm <command> [--json]\n\ncommands:\n");
    for (const Verb &v : verbs())
        std::printf("  %-34s %s\n", v.usage, v.summary);
    std::printf("\nInside a deviceterm tab the session comes from the environment; never pass it as an argument.\n");
    return 0;
}

} // namespace dt::cli
