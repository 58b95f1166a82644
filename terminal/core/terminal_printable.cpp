// Runs of printable ASCII placed straight into the grid: the commonest
// output of all (logs, compilers, `cat`) skips libvterm's path of one
// decode, one callback and one cursor update per character. libvterm still
// places the first character of a run and each one that reaches a line's
// last column, so it alone decides where text goes after a pending wrap, a
// single shift or a line's end; for the cells between, it is told only
// where its cursor went.

#include "terminal/core/terminal.h"

#include <vterm.h>

#include <algorithm>
#include <charconv>

namespace dt::term {

void Terminal::printable(const char *bytes, size_t length)
{
    if (m_printableLimits.any() || m_insertMode || m_leftRightMargins || !m_guard.idle()) {
        // As libvterm would place it: a character set or DECSCA protection
        // it alone knows, cells to shift, margins, or origin mode (where
        // CUF would stop at the scroll region, a cursor left below it by
        // DECRC being moved into it).
        write(bytes, length);
        return;
    }
    size_t at = 0;
    bool libvtermPlacedLast = false;
    while (at < length) {
        const size_t placed = libvtermPlacedLast ? placePrintable(bytes + at, length - at) : 0;
        if (placed > 0) {
            at += placed;
            libvtermPlacedLast = false;
            continue;
        }
        if (libvtermPlacedLast && !atLineEnd()) {
            write(bytes + at, length - at); // a line of double width, or no room at all
            return;
        }
        const CursorState before = cursor();
        write(bytes + at, 1);
        ++at;
        if (libvtermPlacedLast && before.col == m_columns - 1 && cursor().col == before.col && cursor().row == before.row) {
            // Written over the last column again, not wrapped: autowrap is
            // off, and the rest goes there too.
            write(bytes + at, length - at);
            return;
        }
        libvtermPlacedLast = true;
    }
}

bool Terminal::atLineEnd() const
{
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    return pos.col >= m_columns - 1;
}

// libvterm's cursor stands just after a character it placed itself, so it
// is not waiting to wrap: the cells up to (not including) the line's last
// column take the text as onPutGlyph() would, and libvterm's cursor steps
// over them.
size_t Terminal::placePrintable(const char *bytes, size_t length)
{
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    if (pos.row < 0 || pos.row >= m_rows || pos.col < 1 || pos.col >= m_columns - 1)
        return 0;
    if (vterm_state_get_lineinfo(m_state, pos.row)->doublewidth)
        return 0; // libvterm's own record decides how wide its row is
    Line &line = activeBuffer().row(pos.row);
    const int count = static_cast<int>(std::min<size_t>(length, static_cast<size_t>(m_columns - 1 - pos.col)));
    for (int i = 0; i < count; ++i)
        cellword::storeCharacter(&line[pos.col + i], m_pen, static_cast<unsigned char>(bytes[i]), false);
    const int last = pos.col + count - 1;
    m_lastPutWidth = 1;
    m_lastPutCount = 1;
    m_lastPutChars[0] = static_cast<unsigned char>(bytes[count - 1]);
    m_lastGlyph = {pos.row, last, 1};
    m_wrap = {true, pos.row, last + 1}; // before the move below, which then keeps it
    m_damaged[static_cast<size_t>(pos.row)] = 1;
    m_anyDamage = true;
    // CUF: relative and, without margins or origin mode, stopped only by
    // the line's end, which it does not reach.
    char forward[16] = "\x1b[";
    char *end = std::to_chars(forward + 2, forward + sizeof forward - 1, count).ptr;
    *end++ = 'C';
    toLibvterm(forward, static_cast<size_t>(end - forward));
    return static_cast<size_t>(count);
}

} // namespace dt::term
