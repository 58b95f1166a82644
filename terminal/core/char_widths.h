#pragma once

// Character widths as glibc's wcwidth counts them, on top of libvterm.
//
// libvterm 0.1.4 places each glyph by its own width table, which predates
// Unicode 9: every emoji since then is one cell, a thousand newer combining
// marks take a cell of their own, and readline's idea of the line drifts
// from what is shown. The stream scanner asks widthFix() about each
// character of text before libvterm sees it and rewrites the few that
// differ: one that must be wide or narrow goes to libvterm as a stand-in
// (an unassigned code point libvterm already gives that width), which the
// model turns back into the real character when libvterm places it; one
// that must take no cell goes to the model directly, to join the character
// before it (unless libvterm knows it as a mark and its character is in
// the same write: libvterm joins those itself).

namespace dt::term {

struct WidthFix {
    enum Kind : unsigned char {
        None, // libvterm already agrees
        StandIn, // send `codepoint` instead; the model puts the original back
        Combine, // takes no cell: attach to the previous character
        // Takes no cell, and libvterm knows it: libvterm joins it to the
        // character before in the same write; at the start of a write it is
        // attached like Combine (libvterm would move one that follows a
        // character on the last column to the next line).
        KnownMark,
        // A C1 control sent as UTF-8 (U+0080–U+009F): dropped. libvterm
        // would give it a width of -1 and put the cursor before column 0.
        Drop,
    };
    Kind kind = None;
    char32_t codepoint = 0;
};

WidthFix widthFix(char32_t codepoint);

// How many cells libvterm gives a character widthFix() leaves alone (None):
// 2 or 1. For every assigned one that is glibc's width too; unassigned
// ones take libvterm's, as when libvterm places them. The model places
// text itself with this (terminal_text_run.cpp).
int unfixedWidth(char32_t codepoint);

// The character a stand-in stands for, or `codepoint` itself.
char32_t fromStandIn(char32_t codepoint);

// True for a character one cell wide that VS16 (U+FE0F) right after it
// asks to show as an emoji, two cells wide (❤ and ❤️).
bool widensWithEmojiStyle(char32_t codepoint);

// True for the unassigned code points used as stand-ins (U+3F000–U+3FFFF
// and U+D0000–U+D0FFF). One that arrives in the stream is shown as U+FFFD
// (widthFix says so), never as the character it would stand for.
inline bool isStandIn(char32_t codepoint)
{
    return (codepoint >= 0x3F000 && codepoint < 0x40000) || (codepoint >= 0xD0000 && codepoint < 0xD1000);
}

// The cells libvterm gives a stand-in: the span below is the wide one.
inline int standInWidth(char32_t standIn)
{
    return standIn < 0xD0000 ? 2 : 1;
}

} // namespace dt::term
