// `deviceterm completions install|print`: bash, zsh or fish completions, generated from the verb table so
// they never drift from what the CLI accepts; installed into the user's home or printed (for packages).

#include "app/cli/cli.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sys/stat.h>

namespace dt::cli {

namespace {

// Every verb's words, generated from the verb table so completions never
// drift from what the CLI accepts.
std::set<std::string> firstWords()
{
    std::set<std::string> out;
    for (const Verb &v : verbs())
        out.insert(v.words.front());
    return out;
}

std::string secondWords(const std::string &first)
{
    std::string out;
    for (const Verb &v : verbs())
        if (v.words.size() > 1 && v.words.front() == first)
            out += (out.empty() ? "" : " ") + v.words[1];
    return out;
}

std::string join(const std::set<std::string> &words)
{
    std::string out;
    for (const std::string &w : words)
        out += (out.empty() ? "" : " ") + w;
    return out;
}

std::string bashScript()
{
    std::string cases;
    for (const std::string &first : firstWords())
        if (const std::string second = secondWords(first); !second.empty())
            cases += "        " + first + ") COMPREPLY=($(compgen -W \"" + second + " --json\" -- \"$cur\")) ;;\n";
    return "# deviceterm completion for bash, generated from `deviceterm completions print bash`\n"
           "_deviceterm() {\n"
           "    local cur=${COMP_WORDS[COMP_CWORD]}\n"
           "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
           "        COMPREPLY=($(compgen -W \""
        + join(firstWords())
        + " --json\" -- \"$cur\"))\n"
          "        return\n"
          "    fi\n"
          "    case ${COMP_WORDS[1]} in\n"
        + cases
        + "        *) COMPREPLY=($(compgen -W \"--json\" -- \"$cur\")) ;;\n"
          "    esac\n"
          "}\n"
          "complete -F _deviceterm deviceterm\n";
}

std::string zshScript()
{
    std::string cases;
    for (const std::string &first : firstWords())
        if (const std::string second = secondWords(first); !second.empty())
            cases += "    (" + first + ") compadd -- " + second + " --json ;;\n";
    return "#compdef deviceterm\n# generated from `deviceterm completions print zsh`\n"
           "if (( CURRENT == 2 )); then\n  compadd -- "
        + join(firstWords())
        + " --json\n  return\nfi\ncase $words[2] in\n" + cases + "    (*) compadd -- --json ;;\nesac\n";
}

std::string fishScript()
{
    std::string out = "# deviceterm completion for fish, generated from `deviceterm completions print fish`\n"
                      "complete -c deviceterm -f\n"
                      "complete -c deviceterm -l json -d 'machine-readable output'\n";
    for (const std::string &first : firstWords()) {
        out += "complete -c deviceterm -n __fish_use_subcommand -a " + first + "\n";
        if (const std::string second = secondWords(first); !second.empty())
            out += "complete -c deviceterm -n '__fish_seen_subcommand_from " + first + "' -a '" + second + "'\n";
    }
    return out;
}

bool makeDirectories(const std::string &path)
{
    for (size_t i = 1; i <= path.size(); ++i)
        if (i == path.size() || path[i] == '/')
            ::mkdir(path.substr(0, i).c_str(), 0755);
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
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
