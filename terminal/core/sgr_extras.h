#pragma once

// An SGR sequence read whole: the attributes libvterm 0.1.4 knows, read as
// it reads them, and what it does not know: faint, concealed, overlined,
// dotted and dashed underlines, and the underline colour (SGR 58/59). The
// stream scanner reads each SGR once; a sink that keeps its own pen
// (Terminal) applies the read and libvterm never parses it. For any other
// sink, libvterm reads the sequence (without the underline colour's
// parameters, which it would misread) and the sink applies the extras.

#include "terminal/core/cell.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dt::term {

// Each field says what the sequence left it as, or nothing when the
// sequence did not touch it. SGR 0 (or no parameter) resets them all.
struct SgrExtras {
    std::optional<bool> faint, conceal, overline;
    std::optional<UnderlineStyle> underline;
    std::optional<Color> underlineColour; // Color{} (default): the text's own colour
    bool any() const { return faint || conceal || overline || underline || underlineColour; }
};

// libvterm 0.1.4 keeps 16 parameters of a control sequence and writes past
// its array when there are more: no sequence may reach it with more.
constexpr size_t kMaxCsiArgs = 16;

// The attributes libvterm also keeps, likewise: nothing where untouched.
// The underline is in SgrExtras, which has all its styles.
struct SgrCore {
    std::optional<bool> bold, italic, blink, reverse, strike;
    std::optional<Color> fg, bg; // Color{}: the default colour
};

struct SgrRead {
    SgrCore core;
    SgrExtras extras;
    bool plain = true; // only digits, ';' and ':' (else nothing below is read)
    // Whether libvterm must get something else than the string as it came
    // (sgrForLibvterm): it holds an underline colour, or a colon-form colour
    // libvterm would misread.
    bool rewritten = false;
};

// Reads an SGR parameter string ("1;4:3;58:2::255:0:0"). Allocates nothing:
// every coloured character of a flood goes through here. Colours in the
// semicolon form are read as libvterm reads them (an index or a component
// is taken modulo 256); the colon form, which libvterm misreads, as
// ITU T.416 has it.
SgrRead readSgr(std::string_view params);

// What libvterm should read instead of `params`: its attributes without any
// underline colour and with colon-form colours in the semicolon form it reads
// right, as SGR sequences of at most kMaxCsiArgs parameters each, an
// attribute never split from its arguments (one that has more on its own is
// left out); empty for nothing left ("ESC [ m" would reset the pen).
std::string sgrForLibvterm(std::string_view params);

// The SGR parameters that draw with `pen` and `underlineColour` from a
// reset pen, as DECRQSS reports them: "0" first, then each attribute set
// (underline styles and colours in the colon form).
std::string sgrOfPen(const Cell &pen, Color underlineColour);

} // namespace dt::term
