// `deviceterm assert visible|hidden|value`: checks the device's UI once
// and says so: exit 0 when it holds, 1 when it does not (with what was
// found instead), 2 when it could not be checked.

#include "app/cli/cli.h"
#include "app/cli/verbs/ax_target.h"

#include <cstdio>

namespace dt::cli {

namespace {
constexpr int kFailed = 1, kUnchecked = 2;
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
        c.error("assertion failed: " + std::string(visible ? "shown: " : "nothing matches") + (visible ? matches[0].value("ref", std::string()) : std::string()) + generation);
        return kFailed;
    }
    const Json &element = matches[0];
    const std::string actual = element.value("value", element.value("label", std::string()));
    if (actual == words.front()) {
        if (!c.json())
            std::printf("ok: %s is '%s'%s\n", element.value("ref", std::string()).c_str(), actual.c_str(), generation.c_str());
        return 0;
    }
    c.error("assertion failed: " + element.value("ref", std::string()) + " is '" + actual + "', not '" + words.front() + "'"
            + generation);
    return kFailed;
}

} // namespace dt::cli
