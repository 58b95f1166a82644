// Which verb a command line names (verb_lookup.h), and the "did you mean"
// when it names none.

#include "app/cli/verb_lookup.h"

#include "base/edit_distance.h"

#include <algorithm>
#include <set>

namespace dt::cli {

namespace {

// The distinct words at `position` of the verbs whose earlier words are `prefix`.
std::vector<std::string> wordsAfter(const std::vector<std::string> &prefix)
{
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const Verb &v : verbs()) {
        if (v.words.size() <= prefix.size() || !std::equal(prefix.begin(), prefix.end(), v.words.begin()))
            continue;
        if (seen.insert(v.words[prefix.size()]).second)
            out.push_back(v.words[prefix.size()]);
    }
    return out;
}

} // namespace

const Verb *findVerb(const std::vector<std::string> &words)
{
    const Verb *best = nullptr;
    for (const Verb &v : verbs()) {
        if (v.words.size() > words.size() || (best && best->words.size() >= v.words.size()))
            continue;
        if (std::equal(v.words.begin(), v.words.end(), words.begin()))
            best = &v;
    }
    return best;
}

std::string closeTo(const std::string &word, const std::vector<std::string> &candidates)
{
    return joinWords(dt::base::closeWords(word, candidates), ", ");
}

std::string whyNoVerb(const std::vector<std::string> &words)
{
    const std::string &first = words.front();
    const std::vector<std::string> groups = wordsAfter({});
    if (std::find(groups.begin(), groups.end(), first) == groups.end()) {
        const std::string close = first.rfind('-', 0) == 0 ? std::string() : closeTo(first, groups);
        return "unknown command '" + first + "'" + (close.empty() ? "" : "; did you mean: " + close + "?")
            + " (see 'deviceterm help')";
    }
    // A group: "tab" with no subcommand, or one it does not have.
    const std::vector<std::string> subcommands = wordsAfter({first});
    if (words.size() == 1 || words[1].rfind('-', 0) == 0)
        return first + " needs a subcommand: " + joinWords(subcommands, ", ") + " (see 'deviceterm help " + first + "')";
    std::string close = closeTo(words[1], subcommands);
    if (close.empty()) {
        // A neighbouring group's: "tab lst" meant "tabs list".
        std::vector<std::string> elsewhere;
        for (const std::string &group : groups) {
            if (group == first || closeTo(first, {group}).empty())
                continue;
            for (const std::string &sub : wordsAfter({group}))
                if (!closeTo(words[1], {sub}).empty())
                    elsewhere.push_back(group + " " + sub);
        }
        close = joinWords(elsewhere, ", ");
    }
    return "unknown " + first + " subcommand '" + words[1] + "'; "
        + (close.empty() ? first + " has: " + joinWords(subcommands, ", ") : "did you mean: " + close + "?")
        + " (see 'deviceterm help " + first + "')";
}

std::string joinWords(const std::vector<std::string> &words, const std::string &separator)
{
    std::string out;
    for (const std::string &w : words)
        out += (out.empty() ? "" : separator) + w;
    return out;
}

} // namespace dt::cli
