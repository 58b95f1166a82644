// Reads SGR sequences whole (sgr_extras.h): libvterm 0.1.4's attributes as
// it reads them and those it lacks, in both the semicolon and the colon
// (ITU T.416) forms of the extended colours; and the pen back as SGR.

#include "terminal/core/sgr_extras.h"

#include <algorithm>
#include <array>

namespace dt::term {

namespace {

// One parameter: its colon sub-parameters (-1 for an empty one) and its
// text as written, to pass on. No initialisers: Params holds hundreds of
// these, and clearing them all for every SGR cost more than reading it.
struct Param {
    const int *values;
    size_t count;
    const char *textData;
    size_t textSize;
    int operator[](size_t k) const { return values[k]; }
    std::string_view text() const { return {textData, textSize}; }
};

// A sequence's parameters, split into fixed arrays: the scanner keeps at
// most 256 bytes of them, so there are never more values than this.
struct Params {
    static constexpr size_t kCapacity = 260;
    std::array<int, kCapacity> values;
    std::array<Param, kCapacity> list;
    size_t size = 0;
    const Param &operator[](size_t i) const { return list[i]; }
};

// False when `params` has more values than Params holds.
bool split(std::string_view params, Params &out)
{
    size_t used = 0;
    size_t begin = 0;
    while (true) {
        const size_t end = std::min(params.find(';', begin), params.size());
        if (out.size == Params::kCapacity)
            return false;
        Param &p = out.list[out.size++];
        p.textData = params.data() + begin;
        p.textSize = end - begin;
        p.values = out.values.data() + used;
        int value = -1;
        for (char c : p.text()) {
            if (c == ':') {
                if (used == Params::kCapacity)
                    return false;
                out.values[used++] = value;
                value = -1;
            } else {
                value = std::min((value < 0 ? 0 : value) * 10 + (c - '0'), 100000);
            }
        }
        if (used == Params::kCapacity)
            return false;
        out.values[used++] = value;
        p.count = static_cast<size_t>(out.values.data() + used - p.values);
        if (end == params.size())
            return true;
        begin = end + 1;
    }
}

uint8_t byteOf(int v) { return static_cast<uint8_t>(std::clamp(v, 0, 255)); }

// A semicolon-form argument as libvterm 0.1.4 takes it into a colour: its
// low byte, and an empty one (its CSI_ARG_MISSING) as 255.
uint8_t lowByteOf(int v) { return static_cast<uint8_t>(v < 0 ? 0xff : v & 0xff); }

// An extended colour's arguments (after 38, 48 or 58): from the same
// parameter's sub-parameters, or else from the parameters after it. Sets
// `used` to how many following parameters it took; nothing when malformed.
std::optional<Color> extendedColour(const Params &ps, size_t i, size_t &used)
{
    used = 0;
    const Param &sub = ps[i];
    if (sub.count > 1) { // colon form: 58:5:n, 58:2::r:g:b or 58:2:r:g:b
        if (sub[1] == 5 && sub.count >= 3 && sub[2] >= 0)
            return Color::indexed(byteOf(sub[2]));
        if (sub[1] == 2 && sub.count >= 5) {
            const size_t r = sub.count >= 6 ? 3 : 2; // a colour space id comes first
            return Color::rgb(byteOf(sub[r]), byteOf(sub[r + 1]), byteOf(sub[r + 2]));
        }
        return std::nullopt;
    }
    if (i + 1 >= ps.size)
        return std::nullopt;
    const int kind = ps[i + 1][0];
    if (kind == 5 && i + 2 < ps.size) {
        used = 2;
        if (ps[i + 2][0] < 0)
            return std::nullopt; // libvterm steps over an empty index
        return Color::indexed(lowByteOf(ps[i + 2][0]));
    }
    if (kind == 2 && i + 4 < ps.size) {
        used = 4;
        return Color::rgb(lowByteOf(ps[i + 2][0]), lowByteOf(ps[i + 3][0]), lowByteOf(ps[i + 4][0]));
    }
    used = kind == 5 ? ps.size - i - 1 : kind == 2 ? ps.size - i - 1 : 1;
    return std::nullopt;
}

UnderlineStyle underlineOf(const Param &p)
{
    if (p.count < 2)
        return UnderlineStyle::Single;
    switch (p[1]) {
    case 0: return UnderlineStyle::None;
    case 2: return UnderlineStyle::Double;
    case 3: return UnderlineStyle::Curly;
    case 4: return UnderlineStyle::Dotted;
    case 5: return UnderlineStyle::Dashed;
    default: return UnderlineStyle::Single;
    }
}

// What libvterm is to read, one attribute with its arguments at a time,
// packed into sequences of at most kMaxCsiArgs parameters.
class LibvtermSgr {
public:
    // Parameters [first, first + count) as written (an empty one as "0").
    void keep(const Params &ps, size_t first, size_t count)
    {
        size_t args = 0;
        for (size_t k = first; k < first + count && k < ps.size; ++k)
            args += ps[k].count;
        if (!open(args))
            return;
        for (size_t k = first; k < first + count && k < ps.size; ++k) {
            if (k > first)
                m_params += ';';
            m_params += ps[k].textSize == 0 ? std::string_view("0") : ps[k].text();
        }
    }
    // 38 or 48 with a colour, in the semicolon form.
    void colour(int which, const Color &c)
    {
        if (!open(c.kind == Color::Indexed ? 3 : 5))
            return;
        m_params += std::to_string(which);
        if (c.kind == Color::Indexed) {
            m_params += ";5;" + std::to_string(c.index());
        } else {
            for (const int part : {2, int(c.r), int(c.g), int(c.b)})
                m_params += ";" + std::to_string(part);
        }
    }
    std::string take()
    {
        close();
        return std::move(m_out);
    }

private:
    // Starts a unit of `args` parameters; false when it has too many alone.
    bool open(size_t args)
    {
        if (args > kMaxCsiArgs)
            return false;
        if (m_args + args > kMaxCsiArgs)
            close();
        if (!m_params.empty())
            m_params += ';';
        m_args += args;
        return true;
    }
    void close()
    {
        if (!m_params.empty())
            m_out += "\x1b[" + m_params + "m";
        m_params.clear();
        m_args = 0;
    }

