#pragma once

#include <memory>
#include <string>
#include <sys/types.h>

namespace dt::base {

// Which deviceterm-gui serves an automation socket: the one process that
// holds a write lock on "<socket>.lock". A second launch finds the lock
// taken, asks the holder for a window instead of listening itself, and so
// never replaces (or, on its way out, deletes) a live instance's socket.
//
// A POSIX record lock (fcntl F_SETLK), not flock: record locks belong to
// the process and are not inherited across fork, so the devices' watchdogs
// and the shells never keep the lock after deviceterm-gui is gone. The
// kernel drops it when the process dies, however it dies.
class InstanceLock {
public:
    // The lock, or nullptr when another live process holds it (its pid in
    // `holder`) or the lock file cannot be opened (`error` says why).
    static std::unique_ptr<InstanceLock> claim(const std::string &socketPath, pid_t *holder, std::string *error);
    ~InstanceLock();
    InstanceLock(const InstanceLock &) = delete;
    InstanceLock &operator=(const InstanceLock &) = delete;

    static std::string lockPathFor(const std::string &socketPath) { return socketPath + ".lock"; }
    // The pid of the process holding the lock now, 0 if none (for doctor).
    static pid_t holderOf(const std::string &socketPath);

private:
    explicit InstanceLock(int fd) : m_fd(fd) {}
    int m_fd = -1;
};

} // namespace dt::base
