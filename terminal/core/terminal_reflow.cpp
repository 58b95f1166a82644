// Reflow: when the width changes, the primary screen and its history are
// laid out again from the lines the program wrote (soft wraps joined, then
// cut at the new width), keeping the cursor and the shell's command marks
// on their text. The alternate screen is only resized, as in other
// terminals: a full-screen program redraws it on SIGWINCH.

#include "terminal/core/terminal.h"

#include <vterm.h>

#include <algorithm>

namespace dt::term {

namespace {

// One character of a logical line: its cell (and the right half's, when
// wide) and, when it holds several code points, the grapheme.
struct Glyph {
    Cell cell;
    Cell second;
    std::u32string grapheme;
    int width = 1;
};

void appendGlyphs(std::vector<Glyph> &out, const Line &line, int cells)
{
    for (int col = 0; col < cells; ++col) {
        const Cell &c = line[col];
        if (c.continuation)
            continue; // the lead took it
        Glyph g;
        g.cell = c;
        if (c.clustered)
            g.grapheme = line.graphemeAt(col);
        if (col + 1 < line.size() && line[col + 1].continuation) {
            g.width = 2;
            g.second = line[col + 1];
        }
        out.push_back(std::move(g));
    }
}

void place(Line &row, int col, const Glyph &g)
{
    if (g.cell.clustered) {
        row.setGrapheme(col, g.grapheme.data(), static_cast<int>(g.grapheme.size()), g.cell, g.cell.protect != 0);
    } else {
        row[col] = g.cell;
    }
    if (g.width == 2 && col + 1 < row.size())
        row[col + 1] = g.second;
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
        used = std::max(used, cursorNow.row + 1);

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
    for (size_t i = source.size(); i-- > 0;)
        m_scrollback.popNewest(source[i]);
    const int fromHistory = static_cast<int>(source.size());
    for (int r = 0; r < used; ++r)
        source.push_back(std::move(m_primary.row(r)));
    const int64_t base = m_linesAboveScreen - (historySize - firstChanged); // absolute line of source[0]

    // Lay out each logical line again; remember where each source row's
    // cells went, for the cursor and the command marks.
    struct RowOrigin {
        int logical = 0;
        int offset = 0; // cells of its logical line before this row
    };
    std::vector<RowOrigin> origin(source.size());
    std::vector<int> firstNewRow; // per logical line
    std::vector<std::vector<int>> rowStarts; // per logical line: the offset each new row starts at
    std::vector<Line> laid;
    std::vector<Glyph> glyphs;
    Cell blank;
    blank.eraseWith(Cell{});
    for (size_t k = 0; k < source.size();) {
        const int logical = static_cast<int>(firstNewRow.size());
        firstNewRow.push_back(static_cast<int>(laid.size()));
        rowStarts.emplace_back();
        std::vector<int> &starts = rowStarts.back();
        // A line that fits as it is moves whole.
        if (!source[k].wrapped() && source[k].trimmedLength() <= columns) {
            origin[k] = {logical, 0};
            Line row = std::move(source[k]);
            row.resize(columns, blank);
            row.setWrapped(false);
            laid.push_back(std::move(row));
            starts.push_back(0);
            ++k;
            continue;
        }
        glyphs.clear();
        int offset = 0;
        for (; k < source.size(); ++k) {
            const Line &line = source[k];
            origin[k] = {logical, offset};
            // All of a wrapped row but a cell never written at its end (a
            // wide character that did not fit); the text of the last row.
            const int cells = line.trimmedLength();
            appendGlyphs(glyphs, line, cells);
            offset += cells;
            if (!line.wrapped() || k + 1 == source.size()) {
                ++k;
                break;
            }
        }
        Line row(columns, blank);
        int col = 0;
        int at = 0; // offset of the next glyph
        starts.push_back(0);
        for (const Glyph &g : glyphs) {
            if (col + g.width > columns) {
                row.setWrapped(true);
                laid.push_back(std::move(row));
                row = Line(columns, blank);
                col = 0;
                starts.push_back(at);
            }
            place(row, col, g);
            col += g.width;
            at += g.width;
        }
        laid.push_back(std::move(row));
    }

    // Where an old position is now: a row of `laid` and a column.
    auto newPlace = [&](int64_t sourceRow, int col, int *newRow, int *newCol) {
        const RowOrigin o = origin[static_cast<size_t>(sourceRow)];
        const std::vector<int> &starts = rowStarts[static_cast<size_t>(o.logical)];
        const int offset = o.offset + col;
        const auto it = std::upper_bound(starts.begin(), starts.end(), offset);
        const int index = static_cast<int>(it - starts.begin()) - 1;
        *newRow = firstNewRow[static_cast<size_t>(o.logical)] + index;
        *newCol = std::min(offset - starts[static_cast<size_t>(index)], columns);
    };

    // The screen's text keeps its first row where there is room (it grows
    // into blank rows below, and a cleared screen stays clear) and the
    // cursor stays on the screen; when the text got shorter, history comes
    // back down so the cursor keeps its row. While a full-screen program
    // runs, the last line of text stands in for the cursor: the cursor
    // comes back to it.
    int firstRow = static_cast<int>(laid.size());
    if (fromHistory < static_cast<int>(source.size())) {
        int c;
        newPlace(fromHistory, 0, &firstRow, &c);
    }
    int cursorRow = static_cast<int>(laid.size()) - 1, cursorCol = 0;
    int oldAnchorRow = used - 1;
    bool cursorOnNewRow = false;
    if (primaryShows) {
        newPlace(fromHistory + cursorNow.row, cursorNow.col + cursorAdvance, &cursorRow, &cursorCol);
        oldAnchorRow = cursorNow.row;
        if (cursorCol >= columns) {
            // Right after text that now ends exactly at the edge: where the
            // next character goes is the start of a row of its own (on the
            // last line; elsewhere the last cell has to do).
            if (cursorRow + 1 == static_cast<int>(laid.size())) {
                laid.emplace_back(columns, blank);
                ++cursorRow;
                cursorCol = 0;
                cursorOnNewRow = true;
            } else {
                cursorCol = columns - 1;
            }
        }
    }
    int top = std::max(cursorRow - rows + 1, std::min(firstRow, cursorRow - std::min(oldAnchorRow, rows - 1)));
    top = std::clamp(top, 0, static_cast<int>(laid.size()));

    // Command marks follow their text; those on rows below the text keep
    // their distance from it.
    const int64_t screenTop = m_linesAboveScreen;
    m_commands.remapPositions([&](LinePosition p) {
        if (p.line < base)
            return p;
        const int64_t sourceRow = p.line - base;
        if (sourceRow >= static_cast<int64_t>(source.size()))
            return LinePosition{base + static_cast<int64_t>(laid.size()) + (p.line - screenTop - used),
                                std::min(p.column, columns)};
        int row, col;
        newPlace(sourceRow, p.column, &row, &col);
        return LinePosition{base + row, col};
    });

    for (int i = 0; i < top; ++i)
        m_scrollback.push(laid[static_cast<size_t>(i)]);
    m_linesAboveScreen = base + top;
    m_primary.resize(rows, columns, m_pen);
    for (int r = 0; r < rows && top + r < static_cast<int>(laid.size()); ++r)
        m_primary.row(r) = std::move(laid[static_cast<size_t>(top + r)]);
    for (int r = std::max(0, static_cast<int>(laid.size()) - top); r < rows; ++r)
        m_primary.row(r) = Line(columns, blank);

    if (primaryShows) {
        *deltaRow = (cursorRow - top) - cursorNow.row;
        *deltaCol = cursorCol - cursorNow.col;
        // What is typed there runs on from the row above (resize() sets it
        // once libvterm has moved the cursor).
        m_wrapAfterResize = cursorOnNewRow ? cursorRow - 1 - top : kNoRow;
    }
}

} // namespace dt::term
