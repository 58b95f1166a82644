#pragma once

// How far apart two words are (Levenshtein), for the "did you mean"s of
// the CLI and the config file.

#include <string>
#include <vector>

namespace dt::base {

size_t editDistance(const std::string &a, const std::string &b);

// The words of `candidates` a mistyped `word` was probably meant to be:
// one or two edits away (one for words of up to three letters), or, with
// `prefixes`, starting with it. In the order given.
std::vector<std::string> closeWords(const std::string &word, const std::vector<std::string> &candidates,
                                    bool prefixes = true);

} // namespace dt::base
