// The config keys and their rules (allowed words, number ranges, defaults), and reading the file into
// effective values with a warning per bad line. Plain C++, so the CLI's dump-config can use it too.

#include "app/config/config_keys.h"

#include "base/edit_distance.h"

#include <cstdlib>
#include <fstream>

namespace dt::config {

const std::vector<KeySpec> &keys()
{
    static const std::vector<KeySpec> table = {
        {"clipboard-write", "whether a program may set the clipboard or the primary selection with OSC 52 (reading "
                            "it that way is always refused)", {"allow", "deny"}, "allow", ""},
        {"confirm-close", "whether closing a pane, tab or window asks first while a program other than the shell "
                          "runs in it", {"ask", "never"}, "ask", ""},
        {"focused-pane", "how a tab of several panes marks the one with the focus: an accent border, the other "
                         "panes faded, or nothing", {"border", "dim", "none"}, "border", ""},
        {"font", "the font family", {}, std::nullopt, "the system's fixed-width font is used", 0, -1},
        {"font-size", "the font size in points", {}, "11", "", 5, 72},
        {"notify-after-seconds", "a desktop notification when a command that ran at least this long finishes in a "
                                 "tab you are not looking at (0: never)", {}, "10", "", 0, 86400},
        {"on-exit", "what happens to a tab whose program exits: close it, keep it with the exit status, or keep "
                    "it only after a failure", {"close", "keep", "keep-on-error"}, "keep-on-error", ""},
        {"quit-with-sims-default", "what quitting does with running devices: keep them for the next deviceterm or "
                                   "shut them down", {"keep", "shutdown"}, std::nullopt,
         "the Quit prompt is shown; set keep or shutdown to suppress it"},
        {"scroll-on-output", "whether output brings a view scrolled back into history down to the bottom "
                             "(typing always does)", {"no", "yes"}, "no", ""},
        {"scrollback-lines", "lines of history kept per terminal", {}, "10000", "", 0, 1000000},
        {"shell-integration", "whether bash, zsh and fish report their prompts, commands, exit statuses and "
                              "directory", {"auto", "off"}, "auto", ""},
        {"tab-close-default", "what closing a tab does with its running devices", {"detach", "shutdown"},
         std::nullopt, "closing a tab with running devices asks what to do with them; set detach or shutdown to "
                       "suppress it"},
        {"tab-close-multi-pane", "whether closing a tab of several panes asks first", {"ask", "close"}, "ask", ""},
        {"theme", "the colour theme", {"dark", "light"}, "dark", ""},
    };
    return table;
}

const KeySpec *find(const std::string &key)
{
    for (const KeySpec &s : keys())
        if (s.name == key)
            return &s;
    return nullptr;
}

bool validate(const std::string &key, const std::string &value, std::string *why)
{
    const KeySpec *spec = find(key);
    auto fail = [why](std::string text) {
        if (why)
            *why = std::move(text);
        return false;
    };
    if (!spec) {
        std::vector<std::string> names;
        for (const KeySpec &k : keys())
            names.push_back(k.name);
        const std::vector<std::string> close = dt::base::closeWords(key, names, false);
        return fail("unknown config key: " + key + (close.empty() ? "" : "; did you mean " + close.front() + "?"));
    }
    if (!spec->allowed.empty()) {
        for (const std::string &a : spec->allowed)
            if (a == value)
                return true;
        std::string list;
        for (const std::string &a : spec->allowed)
            list += (list.empty() ? "" : ", ") + a;
        return fail(key + ": '" + value + "' is not one of " + list);
    }
    if (spec->maximum < spec->minimum)
        return !value.empty() || fail(key + ": empty value");
    char *end = nullptr;
    const long n = std::strtol(value.c_str(), &end, 10);
    if (!value.empty() && *end == '\0' && n >= spec->minimum && n <= spec->maximum)
        return true;
    return fail(key + ": '" + value + "' is not a number from " + std::to_string(spec->minimum) + " to "
                + std::to_string(spec->maximum));
}

namespace {
std::string trim(const std::string &s)
{
    const size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string::npos)
        return {};
    const size_t b = s.find_last_not_of(" \t\r");
    return s.substr(a, b - a + 1);
}
} // namespace

bool parseLine(const std::string &raw, std::string &key, std::string &value)
{
    const std::string line = raw.substr(0, raw.find('#'));
    const size_t eq = line.find('=');
    if (eq == std::string::npos)
        return false;
    key = trim(line.substr(0, eq));
    value = trim(line.substr(eq + 1));
    return !key.empty();
}

Report read(const std::string &path)
{
    Report r;
    std::ifstream in(path);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        std::string key, value, why;
        if (!parseLine(line, key, value))
            continue;
        if (!validate(key, value, &why)) {
            r.warnings.push_back("line " + std::to_string(number) + ": " + why);
            continue;
        }
        r.fileValues[key] = value;
    }
    for (const KeySpec &s : keys()) {
        Entry e;
        e.key = s.name;
        if (auto it = r.fileValues.find(s.name); it != r.fileValues.end()) {
            e.value = it->second;
            e.source = "file";
        } else if (s.defaultValue) {
            e.value = *s.defaultValue;
            e.source = "default";
        } else {
            e.source = "unset";
            e.note = s.unsetNote;
        }
        r.entries.push_back(std::move(e));
    }
    return r;
}

std::string defaultPath()
{
    std::string base;
    if (const char *x = std::getenv("XDG_CONFIG_HOME"); x && x[0] == '/')
        base = x;
    else if (const char *home = std::getenv("HOME"))
        base = std::string(home) + "/.config";
    return base + "/deviceterm/config";
}

} // namespace dt::config
