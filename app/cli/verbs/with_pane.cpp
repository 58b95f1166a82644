// `deviceterm with-pane`: picks one of the session's device panes and runs a command with
// DEVICETERM_TARGET_PANE, DISPLAY and XAUTHORITY pointing at it, exiting with the command's status.

#include "app/cli/child_process.h"
#include "app/cli/cli.h"

namespace dt::cli {

// with-pane [--pane REF] -- COMMAND [ARGS…]: runs COMMAND with the device
// pane as its target (DEVICETERM_TARGET_PANE, and DISPLAY so X11 programs it
// starts appear in the device). Exits with COMMAND's status.
int runWithPane(Context &c)
{
    // Options end at "--" or at the command's first word: everything from
    // there on belongs to the command (`with-pane xdotool search --name .`).
    std::string wanted;
    std::vector<std::string> command;
    const std::vector<std::string> &words = c.operands();
    for (size_t i = 0; i < words.size(); ++i) {
        if (words[i] == "--pane" && i + 1 < words.size()) {
            wanted = words[++i];
        } else if (words[i] == "--pane" || (words[i].rfind("--", 0) == 0 && words[i] != "--")) {
            c.error(words[i] == "--pane" ? "--pane needs a value" : "unknown option " + words[i]);
            return 1;
        } else {
            command.assign(words.begin() + static_cast<long>(i + (words[i] == "--" ? 1 : 0)), words.end());
            break;
        }
    }
    if (command.empty()) {
        c.error("usage: deviceterm with-pane [--pane REF] -- COMMAND [ARGS…]");
        return 1;
    }
    if (!c.inTab())
        return c.notInTab("with-pane");
    const auto panes = c.call(method::PanesList);
    if (!panes)
        return 1;
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
    if (matches[0].contains("xauthority"))
        env["XAUTHORITY"] = matches[0]["xauthority"].get<std::string>();
    return runAndForward(command, env);
}

} // namespace dt::cli
