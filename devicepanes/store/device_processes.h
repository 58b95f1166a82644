#pragma once

#include <string>
#include <vector>

namespace dt::devices {

// The process groups a booted device recorded in its directory (`groups`,
// one pid per line, in start order).
std::vector<int> readGroups(const std::string &deviceDirectory);

// Whether the process's command line or environment names `text` (a
// device's directory): a recorded pid may belong to someone else by now.
// Only open/read/close and no allocation, so a forked child may call it.
bool processMentions(int pid, const char *text) noexcept;

} // namespace dt::devices
