// Runs of printable ASCII placed straight into the grid: the commonest
// output of all (logs, compilers, `cat`, the text between colour changes)
// skips libvterm's path of one decode, one callback and one cursor update
// per character. The model starts a run only where libvterm cannot be
// waiting to wrap and places it only up to the line's last column.
// libvterm waits to wrap after a glyph that ended on the line's last cell,
// with its cursor on that glyph: on the last column, or the one before it
// for a wide glyph. So a run starting there, the character that lands on
// the last column, and the first after a single shift (SS2, SS3) are
// libvterm's to place. libvterm is told where its cursor went before it
// reads anything else (catchUpLibvterm), unless that is a CR, which puts
// the cursor in column 0 wherever it was (toLibvterm).

#include "terminal/core/terminal.h"

#include <vterm.h>

#include <algorithm>

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
    bool libvtermPlacedLast = false; // the character before, on the last column
    while (at < length) {
        const size_t placed = placePrintable(bytes + at, length - at);
        if (placed > 0) {
            at += placed;
            libvtermPlacedLast = false;
            continue;
        }
        if (!atLineEnd() && !m_singleShift) {
            write(bytes + at, length - at); // a line of double width, or a cursor off the grid
            return;
        }
        // Perhaps waiting to wrap, or shifted for one character: libvterm
        // places this one (wrapping first if it must).
        m_singleShift = false;
        const CursorState before = cursor();
        write(bytes + at, 1);
        ++at;
        if (libvtermPlacedLast && before.col == m_columns - 1 && cursor().col == before.col && cursor().row == before.row) {
            // Written over the last column again, not wrapped: autowrap is
            // off, and the rest goes there too.
            write(bytes + at, length - at);
            return;
        }
        libvtermPlacedLast = before.col == m_columns - 1;
    }
}

// Where libvterm may be waiting to wrap (the last two columns).
bool Terminal::atLineEnd() const
{
    return libvtermCursor().col >= m_columns - 2;
}

// Left of the last two columns libvterm is not waiting to wrap, unless the
// row it filled has since become narrower (DECSWL, or an erase that
// resets line sizes, leave the wait in place): the cells
// up to (not including) the last column take the text as onPutGlyph()
// would, and libvterm's cursor is to step over them.
size_t Terminal::placePrintable(const char *bytes, size_t length)
{
    if (m_singleShift)
        return 0;
    const GridPos pos = libvtermCursor();
    if (pos.row < 0 || pos.row >= m_rows || pos.col < 0 || pos.col >= m_columns - 2 || mayWaitToWrap(pos))
        return 0;
    if (vterm_state_get_lineinfo(m_state, pos.row)->doublewidth)
        return 0; // libvterm's own record decides how wide its row is
    const int count = static_cast<int>(std::min<size_t>(length, static_cast<size_t>(m_columns - 1 - pos.col)));
    storePrintable(pos, bytes, count);
    return static_cast<size_t>(count);
}

// `count` characters of printable ASCII at `pos`, where placePrintable()
// found they may go: all of them left of the last column.
void Terminal::storePrintable(GridPos pos, const char *bytes, int count)
{
    noteWrapBefore(pos.row, pos.col);
    Line &line = activeBuffer().row(pos.row);
    for (int i = 0; i < count; ++i)
        cellword::storeCharacter(&line[pos.col + i], m_pen, static_cast<unsigned char>(bytes[i]), false);
    const int last = pos.col + count - 1;
    m_lastPutWidth = 1;
    m_lastPutCount = 1;
    m_lastPutChars[0] = static_cast<unsigned char>(bytes[count - 1]);
    m_lastGlyph = {pos.row, last, 1};
    // Where the run leaves the cursor: libvterm's CUF then keeps it.
    m_wrap = {true, pos.row, last + 1};
    m_damaged[static_cast<size_t>(pos.row)] = 1;
    m_anyDamage = true;
    m_changes.cursor = true;
    m_libvtermBehind += count;
}

} // namespace dt::term
