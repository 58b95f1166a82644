// `deviceterm wait-for` and `deviceterm wait-idle`: waiting on the
// device's UI instead of sleeping. The app watches the screen change and
// answers when an element shows (or, --gone, has gone), or when the screen
// has been still; exit 0 then, 1 at the timeout (saying what was waited
// for).

#include "app/cli/cli.h"
#include "app/cli/verbs/ax_target.h"

#include <cstdio>

namespace dt::cli {

int runWaitFor(Context &c)
{
    if (!c.parseOptions({"--pane", "--label", "--role", "--text", "--timeout"},
                        {"--contains", "--regex", "--gone"}))
        return 1;
    if (c.positionals().size() > 1 || (c.positionals().size() == 1 && !isRef(c.positionals()[0]))) {
        c.error("usage: deviceterm wait-for @REF | --label L | --role R | --text T [--contains|--regex] [--gone] "
                "[--timeout 5s]");
        return 1;
    }
    dt::rpc::AxWaitForParams p;
    if (!readFinder(c, p.finder, c.positionals().empty() ? std::nullopt : std::optional<std::string>(c.positionals()[0])))
        return 1;
    if (auto t = c.option("--timeout")) {
        const auto ms = durationMillis(c, *t, "--timeout");
        if (!ms)
            return 1;
        p.timeoutMillis = *ms;
    }
    p.gone = c.flag("--gone");
    if (!c.inTab())
        return c.notInTab("wait-for");
    p.finder.pane = axPane(c);
    c.setCallTimeout(static_cast<int>(p.timeoutMillis) + 15000); // the app answers first
    const auto answer = c.call(p);
    if (!answer)
        return 1;
    if (c.json())
        c.printJson(*answer);
    else if (p.gone)
        std::printf("gone after %lld ms\n", static_cast<long long>((*answer)["waitedMillis"].get<int64_t>()));
    else
        printAxEntries((*answer)["matches"], false);
    return 0;
}

int runWaitIdle(Context &c)
{
    if (!c.parseOptions({"--pane", "--quiet", "--timeout"}, {}) || !c.positionals().empty()) {
        if (!c.positionals().empty())
            c.error("usage: deviceterm wait-idle [--quiet 300ms] [--timeout 5s] [--pane REF]");
        return 1;
    }
    dt::rpc::WaitIdleParams p;
    for (auto [option, out] : {std::pair{"--quiet", (int64_t *)nullptr}, {"--timeout", &p.timeoutMillis}}) {
        const auto word = c.option(option);
        if (!word)
            continue;
        const auto ms = durationMillis(c, *word, option);
        if (!ms)
            return 1;
        if (out)
            *out = *ms;
        else if (*ms > 60000) {
            c.error("--quiet must be at most 60s");
            return 1;
        } else
            p.quietMillis = static_cast<int>(*ms);
    }
    if (!c.inTab())
        return c.notInTab("wait-idle");
    p.pane = axPane(c);
    c.setCallTimeout(static_cast<int>(p.timeoutMillis) + 5000);
    const auto answer = c.call(p);
    if (!answer)
        return 1;
    if (c.json())
        c.printJson(*answer);
    else
        std::printf("idle after %lld ms\n", static_cast<long long>((*answer)["waitedMillis"].get<int64_t>()));
    return 0;
}

} // namespace dt::cli
