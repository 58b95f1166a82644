// Finds every occurrence of a string in the scrollback and screen, logical line by logical line (rows
// joined where they wrapped), mapping matches back to cells (wide characters included); case folding
// covers ASCII and Latin-1 only.

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
    struct Where {
        int64_t line;
        int col;
    };
    std::vector<Where> where; // text index -> the cell it came from
    // A logical line is searched in windows of this many characters that
    // overlap by the needle's length less one, so a line as long as the
    // whole history costs no more memory than a window.
    constexpr size_t kWindow = 64 * 1024;
    const size_t overlap = needle.size() - 1;
    auto searchWindow = [&] {
        for (size_t at = text.find(needle); at != std::u32string::npos; at = text.find(needle, at + 1)) {
            const Where from = where[at];
            const Where to = where[at + needle.size() - 1];
            const Line *endLine = terminal.lineAt(to.line);
            int endCol = to.col + 1;
            if (endCol < endLine->size() && (*endLine)[endCol].continuation)
                ++endCol; // include the right half of a wide character
            matches.push_back({from.line, from.col, endCol, static_cast<int>(to.line - from.line)});
        }
    };
    for (int64_t l = first; l < last;) {
        // One logical line: this row and those it wrapped onto.
        text.clear();
        where.clear();
        for (; l < last; ++l) {
            const Line *line = terminal.lineAt(l);
            if (!line)
                continue;
            const int end = line->wrapped() ? line->trimmedLength() : line->size();
            for (int col = 0; col < end; ++col) {
                if ((*line)[col].continuation)
                    continue;
                char32_t c = line->baseCodepoint(col);
                if (c == 0)
                    c = ' ';
                text.push_back(caseSensitive ? c : fold(c));
                where.push_back({l, col});
                if (text.size() >= kWindow + overlap) {
                    searchWindow();
                    text.erase(0, text.size() - overlap);
                    where.erase(where.begin(), where.end() - static_cast<std::ptrdiff_t>(overlap));
                }
            }
            if (!line->wrapped() || !terminal.lineAt(l + 1)) {
                ++l;
                break;
            }
        }
        searchWindow();
    }
    return matches;
}

} // namespace dt::term
