// Levenshtein distance and the words close to a mistyped one.

#include "base/edit_distance.h"

#include <algorithm>

namespace dt::base {

size_t editDistance(const std::string &a, const std::string &b)
{
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::vector<std::string> closeWords(const std::string &word, const std::vector<std::string> &candidates, bool prefixes)
{
    const size_t allowed = word.size() <= 3 ? 1 : 2;
    std::vector<std::string> close;
    for (const std::string &c : candidates) {
        if (editDistance(c, word) <= allowed || (prefixes && word.size() >= 2 && c.rfind(word, 0) == 0))
            close.push_back(c);
    }
    return close;
}

} // namespace dt::base
