// `deviceterm ax snapshot`: the device's UI as an agent reads it: one line
// per showing, meaningful element with its ref (@e3), role, label or
// value and centre; --interactive keeps what can be tapped, typed into or
// toggled. Refs hold until the UI changes (the generation says which UI).

#include "app/cli/cli.h"
#include "app/cli/verbs/ax_target.h"

#include <cstdio>
#include <cstdlib>

namespace dt::cli {

namespace {

// "  @e3 Button 'Counter' at 0.50,0.46", indented by depth.
void printEntry(const Json &e, bool indent)
{
    std::string line(indent ? size_t(2 * e.value("depth", 0)) : 0, ' ');
    line += e.value("ref", std::string()) + " " + e.value("role", std::string());
    if (e.contains("label"))
        line += " '" + e["label"].get<std::string>() + "'";
    if (e.contains("value"))
        line += " value='" + e["value"].get<std::string>() + "'";
    char at[48];
    std::snprintf(at, sizeof at, " at %.2f,%.2f", e["normalizedCenter"]["x"].get<double>(),
                  e["normalizedCenter"]["y"].get<double>());
    std::printf("%s%s\n", line.c_str(), at);
}

} // namespace

void printAxEntries(const Json &entries, bool indent)
{
    for (const Json &e : entries)
        printEntry(e, indent);
}

std::string axPane(Context &c)
{
    if (auto ref = c.option("--pane"))
        return *ref;
    const char *chosen = std::getenv("DEVICETERM_TARGET_PANE");
    return chosen ? chosen : "";
}

int runAxSnapshot(Context &c)
{
    if (!c.parseOptions({"--pane"}, {"--interactive"}))
        return 1;
    if (!c.positionals().empty()) {
        c.error("usage: deviceterm ax snapshot [--interactive] [--pane REF]");
        return 1;
    }
    if (!c.inTab())
        return c.notInTab("ax snapshot");
    dt::rpc::AxSnapshotParams p;
    p.pane = axPane(c);
    p.interactive = c.flag("--interactive");
    c.setCallTimeout(15000);
    const auto answer = c.call(p);
    if (!answer)
        return 1;
    if (c.json()) {
        c.printJson(*answer);
        return 0;
    }
    std::printf("generation %lld\n", static_cast<long long>((*answer)["generation"].get<int64_t>()));
    printAxEntries((*answer)["nodes"], !p.interactive);
    return 0;
}

} // namespace dt::cli
