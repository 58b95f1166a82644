// Puts a device app in its own loopback-only network namespace (inside a user namespace if needed) and
// passes back a UDP socket made in there, so only deviceterm can reach the app's TUIO touch port.

#include "devicepanes/private_network.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace dt::devices {

namespace {

// What the child reports back: the stage that failed (0: none) and errno.
struct Report {
    int stage = 0;
    int error = 0;
};
enum Stage { kDone = 0, kNamespace, kIdMaps, kLoopback, kTouchSocket, kJoin, kFork, kNoAnswer };

const char *stageName(int stage)
{
    switch (stage) {
    case kNamespace:
        return "making a network namespace";
    case kIdMaps:
        return "mapping the user into it";
    case kLoopback:
        return "bringing its loopback up";
    case kTouchSocket:
        return "opening the touch socket";
    case kJoin:
        return "joining the app's namespaces";
    case kFork:
        return "starting a helper";
    default:
        return "starting";
    }
}

bool writeFile(const char *path, const char *text) noexcept
{
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const size_t n = std::strlen(text);
    const bool ok = ::write(fd, text, n) == ssize_t(n);
    ::close(fd);
    return ok;
}

// Our own ids mapped to themselves (so that D-Bus sees the same user in a
// user namespace), as /proc/self/{uid,gid}_map take them.
void identityMaps(char (&uidMap)[32], char (&gidMap)[32])
{
    std::snprintf(uidMap, sizeof uidMap, "%u %u 1", ::getuid(), ::getuid());
    std::snprintf(gidMap, sizeof gidMap, "%u %u 1", ::getgid(), ::getgid());
}

// A network namespace: directly when we may (root with CAP_SYS_ADMIN),
// else inside a user namespace of our own. Returns the failed stage.
int enterNamespace(const char *uidMap, const char *gidMap) noexcept
{
    if (::unshare(CLONE_NEWNET) == 0)
        return kDone;
    if (::unshare(CLONE_NEWUSER | CLONE_NEWNET) != 0)
        return kNamespace;
    if (!writeFile("/proc/self/setgroups", "deny") || !writeFile("/proc/self/uid_map", uidMap)
        || !writeFile("/proc/self/gid_map", gidMap))
        return kIdMaps;
    return kDone;
}

// A UDP socket connected to the touch port, in the namespace we are in.
int openTouchSocket(Report &r) noexcept
{
    const int touch = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(PrivateNetwork::kTouchPort);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (touch < 0 || ::connect(touch, reinterpret_cast<const sockaddr *>(&to), sizeof to) != 0) {
        r.stage = kTouchSocket;
        r.error = errno;
        if (touch >= 0)
            ::close(touch);
        return -1;
    }
    return touch;
}

// The report, with the socket when there is one (closed here after).
void report(int to, const Report &r, int touch) noexcept
{
    Report copy = r;
    iovec body{&copy, sizeof copy};
    msghdr message{};
    message.msg_iov = &body;
    message.msg_iovlen = 1;
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    if (touch >= 0) {
        message.msg_control = control;
        message.msg_controllen = sizeof control;
        cmsghdr *c = CMSG_FIRSTHDR(&message);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        std::memcpy(CMSG_DATA(c), &touch, sizeof(int));
    }
    ::sendmsg(to, &message, MSG_NOSIGNAL);
    if (touch >= 0)
        ::close(touch);
}

// What the other end reported, and the socket it carried (or -1).
Report receiveReport(int from, int timeoutMs, int *socket)
{
    *socket = -1;
    pollfd p{from, POLLIN, 0};
    Report r{kNoAnswer, 0};
    iovec body{&r, sizeof r};
    msghdr message{};
    message.msg_iov = &body;
    message.msg_iovlen = 1;
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    if (::poll(&p, 1, timeoutMs) <= 0 || ::recvmsg(from, &message, MSG_CMSG_CLOEXEC | MSG_DONTWAIT) != ssize_t(sizeof r))
        return {kNoAnswer, 0};
    for (cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c))
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
            std::memcpy(socket, CMSG_DATA(c), sizeof(int));
    return r;
}

std::string describe(const char *failure, const Report &r)
{
    if (r.stage == kNoAnswer)
        return std::string(failure) + " (no answer)";
    return std::string(failure) + " (" + stageName(r.stage) + ": " + std::strerror(r.error) + ")";
}

// The socket a report carried, or -1 with `why`.
int takeSocket(const Report &r, int socket, const char *failure, std::string *why)
{
    if (r.stage == kDone && socket >= 0)
        return socket;
    if (socket >= 0)
        ::close(socket);
    *why = describe(failure, r.stage == kDone ? Report{kTouchSocket, EBADF} : r);
    return -1;
}

