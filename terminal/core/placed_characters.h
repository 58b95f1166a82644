#pragma once

// What the model does with a code point of text it places itself
// (terminal_text_run.cpp): what libvterm would be sent, how many cells
// that takes, what the cell shows, or that it joins the character before.
// Worked out from the width tables once per code point and remembered in
// a small table: text repeats its characters (a script's letters, a few
// marks, a few emoji), and the lookups through widthFix() and
// unfixedWidth() were a tenth of the model's time on CJK and emoji.

#include "terminal/core/char_widths.h"

#include <array>
#include <cstddef>
#include <cstdint>

namespace dt::term {

struct PlacedCharacter {
    char32_t codepoint = 0; // the key; 0 (never text) marks an empty slot
    char32_t sent = 0; // what libvterm would be sent for it
    char32_t shown = 0; // what the cell shows
    WidthFix::Kind kind = WidthFix::None;
    int8_t width = 0; // cells taken; 0 for a mark or a dropped control
};

class PlacedCharacters {
public:
    // By value: the next lookup may take the slot. Never 0 (an empty slot).
    PlacedCharacter lookUp(char32_t codepoint)
    {
        PlacedCharacter &slot = m_slots[(codepoint ^ (codepoint >> 9)) % kSlots];
        if (slot.codepoint != codepoint)
            slot = workOut(codepoint);
        return slot;
    }

    static PlacedCharacter workOut(char32_t codepoint)
    {
        const WidthFix fix = widthFix(codepoint);
        PlacedCharacter c;
        c.codepoint = codepoint;
        c.kind = fix.kind;
        if (fix.kind == WidthFix::Drop || fix.kind == WidthFix::Combine || fix.kind == WidthFix::KnownMark) {
            c.sent = c.shown = codepoint;
            return c;
        }
        // A character libvterm has the wrong width for is sent as a
        // stand-in of the right width and shown as itself; a stand-in's
        // code point that came in the stream is sent and shown as U+FFFD.
        c.sent = fix.kind == WidthFix::StandIn ? fix.codepoint : codepoint;
        const bool sentStandsIn = fix.kind == WidthFix::StandIn && isStandIn(c.sent);
        c.width = static_cast<int8_t>(sentStandsIn ? standInWidth(c.sent) : unfixedWidth(c.sent));
        c.shown = sentStandsIn || fix.kind == WidthFix::None ? codepoint : c.sent;
        return c;
    }

private:
    static constexpr size_t kSlots = 512; // 8 KiB
    std::array<PlacedCharacter, kSlots> m_slots{};
};

} // namespace dt::term
