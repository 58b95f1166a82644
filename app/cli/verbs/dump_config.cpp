// `deviceterm dump-config`: every config key with its value and where it came from, read locally so it
// works without a running deviceterm.

#include "app/cli/cli.h"

#include "app/config/config_keys.h"

#include <cstdio>

namespace dt::cli {

// Every known config key with its effective value and where it comes from;
// local, so it works without a running deviceterm.
namespace {

// Every key: what it sets, what it takes, what it is without a line of its
// own (the source of deviceterm-config(5)).
void printReference()
{
    for (const dt::config::KeySpec &k : dt::config::keys()) {
        std::string takes;
        if (!k.allowed.empty()) {
            for (const std::string &word : k.allowed)
                takes += (takes.empty() ? "" : ", ") + word;
        } else if (k.maximum >= k.minimum) {
            takes = "a number from " + std::to_string(k.minimum) + " to " + std::to_string(k.maximum);
        } else {
            takes = "text";
        }
        std::printf("%s\n    %s.\n    Takes %s; %s.\n\n", k.name.c_str(), k.description.c_str(), takes.c_str(),
                    k.defaultValue ? ("default " + *k.defaultValue).c_str() : ("unset: " + k.unsetNote).c_str());
    }
}

} // namespace

int runDumpConfig(Context &c)
{
    if (!c.acceptOnly({"--reference"}))
        return 1;
    if (c.flag("--reference")) {
        printReference();
        return 0;
    }
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
