// Finding the element a verb acts on (see the header).

#include "app/cli/verbs/ax_target.h"

#include <cctype>
#include <cstdlib>

namespace dt::cli {

const std::vector<std::string> &finderOptions()
{
    static const std::vector<std::string> options = {"--label", "--role", "--text"};
    return options;
}

const std::vector<std::string> &finderSwitches()
{
    static const std::vector<std::string> switches = {"--contains", "--regex"};
    return switches;
}

bool hasFinder(const Context &c)
{
    for (const std::string &o : finderOptions())
        if (c.option(o))
            return true;
    return false;
}

bool isRef(const std::string &word)
{
    return word.size() > 2 && word.compare(0, 2, "@e") == 0
           && std::all_of(word.begin() + 2, word.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
}

bool readFinder(Context &c, dt::rpc::AxFindParams &p, const std::optional<std::string> &ref)
{
    p.ref = ref;
    p.label = c.option("--label");
    p.role = c.option("--role");
    p.text = c.option("--text");
    if (c.flag("--contains") && c.flag("--regex")) {
        c.error("--contains and --regex: choose one");
        return false;
    }
    p.match = c.flag("--regex") ? dt::rpc::AxFindParams::Match::Regex
              : c.flag("--contains") ? dt::rpc::AxFindParams::Match::Contains
                                     : dt::rpc::AxFindParams::Match::Exact;
    if (ref && hasFinder(c)) {
        c.error("a ref names one element: give it or --label/--role/--text, not both");
        return false;
    }
    if (!ref && !hasFinder(c)) {
        c.error("name an element: a ref from `deviceterm ax snapshot` (@e3), or --label, --role or --text");
        return false;
    }
    return true;
}

std::optional<Json> resolveElement(Context &c, const std::string &pane, const std::optional<std::string> &ref)
{
    dt::rpc::AxFindParams find;
    if (!readFinder(c, find, ref))
        return std::nullopt;
    find.pane = pane;
    find.single = true;
    c.setCallTimeout(15000); // the tree is read on the device's accessibility bus
    const auto answer = c.call(find);
    if (!answer)
        return std::nullopt;
    const Json &matches = (*answer)["matches"];
    if (!matches.is_array() || matches.size() != 1) {
        c.error("the server answered no single element");
        return std::nullopt;
    }
    return matches[0];
}

std::optional<int64_t> durationMillis(Context &c, const std::string &word, const char *option)
{
    char *end = nullptr;
    const double v = std::strtod(word.c_str(), &end);
    const std::string unit = end ? std::string(end) : std::string();
    double ms = -1;
    if (!word.empty() && end != word.c_str() && (unit.empty() || unit == "s"))
        ms = v * 1000;
    else if (!word.empty() && end != word.c_str() && unit == "ms")
        ms = v;
    if (!(ms >= 1 && ms <= 600000)) {
        c.error(std::string(option) + " must be a duration from 1ms to 600s (5, 5s or 300ms), not '" + word + "'");
        return std::nullopt;
    }
    return static_cast<int64_t>(ms);
}

bool waitUntilIdle(Context &c, const std::string &pane)
{
    dt::rpc::WaitIdleParams idle;
    idle.pane = pane;
    // A frame's answer to input comes at once; 150 ms of stillness is
    // plenty and keeps a settled tap quick.
    idle.quietMillis = 150;
    c.setCallTimeout(static_cast<int>(idle.timeoutMillis) + 5000);
    return c.call(idle).has_value();
}

} // namespace dt::cli
