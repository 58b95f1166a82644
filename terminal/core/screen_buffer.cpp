// A screen's rows: scrolling the screen or a region rotates the table of which row object stands where,
// without moving rows or cells, and resizing keeps the top-left overlap.

#include "terminal/core/screen_buffer.h"

#include <algorithm>
#include <numeric>

namespace dt::term {

ScreenBuffer::ScreenBuffer(int rows, int columns, const Cell &fill) : m_rows(rows), m_columns(columns)
{
    Cell blank;
    blank.eraseWith(fill);
    m_lines.assign(static_cast<size_t>(rows), Line(columns, blank));
    m_order.resize(static_cast<size_t>(rows));
    std::iota(m_order.begin(), m_order.end(), 0u);
}

void ScreenBuffer::rotate(int top, int bottom, int n)
{
    if (n == 0 || bottom - top <= 1)
        return;
    const int height = bottom - top;
    n = ((n % height) + height) % height;
    // Entries of a small table: a scroll by one row (a line feed at the
    // bottom, a TUI's region on every redraw) is one short memmove.
    const auto first = m_order.begin() + top;
    std::rotate(first, first + n, first + height);
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
    m_order.resize(static_cast<size_t>(rows));
    std::iota(m_order.begin(), m_order.end(), 0u);
    m_rows = rows;
    m_columns = columns;
}

} // namespace dt::term
