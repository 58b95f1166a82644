// The single-instance lock beside the automation socket (see the header).

#include "base/instance_lock.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace dt::base {

namespace {
// Who holds a write lock on the file open at `fd`, 0 if nobody.
pid_t holderOfLock(int fd)
{
    struct flock probe {};
    probe.l_type = F_WRLCK;
    probe.l_whence = SEEK_SET; // l_start = l_len = 0: the whole file
    return ::fcntl(fd, F_GETLK, &probe) == 0 && probe.l_type != F_UNLCK ? probe.l_pid : 0;
}
} // namespace

std::unique_ptr<InstanceLock> InstanceLock::claim(const std::string &socketPath, pid_t *holder, std::string *error)
{
    if (holder)
        *holder = 0;
    const std::string path = lockPathFor(socketPath);
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        if (error)
            *error = path + ": " + std::strerror(errno);
        return nullptr;
    }
    struct flock whole {};
    whole.l_type = F_WRLCK;
    whole.l_whence = SEEK_SET; // l_start = l_len = 0: the whole file
    if (::fcntl(fd, F_SETLK, &whole) == 0)
        return std::unique_ptr<InstanceLock>(new InstanceLock(fd));
    const int why = errno;
    if (why == EACCES || why == EAGAIN) {
        if (holder)
            *holder = holderOfLock(fd);
        if (error)
            error->clear();
    } else if (error) {
        *error = path + ": " + std::strerror(why);
    }
    ::close(fd);
    return nullptr;
}

pid_t InstanceLock::holderOf(const std::string &socketPath)
{
    const int fd = ::open(lockPathFor(socketPath).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return 0;
    const pid_t holder = holderOfLock(fd);
    ::close(fd);
    return holder;
}

InstanceLock::~InstanceLock()
{
    ::close(m_fd); // releases the lock; the file stays for the next instance
}

} // namespace dt::base