// Runs `inChild(socket)` in a forked child (system calls only, there) and
// returns its report; the socket it opened, if any, in `*socket`.
template <typename InChild>
Report reportFromChild(InChild inChild, int *socket)
{
    *socket = -1;
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0)
        return {kFork, errno};
    const pid_t child = ::fork();
    if (child == 0) {
        int opened = -1;
        const Report r = inChild(opened);
        report(pair[1], r, opened);
        ::_exit(0);
    }
    ::close(pair[1]);
    Report r{kFork, errno};
    if (child > 0) {
        r = receiveReport(pair[0], 5000, socket);
        ::waitpid(child, nullptr, 0);
    }
    ::close(pair[0]);
    return r;
}

} // namespace

bool PrivateNetwork::available(std::string *why)
{
    static std::optional<Report> probed; // once per process: the machine does not change
    if (!probed) {
        char uidMap[32], gidMap[32];
        identityMaps(uidMap, gidMap);
        int unused = -1;
        probed = reportFromChild(
            [&](int &) {
                Report r;
                r.stage = enterNamespace(uidMap, gidMap);
                r.error = r.stage ? errno : 0;
                return r;
            },
            &unused);
    }
    if (probed->stage != kDone && why)
        *why = describe("this machine does not let deviceterm keep the device's touch port off the network", *probed);
    return probed->stage == kDone;
}

PrivateNetwork::PrivateNetwork()
{
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) == 0) {
        m_parentEnd = pair[0];
        m_childEnd = pair[1];
    }
    identityMaps(m_uidMap, m_gidMap);
}

PrivateNetwork::~PrivateNetwork()
{
    if (m_parentEnd >= 0)
        ::close(m_parentEnd);
    if (m_childEnd >= 0)
        ::close(m_childEnd);
}

void PrivateNetwork::enterInChild() const noexcept
{
    Report r;
    r.stage = enterNamespace(m_uidMap, m_gidMap);
    if (r.stage == kDone) {
        // A new namespace's loopback is down: nothing would reach the app.
        const int s = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        ifreq lo{};
        std::strncpy(lo.ifr_name, "lo", IFNAMSIZ - 1);
        if (s < 0 || ::ioctl(s, SIOCGIFFLAGS, &lo) != 0) {
            r.stage = kLoopback;
        } else {
            lo.ifr_flags = short(lo.ifr_flags | IFF_UP | IFF_RUNNING);
            if (::ioctl(s, SIOCSIFFLAGS, &lo) != 0)
                r.stage = kLoopback;
        }
        r.error = r.stage ? errno : 0;
        if (s >= 0)
            ::close(s);
    } else {
        r.error = errno;
    }
    const int touch = r.stage == kDone ? openTouchSocket(r) : -1;
    report(m_childEnd, r, touch);
    if (r.stage != kDone)
        ::_exit(126);
}

int PrivateNetwork::takeTouchSocket(int timeoutMs, std::string *why)
{
    // The child has its copy; without ours, the child's exit (or no child
    // at all) reads as the end of the socket at once (it is a seqpacket
    // socket: a datagram one would just stay silent until the timeout).
    if (m_childEnd >= 0) {
        ::close(m_childEnd);
        m_childEnd = -1;
    }
    if (m_parentEnd < 0) {
        *why = "no channel to the app's start";
        return -1;
    }
    int socket = -1;
    const Report r = receiveReport(m_parentEnd, timeoutMs, &socket);
    return takeSocket(r, socket, "cannot give the app a private network", why);
}

int PrivateNetwork::joinTouchSocket(int appPid, std::string *why)
{
    char userPath[64], netPath[64];
    std::snprintf(userPath, sizeof userPath, "/proc/%d/ns/user", appPid);
    std::snprintf(netPath, sizeof netPath, "/proc/%d/ns/net", appPid);
    struct stat ours {}, theirs {};
    const bool otherUserNamespace = ::stat("/proc/self/ns/user", &ours) == 0 && ::stat(userPath, &theirs) == 0
        && (ours.st_ino != theirs.st_ino || ours.st_dev != theirs.st_dev);
    // Joining namespaces takes a single-threaded process: a child.
    int socket = -1;
    const Report r = reportFromChild(
        [&](int &touch) {
            Report joined;
            const int user = otherUserNamespace ? ::open(userPath, O_RDONLY | O_CLOEXEC) : -1;
            const int net = ::open(netPath, O_RDONLY | O_CLOEXEC);
            if ((otherUserNamespace && (user < 0 || ::setns(user, CLONE_NEWUSER) != 0)) || net < 0
                || ::setns(net, CLONE_NEWNET) != 0) {
                joined.stage = kJoin;
                joined.error = errno;
            } else {
                touch = openTouchSocket(joined);
            }
            return joined;
        },
        &socket);
    return takeSocket(r, socket, "cannot reach the app's private network", why);
}

} // namespace dt::devices
