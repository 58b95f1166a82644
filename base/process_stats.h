#pragma once

// What a family of processes costs, read from /proc: each process under
// the given roots (the roots and everything they started, however deep),
// with its CPU time so far and resident memory. Two readings some time
// apart give CPU use in between. No Qt; Linux only.

#include <cstdint>
#include <string>
#include <vector>

namespace dt::base {

struct ProcessReading {
    int pid = 0;
    int parent = 0;
    std::string command; // the program's name (comm), as ps shows it
    uint64_t cpuTicks = 0; // user + system, in clock ticks
    uint64_t rssBytes = 0;
    int threads = 0;
};

// The roots and their descendants that are running now, roots first.
std::vector<ProcessReading> readProcessTree(const std::vector<int> &roots);

// Clock ticks per second (for cpuTicks).
long clockTicksPerSecond();

} // namespace dt::base
