// `deviceterm completions install|print`: bash, zsh or fish completions, generated from the verb table so
// they never drift from what the CLI accepts; installed into the user's home or printed (for packages).
// `completions values devices|tabs` is what those scripts ask while the person types.

#include "app/cli/cli.h"
#include "app/cli/completion_scripts.h"
#include "devicepanes/store/device_store.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sys/stat.h>

namespace dt::cli {

namespace {

bool makeDirectories(const std::string &path)
{
    for (size_t i = 1; i <= path.size(); ++i)
        if (i == path.size() || path[i] == '/')
            ::mkdir(path.substr(0, i).c_str(), 0755);
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The device set's names (no app needed), or the tabs this shell may name
// (inside a tab, from the running app; elsewhere none): one per line, and
// never an error, since a shell shows whatever a completion prints.
int printValues(Context &c, const std::string &kind)
{
    if (kind == "devices") {
        for (const dt::devices::DeviceRecord &r : dt::devices::DeviceStore().list())
            std::printf("%s\n", r.name.c_str());
        return 0;
    }
    if (kind != "tabs" || !c.inTab())
        return 0;
    c.setQuietCalls(true);
    c.setCallTimeout(2000); // a person is waiting at the prompt
    const auto rows = c.call(dt::rpc::method::TabsList);
    if (rows && rows->is_array())
        for (const Json &row : *rows) {
            for (const char *key : {"shortId", "name"})
                if (row.contains(key) && row[key].is_string() && !row[key].get_ref<const std::string &>().empty())
                    std::printf("%s\n", row[key].get_ref<const std::string &>().c_str());
        }
    return 0;
}

} // namespace

// completions install|print bash|zsh|fish: writes the script where that
// shell looks for completions in the user's home, or prints it (what a
// package installs into the system's completion directories).
int runCompletions(Context &c)
{
    if (!c.parseOptions({}, {}))
        return 1;
    const auto &words = c.positionals();
    if (words.size() == 2 && words[0] == "values")
        return printValues(c, words[1]);
    if (words.size() != 2 || (words[0] != "install" && words[0] != "print")) {
        c.error("usage: deviceterm completions install|print bash|zsh|fish");
        return 1;
    }
    const std::string &shell = words[1];
    if (shell != "bash" && shell != "zsh" && shell != "fish") {
        c.error("unknown shell '" + shell + "' (bash, zsh or fish)");
        return 1;
    }
    const std::string script = shell == "bash" ? bashScript() : shell == "zsh" ? zshScript() : fishScript();
    if (words[0] == "print") {
        std::fputs(script.c_str(), stdout);
        return 0;
    }
    const char *home = std::getenv("HOME");
    if (!home || !*home) {
        c.error("HOME is not set");
        return 1;
    }
    auto xdg = [&](const char *name, const char *fallback) {
        const char *set = std::getenv(name);
        return set && set[0] == '/' ? std::string(set) : std::string(home) + fallback;
    };
    const std::string dir = shell == "bash" ? xdg("XDG_DATA_HOME", "/.local/share") + "/bash-completion/completions"
        : shell == "zsh"                    ? xdg("XDG_DATA_HOME", "/.local/share") + "/zsh/site-functions"
                                            : xdg("XDG_CONFIG_HOME", "/.config") + "/fish/completions";
    const std::string file = shell == "bash" ? "deviceterm" : shell == "zsh" ? "_deviceterm" : "deviceterm.fish";
    if (!makeDirectories(dir)) {
        c.error("cannot create " + dir);
        return 1;
    }
    std::ofstream out(dir + "/" + file, std::ios::trunc);
    out << script;
    if (!out) {
        c.error("cannot write " + dir + "/" + file);
        return 1;
    }
    c.printLine("installed " + dir + "/" + file);
    if (shell == "zsh")
        c.printLine("zsh reads it once " + dir + " is on fpath: add 'fpath=(" + dir
                    + " $fpath)' to ~/.zshrc before compinit");
    return 0;
}

} // namespace dt::cli
