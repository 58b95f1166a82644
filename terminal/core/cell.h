#pragma once

#include <cstdint>
#include <cstring>

namespace dt::term {

// A colour as the program asked for it. Palette indices and "default" are
// kept symbolic so a theme change recolours text that is already on screen.
struct Color {
    enum Kind : uint8_t { Default = 0, Indexed = 1, Rgb = 2 };

    uint8_t kind = Default;
    uint8_t r = 0; // the palette index when kind == Indexed
    uint8_t g = 0;
    uint8_t b = 0;

    static constexpr Color indexed(uint8_t index) { return {Indexed, index, 0, 0}; }
    static constexpr Color rgb(uint8_t red, uint8_t green, uint8_t blue) { return {Rgb, red, green, blue}; }
    constexpr uint8_t index() const { return r; }
    constexpr bool isDefault() const { return kind == Default; }

    friend constexpr bool operator==(Color a, Color b)
    {
        return a.kind == b.kind && a.r == b.r && a.g == b.g && a.b == b.b;
    }
    friend constexpr bool operator!=(Color a, Color b) { return !(a == b); }
};

enum class UnderlineStyle : uint8_t { None = 0, Single = 1, Double = 2, Curly = 3, Dotted = 4, Dashed = 5 };

// One character cell: 16 bytes, so a 200-column scrollback line of text stays
// within a few kilobytes. Extra code points of a grapheme (combining marks,
// emoji modifiers) live in the owning Line's cluster table; `clustered` says
// that `codepoint` is an index into it instead of a character. What few cells
// carry (an underline colour, a program's hyperlink) is kept once per
// terminal in its decoration table (cell_decorations.h); `decoration` is the
// entry's number there, 0 for none.
struct Cell {
    uint32_t codepoint : 21 = 0; // 0 = blank (never written, or erased)
    uint32_t continuation : 1 = 0; // right half of a double-width character
    uint32_t clustered : 1 = 0;
    uint32_t bold : 1 = 0;
    uint32_t overline : 1 = 0; // SGR 53
    uint32_t conceal : 1 = 0; // SGR 8: drawn as blank, copied as text
    uint32_t italic : 1 = 0;
    uint32_t blink : 1 = 0;
    uint32_t reverse : 1 = 0;
    uint32_t strike : 1 = 0;
    uint32_t dim : 1 = 0;
    uint32_t protect : 1 = 0; // DECSCA: survives selective erase
    Color fg;
    Color bg;
    uint32_t underline : 3 = 0; // UnderlineStyle
    uint32_t decoration : 29 = 0;

    bool isBlank() const { return codepoint == 0 && !clustered && !continuation; }

    // Everything but the content: what a pen stamps onto the cells it writes.
    bool sameStyle(const Cell &o) const
    {
        return bold == o.bold && underline == o.underline && italic == o.italic && blink == o.blink
            && reverse == o.reverse && strike == o.strike && dim == o.dim && overline == o.overline
            && conceal == o.conceal && decoration == o.decoration && fg == o.fg && bg == o.bg;
    }

    // A blank cell in default colours with no attributes: what padding and
    // trimmed line ends stand for. Such a cell is all zero bits.
    bool isPristine() const
    {
        static constexpr unsigned char zero[16] = {};
        return std::memcmp(this, zero, sizeof zero) == 0;
    }

    // Copies the style of `pen` and clears the content.
    void eraseWith(const Cell &pen)
    {
        *this = pen;
        codepoint = 0;
        continuation = 0;
        clustered = 0;
    }
};

static_assert(sizeof(Cell) == 16, "a cell must stay small: scrollback memory is cells times lines");

// The hot path writes cells as four 32-bit words instead of through the
// bit-fields: copying a bit-field struct right after a partial update makes
// the CPU stall on store forwarding (measured: a third of all parse time).
// GCC and Clang allocate bit-fields from the least significant bit, so the
// code point is the low 21 bits of the first word; a unit test checks it.
namespace cellword {
inline uint32_t first(const Cell &c)
{
    uint32_t w;
    std::memcpy(&w, &c, sizeof w);
    return w;
}
constexpr uint32_t kCodepointMask = 0x1FFFFFu;
constexpr uint32_t kContinuationBit = 1u << 21;
constexpr uint32_t kClusteredBit = 1u << 22;
constexpr uint32_t kProtectBit = 1u << 31;
constexpr uint32_t kContentMask = kCodepointMask | kContinuationBit | kClusteredBit;

// Stores `style` with a single code point (and DECSCA protection) into *dst.
inline void storeCharacter(Cell *dst, const Cell &style, char32_t codepoint, bool protect)
{
    const uint32_t w = (first(style) & ~(kContentMask | kProtectBit)) | (codepoint & kCodepointMask)
        | (protect ? kProtectBit : 0u);
    auto *bytes = reinterpret_cast<unsigned char *>(dst);
    std::memcpy(bytes, &w, 4);
    std::memcpy(bytes + 4, &style.fg, 4);
    std::memcpy(bytes + 8, &style.bg, 4);
    std::memcpy(bytes + 12, reinterpret_cast<const unsigned char *>(&style) + 12, 4); // underline, decoration
}
} // namespace cellword

} // namespace dt::term
