#pragma once

// What an SGR sequence sets that libvterm 0.1.4 does not know: faint,
// concealed, overlined, dotted and dashed underlines, and the underline
// colour (SGR 58/59). The stream scanner reads them (and keeps the
// underline colour's parameters from libvterm, which would misread them)
// and the model applies them to its pen after libvterm's part.

#include "terminal/core/cell.h"

#include <optional>
#include <string>
#include <string_view>

namespace dt::term {

// Each field says what the sequence left it as, or nothing when the
// sequence did not touch it. SGR 0 (or no parameter) resets them all.
struct SgrExtras {
    std::optional<bool> faint, conceal, overline;
    std::optional<UnderlineStyle> underline;
    std::optional<Color> underlineColour; // Color{} (default): the text's own colour
    bool any() const { return faint || conceal || overline || underline || underlineColour; }
};

// Reads an SGR parameter string ("1;4:3;58:2::255:0:0"). `forLibvterm` is
// set to the parameters libvterm should see: the same without any
// underline colour. It is left alone when that is the string as it came,
// or when the string is not plain SGR (other bytes than digits, ';' and
// ':'), which is then read for nothing.
SgrExtras readSgr(std::string_view params, std::optional<std::string> *forLibvterm = nullptr);

} // namespace dt::term
