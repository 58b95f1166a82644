// Proves a socket peer runs in a given tab's terminal: reads /proc for session, tty and start time, walks
// the peer's ancestors, and binds the connecting process by pidfd so a reused pid can't pass for it.

#include "rpc/server/peer_provenance.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef SO_PEERPIDFD
#define SO_PEERPIDFD 77 // Linux 6.5; Debian 12's headers predate it
#endif

namespace dt::rpc {

std::optional<ProcessInfo> readProcess(pid_t pid)
{
    if (pid <= 0)
        return std::nullopt;
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line))
        return std::nullopt;
    // The command name is in parentheses and may itself contain spaces or
    // parentheses: parse from the last ')'.
    const size_t close = line.rfind(')');
    if (close == std::string::npos)
        return std::nullopt;
    std::istringstream rest(line.substr(close + 2));
    char state = 0;
    long long ppid = 0, pgrp = 0, session = 0, ttyNr = 0;
    rest >> state >> ppid >> pgrp >> session >> ttyNr;
    std::string field;
    // Fields 8..21 of proc(5), then starttime (22).
    for (int i = 8; i <= 21 && rest >> field; ++i) {
    }
    unsigned long long start = 0;
    if (!(rest >> start))
        return std::nullopt;

    ProcessInfo info;
    info.pid = pid;
    info.parent = static_cast<pid_t>(ppid);
    info.session = static_cast<pid_t>(session);
    info.tty = static_cast<uint64_t>(ttyNr);
    info.startTime = start;

    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    bool haveUid = false;
    while (std::getline(status, line)) {
        if (line.rfind("Uid:", 0) == 0) {
            std::istringstream uids(line.substr(4));
            long long real = 0;
            uids >> real;
            info.uid = static_cast<uid_t>(real);
            haveUid = true;
            break;
        }
    }
    if (!haveUid)
        return std::nullopt;
    return info;
}

std::optional<TerminalAnchor> anchorForShell(pid_t shellPid)
{
    const auto shell = readProcess(shellPid);
    // The shell must lead its own session and own a terminal.
    if (!shell || shell->session != shellPid || shell->tty == 0)
        return std::nullopt;
    return TerminalAnchor{shell->session, shell->tty, shell->startTime};
}

namespace {

bool matches(const ProcessInfo &p, const TerminalAnchor &anchor)
{
    if (p.session != anchor.session || p.tty != anchor.tty)
        return false;
    // The session's leader must still be the shell we started.
    const auto leader = readProcess(anchor.session);
    return leader && leader->startTime == anchor.leaderStartTime;
}

} // namespace

bool belongsToTerminal(pid_t pid, const TerminalAnchor &anchor)
{
    std::optional<ProcessInfo> current = readProcess(pid);
    if (!current)
        return false;
    const uid_t uid = current->uid;
    for (int hop = 0; hop <= 32 && current; ++hop) {
        if (matches(*current, anchor))
            return true;
        const pid_t parentPid = current->parent;
        if (parentPid <= 1)
            return false;
        std::optional<ProcessInfo> parent = readProcess(parentPid);
        if (!parent || parent->uid != uid || parent->startTime > current->startTime)
            return false;
        // Re-read the child: it must still name this parent (it might have
        // been reparented, and the pid we read recycled, in between).
        const auto again = readProcess(current->pid);
        if (!again || again->parent != parentPid || again->startTime != current->startTime)
            return false;
        current = parent;
    }
    return false;
}

std::optional<PeerCredentials> peerCredentials(int socketDescriptor)
{
    struct ucred cred {};
    socklen_t len = sizeof cred;
    if (::getsockopt(socketDescriptor, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || len != sizeof cred)
        return std::nullopt;
    return PeerCredentials{cred.pid, cred.uid};
}

std::shared_ptr<const PeerProcess> PeerProcess::ofSocket(int socketDescriptor)
{
    const auto credentials = peerCredentials(socketDescriptor);
    if (!credentials)
        return nullptr;
    std::shared_ptr<PeerProcess> peer(new PeerProcess);
    peer->m_pid = credentials->pid;
    peer->m_uid = credentials->uid;
    int pidfd = -1;
    socklen_t len = sizeof pidfd;
    if (::getsockopt(socketDescriptor, SOL_SOCKET, SO_PEERPIDFD, &pidfd, &len) != 0 || len != sizeof pidfd) {
        // Only a kernel without SO_PEERPIDFD gets the fallback (with its
        // short race, see the class comment). Any other failure means the
        // peer is already gone, and its pid may name someone else by now.
        const bool unsupported = errno == ENOPROTOOPT;
        pidfd = unsupported ? static_cast<int>(::syscall(SYS_pidfd_open, credentials->pid, 0)) // glibc 2.36's header lacks extern "C"
                            : -1;
    } // older kernels: a short race, see the class comment
    peer->m_pidfd = pidfd;
    if (pidfd >= 0) {
        // The pid in the credentials and the pidfd must name the same process.
        if (const auto info = readProcess(credentials->pid))
            peer->m_startTime = info->startTime;
    }
    return peer;
}

PeerProcess::~PeerProcess()
{
    if (m_pidfd >= 0)
        ::close(m_pidfd);
}

bool PeerProcess::stillRunning() const
{
    if (m_pidfd < 0 || !m_startTime)
        return false; // gone before we could bind it
    // A pidfd turns readable when its process exits, whatever happens to
    // the number afterwards.
    pollfd p{m_pidfd, POLLIN, 0};
    const int ready = ::poll(&p, 1, 0);
    if (ready != 0)
        return false;
    const auto info = readProcess(m_pid);
    return info && info->startTime == *m_startTime;
}

std::optional<Error> checkTerminalProvenance(pid_t shell, pid_t peer)
{
    const auto anchor = anchorForShell(shell);
    if (!anchor)
        return Error{code::NotReady, "session terminal not yet bound; retry shortly"};
    if (!belongsToTerminal(peer, *anchor))
        return Error{code::Unauthorized, kInvalidCredentials};
    return std::nullopt;
}

} // namespace dt::rpc