    std::string m_out, m_params;
    size_t m_args = 0;
};

// Reads the attributes into `read` and hands what libvterm is to read to
// `libvterm`, when there is one.
void walk(const Params &ps, SgrRead &read, LibvtermSgr *libvterm)
{
    SgrCore &core = read.core;
    SgrExtras &x = read.extras;
    for (size_t i = 0; i < ps.size; ++i) {
        const int v = ps[i][0];
        size_t used = 0;
        switch (v) {
        case -1:
        case 0:
            core.bold = core.italic = core.blink = core.reverse = core.strike = false;
            core.fg = core.bg = Color{};
            x.faint = x.conceal = x.overline = false;
            x.underline = UnderlineStyle::None;
            x.underlineColour = Color{};
            break;
        case 1: core.bold = true; break;
        case 3: core.italic = true; break;
        case 5: core.blink = true; break;
        case 7: core.reverse = true; break;
        case 9: core.strike = true; break;
        case 23: core.italic = false; break;
        case 25: core.blink = false; break;
        case 27: core.reverse = false; break;
        case 29: core.strike = false; break;
        case 30: case 31: case 32: case 33: case 34: case 35: case 36: case 37:
            core.fg = Color::indexed(static_cast<uint8_t>(v - 30));
            break;
        case 90: case 91: case 92: case 93: case 94: case 95: case 96: case 97:
            core.fg = Color::indexed(static_cast<uint8_t>(v - 90 + 8));
            break;
        case 40: case 41: case 42: case 43: case 44: case 45: case 46: case 47:
            core.bg = Color::indexed(static_cast<uint8_t>(v - 40));
            break;
        case 100: case 101: case 102: case 103: case 104: case 105: case 106: case 107:
            core.bg = Color::indexed(static_cast<uint8_t>(v - 100 + 8));
            break;
        case 39: core.fg = Color{}; break;
        case 49: core.bg = Color{}; break;
        case 2: x.faint = true; break;
        case 22:
            core.bold = false;
            x.faint = false; // "normal intensity": libvterm has only bold to end
            break;
        case 4: x.underline = underlineOf(ps[i]); break;
        case 21: x.underline = UnderlineStyle::Double; break;
        case 24: x.underline = UnderlineStyle::None; break;
        case 8: x.conceal = true; break;
        case 28: x.conceal = false; break;
        case 53: x.overline = true; break;
        case 55: x.overline = false; break;
        case 38:
        case 48: {
            std::optional<Color> &target = v == 38 ? core.fg : core.bg;
            if (ps[i].count > 1) {
                // libvterm 0.1.4 reads the colon form's empty colour space
                // as the red: it gets the semicolon form instead.
                const std::optional<Color> c = extendedColour(ps, i, used);
                if (c)
                    target = *c;
                if (c && libvterm)
                    libvterm->colour(v, *c);
                read.rewritten = true;
                continue;
            }
            // Its arguments are stepped over, so a 5 or a 2 among them is
            // not read as blink or faint.
            if (const std::optional<Color> c = extendedColour(ps, i, used))
                target = *c;
            break;
        }
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
        if (libvterm)
            libvterm->keep(ps, i, 1 + used);
        i += used;
    }
}

bool plainParams(std::string_view params)
{
    for (char c : params) {
        if (!(c >= '0' && c <= '9') && c != ';' && c != ':')
            return false;
    }
    return true;
}

} // namespace

SgrRead readSgr(std::string_view params)
{
    SgrRead read;
    Params ps;
    if (!plainParams(params) || !split(params, ps)) {
        read.plain = false;
        return read;
    }
    walk(ps, read, nullptr);
    return read;
}

std::string sgrForLibvterm(std::string_view params)
{
    SgrRead read;
    Params ps;
    if (!plainParams(params) || !split(params, ps))
        return {};
    LibvtermSgr libvterm;
    walk(ps, read, &libvterm);
    return libvterm.take();
}

namespace {

// A colour after SGR's 30/40/90/100 or 38/48/58 (`extended`) in the colon form.
void appendColour(std::string &out, Color c, int base, int extended)
{
    if (c.isDefault())
        return;
    out += ';';
    if (c.kind == Color::Indexed && c.index() < 16 && base > 0)
        out += std::to_string(c.index() < 8 ? base + c.index() : base + 60 + c.index() - 8);
    else if (c.kind == Color::Indexed)
        out += std::to_string(extended) + ":5:" + std::to_string(c.index());
    else
        out += std::to_string(extended) + ":2::" + std::to_string(c.r) + ':' + std::to_string(c.g) + ':' + std::to_string(c.b);
}

} // namespace

std::string sgrOfPen(const Cell &pen, Color underlineColour)
{
    std::string out = "0";
    const auto flag = [&out](bool on, const char *code) {
        if (on)
            out.append(";").append(code);
    };
    flag(pen.bold, "1");
    flag(pen.dim, "2");
    flag(pen.italic, "3");
    switch (static_cast<UnderlineStyle>(pen.underline)) {
    case UnderlineStyle::None: break;
    case UnderlineStyle::Single: out += ";4"; break;
    default: out += ";4:" + std::to_string(pen.underline); break;
    }
    flag(pen.blink, "5");
    flag(pen.reverse, "7");
    flag(pen.conceal, "8");
    flag(pen.strike, "9");
    flag(pen.overline, "53");
    appendColour(out, pen.fg, 30, 38);
    appendColour(out, pen.bg, 40, 48);
    appendColour(out, underlineColour, 0, 58);
    return out;
}

} // namespace dt::term
