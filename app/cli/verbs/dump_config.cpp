// `deviceterm dump-config`: every config key with its value and where it came from, read locally so it
// works without a running deviceterm.

#include "app/cli/cli.h"

#include "app/config/config_keys.h"

#include <cstdio>

namespace dt::cli {

// Every known config key with its effective value and where it comes from;
// local, so it works without a running deviceterm.
int runDumpConfig(Context &c)
{
    if (!c.acceptOnly())
        return 1;
    const dt::config::Report r = dt::config::read(dt::config::defaultPath());
    if (c.json()) {
        Json entries = Json::array();
        for (const auto &e : r.entries) {
            Json j{{"key", e.key}, {"value", e.value}, {"source", e.source}};
            if (!e.note.empty())
                j["note"] = e.note;
            entries.push_back(j);
        }
        c.printJson({{"entries", entries}, {"warnings", r.warnings}});
        return 0;
    }
    std::printf("%-24s %-14s %s\n%-24s %-14s %s\n", "KEY", "VALUE", "SOURCE", "---", "-----", "------");
    for (const auto &e : r.entries)
        std::printf("%-24s %-14s %s\n", e.key.c_str(), e.value.empty() ? "-" : e.value.c_str(), e.source.c_str());
    for (const auto &e : r.entries)
        if (!e.note.empty())
            std::printf("note: %s is unset: %s\n", e.key.c_str(), e.note.c_str());
    for (const auto &w : r.warnings)
        std::printf("warning: %s\n", w.c_str());
    return 0;
}

} // namespace dt::cli
