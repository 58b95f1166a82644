// `deviceterm tab capture`: fetches another tab's screen (plus optional scrollback) and prints it as raw
// text, or as JSON with --json.

#include "app/cli/cli.h"

#include <algorithm>
#include <cstdio>

namespace dt::cli {

// Another tab's screen as text (orchestration only): for people the raw
// text, so `> screen.txt` saves the screen.
int runTabCapture(Context &c)
{
    if (!c.parseOptions({"--tab", "--scrollback"}, {}))
        return 1;
    if (!c.positionals().empty()) {
        c.error("unexpected argument '" + c.positionals().front() + "'; usage: deviceterm tab capture [--tab REF] [--scrollback N]");
        return 1;
    }
    dt::rpc::TabCaptureParams params;
    params.tab = c.option("--tab").value_or("");
    if (auto lines = c.option("--scrollback")) {
        const bool digits = !lines->empty() && lines->size() <= 7
            && std::all_of(lines->begin(), lines->end(), [](char ch) { return ch >= '0' && ch <= '9'; });
        if (!digits) {
            c.error("--scrollback must be a whole number of lines, not '" + *lines + "'");
            return 1;
        }
        params.scrollback = std::stoi(*lines);
    }
    if (!c.inTab())
        return c.notInTab("tab capture");
    const auto result = c.call(params);
    if (!result)
        return 1;
    if (c.json()) {
        c.printJson(*result);
        return 0;
    }
    const std::string text = result->value("text", std::string());
    std::fwrite(text.data(), 1, text.size(), stdout);
    if (text.empty() || text.back() != '\n')
        std::fputc('\n', stdout); // a blank screen is one empty line

    return 0;
}

} // namespace dt::cli
