// `deviceterm help [TOPIC]`: lists the verbs (or a topic's), and for an unknown topic suggests close
// spellings.

#include "app/cli/cli.h"

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

namespace dt::cli {

namespace {

bool matchesTopic(const Verb &v, const std::string &topic)
{
    return topic.empty() || v.words.front() == topic || v.words.front() == topic + "s";
}

size_t editDistance(const std::string &a, const std::string &b)
{
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// Topics a mistyped one was probably meant to be: close in spelling, or
// starting with it.
std::string suggestionsFor(const std::string &topic)
{
    std::set<std::string> topics;
    for (const Verb &v : verbs())
        topics.insert(v.words.front());
    std::string out;
    for (const std::string &t : topics) {
        if (editDistance(t, topic) <= 2 || t.rfind(topic, 0) == 0)
            out += (out.empty() ? "" : ", ") + t;
    }
    return out;
}

} // namespace

// help [topic]: every command, or those whose first word is the topic.
int runHelp(Context &c)
{
    if (c.operands().size() > 1 || (!c.operands().empty() && c.operands().front().rfind('-', 0) == 0)) {
        c.error("usage: deviceterm help [TOPIC]");
        return 1;
    }
    const std::string topic = c.operands().empty() ? std::string() : c.operands().front();
    const auto &all = verbs();
    if (std::none_of(all.begin(), all.end(), [&](const Verb &v) { return matchesTopic(v, topic); })) {
        const std::string close = suggestionsFor(topic);
        c.error("no help topic '" + topic + "'" + (close.empty() ? "" : "; did you mean: " + close + "?")
                + " (see 'deviceterm help')");
        return 1;
    }
    // Descriptive only: what a session may do is the app's live decision.
    if (const char *role = std::getenv("DEVICETERM_SESSION_ROLE"); role && *role && c.inTab())
        std::printf("session role: %s\n", role);
    std::printf("usage: deviceterm <command> [--json]\n\ncommands:\n");
    for (const Verb &v : all)
        if (matchesTopic(v, topic))
            std::printf("  %-52s %s\n", v.usage, v.summary);
    std::printf("\nInside a deviceterm tab the session comes from the environment; never pass it as an argument.\n"
                "See 'deviceterm agents' for a guide to automating deviceterm.\n");
    return 0;
}

} // namespace dt::cli
