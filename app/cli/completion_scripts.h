#pragma once

// The bash, zsh and fish completion scripts of the CLI, generated from the
// verb table: each verb's words, its flags and the values a flag or a word
// takes, all read from its usage line, so completions never drift from what
// the CLI accepts.

#include "app/cli/cli.h"

#include <map>
#include <string>
#include <vector>

namespace dt::cli {

// What a verb's usage line says can be completed after its words.
struct VerbCompletion {
    std::string key; // its words, joined by a space: "tab close"
    std::string summary;
    std::vector<std::string> flags; // "--tab", "-o", …
    std::map<std::string, std::vector<std::string>> flagValues; // "--mode" → detach, shutdown
    std::vector<std::string> directoryFlags; // take a directory (--cwd)
    std::vector<std::string> fileFlags; // take a file (-o FILE.png)
    std::vector<std::string> words; // fixed words after the verb: true|false, start, stop, …
    // Values only the running system knows, asked of `deviceterm completions
    // values devices|tabs` as the person types: a device after the verb
    // (sim boot DEVICE), a tab after these flags (--tab REF).
    bool takesDevice = false;
    std::vector<std::string> tabFlags;
};

VerbCompletion completionOf(const Verb &verb);

std::string bashScript();
std::string zshScript();
std::string fishScript();

} // namespace dt::cli
