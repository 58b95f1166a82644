// deviceterm: the command-line client of deviceterm's automation server, for
// scripts and coding agents running in a deviceterm tab (and, for the
// daemon-wide verbs, outside one). No Qt: it links only the RPC contract and
// client, and starts in a few milliseconds.

#include "app/cli/cli.h"
#include "app/cli/verb_lookup.h"

#include <cstdio>
#include <cstring>

int main(int argc, char *argv[])
{
    // --json may stand before or after the operands, but not after "--",
    // and never inside with-pane's child command (it belongs to the child).
    bool json = false;
    std::vector<std::string> words;
    bool afterDashes = false;
    for (int i = 1; i < argc; ++i) {
        const bool childCommand = !words.empty() && words.front() == "with-pane";
        if (!afterDashes && !childCommand && std::strcmp(argv[i], "--json") == 0) {
            json = true;
            continue;
        }
        if (std::strcmp(argv[i], "--") == 0)
            afterDashes = true;
        words.emplace_back(argv[i]);
    }
    // What people type first: no words, help in its usual spellings, the version.
    if (words.empty())
        words.emplace_back("help");
    if (words.front() == "--help" || words.front() == "-h")
        words.front() = "help";
    if (words.front() == "--version")
        words.front() = "version";

    const dt::cli::Verb *best = dt::cli::findVerb(words);
    if (!best) {
        std::fprintf(stderr, "deviceterm: %s\n", dt::cli::whyNoVerb(words).c_str());
        return 1;
    }
    const std::vector<std::string> rest(words.begin() + static_cast<long>(best->words.size()), words.end());
    // A lone --help (or -h) after a command asks for its usage; it is never
    // an operand ("tab rename -- --help" still renames to "--help").
    if (rest.size() == 1 && (rest[0] == "--help" || rest[0] == "-h")) {
        std::printf("usage: deviceterm %s\n  %s\n", best->usage, best->summary);
        return 0;
    }
    dt::cli::Context context(rest, json);
    return best->run(context);
}
