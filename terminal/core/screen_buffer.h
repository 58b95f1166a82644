#pragma once

#include "terminal/core/line.h"

#include <vector>

namespace dt::term {

// The rows of one screen (primary or alternate) as a ring, so scrolling the
// whole screen by n rows moves n rows, not the entire buffer.
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
    size_t physical(int r) const
    {
        int i = m_top + r;
        if (i >= m_rows)
            i -= m_rows;
        return static_cast<size_t>(i);
    }

    std::vector<Line> m_lines;
    int m_top = 0;
    int m_rows;
    int m_columns;
};

} // namespace dt::term
