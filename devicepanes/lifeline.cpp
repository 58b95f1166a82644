// The per-device watchdog: a forked process that waits for deviceterm's end of a pipe to close, then,
// unless the device was kept, stops its recorded process groups (SIGTERM, then SIGKILL).

#include "devicepanes/lifeline.h"

#include "devicepanes/store/device_processes.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace dt::devices {

namespace {

constexpr int kLifelineFd = 3; // where the watchdog keeps its end

void pause(long milliseconds) noexcept
{
    timespec t{milliseconds / 1000, (milliseconds % 1000) * 1000000L};
    while (::nanosleep(&t, &t) != 0 && errno == EINTR) {
    }
}

// The groups file's numbers without allocating (unlike readGroups()): at
// most `capacity`.
int readGroupsFile(const char *path, pid_t *groups, int capacity) noexcept
{
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char buffer[4096];
    const ssize_t n = ::read(fd, buffer, sizeof buffer - 1);
    ::close(fd);
    int count = 0;
    long value = 0;
    bool inNumber = false;
    for (ssize_t i = 0; i <= n && count < capacity; ++i) {
        const char c = i < n ? buffer[i] : '\n';
        if (c >= '0' && c <= '9') {
            value = value * 10 + (c - '0');
            inNumber = true;
        } else {
            if (inNumber && value > 1)
                groups[count++] = pid_t(value);
            value = 0;
            inNumber = false;
        }
    }
    return count;
}

// The watchdog's whole life, in the forked child: system calls only.
[[noreturn]] void watch(const char *directory, const char *keptPath, const char *groupsPath) noexcept
{
    char byte;
    while (::read(kLifelineFd, &byte, 1) < 0 && errno == EINTR) {
    }
    // Our end closed: deviceterm shut the device down, kept it, or died.
    if (::access(keptPath, F_OK) == 0)
        ::_exit(0);
    pid_t recorded[256], groups[256];
    const int all = readGroupsFile(groupsPath, recorded, 256);
    // Only groups whose leader is still the device's (pids get reused).
    int count = 0;
    for (int i = 0; i < all; ++i)
        if (processMentions(recorded[i], directory))
            groups[count++] = recorded[i];
    for (int i = count - 1; i >= 0; --i) // the app first, the display last
        ::kill(-groups[i], SIGTERM);
    for (int waited = 0; waited < 1000; waited += 20) {
        bool any = false;
        for (int i = 0; i < count; ++i)
            any = any || ::kill(-groups[i], 0) == 0;
        if (!any)
            ::_exit(0);
        pause(20);
    }
    for (int i = 0; i < count; ++i)
        ::kill(-groups[i], SIGKILL);
    ::_exit(0);
}

} // namespace

Lifeline::Lifeline(const std::string &deviceDirectory)
{
    // Paths made before the fork: the child must not allocate.
    char directory[4096], keptPath[4096], groupsPath[4096];
    std::snprintf(directory, sizeof directory, "%s", deviceDirectory.c_str());
    std::snprintf(keptPath, sizeof keptPath, "%s/kept", deviceDirectory.c_str());
    std::snprintf(groupsPath, sizeof groupsPath, "%s/groups", deviceDirectory.c_str());
    int pipeFds[2];
    if (::pipe2(pipeFds, O_CLOEXEC) != 0)
        return;
    m_watchdog = ::fork();
    if (m_watchdog == 0) {
        // Its own process group (a Ctrl+C meant for us must not reach it),
        // default signals, and no descriptor of ours but its end: holding
        // another device's write end would keep that device's lifeline open.
        ::setpgid(0, 0);
        ::prctl(PR_SET_NAME, "dt-watchdog"); // what ps shows: not a second deviceterm-gui
        // Our handlers go before signals are let in: a SIGTERM meant for
        // the watchdog must not run deviceterm's handler here.
        for (int s : {SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD})
            ::signal(s, SIG_DFL);
        sigset_t none;
        sigemptyset(&none);
        ::sigprocmask(SIG_SETMASK, &none, nullptr);
        if (::dup2(pipeFds[0], kLifelineFd) < 0)
            ::_exit(1);
        const int null = ::open("/dev/null", O_RDWR);
        for (int fd = 0; fd < kLifelineFd; ++fd)
            ::dup2(null, fd);
        if (::close_range(kLifelineFd + 1, ~0U, 0) != 0) { // kernels before 5.9
            rlimit files{};
            ::getrlimit(RLIMIT_NOFILE, &files);
            for (rlim_t fd = kLifelineFd + 1; fd < files.rlim_cur && fd < 65536; ++fd)
                ::close(int(fd));
        }
        watch(directory, keptPath, groupsPath);
    }
    ::close(pipeFds[0]);
    if (m_watchdog < 0) {
        ::close(pipeFds[1]);
        return;
    }
    m_ours = pipeFds[1];
}

Lifeline::~Lifeline()
{
    if (m_ours >= 0)
        ::close(m_ours);
    if (m_watchdog <= 0)
        return;
    // It leaves at once (nothing to stop once the directory is gone); if
    // something kept its pipe open, it does not hold us up for long.
    for (int waited = 0; waited < 500; waited += 5) {
        if (::waitpid(m_watchdog, nullptr, WNOHANG) != 0)
            return;
        pause(5);
    }
    ::kill(m_watchdog, SIGKILL);
    ::waitpid(m_watchdog, nullptr, 0);
}

} // namespace dt::devices
