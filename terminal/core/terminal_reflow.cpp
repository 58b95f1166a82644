// Resizing, and reflow: when the width changes, the primary screen and its
// history are laid out again from the lines the program wrote (soft wraps joined, then
// cut at the new width), keeping the cursor and the shell's command marks
// on their text. The alternate screen is only resized, as in other
// terminals: a full-screen program redraws it on SIGWINCH.
//
// Two passes over the old rows: the first only measures where each new row
// starts, which fixes the cursor and what lands on the screen; the second
// builds just the rows that are kept (history beyond its capacity is never
// built), one at a time, so a long line or a large history costs no more
// than the rows themselves.

#include "terminal/core/terminal.h"

#include <vterm.h>

#include <algorithm>

namespace dt::term {

namespace {

// Cells a row gives its logical line: a wrapped row all but a cell never
// written at its end (a wide character that did not fit), the last row
// its text.
int cellsOf(const Line &line)
{
    return line.trimmedLength();
}

int widthAt(const Line &line, int col)
{
    return col + 1 < line.size() && line[col + 1].continuation ? 2 : 1;
}

// Where the next character goes as a logical line is laid out at
// `columns`: calls newRow() before a character that does not fit.
struct Layout {
    int columns;
    int col = 0;
    int offset = 0; // cells of the logical line so far
    template <typename NewRow>
    void advance(int width, NewRow &&newRow)
    {
        if (col + width > columns && col > 0) {
            newRow(offset);
            col = 0;
        }
        col += width;
        offset += width;
    }
};

void placeCell(Line &row, int col, const Line &from, int fromCol, int width)
{
    const Cell &c = from[fromCol];
    if (c.clustered) {
        const std::u32string g = from.graphemeAt(fromCol);
        row.setGrapheme(col, g.data(), static_cast<int>(g.size()), c, c.protect != 0);
    } else {
        row[col] = c;
    }
    if (width == 2 && col + 1 < row.size())
        row[col + 1] = from[fromCol + 1];
}

} // namespace

void Terminal::reflowPrimary(int rows, int columns, int cursorAdvance, int *deltaRow, int *deltaCol)
{
    const int oldRows = m_rows;
    const bool primaryShows = !m_altActive;
    const CursorState cursorNow = cursor();

    // The screen rows that matter: down to the last with anything on it,
    // and the cursor's while the primary screen shows.
    int used = 0;
    for (int r = oldRows - 1; r >= 0; --r) {
        if (m_primary.row(r).trimmedLength() > 0) {
            used = r + 1;
            break;
        }
    }
    if (primaryShows)
        used = std::max(used, m_cursorEndsRowAbove ? cursorNow.row : cursorNow.row + 1);

    // History before the first line that needs it stays as it is; the
    // rest is taken back and laid out with the screen.
    const int historySize = m_scrollback.size();
    int firstChanged = historySize;
    for (int i = 0; i < historySize; ++i) {
        const Line &l = m_scrollback.fromOldest(i);
        if (l.wrapped() || l.trimmedLength() > columns) {
            firstChanged = i;
            break;
        }
    }
    std::vector<Line> source(static_cast<size_t>(historySize - firstChanged));
    m_scrollback.keepEmptiedBlocks(true); // pass 2 fills them again
    for (size_t i = source.size(); i-- > 0;)
        m_scrollback.popNewest(source[i]);
    const int fromHistory = static_cast<int>(source.size());
    for (int r = 0; r < used; ++r)
        source.push_back(std::move(m_primary.row(r)));
    const int64_t base = m_linesAboveScreen - (historySize - firstChanged); // absolute line of source[0]

    // Pass 1: where each logical line's new rows start (as offsets into
    // its cells), and where each old row's cells begin in its line.
    struct RowOrigin {
        int logical = 0;
        int offset = 0;
    };
    struct Logical {
        size_t firstSource = 0, endSource = 0;
        int firstNewRow = 0;
        int cells = 0; // all its cells: the end of its text
        std::vector<int> starts; // offset at which each new row starts
    };
    std::vector<RowOrigin> origin(source.size());
    std::vector<Logical> logicals;
    int newRows = 0;
    for (size_t k = 0; k < source.size();) {
        Logical l;
        l.firstSource = k;
        l.firstNewRow = newRows;
        l.starts.push_back(0);
        Layout layout{columns};
        for (; k < source.size(); ++k) {
            const Line &line = source[k];
            origin[k] = {static_cast<int>(logicals.size()), layout.offset};
            const int cells = cellsOf(line);
            for (int c = 0; c < cells; ++c) {
                if (line[c].continuation)
                    continue;
                layout.advance(widthAt(line, c), [&](int offset) { l.starts.push_back(offset); });
            }
            if (!line.wrapped() || k + 1 == source.size()) {
                ++k;
                break;
            }
        }
        l.endSource = k;
        l.cells = layout.offset;
        newRows += static_cast<int>(l.starts.size());
        logicals.push_back(std::move(l));
    }

    // Where an old position is now: a new row and a column.
    auto newPlace = [&](int64_t sourceRow, int col, int *newRow, int *newCol) {
        const RowOrigin o = origin[static_cast<size_t>(sourceRow)];
        const Logical &l = logicals[static_cast<size_t>(o.logical)];
        const int offset = o.offset + col;
        const auto it = std::upper_bound(l.starts.begin(), l.starts.end(), offset);
        const int index = static_cast<int>(it - l.starts.begin()) - 1;
        *newRow = l.firstNewRow + index;
        *newCol = std::min(offset - l.starts[static_cast<size_t>(index)], columns);
    };

    // The cursor: right after text that now ends exactly at the edge it
    // goes to the start of a row of its own (on the last line; elsewhere,
    // and past the end of a short line, the last cell has to do).
    const int lastText = newRows - 1;
    int cursorRow = lastText, cursorCol = 0;
    bool cursorOnNewRow = false;
    if (primaryShows) {
        int sourceRow = fromHistory + cursorNow.row;
        int col = cursorNow.col + cursorAdvance;
        if (m_cursorEndsRowAbove && sourceRow > 0) {
            --sourceRow; // the row it stands below, at the end of its text
            col = cellsOf(source[static_cast<size_t>(sourceRow)]);
        }
        newPlace(sourceRow, col, &cursorRow, &cursorCol);
        if (cursorCol >= columns) {
            const RowOrigin o = origin[static_cast<size_t>(sourceRow)];
            const bool atTextEnd = o.offset + col == logicals[static_cast<size_t>(o.logical)].cells;
            if (atTextEnd && cursorRow == lastText) {
                ++cursorRow;
                cursorCol = 0;
                cursorOnNewRow = true;
                ++newRows;
            } else {
                cursorCol = columns - 1;
            }
        }
    }

    // The screen's text keeps its first row where there is room (it grows
    // into blank rows below, and a cleared screen stays clear) and the
    // cursor stays on the screen; when the text got shorter, history comes
    // back down so the cursor keeps its row. While a full-screen program
    // runs, the last line of text keeps its row: the cursor the program
    // saved comes back there.
    int top;
    if (primaryShows) {
        int firstRow = newRows;
        if (fromHistory < static_cast<int>(source.size())) {
            int c;
            newPlace(fromHistory, 0, &firstRow, &c);
        }
        top = std::max(cursorRow - rows + 1, std::min(firstRow, cursorRow - std::min(cursorNow.row, rows - 1)));
    } else {
        top = lastText - std::min(used - 1, rows - 1);
    }
    top = std::clamp(top, 0, newRows);

    // Command marks follow their text; those on rows below the text keep
    // their distance from it.
    const int64_t screenTop = m_linesAboveScreen;
    m_commands.remapPositions([&](LinePosition p) {
        if (p.line < base)
            return p;
        const int64_t sourceRow = p.line - base;
        if (sourceRow >= static_cast<int64_t>(source.size()))
            return LinePosition{base + lastText + 1 + (p.line - screenTop - used), std::min(p.column, columns)};
        int row, col;
        newPlace(sourceRow, p.column, &row, &col);
        return LinePosition{base + row, col};
    });

    // Pass 2: build the rows that are kept. History beyond its capacity
    // would be dropped as soon as it was pushed, so it is never built.
    const int firstKept = std::max(0, top - m_scrollback.capacity());
    m_primary.resize(rows, columns, erasePen());
    Cell blank;
    blank.eraseWith(Cell{});
    for (int r = 0; r < rows; ++r)
        m_primary.row(r) = Line(columns, blank);
    auto keep = [&](int index, Line &&row) {
        if (index < top)
            m_scrollback.push(row);
        else if (index - top < rows)
            m_primary.row(index - top) = std::move(row);
    };
    auto kept = [&](int index) { return index >= firstKept && index < top + rows; };
    for (const Logical &l : logicals) {
        const int rowsOfLine = static_cast<int>(l.starts.size());
        if (l.firstNewRow + rowsOfLine - 1 < firstKept || l.firstNewRow >= top + rows)
            continue; // none of its rows is kept
        // A line that fits as it is moves whole.
        if (rowsOfLine == 1 && l.endSource == l.firstSource + 1) {
            Line row = std::move(source[l.firstSource]);
            row.resize(columns, blank);
            row.setWrapped(false);
            keep(l.firstNewRow, std::move(row));
            continue;
        }
        int index = l.firstNewRow;
        Line row(columns, blank);
        Layout layout{columns};
        for (size_t k = l.firstSource; k < l.endSource; ++k) {
            const Line &line = source[k];
            const int cells = cellsOf(line);
            for (int c = 0; c < cells; ++c) {
                if (line[c].continuation)
                    continue;
                const int width = widthAt(line, c);
                layout.advance(width, [&](int) {
                    if (kept(index)) {
                        row.setWrapped(true);
                        keep(index, std::move(row));
                    }
                    row = Line(columns, blank);
                    ++index;
                });
                if (kept(index))
                    placeCell(row, layout.col - width, line, c, width);
            }
        }
        if (kept(index))
            keep(index, std::move(row));
    }
    m_scrollback.keepEmptiedBlocks(false);
    m_linesAboveScreen = base + top;

    if (primaryShows) {
        *deltaRow = (cursorRow - top) - cursorNow.row;
        *deltaCol = cursorCol - cursorNow.col;
        // Growing wider, libvterm itself steps a cursor that waited to wrap
        // past its glyph before it moves it by the delta.
        if (cursorAdvance > 0 && columns > m_columns)
            *deltaCol -= 1;
        // What is typed there runs on from the row above (resize() sets it
        // once libvterm has moved the cursor).
        m_wrapAfterResize = cursorOnNewRow ? cursorRow - 1 - top : kNoRow;
    }
}

void Terminal::resize(int rows, int columns)
{
    rows = std::max(rows, 1);
    columns = std::max(columns, 1);
    if (rows == m_rows && columns == m_columns)
        return;
    // libvterm waits to wrap with the cursor on the last glyph of a full
    // line: the reflow places the cursor past that glyph. Growing wider
    // libvterm ends the wait itself; narrower, it is cancelled here.
    const CursorState before = cursor();
    const bool pendingWrap = !m_altActive && this->pendingWrap();
    const bool narrower = columns < m_columns;
    m_cursorAdvance = pendingWrap && columns != m_columns ? m_lastGlyph.width : 0;
    // A cursor a reflow put at the start of a row of its own, after text
    // that ended at the edge, still belongs at the end of that text.
    m_cursorEndsRowAbove = !m_altActive && m_wrap.valid && m_wrap.cursorCol == kNoRow && m_wrap.row >= 0
        && before.row == m_wrap.row + 1 && before.col == 0;
    m_wrapAfterResize = kNoRow;
    vterm_set_size(m_vt.get(), rows, columns);
    m_cursorAdvance = 0;
    if (pendingWrap && narrower) {
        // Any cursor move ends libvterm's pending wrap; these two leave the
        // cursor where it is.
        const bool lastColumn = cursor().col >= columns - 1;
        static const char kRightLeft[] = "\x1b[C\x1b[D";
        static const char kLeftRight[] = "\x1b[D\x1b[C";
        toLibvterm(lastColumn ? kLeftRight : kRightLeft, 6);
    }
    m_cursorEndsRowAbove = false;
    if (m_wrapAfterResize != kNoRow)
        m_wrap = {true, m_wrapAfterResize, kNoRow};
}

int Terminal::onResize(int rows, int columns, int *deltaRow, int *deltaCol)
{
    const int oldRows = m_rows;
    const bool alt = m_altActive;

    if (columns != m_columns) {
        m_lastGlyph.row = -1;
        m_wrap.valid = false;
        reflowPrimary(rows, columns, m_cursorAdvance, deltaRow, deltaCol);
        if (m_alt)
            m_alt->resize(rows, columns, erasePen());
        m_rows = rows;
        m_columns = columns;
        m_damaged.assign(static_cast<size_t>(rows), 1);
        damageAll();
        return 1;
    }

    if (!alt && rows < oldRows) {
        // Keep the cursor row and whatever is below it on screen: push as
        // many top rows into history as that needs.
        const int cursorRow = cursor().row;
        int row = oldRows - 1;
        for (; row >= rows; --row) {
            const Line &line = m_primary.row(row);
            bool blank = true;
            for (int c = 0; c < line.size() && blank; ++c)
                blank = line[c].codepoint == 0 && !line[c].clustered && !line[c].continuation;
            if (!blank || cursorRow == row)
                break;
        }
        const int firstBlankRow = row + 1;
        // libvterm 0.1.4's screen scrolls by firstBlankRow - rows even when
        // the cursor sits higher than that, which leaves the cursor above
        // the screen (a negative row) and loses all output until the next
        // absolute move. Never scroll the cursor row off the top.
        const int scroll = std::min(firstBlankRow - rows, cursorRow);
        if (scroll > 0) {
            onScrollRect(0, oldRows, 0, m_columns, scroll, 0);
            *deltaRow -= scroll;
        }
    }

    if (alt && rows < oldRows) {
        // The main screen waits behind a full-screen program. libvterm would
        // cut off its bottom rows, which usually hold the shell prompt; move
        // the top ones into history instead, so that everything down to the
        // last line with text still fits. When the program exits, the
        // restored cursor (clamped to the new size) lands on that line.
        int lastUsed = oldRows - 1;
        while (lastUsed >= 0 && m_primary.row(lastUsed).trimmedLength() == 0)
            --lastUsed;
        const int shift = lastUsed + 1 - rows;
        if (shift > 0) {
            pushPrimaryRows(shift);
            m_primary.rotate(0, oldRows, shift);
            for (int r = oldRows - shift; r < oldRows; ++r) {
                m_primary.row(r).fill(0, m_columns, Cell{});
                m_primary.row(r).setWrapped(false);
            }
        }
    }

    m_primary.resize(rows, columns, erasePen());
    if (m_alt)
        m_alt->resize(rows, columns, erasePen());
    m_rows = rows;
    m_columns = columns;
    m_damaged.assign(static_cast<size_t>(rows), 1);

    if (!alt && rows > oldRows) {
        // Growing taller brings history back onto the screen.
        for (int n = rows - oldRows; n > 0; --n) {
            Line line;
            if (!m_scrollback.popNewest(line))
                break;
            --m_linesAboveScreen;
            onScrollRect(0, m_rows, 0, m_columns, -1, 0);
            Line &top = m_primary.row(0);
            const int keep = std::min(line.size(), columns);
            top.copyCellsFrom(line, 0, 0, keep);
            top.fill(keep, columns, Cell{});
            top.setWrapped(line.wrapped());
            ++*deltaRow;
        }
    }
    damageAll();
    return 1;
}

} // namespace dt::term
