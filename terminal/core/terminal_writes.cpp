// Bytes on their way into libvterm: through the guard, with the cursor
// brought back whenever libvterm leaves it off the screen, and the stream
// scanner's hooks around the sequences whose state the model keeps beside
// libvterm's (DECSC, DECRC, RIS).

#include "terminal/core/terminal.h"

#include <vterm.h>

#include <charconv>
#include <cstring>

namespace dt::term {

void Terminal::catchUpLibvterm()
{
    if (m_libvtermBehind == 0)
        return;
    // CUF: relative and, where the model places text (no margins, no
    // origin mode), stopped only by the line's end, which it does not
    // reach. Well formed and with the guard idle, it goes in as it is.
    char forward[16] = "\x1b[";
    char *end = std::to_chars(forward + 2, forward + sizeof forward - 1, m_libvtermBehind).ptr;
    *end++ = 'C';
    m_libvtermBehind = 0;
    vterm_input_write(m_vt.get(), forward, static_cast<size_t>(end - forward));
}

Terminal::GridPos Terminal::libvtermCursor() const
{
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    return {pos.row, pos.col + m_libvtermBehind};
}

void Terminal::toLibvterm(const char *bytes, size_t length)
{
    // From inside a callback (a glyph widened mid-text), libvterm's parser
    // is between two characters of the write in progress: our own whole,
    // short sequence goes straight in, and the guard's place in the outer
    // write is kept.
    if (m_inLibvterm) {
        vterm_input_write(m_vt.get(), bytes, length);
        return;
    }
    if (m_libvtermBehind > 0 && m_guard.idle() && length > 0 && bytes[0] == '\r') {
        // A CR puts libvterm's cursor in column 0 from wherever it stands
        // (text is placed beside libvterm only with no margins), so the
        // CUF can go unsaid: most lines end this way. libvterm reports
        // no move when its cursor was in column 0 already, so the end of
        // the wrap candidate the move would have meant is said here.
        m_libvtermBehind = 0;
        m_wrap.valid = false;
    } else {
        catchUpLibvterm();
    }
    m_inLibvterm = true;
    if (m_guard.filter(bytes, length, m_guarded))
        vterm_input_write(m_vt.get(), m_guarded.data(), m_guarded.size());
    else
        vterm_input_write(m_vt.get(), bytes, length);
    m_inLibvterm = false;
}

void Terminal::write(const char *bytes, size_t length)
{
    if (!m_printableLimits.shifted && std::memchr(bytes, 0x0e, length))
        m_printableLimits.shifted = true; // SO: G1 into GL (terminal_printable.cpp)
    toLibvterm(bytes, length);
    m_singleShiftWritten = m_singleShift; // the SS2 or SS3 reported was in this write or before
    // libvterm gives a C1 control it decodes from UTF-8 a width of -1 and
    // moves the cursor left of column 0 (the scanner drops those in text;
    // this catches any other way in). Any CSI makes it clamp the cursor;
    // an SGR it ignores does nothing else.
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    if (pos.col < 0 || pos.row < 0 || pos.row >= m_rows || pos.col > m_columns) {
        static const char kClamp[] = "\x1b[99m";
        toLibvterm(kClamp, sizeof kClamp - 1);
    }
}

// DECSC: libvterm saves the cursor; the pen is saved here.
void Terminal::cursorSaved()
{
    m_savedPen.style = m_pen;
    SgrExtras &s = m_savedPen.sgr;
    s.faint = m_pen.dim != 0;
    s.conceal = m_pen.conceal != 0;
    s.overline = m_pen.overline != 0;
    s.underline = static_cast<UnderlineStyle>(m_pen.underline);
    s.underlineColour = m_penDecoration.underlineColour;
}

// RIS: libvterm resets its state; what the model keeps beside it goes too.
void Terminal::fullReset()
{
    // m_savedPen stays: libvterm 0.1.4 keeps its saved cursor across RIS,
    // and a DECRC after it restores the pen saved with it.
    sweepDecorations(); // what the reset cleared lets its links go
    resetColours();
    m_titleStack.clear();
    m_keyboard.reset();
    m_mousePixels = false;
    m_synchronizedOutput = false;
    m_leftRightMargins = false;
    m_insertMode = m_newlineMode = false;
    m_printableLimits = PrintableLimits{};
}

void Terminal::cursorRestored()
{
    // libvterm 0.1.4's DECRC (ESC 8) restores a saved position without
    // clamping it, so after the screen got smaller the cursor can sit below
    // it, where every character is dropped until an absolute move. Any CSI
    // makes libvterm clamp the cursor; an SGR with a parameter it ignores
    // does nothing else.
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    if (pos.row >= m_rows || pos.col >= m_columns || pos.row < 0 || pos.col < 0) {
        static const char kClamp[] = "\x1b[99m";
        toLibvterm(kClamp, sizeof kClamp - 1);
    }
    restoreSavedPen(); // over what libvterm restored of a pen it never kept
}

} // namespace dt::term
