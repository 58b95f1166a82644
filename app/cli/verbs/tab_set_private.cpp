// `deviceterm tab set-private true|false`: parses the yes/no word and asks the server to hide the tab from
// (or show it again to) every other session.

#include "app/cli/cli.h"

#include <algorithm>
#include <cctype>

namespace dt::cli {

namespace {
std::optional<bool> parseBool(std::string word)
{
    std::transform(word.begin(), word.end(), word.begin(), [](unsigned char ch) { return std::tolower(ch); });
    for (const char *yes : {"true", "yes", "on", "1"})
        if (word == yes)
            return true;
    for (const char *no : {"false", "no", "off", "0"})
        if (word == no)
            return false;
    return std::nullopt;
}
} // namespace

// Hides a tab the caller owns a terminal in from every other session.
int runTabSetPrivate(Context &c)
{
    static const char usage[] = "usage: deviceterm tab set-private true|false [--tab REF]";
    if (!c.parseOptions({"--tab"}, {}))
        return 1;
    if (c.positionals().size() != 1) {
        c.error(std::string(c.positionals().empty() ? "say true or false; " : "one value only; ") + usage);
        return 1;
    }
    const auto wanted = parseBool(c.positionals().front());
    if (!wanted) {
        c.error("'" + c.positionals().front() + "' is neither true (yes, on, 1) nor false (no, off, 0); " + usage);
        return 1;
    }
    if (!c.inTab())
        return c.notInTab("tab set-private");
    const auto receipt = c.call(dt::rpc::TabSetPrivateParams{c.option("--tab").value_or(""), *wanted});
    if (!receipt)
        return 1;
    if (c.json()) {
        c.printJson(*receipt);
        return 0;
    }
    const bool committed = receipt->value("committed", false);
    c.printLine(std::string(committed ? "ok" : "pending") + " tab=" + receipt->value("tab", std::string())
                + " private=" + (receipt->value("isPrivate", false) ? "true" : "false") + (committed ? "" : " (unconfirmed)"));
    return 0;
}

} // namespace dt::cli
