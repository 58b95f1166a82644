#pragma once

// What one paint of a terminal draws from the model, copied while the GUI
// thread owns the models, so that the paint itself (the costly part: text
// through the font engines) can run while the PTY's feeder parses on
// (terminal/model_ownership.h, GuiLoan).

#include "terminal/core/line.h"
#include "terminal/core/terminal.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace dt::ui {

class PaintSnapshot {
public:
    // Copies the view's rows [firstRow, lastRow] (absolute line `top` is the
    // view's row 0), the cursor and its screen row, and the underline
    // colours those rows use. The storage of the previous take is reused.
    void take(const dt::term::Terminal &t, int64_t top, int firstRow, int lastRow);

    // The copy of view row `row`, or null where the view shows no line.
    const dt::term::Line *row(int row) const;
    const dt::term::CursorState &cursor() const { return m_cursor; }
    const dt::term::Line &cursorLine() const { return m_cursorLine; }
    bool reverseVideo() const { return m_reverseVideo; }
    int columns() const { return m_columns; }
    // Cell::decoration's underline colour; default when it has none.
    dt::term::Color underlineColour(const dt::term::Cell &cell) const;

private:
    int m_firstRow = 0;
    int m_rowCount = 0;
    std::vector<dt::term::Line> m_rows; // may hold more than m_rowCount, for reuse
    std::vector<bool> m_present;
    dt::term::CursorState m_cursor;
    dt::term::Line m_cursorLine;
    bool m_reverseVideo = false;
    int m_columns = 0;
    std::vector<std::pair<uint32_t, dt::term::Color>> m_underlineColours; // sorted by decoration
};

} // namespace dt::ui
