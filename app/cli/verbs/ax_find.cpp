// `deviceterm find`: the elements of the device's UI that show a label,
// role or text (exactly, --contains, or --regex), with their refs and
// centres; exits 1 when none does.

#include "app/cli/cli.h"
#include "app/cli/verbs/ax_target.h"

namespace dt::cli {

int runFind(Context &c)
{
    if (!c.parseOptions({"--pane", "--label", "--role", "--text"}, finderSwitches()))
        return 1;
    if (c.positionals().size() > 1 || (c.positionals().size() == 1 && !isRef(c.positionals()[0]))) {
        c.error("usage: deviceterm find @REF | --label L | --role R | --text T [--contains|--regex] [--pane REF]");
        return 1;
    }
    dt::rpc::AxFindParams p;
    if (!readFinder(c, p, c.positionals().empty() ? std::nullopt : std::optional<std::string>(c.positionals()[0])))
        return 1;
    if (!c.inTab())
        return c.notInTab("find");
    p.pane = axPane(c);
    c.setCallTimeout(15000);
    const auto answer = c.call(p);
    if (!answer)
        return 1;
    if (c.json())
        c.printJson(*answer);
    else
        printAxEntries((*answer)["matches"], false);
    if ((*answer)["matches"].empty()) {
        if (!c.json())
            c.error("nothing matches (generation " + std::to_string((*answer)["generation"].get<int64_t>()) + ")");
        return 1;
    }
    return 0;
}

} // namespace dt::cli
