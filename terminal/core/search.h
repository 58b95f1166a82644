#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dt::term {

class Terminal;

// What matched, in absolute line numbers (see Terminal::lineAt): from
// column startCol of `line` to column endCol (exclusive) of the line
// `extraLines` further on, when the match runs over a wrap.
struct SearchMatch {
    int64_t line = 0;
    int startCol = 0;
    int endCol = 0;
    int extraLines = 0;
    friend bool operator==(const SearchMatch &, const SearchMatch &) = default;

    bool contains(int64_t atLine, int col) const
    {
        return (atLine > line || (atLine == line && col >= startCol))
            && (atLine < line + extraLines || (atLine == line + extraLines && col < endCol));
    }
};

// Every occurrence of `needle` (UTF-8) in the scrollback and the screen,
// oldest first. Matches run over wrapped lines (as the program wrote the
// text), not over line breaks. Case-insensitive matching folds ASCII and
// Latin-1 letters only; other scripts match exactly.
std::vector<SearchMatch> findAll(const Terminal &terminal, const std::string &needle, bool caseSensitive = false);

} // namespace dt::term
