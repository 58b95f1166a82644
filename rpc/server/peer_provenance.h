#pragma once

#include <cstdint>
#include <optional>
#include <sys/types.h>

namespace dt::rpc {

// What the kernel says about a process (from /proc/<pid>/stat and status).
struct ProcessInfo {
    pid_t pid = 0;
    pid_t parent = 0;
    pid_t session = 0; // POSIX session id
    uint64_t tty = 0; // controlling terminal device (tty_nr), 0 if none
    uint64_t startTime = 0; // clock ticks after boot
    uid_t uid = 0;
};

std::optional<ProcessInfo> readProcess(pid_t pid);

// Identifies a terminal deviceterm spawned: the session its shell leads,
// that session's controlling tty, and the shell's start time (so a recycled
// pid cannot impersonate it).
struct TerminalAnchor {
    pid_t session = 0;
    uint64_t tty = 0;
    uint64_t leaderStartTime = 0;
};

// The anchor of the terminal whose shell (session leader) is `shellPid`.
std::optional<TerminalAnchor> anchorForShell(pid_t shellPid);

// Whether `pid` runs in that terminal: it is in the anchored session on the
// anchored tty, or one of its live ancestors is (so tools that setsid() each
// command still count). The walk stops after 32 hops, at pid 1, at a change
// of user, or where a parent is younger than its child (pid reuse).
bool belongsToTerminal(pid_t pid, const TerminalAnchor &anchor);

// The pid and uid of the process at the other end of a Unix socket.
struct PeerCredentials {
    pid_t pid = 0;
    uid_t uid = 0;
};
std::optional<PeerCredentials> peerCredentials(int socketDescriptor);

} // namespace dt::rpc
