// A screen's rows as a ring: scrolling the whole screen just moves the origin, a partial region rotates
// row objects without copying cells, and resizing keeps the top-left overlap.

#include "terminal/core/screen_buffer.h"

#include <algorithm>

namespace dt::term {

ScreenBuffer::ScreenBuffer(int rows, int columns, const Cell &fill) : m_rows(rows), m_columns(columns)
{
    Cell blank;
    blank.eraseWith(fill);
    m_lines.assign(static_cast<size_t>(rows), Line(columns, blank));
}

void ScreenBuffer::rotate(int top, int bottom, int n)
{
    if (n == 0 || bottom - top <= 1)
        return;
    if (top == 0 && bottom == m_rows) {
        // The whole screen: just move the ring's origin.
        m_top = ((m_top + n) % m_rows + m_rows) % m_rows;
        return;
    }
    const int height = bottom - top;
    n = ((n % height) + height) % height;
    // Rotate the logical range by three reversals of swapped rows: rows
    // are vectors, so this swaps pointers, not cells, and allocates
    // nothing (a TUI's scroll region moves on every redraw).
    const auto reverse = [this, top](int from, int to) {
        for (int a = top + from, b = top + to - 1; a < b; ++a, --b)
            row(a).swap(row(b));
    };
    reverse(0, n);
    reverse(n, height);
    reverse(0, height);
}

void ScreenBuffer::resize(int rows, int columns, const Cell &fill)
{
    std::vector<Line> lines;
    lines.reserve(static_cast<size_t>(rows));
    Cell blank;
    blank.eraseWith(fill);
    for (int r = 0; r < rows; ++r) {
        if (r < m_rows) {
            Line l = std::move(row(r));
            l.resize(columns, blank);
            lines.push_back(std::move(l));
        } else {
            lines.emplace_back(columns, blank);
        }
    }
    m_lines = std::move(lines);
    m_top = 0;
    m_rows = rows;
    m_columns = columns;
}

} // namespace dt::term
