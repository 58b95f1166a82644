// The colours a program asks about or changes (Terminal's part): OSC 4
// (palette entries), 10, 11 and 12 (foreground, background, cursor) are
// answered in xterm's form or set for this terminal alone; 104, 110, 111
// and 112 put them back; a full reset (RIS) puts all back. The view draws
// with its theme and these overrides on top.

#include "terminal/core/terminal.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>

namespace dt::term {

namespace {

// xterm's form: four hex digits a channel.
std::string xtermRgb(uint32_t rgb)
{
    char out[32];
    const unsigned r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;
    std::snprintf(out, sizeof out, "rgb:%04x/%04x/%04x", r * 257, g * 257, b * 257);
    return out;
}

std::optional<unsigned> hexOf(std::string_view digits)
{
    if (digits.empty() || digits.size() > 4)
        return std::nullopt;
    unsigned v = 0;
    for (char c : digits) {
        if (!std::isxdigit(static_cast<unsigned char>(c)))
            return std::nullopt;
        v = v * 16 + unsigned(std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10);
    }
    return v;
}

// A colour as X11's XParseColor reads one: rgb:R/G/B with 1 to 4 hex
// digits a channel (scaled), or #RGB … #RRRRGGGGBBBB (the high bits).
// Colour names are not known here: nullopt, and nothing changes.
std::optional<uint32_t> parseColour(std::string_view spec)
{
    if (spec.rfind("rgb:", 0) == 0) {
        spec.remove_prefix(4);
        uint32_t rgb = 0;
        for (int channel = 0; channel < 3; ++channel) {
            const size_t slash = spec.find('/');
            if ((channel < 2) != (slash != std::string_view::npos))
                return std::nullopt;
            const std::string_view digits = spec.substr(0, slash);
            const auto v = hexOf(digits);
            if (!v)
                return std::nullopt;
            const unsigned max = (1u << (4 * digits.size())) - 1;
            rgb = (rgb << 8) | ((*v * 255 + max / 2) / max);
            spec = slash == std::string_view::npos ? std::string_view() : spec.substr(slash + 1);
        }
        return rgb;
    }
    if (spec.size() >= 4 && spec[0] == '#' && (spec.size() - 1) % 3 == 0 && spec.size() <= 13) {
        const size_t n = (spec.size() - 1) / 3;
        uint32_t rgb = 0;
        for (size_t channel = 0; channel < 3; ++channel) {
            const auto v = hexOf(spec.substr(1 + channel * n, n));
            if (!v)
                return std::nullopt;
            // The high bits: #f00 is 0xf0 red, as X reads it.
            const unsigned eight = n >= 2 ? *v >> (4 * (n - 2)) : *v << 4;
            rgb = (rgb << 8) | (eight & 0xff);
        }
        return rgb;
    }
    return std::nullopt;
}

std::optional<unsigned> indexOf(std::string_view text)
{
    if (text.empty() || text.size() > 3
        || !std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        return std::nullopt;
    unsigned n = 0;
    for (char c : text)
        n = n * 10 + unsigned(c - '0');
    return n < 256 ? std::optional<unsigned>(n) : std::nullopt;
}

// Splits off the part up to the next ';'.
std::string_view nextField(std::string_view &rest)
{
    const size_t end = rest.find(';');
    const std::string_view field = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    return field;
}

} // namespace

uint32_t Terminal::effectiveColour(int special) const
{
    const auto &set = special == 0 ? m_colourOverrides.foreground
                      : special == 1 ? m_colourOverrides.background
                                     : m_colourOverrides.cursor;
    return set ? *set
               : special == 0 ? m_reportedColours.foreground
               : special == 1 ? m_reportedColours.background
                              : m_reportedColours.cursor;
}

void Terminal::resetColours()
{
    if (m_colourOverrides.empty())
        return;
    m_colourOverrides = ColourOverrides{};
    m_changes.colours = true;
}

bool Terminal::handleColourRequest(std::string_view s)
{
    std::string_view rest = s;
    const std::string_view number = nextField(rest);
    std::string reply;
    const auto answer = [&](const std::string &what, uint32_t rgb) {
        reply += "\x1b]" + what + ";" + xtermRgb(rgb) + "\x1b\\";
    };
    const auto changed = [this] { m_changes.colours = true; };
    if (number == "10" || number == "11" || number == "12") {
        // "10;?" asks for the foreground; xterm reads "10;?;?" (or
        // "10;red;blue") as the next ones in turn.
        for (int which = number[1] - '0'; !rest.empty() && which <= 2; ++which) {
            const std::string_view spec = nextField(rest);
            if (spec == "?") {
                answer(std::to_string(10 + which), effectiveColour(which));
            } else if (const auto rgb = parseColour(spec)) {
                (which == 0 ? m_colourOverrides.foreground : which == 1 ? m_colourOverrides.background
                                                                        : m_colourOverrides.cursor) = *rgb;
                changed();
            }
        }
    } else if (number == "4") {
        // Pairs of index and "?" or a colour.
        while (!rest.empty()) {
            const auto index = indexOf(nextField(rest));
            const std::string_view spec = nextField(rest);
            if (!index)
                continue;
            if (spec == "?") {
                answer("4;" + std::to_string(*index),
                       m_colourOverrides.palette[*index].value_or(m_reportedColours.palette[*index]));
            } else if (const auto rgb = parseColour(spec)) {
                m_colourOverrides.palette[*index] = *rgb;
                changed();
            }
        }
    } else if (number == "104") {
        // Alone: every entry back; else the entries named.
        if (rest.empty()) {
            for (auto &entry : m_colourOverrides.palette)
                entry.reset();
        }
        while (!rest.empty())
            if (const auto index = indexOf(nextField(rest)))
                m_colourOverrides.palette[*index].reset();
        changed();
    } else if (number == "110" || number == "111" || number == "112") {
        (number == "110" ? m_colourOverrides.foreground : number == "111" ? m_colourOverrides.background
                                                                          : m_colourOverrides.cursor)
            .reset();
        changed();
    } else {
        return false;
    }
    if (!reply.empty() && m_output)
        m_output(reply.data(), reply.size());
    return true;
}

bool ColourOverrides::empty() const
{
    return !foreground && !background && !cursor
           && std::none_of(palette.begin(), palette.end(), [](const auto &entry) { return entry.has_value(); });
}

} // namespace dt::term
