// The screen and the history as plain text, trailing blanks trimmed, for
// captures and copies.

#include "terminal/core/terminal.h"

#include <algorithm>

namespace dt::term {

namespace {
void appendTrimmed(std::string &out, const Line &line)
{
    std::string text = line.text();
    while (!text.empty() && text.back() == ' ')
        text.pop_back();
    out += text;
    out += '\n';
}
} // namespace

std::string Terminal::screenText() const
{
    std::string out;
    for (int r = 0; r < m_rows; ++r)
        appendTrimmed(out, screenLine(r));
    return out;
}

std::string Terminal::historyText(int lines) const
{
    std::string out;
    for (int i = std::min(lines, m_scrollback.size()) - 1; i >= 0; --i)
        appendTrimmed(out, m_scrollback.fromNewest(i));
    return out;
}

} // namespace dt::term
