#pragma once

#include <map>
#include <string>
#include <vector>

namespace dt::cli {

// Runs argv[0] (looked up in PATH) with `extraEnv` added, the CLI's stdin,
// stdout and stderr, and returns what a shell would report: its exit status,
// 128 + the signal that killed it, or 127 when it could not be started.
int runAndForward(const std::vector<std::string> &argv, const std::map<std::string, std::string> &extraEnv);

} // namespace dt::cli
