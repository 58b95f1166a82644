// Reads the SGR attributes libvterm 0.1.4 lacks (sgr_extras.h), in both the
// semicolon and the colon (ITU T.416) forms of the extended colours.

#include "terminal/core/sgr_extras.h"

#include <algorithm>
#include <vector>

namespace dt::term {

namespace {

// One parameter and its colon sub-parameters; -1 for an empty one.
struct Param {
    std::vector<int> values;
    std::string_view text; // as written, to pass on
};

std::vector<Param> split(std::string_view params)
{
    std::vector<Param> out;
    size_t begin = 0;
    while (true) {
        const size_t end = std::min(params.find(';', begin), params.size());
        Param p;
        p.text = params.substr(begin, end - begin);
        int value = -1;
        for (char c : p.text) {
            if (c == ':') {
                p.values.push_back(value);
                value = -1;
            } else {
                value = std::min((value < 0 ? 0 : value) * 10 + (c - '0'), 100000);
            }
        }
        p.values.push_back(value);
        out.push_back(std::move(p));
        if (end == params.size())
            break;
        begin = end + 1;
    }
    return out;
}

uint8_t byteOf(int v) { return static_cast<uint8_t>(std::clamp(v, 0, 255)); }

// An extended colour's arguments (after 38, 48 or 58): from the same
// parameter's sub-parameters, or else from the parameters after it. Sets
// `used` to how many following parameters it took; nothing when malformed.
std::optional<Color> extendedColour(const std::vector<Param> &ps, size_t i, size_t &used)
{
    used = 0;
    const std::vector<int> &sub = ps[i].values;
    if (sub.size() > 1) { // colon form: 58:5:n, 58:2::r:g:b or 58:2:r:g:b
        if (sub[1] == 5 && sub.size() >= 3 && sub[2] >= 0)
            return Color::indexed(byteOf(sub[2]));
        if (sub[1] == 2 && sub.size() >= 5) {
            const size_t r = sub.size() >= 6 ? 3 : 2; // a colour space id comes first
            return Color::rgb(byteOf(sub[r]), byteOf(sub[r + 1]), byteOf(sub[r + 2]));
        }
        return std::nullopt;
    }
    if (i + 1 >= ps.size())
        return std::nullopt;
    const int kind = ps[i + 1].values[0];
    if (kind == 5 && i + 2 < ps.size()) {
        used = 2;
        return Color::indexed(byteOf(ps[i + 2].values[0]));
    }
    if (kind == 2 && i + 4 < ps.size()) {
        used = 4;
        return Color::rgb(byteOf(ps[i + 2].values[0]), byteOf(ps[i + 3].values[0]), byteOf(ps[i + 4].values[0]));
    }
    used = kind == 5 ? ps.size() - i - 1 : kind == 2 ? ps.size() - i - 1 : 1;
    return std::nullopt;
}

UnderlineStyle underlineOf(const Param &p)
{
    if (p.values.size() < 2)
        return UnderlineStyle::Single;
    switch (p.values[1]) {
    case 0: return UnderlineStyle::None;
    case 2: return UnderlineStyle::Double;
    case 3: return UnderlineStyle::Curly;
    case 4: return UnderlineStyle::Dotted;
    case 5: return UnderlineStyle::Dashed;
    default: return UnderlineStyle::Single;
    }
}

} // namespace

SgrRead readSgr(std::string_view params)
{
    SgrRead read;
    SgrExtras &x = read.extras;
    for (char c : params) {
        if (!(c >= '0' && c <= '9') && c != ';' && c != ':') {
            read.plain = false;
            return read;
        }
    }
    const std::vector<Param> ps = split(params);
    std::vector<std::string> &units = read.units;
    auto keepFrom = [&](size_t first, size_t count) {
        std::string unit;
        for (size_t k = first; k < first + count && k < ps.size(); ++k)
            unit += (unit.empty() ? "" : ";") + std::string(ps[k].text.empty() ? std::string_view("0") : ps[k].text);
        units.push_back(std::move(unit));
    };
    for (size_t i = 0; i < ps.size(); ++i) {
        const int v = ps[i].values[0];
        size_t used = 0;
        switch (v) {
        case -1:
        case 0:
            x.faint = x.conceal = x.overline = false;
            x.underline = UnderlineStyle::None;
            x.underlineColour = Color{};
            break;
        case 2: x.faint = true; break;
        case 22: x.faint = false; break;
        case 4: x.underline = underlineOf(ps[i]); break;
        case 21: x.underline = UnderlineStyle::Double; break;
        case 24: x.underline = UnderlineStyle::None; break;
        case 8: x.conceal = true; break;
        case 28: x.conceal = false; break;
        case 53: x.overline = true; break;
        case 55: x.overline = false; break;
        case 38:
        case 48:
            if (ps[i].values.size() > 1) {
                // libvterm 0.1.4 reads the colon form's empty colour space
                // as the red: it gets the semicolon form instead.
                if (const std::optional<Color> c = extendedColour(ps, i, used))
                    units.push_back(std::to_string(v)
                                    + (c->kind == Color::Indexed ? ";5;" + std::to_string(c->index())
                                                                 : ";2;" + std::to_string(c->r) + ";" + std::to_string(c->g)
                                                                       + ";" + std::to_string(c->b)));
                read.rewritten = true;
                continue;
            }
            // Skip the arguments, so a 5 or a 2 among them is not read as
            // blink or faint.
            extendedColour(ps, i, used);
            break;
        case 58:
            if (const std::optional<Color> c = extendedColour(ps, i, used))
                x.underlineColour = *c;
            read.rewritten = true; // libvterm would read its arguments as attributes (a 0 resets)
            i += used;
            continue;
        case 59:
            x.underlineColour = Color{};
            read.rewritten = true;
            continue;
        default: break;
        }
        keepFrom(i, 1 + used);
        i += used;
    }
    return read;
}

std::string sgrSequences(const std::vector<std::string> &units)
{
    std::string out, params;
    size_t args = 0;
    auto close = [&] {
        if (!params.empty())
            out += "\x1b[" + params + "m";
        params.clear();
        args = 0;
    };
    for (const std::string &unit : units) {
        const size_t n = 1 + static_cast<size_t>(std::count_if(unit.begin(), unit.end(), [](char c) { return c == ';' || c == ':'; }));
        if (n > kMaxCsiArgs)
            continue;
        if (args + n > kMaxCsiArgs)
            close();
        params += (params.empty() ? "" : ";") + unit;
        args += n;
    }
    close();
    return out;
}

} // namespace dt::term
