// Reads the process groups a device recorded, and checks through /proc that a pid still belongs to the
// device (no allocation, so the forked watchdog can call it too).

#include "devicepanes/store/device_processes.h"

#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <unistd.h>

namespace dt::devices {

namespace {

constexpr size_t kChunk = 16384;
constexpr size_t kLongestText = 1024;

bool fileMentions(const char *path, const char *text, size_t length) noexcept
{
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    // Chunks, each after the tail of the one before (a match may straddle).
    char buffer[kChunk + kLongestText];
    size_t carried = 0;
    bool found = false;
    for (;;) {
        const ssize_t n = ::read(fd, buffer + carried, kChunk);
        if (n <= 0)
            break;
        const size_t filled = carried + size_t(n);
        if (::memmem(buffer, filled, text, length)) {
            found = true;
            break;
        }
        carried = filled < length - 1 ? filled : length - 1;
        std::memmove(buffer, buffer + filled - carried, carried);
    }
    ::close(fd);
    return found;
}

} // namespace

std::vector<int> readGroups(const std::string &deviceDirectory)
{
    std::vector<int> groups;
    std::ifstream in(deviceDirectory + "/groups");
    int pid = 0;
    while (in >> pid)
        if (pid > 1)
            groups.push_back(pid);
    return groups;
}

bool processMentions(int pid, const char *text) noexcept
{
    const size_t length = std::strlen(text);
    if (pid <= 1 || length == 0 || length > kLongestText)
        return false;
    // "/proc/<pid>/" by hand: snprintf is not async-signal-safe.
    char path[64] = "/proc/";
    char digits[16];
    int count = 0;
    for (int v = pid; v > 0; v /= 10)
        digits[count++] = char('0' + v % 10);
    size_t at = 6;
    while (count > 0)
        path[at++] = digits[--count];
    path[at++] = '/';
    for (const char *file : {"cmdline", "environ"}) {
        std::memcpy(path + at, file, std::strlen(file) + 1);
        if (fileMentions(path, text, length))
            return true;
    }
    return false;
}

} // namespace dt::devices
