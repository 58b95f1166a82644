// TerminalAccessibleText: the lines a screen reader reads, refreshed from
// the model, and what changed between two refreshes.

#include "app/ui/terminal_accessible_text.h"

#include <algorithm>

namespace dt::ui {

using dt::term::Cell;
using dt::term::Line;

TerminalAccessibleText::Row TerminalAccessibleText::readRow(const Line &line)
{
    Row row;
    for (int col = 0; col < line.size(); ++col) {
        const Cell &c = line[col];
        if (c.continuation)
            continue;
        QString g;
        if (c.codepoint == 0 && !c.clustered) {
            g = QStringLiteral(" ");
        } else if (c.conceal) {
            g = QStringLiteral(" "); // hidden on screen: not read either
        } else {
            const std::u32string cps = line.graphemeAt(col);
            g = QString::fromUcs4(cps.data(), static_cast<qsizetype>(cps.size()));
        }
        row.text += g;
        row.columnOfUnit.insert(row.columnOfUnit.end(), static_cast<size_t>(g.size()), col);
    }
    qsizetype end = row.text.size();
    while (end > 0 && row.text[end - 1] == u' ')
        --end;
    row.text.truncate(end);
    row.columnOfUnit.resize(static_cast<size_t>(end));
    return row;
}

TerminalAccessibleText::Change TerminalAccessibleText::refresh(const dt::term::Terminal &t)
{
    const QString old = m_text;
    const int64_t above = t.linesAboveScreen();
    const bool alt = t.altScreenActive();
    const int64_t first = above - (alt ? 0 : std::min(t.scrollback().size(), kHistoryLines));
    // Lines in history stay as written, unless the history was laid out
    // again (a new width, or lines pulled back onto a taller screen) or the
    // other screen shows.
    const bool keep = t.columns() == m_columns && alt == m_alt && above >= m_screenFirst && first >= m_historyFirst;
    Change change;
    if (keep) {
        int dropped = 0;
        while (!m_history.empty() && m_historyFirst < first) {
            dropped += static_cast<int>(m_history.front().size()) + 1;
            m_history.pop_front();
            ++m_historyFirst;
        }
        change.removedAtStart = old.left(std::min(dropped, static_cast<int>(old.size())));
    } else {
        m_history.clear();
        change.reread = true;
    }
    for (int64_t abs = std::max(keep ? m_screenFirst : first, first); abs < above; ++abs) {
        const Line *line = t.lineAt(abs);
        m_history.push_back(line ? readRow(*line).text : QString());
    }
    m_historyFirst = first;
    m_screenFirst = above;
    m_columns = t.columns();
    m_alt = alt;

    m_screen.clear();
    const auto cursor = t.cursor();
    int shown = cursor.row + 1;
    for (int r = 0; r < t.rows(); ++r) {
        const Line *line = t.lineAt(above + r);
        m_screen.push_back(line ? readRow(*line) : Row{});
        if (!m_screen.back().text.isEmpty())
            shown = std::max(shown, r + 1);
    }
    m_screen.resize(static_cast<size_t>(std::min<int>(shown, static_cast<int>(m_screen.size()))));
    m_cursorRow = cursor.row;
    m_cursorCol = cursor.col;
    join();

    if (change.reread)
        return change;
    // The rest: one replaced stretch after the longest common start.
    const QStringView before = QStringView(old).mid(change.removedAtStart.size());
    const QStringView after(m_text);
    qsizetype same = 0;
    const qsizetype most = std::min(before.size(), after.size());
    while (same < most && before[same] == after[same])
        ++same;
    change.at = static_cast<int>(same);
    change.removed = before.mid(same).toString();
    change.inserted = after.mid(same).toString();
    return change;
}

void TerminalAccessibleText::join()
{
    m_text.clear();
    m_lineStarts.clear();
    auto add = [&](const QString &line) {
        if (!m_lineStarts.empty())
            m_text += u'\n';
        m_lineStarts.push_back(static_cast<int>(m_text.size()));
        m_text += line;
    };
    for (const QString &line : m_history)
        add(line);
    for (const Row &row : m_screen)
        add(row.text);
    m_cursorOffset = offsetOfScreenCell(m_cursorRow, m_cursorCol);
}

std::pair<int, int> TerminalAccessibleText::screenCellOf(int offset) const
{
    if (m_lineStarts.empty())
        return {0, 0};
    auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
    const int index = static_cast<int>(it - m_lineStarts.begin()) - 1;
    const int row = index - static_cast<int>(m_history.size());
    if (index < 0 || row < 0)
        return {-1, 0};
    const Row &r = m_screen[static_cast<size_t>(row)];
    const int unit = offset - m_lineStarts[static_cast<size_t>(index)];
    if (unit < static_cast<int>(r.columnOfUnit.size()))
        return {row, r.columnOfUnit[static_cast<size_t>(unit)]};
    return {row, r.columnOfUnit.empty() ? unit : r.columnOfUnit.back() + 1 + (unit - static_cast<int>(r.columnOfUnit.size()))};
}

int TerminalAccessibleText::offsetOfScreenCell(int row, int col) const
{
    const size_t index = m_history.size() + static_cast<size_t>(std::max(0, row));
    if (index >= m_lineStarts.size())
        return static_cast<int>(m_text.size());
    const Row &r = m_screen[static_cast<size_t>(std::max(0, row))];
    const auto unit = std::lower_bound(r.columnOfUnit.begin(), r.columnOfUnit.end(), col) - r.columnOfUnit.begin();
    return m_lineStarts[index] + static_cast<int>(unit);
}

} // namespace dt::ui
