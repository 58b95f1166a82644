// `deviceterm help [TOPIC]`: lists the verbs (or a topic's), and for an unknown topic suggests close
// spellings.

#include "app/cli/cli.h"
#include "app/cli/verb_lookup.h"

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

// Columns a line of UTF-8 takes (the usages hold only narrow characters).
size_t displayWidth(const std::string &text)
{
    size_t columns = 0;
    for (const unsigned char c : text)
        columns += (c & 0xC0) != 0x80;
    return columns;
}

// Topics a mistyped one was probably meant to be.
std::string suggestionsFor(const std::string &topic)
{
    std::set<std::string> topics;
    for (const Verb &v : verbs())
        topics.insert(v.words.front());
    return closeTo(topic, std::vector<std::string>(topics.begin(), topics.end()));
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
    // Grouped by topic ("tabs list" beside "tab run"), in the order topics
    // first appear; a blank line between groups of subcommands. Aligned by
    // what the terminal shows (… is one column, three bytes); a usage too
    // wide for the column puts its summary on the next line.
    std::set<std::string> groups;
    for (const Verb &v : all)
        groups.insert(v.words.front());
    auto topicOf = [&](const Verb &v) {
        const std::string &w = v.words.front();
        return w.size() > 1 && w.back() == 's' && groups.count(w.substr(0, w.size() - 1)) ? w.substr(0, w.size() - 1) : w;
    };
    std::vector<std::string> order;
    for (const Verb &v : all)
        if (std::find(order.begin(), order.end(), topicOf(v)) == order.end())
            order.push_back(topicOf(v));
    std::vector<const Verb *> shown;
    for (const Verb &v : all)
        if (matchesTopic(v, topic))
            shown.push_back(&v);
    std::stable_sort(shown.begin(), shown.end(), [&](const Verb *a, const Verb *b) {
        return std::find(order.begin(), order.end(), topicOf(*a)) < std::find(order.begin(), order.end(), topicOf(*b));
    });
    constexpr size_t kColumn = 52;
    const Verb *previous = nullptr;
    for (const Verb *v : shown) {
        if (previous && topicOf(*previous) != topicOf(*v) && (previous->words.size() > 1 || v->words.size() > 1))
            std::printf("\n");
        previous = v;
        const size_t width = displayWidth(v->usage);
        if (width <= kColumn)
            std::printf("  %s%s %s\n", v->usage, std::string(kColumn - width, ' ').c_str(), v->summary);
        else
            std::printf("  %s\n  %s %s\n", v->usage, std::string(kColumn, ' ').c_str(), v->summary);
    }
    std::printf("\nInside a deviceterm tab the session comes from the environment; never pass it as an argument.\n"
                "See 'deviceterm agents' for a guide to automating deviceterm.\n");
    return 0;
}

} // namespace dt::cli
