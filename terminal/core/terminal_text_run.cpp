// Text beyond ASCII placed straight into the grid: CJK, accented letters,
// emoji and the marks that join them go cell by cell here instead of
// through libvterm's decoder, its glyph callback and the scanner's
// stand-ins. Each character takes the width libvterm would give what the
// scanner would have sent it (a stand-in where libvterm's own width is
// wrong: char_widths.h), so the grid, the cursor and REP stay exactly as
// libvterm would leave them. As with printable ASCII (terminal_printable.cpp)
// only left of where libvterm may be waiting to wrap: a character that
// would end on the last column, or any while the state is one only
// libvterm can place text in, goes to libvterm as the scanner would send
// it, and libvterm's cursor is told of the rest with one CUF (none when
// a CR comes next: toLibvterm).

#include "terminal/core/terminal.h"

#include "terminal/core/char_widths.h"
#include "terminal/core/text_runs.h"
#include "terminal/core/utf8.h"

#include <vterm.h>

namespace dt::term {

bool Terminal::placesText() const
{
    // As for printable ASCII: character sets and protection only libvterm
    // knows, cells to shift, margins, a sequence the guard holds, or a
    // single shift waiting for its character.
    return !m_printableLimits.any() && !m_insertMode && !m_leftRightMargins && m_guard.idle() && !m_singleShift;
}

// Only ever right after placesText() said yes (the scanner asks once the
// controls before the run are written), and nothing in a run changes it.
// Takes the run at the start of `bytes` (text_runs.h), each character
// decoded once, here.
size_t Terminal::text(const char *bytes, size_t length)
{
    size_t at = 0;
    TextCursor next;
    while (at < length) {
        if (static_cast<unsigned char>(bytes[at]) < 0x80) {
            const size_t run = printableRunAt(bytes, at, length);
            if (run == 0)
                break; // a control or an ESC: the scanner's
            // Letters between wide characters and before marks are short
            // runs: where the cursor is known and they all end left of the
            // last column, they go in as printable() would put them,
            // without asking libvterm again where its cursor is.
            if (next.known && next.takesText && next.pos.col + static_cast<int>(run) < m_columns - 1) {
                storePrintable(next.pos, bytes + at, static_cast<int>(run));
                next.pos.col += static_cast<int>(run);
            } else {
                printable(bytes + at, run);
                next.known = false;
            }
            at += run;
            continue;
        }
        size_t n = 1;
        const char32_t codepoint = decodeUtf8At(bytes, at, length, n);
        if (!codepoint)
            break; // malformed, or cut by the chunk's end: the scanner's
        placeCharacter(codepoint, bytes + at, n, next);
        at += n;
    }
    return at;
}

void Terminal::placeCharacter(char32_t codepoint, const char *utf8, size_t length, TextCursor &next)
{
    if (codepoint == 0xFFFE || codepoint == 0xFFFF)
        codepoint = 0xFFFD; // as libvterm's decoder shows these two
    const PlacedCharacter placed = m_placedCharacters.lookUp(codepoint);
    if (placed.kind == WidthFix::Drop)
        return; // a C1 control as UTF-8: neither shown nor moving the cursor
    if (placed.kind == WidthFix::Combine || placed.kind == WidthFix::KnownMark) {
        // Right after a glyph this run placed, the cursor stands just after
        // it (on a row of full width, left of its end): what combine()
        // would ask libvterm to make sure of.
        const LastGlyph &g = m_lastGlyph;
        if (next.known && next.takesText && g.row == next.pos.row && g.col + g.width == next.pos.col)
            joinLastGlyph(codepoint);
        else
            combine(codepoint);
        // A mark joins in place; only VS16 may widen the character and
        // move the cursor.
        if (codepoint == 0xFE0F)
            next.known = false;
        return;
    }
    const char32_t sent = placed.sent;
    const int width = placed.width;
    const char32_t shown = placed.shown;
    if (!next.known) {
        next.pos = libvtermCursor();
        next.takesText = next.pos.row >= 0 && next.pos.row < m_rows && next.pos.col >= 0 && !mayWaitToWrap(next.pos)
            && !vterm_state_get_lineinfo(m_state, next.pos.row)->doublewidth;
        next.known = true;
    }
    const GridPos pos = next.pos;
    if (!next.takesText || pos.col >= m_columns - 2 || pos.col + width > m_columns - 1) {
        if (placed.kind == WidthFix::StandIn) {
            const std::string standIn = toUtf8(sent);
            write(standIn.data(), standIn.size());
        } else {
            write(utf8, length);
        }
        next.known = false;
        return;
    }
    noteWrapBefore(pos.row, pos.col);
    Line &line = activeBuffer().row(pos.row);
    cellword::storeCharacter(&line[pos.col], m_pen, shown, false);
    if (width == 2) {
        // As onPutGlyph() does: the pen, and the protection it had.
        Cell &second = line[pos.col + 1];
        cellword::storeCharacter(&second, m_pen, 0, second.protect);
        second.continuation = 1;
    }
    m_lastPutWidth = width;
    m_lastPutCount = 1;
    m_lastPutChars[0] = sent;
    m_lastGlyph = {pos.row, pos.col, width};
    m_wrap = {true, pos.row, pos.col + width};
    m_damaged[static_cast<size_t>(pos.row)] = 1;
    m_anyDamage = true;
    m_changes.cursor = true;
    m_libvtermBehind += width;
    next.pos.col += width;
}

} // namespace dt::term
