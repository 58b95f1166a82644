// Finds every occurrence of a string in the scrollback and screen, line by line, mapping matches back to
// cell columns (wide characters included); case folding covers ASCII and Latin-1 only.

#include "terminal/core/search.h"

#include "terminal/core/terminal.h"
#include "terminal/core/utf8.h"

namespace dt::term {

namespace {

char32_t fold(char32_t c)
{
    if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7))
        return c + 32;
    return c;
}

} // namespace

std::vector<SearchMatch> findAll(const Terminal &terminal, const std::string &needleUtf8, bool caseSensitive)
{
    std::vector<SearchMatch> matches;
    std::u32string needle = decodeUtf8(needleUtf8);
    if (needle.empty())
        return matches;
    if (!caseSensitive)
        for (char32_t &c : needle)
            c = fold(c);

    const int64_t first = terminal.linesAboveScreen() - terminal.scrollback().size();
    const int64_t last = terminal.linesAboveScreen() + terminal.rows();
    std::u32string text;
    std::vector<int> columnOf; // text index -> cell column
    for (int64_t l = first; l < last; ++l) {
        const Line *line = terminal.lineAt(l);
        if (!line)
            continue;
        text.clear();
        columnOf.clear();
        for (int col = 0; col < line->size(); ++col) {
            if ((*line)[col].continuation)
                continue;
            char32_t c = line->baseCodepoint(col);
            if (c == 0)
                c = ' ';
            text.push_back(caseSensitive ? c : fold(c));
            columnOf.push_back(col);
        }
        for (size_t at = text.find(needle); at != std::u32string::npos; at = text.find(needle, at + 1)) {
            const size_t endIndex = at + needle.size() - 1;
            int endCol = columnOf[endIndex] + 1;
            if (endCol < line->size() && (*line)[endCol].continuation)
                ++endCol; // include the right half of a wide character
            matches.push_back({l, columnOf[at], endCol});
        }
    }
    return matches;
}

} // namespace dt::term
