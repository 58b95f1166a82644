// The pen is the model's (Terminal's part): the scanner reads every SGR
// whole and hands it here, so libvterm never parses one. That spares a
// flood of colour libvterm's parser, our guard's and libvterm's callbacks
// for every attribute. libvterm's own pen is therefore stale: what it
// restores at DECRC is overwritten with the pen saved here, and DECRQSS
// for SGR is answered here, with the attributes libvterm lacks as well.

#include "terminal/core/terminal.h"

#include <vterm.h>

namespace dt::term {

void Terminal::sgr(const SgrRead &read)
{
    const SgrCore &c = read.core;
    if (c.bold)
        m_pen.bold = *c.bold ? 1 : 0;
    if (c.italic)
        m_pen.italic = *c.italic ? 1 : 0;
    if (c.blink)
        m_pen.blink = *c.blink ? 1 : 0;
    if (c.reverse)
        m_pen.reverse = *c.reverse ? 1 : 0;
    if (c.strike)
        m_pen.strike = *c.strike ? 1 : 0;
    if (c.fg)
        m_pen.fg = *c.fg;
    if (c.bg)
        m_pen.bg = *c.bg;
    sgrExtras(read.extras);
    clampLikeAnyCsi();
}

// libvterm clamps its cursor to the screen (to the scroll region in origin
// mode) after every control sequence it reads, and that moves a cursor a
// DECRC or a smaller line width left outside. An SGR it no longer reads
// must do the same: where it would move the cursor, an SGR libvterm
// ignores goes in instead.
void Terminal::clampLikeAnyCsi()
{
    if (m_libvtermBehind > 0)
        return; // text just placed: the cursor is on a normal line, within it
    bool moves = m_printableLimits.originMode || m_printableLimits.unreadMode || m_leftRightMargins;
    if (!moves) {
        const GridPos pos = libvtermCursor();
        moves = pos.row < 0 || pos.row >= m_rows || pos.col < 0 || pos.col >= m_columns
            || (vterm_state_get_lineinfo(m_state, pos.row)->doublewidth && pos.col >= m_columns / 2);
    }
    if (moves) {
        static const char kClamp[] = "\x1b[99m";
        toLibvterm(kClamp, sizeof kClamp - 1);
    }
}

void Terminal::restoreSavedPen()
{
    const Cell &s = m_savedPen.style;
    m_pen.bold = s.bold;
    m_pen.italic = s.italic;
    m_pen.blink = s.blink;
    m_pen.reverse = s.reverse;
    m_pen.strike = s.strike;
    m_pen.fg = s.fg;
    m_pen.bg = s.bg;
    sgrExtras(m_savedPen.sgr);
}

// DECRQSS (DCS $ q Pt ST) for SGR: "DCS 1 $ r <the pen> m ST". Any other
// request goes on to libvterm, which answers the rest.
bool Terminal::answersDcs(std::string_view string)
{
    static constexpr std::string_view kRequest = "\x1bP$qm";
    if (string.substr(0, kRequest.size()) != kRequest)
        return false;
    const std::string_view terminator = string.substr(kRequest.size());
    if (terminator != "\x1b\\" && terminator != "\x07")
        return false;
    const std::string reply = "\x1bP1$r" + sgrOfPen(m_pen, m_penDecoration.underlineColour) + "m\x1b\\";
    if (m_output && !m_holdReplies)
        m_output(reply.data(), reply.size());
    return true;
}

} // namespace dt::term
