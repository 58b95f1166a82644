// Finding the element a verb acts on (see the header).

#include "app/cli/verbs/ax_target.h"

#include <cctype>

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

} // namespace dt::cli
