// Placing glyphs in the grid as libvterm reports them: stand-ins turned
// back into the characters they stand for, characters of no width joined
// to the one before (and VS16 widening an emoji), and soft wraps noticed
// from where the next glyph lands.

#include "terminal/core/terminal.h"

#include "terminal/core/char_widths.h"

#include <vterm.h>

#include <algorithm>

namespace dt::term {

int Terminal::onPutGlyph(const uint32_t *chars, int width, int row, int col, bool protect)
{
    // What a REP repeats (replacesCsi), placed or not.
    m_lastPutWidth = width;
    m_lastPutCount = 0;
    while (m_lastPutCount < static_cast<int>(m_lastPutChars.size()) && chars[m_lastPutCount])
        m_lastPutChars[static_cast<size_t>(m_lastPutCount)] = chars[m_lastPutCount], ++m_lastPutCount;
    if (row < 0 || row >= m_rows || col < 0 || col >= m_columns)
        return 0;
    Line &line = activeBuffer().row(row);
    int count = 0;
    char32_t cps[VTERM_MAX_CHARS_PER_CELL];
    while (count < VTERM_MAX_CHARS_PER_CELL && chars[count]) {
        cps[count] = chars[count];
        if (isStandIn(cps[count]))
            cps[count] = fromStandIn(cps[count]); // a character libvterm had too narrow or wide
        ++count;
    }
    line.setGrapheme(col, cps, count, m_pen, protect);
    m_lastGlyph = {row, col, width};
    if (m_singleShiftWritten)
        m_singleShift = m_singleShiftWritten = false; // this is the shifted character
    noteWrapBefore(row, col);
    // On the last cells libvterm leaves the cursor on the glyph (waiting to wrap).
    const bool endsRow = col + width >= rowWidth(row);
    m_wrap = {true, row, endsRow ? col : col + width};
    m_waitsToWrapAt = endsRow ? GridPos{row, col} : GridPos{-1, -1};
    for (int c = 1; c < width && col + c < m_columns; ++c) {
        // The right half takes the pen too, so a background or reverse
        // covers the whole character.
        // Its DECSCA protection stays what it was, as in libvterm, so a
        // selective erase treats both the same way there and here.
        Cell &cont = line[col + c];
        cellword::storeCharacter(&cont, m_pen, 0, cont.protect);
        cont.continuation = 1;
    }
    m_damaged[static_cast<size_t>(row)] = 1;
    m_anyDamage = true;
    return 1;
}

namespace {
// How many code points a cell keeps: a base and its marks, or an emoji with
// its modifiers. Marks beyond this are dropped (a stream of them cannot
// grow one cell without bound).
constexpr size_t kMaxCodepointsPerCell = 16;
} // namespace

void Terminal::combine(char32_t codepoint)
{
    const LastGlyph g = m_lastGlyph;
    if (g.row < 0 || g.row >= m_rows || g.col >= m_columns)
        return;
    // Where libvterm's cursor stands right after that glyph: past it, or on
    // it when it filled the line's last cells (half way on a line of
    // double width).
    const GridPos pos = libvtermCursor();
    const int after = g.col + g.width < rowWidth(g.row) ? g.col + g.width : g.col;
    if (pos.row != g.row || pos.col != after)
        return; // the cursor moved: a mark with nothing to join is dropped
    joinLastGlyph(codepoint);
}

void Terminal::joinLastGlyph(char32_t codepoint)
{
    const LastGlyph g = m_lastGlyph;
    Line &line = activeBuffer().row(g.row);
    const size_t length = line.graphemeLength(g.col);
    if (length == 0 || length >= kMaxCodepointsPerCell)
        return;
    line.appendToGrapheme(g.col, codepoint);
    // REP repeats the mark with its character, as libvterm repeats the
    // marks it joined itself.
    if (m_lastPutCount > 0 && m_lastPutCount < static_cast<int>(m_lastPutChars.size()))
        m_lastPutChars[static_cast<size_t>(m_lastPutCount++)] = codepoint;
    m_damaged[static_cast<size_t>(g.row)] = 1;
    m_anyDamage = true;
    if (codepoint == 0xFE0F && length == 1 && g.width == 1 && widensWithEmojiStyle(line.baseCodepoint(g.col)))
        widenLastGlyph();
}

// VS16 after a character with an emoji style (❤️): it takes two cells, as
// kitty, foot and WezTerm show it. Only where that needs nothing else to
// move: not in insert mode, and not when it would end on the line's last
// cell (libvterm's pending wrap cannot be set from outside); there it
// stays one cell wide.
void Terminal::widenLastGlyph()
{
    const LastGlyph g = m_lastGlyph;
    if (m_insertMode || g.col + 2 >= rowWidth(g.row))
        return;
    // libvterm's cursor steps over the second cell (CUF stops at a right
    // margin, so it is checked to have moved).
    static const char kForward[] = "\x1b[C";
    toLibvterm(kForward, sizeof kForward - 1);
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    if (pos.row != g.row || pos.col != g.col + 2)
        return;
    Line &line = activeBuffer().row(g.row);
    const Cell style = line[g.col];
    Cell &second = line[g.col + 1];
    cellword::storeCharacter(&second, style, 0, second.protect);
    second.continuation = 1;
    m_lastGlyph.width = 2;
}

void Terminal::markWrappedAbove()
{
    if (m_wrap.row >= 0)
        activeBuffer().row(m_wrap.row).setWrapped(true);
    else if (!m_altActive)
        m_scrollback.markNewestWrapped();
}

int Terminal::rowWidth(int row) const
{
    if (!m_doubleWidthRowsSeen || row < 0 || row >= m_rows || !vterm_state_get_lineinfo(m_state, row)->doublewidth)
        return m_columns;
    return m_columns / 2; // as libvterm counts a row of double width
}

// Whole rows of [startRow, endRow) moved up by `downward` (down when
// negative); the candidate moves with its row, out of the region it is
// gone, unless it went into history as the newest line.
void Terminal::followWrapCandidate(int startRow, int endRow, int downward, bool pushedToHistory)
{
    if (!m_wrap.valid || m_wrap.row < startRow || m_wrap.row >= endRow)
        return;
    m_wrap.row -= downward;
    if (m_wrap.row >= startRow && m_wrap.row < endRow)
        return;
    m_wrap.valid = pushedToHistory && !m_altActive && m_wrap.row == -1;
}

void Terminal::forgetLastGlyphIn(int startRow, int endRow, int startCol, int endCol)
{
    if (m_lastGlyph.row >= startRow && m_lastGlyph.row < endRow && m_lastGlyph.col >= startCol
        && m_lastGlyph.col < endCol)
        m_lastGlyph.row = -1;
}

bool Terminal::pendingWrap() const
{
    if (!m_wrap.valid || m_lastGlyph.row != m_wrap.row || m_lastGlyph.col + m_lastGlyph.width < m_columns / 2)
        return false; // checked first: this runs for every erase a scroll makes
    if (m_lastGlyph.col + m_lastGlyph.width != rowWidth(m_wrap.row))
        return false;
    const CursorState c = cursor();
    return c.row == m_wrap.row && c.col == m_wrap.cursorCol;
}

bool Terminal::replacesCsi(char leader, std::string_view params, char final, std::string &instead) const
{
    // Every REP libvterm would act on: with intermediates it is another
    // sequence; a control among the parameters libvterm runs and skips.
    const auto intermediate = [](char c) { return c >= 0x20 && c <= 0x2f; };
    if (final != 'b' || leader != 0 || std::any_of(params.begin(), params.end(), intermediate))
        return false;
    // REP: the character placed last, written again that many times (as
    // xterm does: they wrap like typed text), or nothing when there is none
    // with a width.
    instead.clear();
    if (m_lastPutWidth <= 0 || m_lastPutCount == 0)
        return true;
    int count = 0;
    for (char c : params) {
        if (c == ';' || c == ':')
            break;
        if (c >= '0' && c <= '9')
            count = std::min(count * 10 + (c - '0'), m_rows * m_columns);
    }
    std::string one;
    for (int k = 0; k < m_lastPutCount; ++k)
        appendUtf8(one, m_lastPutChars[static_cast<size_t>(k)]);
    for (int k = 0; k < std::max(count, 1); ++k)
        instead += one;
    return true;
}

} // namespace dt::term
