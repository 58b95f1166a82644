#include "child_process.h"
#include "cli.h"

namespace dt::cli {

// with-pane [--pane REF] -- COMMAND [ARGS…]: runs COMMAND with the device
// pane as its target (DEVICETERM_TARGET_PANE, and DISPLAY so X11 programs it
// starts appear in the device). Exits with COMMAND's status.
int runWithPane(Context &c)
{
    if (!c.parseOptions({"--pane"}, {}))
        return 1;
    const std::vector<std::string> &command = c.positionals();
    if (command.empty()) {
        c.error("usage: deviceterm with-pane [--pane REF] -- COMMAND [ARGS…]");
        return 1;
    }
    if (!c.inTab())
        return c.notInTab("with-pane");
    const auto panes = c.call("panes.list");
    if (!panes)
        return 1;
    const std::string wanted = c.option("--pane").value_or("");
    std::vector<Json> matches;
    for (const Json &p : *panes)
        if (wanted.empty() || p.value("shortId", std::string()) == wanted || p.value("paneId", std::string()) == wanted
            || p.value("udid", std::string()) == wanted)
            matches.push_back(p);
    if (panes->empty()) {
        c.error("no device pane in this session");
        return 1;
    }
    if (matches.empty()) {
        c.error("no pane matching '" + wanted + "' in this session; run `deviceterm panes list`");
        return 1;
    }
    if (matches.size() > 1) {
        c.error("multiple panes in this session; pass --pane <ref>");
        return 1;
    }
    std::map<std::string, std::string> env{{"DEVICETERM_TARGET_PANE", matches[0].value("udid", std::string())}};
    if (matches[0].contains("display"))
        env["DISPLAY"] = matches[0]["display"].get<std::string>();
    return runAndForward(command, env);
}

} // namespace dt::cli
