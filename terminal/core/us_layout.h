#pragma once

// What Shift makes of a key on a US keyboard, both ways: the keyboard
// protocols name a key by its unshifted character, where Qt names it by
// what it typed. (The protocol's "base layout key" for other layouts is
// not reported; see the README.)

namespace dt::term {

namespace us_layout {
inline constexpr char kPlain[] = "`1234567890-=[]\\;',./";
inline constexpr char kShifted[] = "~!@#$%^&*()_+{}|:\"<>?";

// 'a' → 'A', '1' → '!'; anything else as it is.
constexpr char32_t shifted(char32_t c)
{
    if (c >= U'a' && c <= U'z')
        return c - 32;
    for (unsigned i = 0; i + 1 < sizeof kPlain; ++i) {
        if (c == static_cast<char32_t>(kPlain[i]))
            return static_cast<char32_t>(kShifted[i]);
    }
    return c;
}

// '!' → '1'; anything else as it is (letters too: Qt's key is upper case
// whether Shift was held or not).
constexpr char32_t unshifted(char32_t c)
{
    for (unsigned i = 0; i + 1 < sizeof kShifted; ++i) {
        if (c == static_cast<char32_t>(kShifted[i]))
            return static_cast<char32_t>(kPlain[i]);
    }
    return c;
}
} // namespace us_layout

} // namespace dt::term
