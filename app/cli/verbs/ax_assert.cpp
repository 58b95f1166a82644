// `deviceterm assert visible|hidden|value`: checks the device's UI once
// and says so: exit 0 when it holds, 1 when it does not (with what was
// found instead), 2 when it could not be checked.

#include "app/cli/cli.h"
#include "app/cli/verbs/ax_target.h"

#include <cstdio>

namespace dt::cli {

namespace {
constexpr int kFailed = 1, kUnchecked = 2;
// An element for messages: its ref when it has one, else role and label.
std::string nameOf(const Json &e)
{
    if (e.contains("ref"))
        return e["ref"].get<std::string>();
    return e.value("role", std::string()) + " '" + e.value("label", std::string()) + "'";
}

const char kUsage[] = "usage: deviceterm assert visible|hidden FINDER | assert value FINDER EXPECTED "
                      "(FINDER: @REF, --label L, --role R or --text T, with --contains or --regex)";
} // namespace

int runAssert(Context &c)
{
    if (!c.parseOptions({"--pane", "--label", "--role", "--text"}, finderSwitches()))
        return kUnchecked;
    std::vector<std::string> words = c.positionals();
    if (words.empty()) {
        c.error(kUsage);
        return kUnchecked;
    }
    const std::string what = words.front();
    words.erase(words.begin());
    std::optional<std::string> ref;
    if (!words.empty() && isRef(words.front())) {
        ref = words.front();
        words.erase(words.begin());
    }
    const bool isValue = what == "value";
    if ((what != "visible" && what != "hidden" && !isValue) || words.size() != (isValue ? 1u : 0u)) {
        c.error(kUsage);
        return kUnchecked;
    }
    dt::rpc::AxFindParams p;
    if (!readFinder(c, p, ref))
        return kUnchecked;
    if (!c.inTab()) {
        c.notInTab("assert");
        return kUnchecked;
    }
    p.pane = axPane(c);
    p.single = isValue; // a value belongs to one element
    c.setCallTimeout(15000);
    const auto answer = c.call(p);
    if (!answer) {
        // Nothing (or several) to read a value from is a failed assertion;
        // anything else (a dead bus) could not be checked.
        const auto &e = c.lastError();
        const bool aboutTheUi = e && (e->msg.rfind(dt::rpc::intent::NotFound, 0) == 0 || e->msg.rfind(dt::rpc::intent::Ambiguous, 0) == 0
                                      || e->msg.rfind(dt::rpc::intent::StaleRef, 0) == 0);
        if (aboutTheUi && ref && what == "hidden") {
            // The element the ref named is no longer there: hidden.
            if (!c.json())
                std::printf("ok: hidden (%s is gone)\n", ref->c_str());
            return 0;
        }
        return aboutTheUi && (isValue || ref) ? kFailed : kUnchecked;
    }
    const Json &matches = (*answer)["matches"];
    const std::string generation = " (generation " + std::to_string((*answer)["generation"].get<int64_t>()) + ")";
    if (what == "visible" || what == "hidden") {
        const bool visible = !matches.empty();
        if (visible == (what == "visible")) {
            if (!c.json())
                std::printf("ok: %s%s\n", what.c_str(), generation.c_str());
            return 0;
        }
        c.error("assertion failed: " + std::string(visible ? "shown: " : "nothing matches") + (visible ? nameOf(matches[0]) : std::string()) + generation);
        return kFailed;
    }
    const Json &element = matches[0];
    const std::string actual = element.value("value", element.value("label", std::string()));
    if (actual == words.front()) {
        if (!c.json())
            std::printf("ok: %s is '%s'%s\n", nameOf(element).c_str(), actual.c_str(), generation.c_str());
        return 0;
    }
    c.error("assertion failed: " + nameOf(element) + " is '" + actual + "', not '" + words.front() + "'"
            + generation);
    return kFailed;
}

} // namespace dt::cli
