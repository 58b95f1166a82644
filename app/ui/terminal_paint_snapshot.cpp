// PaintSnapshot: the copy of the exposed rows a paint draws from.

#include "app/ui/terminal_paint_snapshot.h"

#include <algorithm>

namespace dt::ui {

using dt::term::Cell;
using dt::term::Color;
using dt::term::Line;

void PaintSnapshot::take(const dt::term::Terminal &t, int64_t top, int firstRow, int lastRow)
{
    m_firstRow = firstRow;
    m_rowCount = std::max(0, lastRow - firstRow + 1);
    if (m_rows.size() < static_cast<size_t>(m_rowCount))
        m_rows.resize(static_cast<size_t>(m_rowCount));
    m_present.assign(static_cast<size_t>(m_rowCount), false);
    m_underlineColours.clear();
    auto noteUnderlineColours = [&](const Line &line) {
        for (int col = 0; col < line.size(); ++col) {
            const Cell &c = line[col];
            if (!c.underline || c.decoration == 0)
                continue;
            const dt::term::Decoration *d = t.decoration(c);
            if (d && !d->underlineColour.isDefault())
                m_underlineColours.emplace_back(c.decoration, d->underlineColour);
        }
    };
    for (int i = 0; i < m_rowCount; ++i) {
        const Line *line = t.lineAt(top + firstRow + i);
        if (!line)
            continue;
        m_rows[static_cast<size_t>(i)].assignOwnedCopy(*line);
        m_present[static_cast<size_t>(i)] = true;
        noteUnderlineColours(*line);
    }
    std::sort(m_underlineColours.begin(), m_underlineColours.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    m_underlineColours.erase(std::unique(m_underlineColours.begin(), m_underlineColours.end(),
                                         [](const auto &a, const auto &b) { return a.first == b.first; }),
                             m_underlineColours.end());
    m_cursor = t.cursor();
    m_cursorLine.assignOwnedCopy(t.screenLine(std::clamp(m_cursor.row, 0, t.rows() - 1)));
    m_reverseVideo = t.reverseVideo();
    m_columns = t.columns();
}

const Line *PaintSnapshot::row(int row) const
{
    const int i = row - m_firstRow;
    if (i < 0 || i >= m_rowCount || !m_present[static_cast<size_t>(i)])
        return nullptr;
    return &m_rows[static_cast<size_t>(i)];
}

Color PaintSnapshot::underlineColour(const Cell &cell) const
{
    auto it = std::lower_bound(m_underlineColours.begin(), m_underlineColours.end(), cell.decoration,
                               [](const auto &entry, uint32_t key) { return entry.first < key; });
    return it != m_underlineColours.end() && it->first == cell.decoration ? it->second : Color{};
}

} // namespace dt::ui
