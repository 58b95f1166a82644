#pragma once

#include "terminal/core/line.h"

#include <cstdint>
#include <vector>

namespace dt::term {

// The rows of one screen (primary or alternate), reached through a table
// of which row object stands at each row, so scrolling the screen or a
// region moves entries of that table, not rows or their cells.
class ScreenBuffer {
public:
    ScreenBuffer(int rows, int columns, const Cell &fill);

    int rows() const { return m_rows; }
    int columns() const { return m_columns; }

    Line &row(int r) { return m_lines[physical(r)]; }
    const Line &row(int r) const { return m_lines[physical(r)]; }

    // Rotates rows [top, bottom) up by n (n > 0) or down (n < 0) without
    // touching cells; the rows that wrap around still hold their old content.
    void rotate(int top, int bottom, int n);

    // Keeps the top-left overlap; new cells take `fill`'s style.
    void resize(int rows, int columns, const Cell &fill);

private:
    size_t physical(int r) const { return m_order[static_cast<size_t>(r)]; }

    std::vector<Line> m_lines;
    std::vector<uint32_t> m_order; // row -> its object in m_lines
    int m_rows;
    int m_columns;
};

} // namespace dt::term
