#pragma once

// Starts a program on a new pseudo-terminal with posix_spawn. Its child
// shares the app's memory until it execs (vfork), so starting a program no
// longer copies the app's page tables and write-protects all of its memory,
// as forkpty did (after which every page the app wrote to took a page fault
// of its own: about 17 us a page on the reference machine, measured apart
// from the app), and no code runs in a copy of a process that has threads.

#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace dt::terminal {

struct PtySpawn {
    // A path, or a name looked up in the PATH of `environment` (not the
    // GUI's), as execvp in the child would.
    std::string program;
    std::vector<std::string> argv; // argv[0] first
    std::vector<std::string> environment; // complete, KEY=VALUE
    // Where it starts; one it cannot enter falls back to its $HOME, then
    // to /. Empty: where the GUI process is.
    std::string workingDirectory;
    unsigned short rows = 24;
    unsigned short columns = 80;
};

struct SpawnedChild {
    pid_t pid = -1;
    int master = -1; // non-blocking, close-on-exec; the caller closes it
};

// The child runs in a new session whose controlling terminal is the PTY,
// with every signal at its default and none blocked, and only descriptors
// 0-2 open (the terminal). A program that cannot be run still gets its
// terminal: its child says there why and exits with 127, as a shell's
// would. Nothing when no terminal could be made (*error says why).
std::optional<SpawnedChild> spawnOnPty(const PtySpawn &spawn, std::string *error);

} // namespace dt::terminal
