#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dt::term {

class Terminal;

// A stretch of one line that matched, in absolute line numbers (see
// Terminal::lineAt) and cell columns [startCol, endCol).
struct SearchMatch {
    int64_t line = 0;
    int startCol = 0;
    int endCol = 0;
    friend bool operator==(const SearchMatch &, const SearchMatch &) = default;
};

// Every occurrence of `needle` (UTF-8) in the scrollback and the screen,
// oldest first. Matches do not span lines. Case-insensitive matching folds
// ASCII and Latin-1 letters only; other scripts match exactly.
std::vector<SearchMatch> findAll(const Terminal &terminal, const std::string &needle, bool caseSensitive = false);

} // namespace dt::term
