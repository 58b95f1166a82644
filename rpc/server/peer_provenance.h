#pragma once

#include "rpc/contract/errors.h"

#include <cstdint>
#include <memory>
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

// The provenance rule: `peer` runs in the terminal whose shell is `shell`.
// Not ready while the shell has not yet taken its terminal; otherwise
// unauthorized, in the words a wrong capability gets (no oracle).
std::optional<Error> checkTerminalProvenance(pid_t shell, pid_t peer);
inline constexpr const char *kInvalidCredentials = "invalid sessionId or cap";

// The pid and uid of the process at the other end of a Unix socket.
struct PeerCredentials {
    pid_t pid = 0;
    uid_t uid = 0;
};
std::optional<PeerCredentials> peerCredentials(int socketDescriptor);

// The process that connected a socket, bound at accept time. Its pid is only
// a number the kernel hands out again once the process is gone, so a
// connection whose connecting process exited must not pass for whoever gets
// that pid next. The binding is a pidfd (SO_PEERPIDFD names exactly the
// process that called connect(); before Linux 6.5, pidfd_open at accept)
// plus the process's start time as a second witness.
class PeerProcess {
public:
    // Nullptr when the socket has no peer credentials at all.
    static std::shared_ptr<const PeerProcess> ofSocket(int socketDescriptor);
    ~PeerProcess();
    PeerProcess(const PeerProcess &) = delete;
    PeerProcess &operator=(const PeerProcess &) = delete;

    pid_t pid() const { return m_pid; }
    uid_t uid() const { return m_uid; }
    // Whether the process that connected still runs (and so still owns its
    // pid): what /proc says about pid() is then about that process.
    bool stillRunning() const;

private:
    PeerProcess() = default;
    pid_t m_pid = 0;
    uid_t m_uid = 0;
    int m_pidfd = -1;
    std::optional<uint64_t> m_startTime;
};

} // namespace dt::rpc
