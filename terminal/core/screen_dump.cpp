// Plain-text pictures of a terminal for reference tests and bug reports: the visible rows with cursor,
// title and alt-screen state, runs of styled cells, and the scrollback.

#include "terminal/core/screen_dump.h"

#include <cstdio>

namespace dt::term {

namespace {

std::string colorText(Color c)
{
    char buf[16];
    switch (c.kind) {
    case Color::Indexed: std::snprintf(buf, sizeof buf, "%u", c.index()); return buf;
    case Color::Rgb: std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b); return buf;
    default: return "default";
    }
}

std::string rowText(const Line &line)
{
    std::string out = line.text();
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

} // namespace

std::string describeStyle(const Cell &c, const Decoration *decoration)
{
    static const char *const kUnderlines[] = {"", "underline", "underline=double", "underline=curly",
                                              "underline=dotted", "underline=dashed", "underline", "underline"};
    std::string s;
    auto add = [&s](const std::string &word) {
        if (!s.empty())
            s += ' ';
        s += word;
    };
    if (c.bold) add("bold");
    if (c.dim) add("dim");
    if (c.italic) add("italic");
    if (c.underline) add(kUnderlines[c.underline]);
    if (c.blink) add("blink");
    if (c.reverse) add("reverse");
    if (c.strike) add("strike");
    if (c.overline) add("overline");
    if (c.conceal) add("conceal");
    if (!c.fg.isDefault()) add("fg=" + colorText(c.fg));
    if (!c.bg.isDefault()) add("bg=" + colorText(c.bg));
    if (decoration && !decoration->underlineColour.isDefault())
        add("underline-colour=" + colorText(decoration->underlineColour));
    if (decoration && !decoration->linkUri.empty())
        add("link=" + decoration->linkUri + (decoration->linkId.empty() ? "" : " link-id=" + decoration->linkId));
    return s;
}

std::string dumpScreenText(const Terminal &t)
{
    std::string out;
    for (int r = 0; r < t.rows(); ++r)
        out += rowText(t.screenLine(r)) + "\n";
    const CursorState c = t.cursor();
    out += "cursor " + std::to_string(c.row) + "," + std::to_string(c.col) + (c.visible ? "" : " hidden") + "\n";
    if (!t.title().empty())
        out += "title " + t.title() + "\n";
    if (t.altScreenActive())
        out += "altscreen\n";
    static const char *const kSizes[] = {"", "double-width", "double-height-top", "double-height-bottom"};
    for (int r = 0; r < t.rows(); ++r) {
        if (const auto size = static_cast<int>(t.screenLine(r).lineSize()))
            out += "row " + std::to_string(r) + " " + kSizes[size] + "\n";
    }
    return out;
}

std::string dumpAttributes(const Terminal &t)
{
    std::string out;
    for (int r = 0; r < t.rows(); ++r) {
        const Line &line = t.screenLine(r);
        int col = 0;
        while (col < line.size()) {
            if (line[col].continuation) {
                ++col;
                continue;
            }
            const std::string style = describeStyle(line[col], t.decoration(line[col]));
            int end = col + 1;
            while (end < line.size()
                   && (line[end].continuation || describeStyle(line[end], t.decoration(line[end])) == style))
                ++end;
            if (!style.empty())
                out += std::to_string(r) + " " + std::to_string(col) + "-" + std::to_string(end - 1) + " " + style + "\n";
            col = end;
        }
    }
    return out;
}

std::string dumpScrollback(const Terminal &t)
{
    std::string out;
    const Scrollback &sb = t.scrollback();
    for (int i = 0; i < sb.size(); ++i)
        out += rowText(sb.fromOldest(i)) + "\n";
    return out;
}

} // namespace dt::term
