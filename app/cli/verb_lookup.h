#pragma once

// Finding the verb a command line names, and saying what is wrong when
// none does: a group named without its subcommand ("tab" → info, run, …),
// a misspelt word ("tabz" → tabs), or nothing close at all.

#include "app/cli/cli.h"

#include <string>
#include <vector>

namespace dt::cli {

// The longest verb whose words begin `words`, or null.
const Verb *findVerb(const std::vector<std::string> &words);

// Why `words` name no verb, as one line for stderr (without "deviceterm: ").
std::string whyNoVerb(const std::vector<std::string> &words);

// Names among `candidates` close to `word` (a typo, or its beginning),
// joined with ", "; empty when none is.
std::string closeTo(const std::string &word, const std::vector<std::string> &candidates);

// `words` with `separator` between them: verb words, subcommands, flags.
std::string joinWords(const std::vector<std::string> &words, const std::string &separator);

} // namespace dt::cli
