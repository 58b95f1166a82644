// Mouse selection over absolute line positions: by character, word (letters plus path and URL characters)
// or whole logical line, hit-testing cells, and the selected text with trailing blanks dropped and
// wrapped rows joined.

#include "terminal/core/selection.h"

#include "terminal/core/terminal.h"

#include <algorithm>
#include <cwctype>

namespace dt::term {

namespace {

bool isWordChar(char32_t c)
{
    if (c == 0)
        return false;
    if (c > 0x7f)
        return std::iswalnum(static_cast<wint_t>(c)) || c > 0x2000; // CJK and other scripts count as word text
    if (std::isalnum(static_cast<int>(c)))
        return true;
    switch (c) {
    case '_': case '-': case '.': case '/': case '~': case ':': case '@': case '+': case '%': case '=': case '?':
    case '&': case '#':
        return true;
    default:
        return false;
    }
}

// Skips back over the right half of a wide character.
int leadColumn(const Line &line, int col)
{
    while (col > 0 && col < line.size() && line[col].continuation)
        --col;
    return col;
}

// True when line `l` wrapped with a word character last and the next line
// starts with one: a word runs on over the break.
bool wordRunsOnAfter(const Terminal &t, int64_t l)
{
    const Line *line = t.lineAt(l);
    const Line *next = t.lineAt(l + 1);
    if (!line || !next || !line->wrapped() || next->size() == 0)
        return false;
    // Its last written cell: a wide character that did not fit left one
    // blank behind it.
    const int last = line->trimmedLength() - 1;
    return last >= 0 && isWordChar(line->baseCodepoint(leadColumn(*line, last))) && isWordChar(next->baseCodepoint(0));
}

} // namespace

int wordStartAt(const Line &line, int col)
{
    col = leadColumn(line, std::clamp(col, 0, std::max(0, line.size() - 1)));
    if (line.size() == 0 || !isWordChar(line.baseCodepoint(col)))
        return col;
    while (col > 0) {
        const int prev = leadColumn(line, col - 1);
        if (!isWordChar(line.baseCodepoint(prev)))
            break;
        col = prev;
    }
    return col;
}

int wordEndAt(const Line &line, int col)
{
    col = leadColumn(line, std::clamp(col, 0, std::max(0, line.size() - 1)));
    if (line.size() == 0)
        return 0;
    if (!isWordChar(line.baseCodepoint(col)))
        return col + 1;
    while (col < line.size() && (line[col].continuation || isWordChar(line.baseCodepoint(col))))
        ++col;
    return col;
}

void Selection::begin(const Terminal &t, GridPos at, Unit unit)
{
    m_active = true;
    m_unit = unit;
    m_anchor = m_cursor = at;
    recompute(t);
}

void Selection::extendTo(const Terminal &t, GridPos to)
{
    if (!m_active)
        return begin(t, to, Unit::Character);
    m_cursor = to;
    recompute(t);
}

void Selection::recompute(const Terminal &t)
{
    GridPos a = std::min(m_anchor, m_cursor);
    GridPos b = std::max(m_anchor, m_cursor);
    switch (m_unit) {
    case Unit::Character:
        // The cell under the far end is included.
        b.col += 1;
        break;
    case Unit::Word:
        if (const Line *l = t.lineAt(a.line))
            a.col = wordStartAt(*l, a.col);
        if (const Line *l = t.lineAt(b.line))
            b.col = wordEndAt(*l, b.col);
        // A word the wrap cut in two (a long URL or path) is one word.
        while (a.col == 0 && wordRunsOnAfter(t, a.line - 1)) {
            const Line &prev = *t.lineAt(--a.line);
            a.col = wordStartAt(prev, prev.trimmedLength() - 1);
        }
        while (wordRunsOnAfter(t, b.line) && b.col >= t.lineAt(b.line)->trimmedLength())
            b = {b.line + 1, wordEndAt(*t.lineAt(b.line + 1), 0)};
        break;
    case Unit::Line:
        // The whole logical line, over all the rows it wrapped onto.
        a.col = 0;
        for (const Line *prev = t.lineAt(a.line - 1); prev && prev->wrapped(); prev = t.lineAt(a.line - 1))
            --a.line;
        for (const Line *l = t.lineAt(b.line); l && l->wrapped() && t.lineAt(b.line + 1); l = t.lineAt(b.line))
            ++b.line;
        b.col = t.columns();
        break;
    }
    m_start = a;
    m_end = b;
}

bool Selection::contains(int64_t line, int col) const
{
    if (!isActive())
        return false;
    const GridPos p{line, col};
    return !(p < m_start) && p < m_end;
}

bool Selection::intersectsLines(int64_t first, int64_t last) const
{
    return isActive() && m_start.line <= last && m_end.line >= first;
}

std::string Selection::text(const Terminal &t) const
{
    std::string out;
    if (!isActive())
        return out;
    for (int64_t l = m_start.line; l <= m_end.line; ++l) {
        const Line *line = t.lineAt(l);
        // A row that wrapped runs on into the next: no line break, and its
        // blanks are kept (but not cells never written, as when a wide
        // character did not fit).
        const bool wraps = line && line->wrapped() && l != m_end.line;
        std::string row;
        if (line) {
            const int from = l == m_start.line ? m_start.col : 0;
            const int to = l == m_end.line ? std::min(m_end.col, line->size())
                : wraps                    ? line->trimmedLength()
                                           : line->size();
            row = line->text(from, to);
        }
        while (!wraps && !row.empty() && row.back() == ' ')
            row.pop_back();
        out += row;
        if (l != m_end.line && !wraps)
            out += '\n';
    }
    return out;
}

} // namespace dt::term
