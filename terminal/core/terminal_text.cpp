// The screen and the history as plain text, trailing blanks trimmed, for
// captures and copies: row by row, or as the lines the program wrote (a
// wrapped row runs on into the next).

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
// A row of a logical line: a wrapped one goes on without a break, keeping
// its blanks except those never written (a wide character that did not fit).
void appendLogical(std::string &out, const Line &line)
{
    if (line.wrapped()) {
        out += line.text(0, line.trimmedLength());
        return;
    }
    appendTrimmed(out, line);
}
} // namespace

std::string Terminal::logicalText(int historyLines) const
{
    std::string out;
    for (int i = std::min(historyLines, m_scrollback.size()) - 1; i >= 0; --i) {
        const Line &line = m_scrollback.fromNewest(i);
        // Behind a full-screen program history does not run on into it.
        if (i == 0 && m_altActive)
            appendTrimmed(out, line);
        else
            appendLogical(out, line);
    }
    for (int r = 0; r < m_rows; ++r)
        appendLogical(out, screenLine(r));
    if (!out.empty() && out.back() != '\n')
        out += '\n'; // the last row wrapped (it cannot have): still one line
    return out;
}

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
