// Writing and reading a device display's Xauthority file (see the header).
// The format (Xau): per entry, family as a big-endian u16, then address,
// display number, auth name and auth data, each a big-endian u16 length
// followed by that many bytes.

#include "devicepanes/display_cookie.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

namespace dt::devices {

namespace {

constexpr uint16_t kFamilyWild = 0xffff;

void putField(std::string &out, const void *bytes, size_t length)
{
    out.push_back(static_cast<char>((length >> 8) & 0xff));
    out.push_back(static_cast<char>(length & 0xff));
    out.append(static_cast<const char *>(bytes), length);
}

std::optional<std::string> getField(std::istream &in)
{
    unsigned char size[2];
    if (!in.read(reinterpret_cast<char *>(size), 2))
        return std::nullopt;
    std::string field((size_t(size[0]) << 8) | size[1], '\0');
    if (!in.read(field.data(), static_cast<std::streamsize>(field.size())))
        return std::nullopt;
    return field;
}

} // namespace

DisplayCookie makeDisplayCookie()
{
    DisplayCookie cookie{};
    size_t got = 0;
    while (got < cookie.size()) {
        const ssize_t n = ::getrandom(cookie.data() + got, cookie.size() - got, 0);
        if (n > 0)
            got += size_t(n);
        else if (errno != EINTR)
            std::abort(); // no randomness: no safe cookie, and no way on
    }
    return cookie;
}

bool writeXauthority(const std::string &path, const DisplayCookie &cookie, std::string *why)
{
    std::string entry;
    entry.push_back(static_cast<char>(kFamilyWild >> 8));
    entry.push_back(static_cast<char>(kFamilyWild & 0xff));
    putField(entry, "", 0); // any address
    putField(entry, "", 0); // any display number
    putField(entry, kCookieName, std::strlen(kCookieName));
    putField(entry, cookie.data(), cookie.size());
    const std::string temporary = path + ".new";
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
    bool ok = fd >= 0 && ::fchmod(fd, 0600) == 0
        && ::write(fd, entry.data(), entry.size()) == static_cast<ssize_t>(entry.size());
    int error = ok ? 0 : errno;
    if (fd >= 0 && ::close(fd) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (ok && ::rename(temporary.c_str(), path.c_str()) != 0) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        if (why)
            *why = path + ": " + std::strerror(error);
        ::unlink(temporary.c_str());
    }
    return ok;
}

std::optional<DisplayCookie> readXauthority(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    unsigned char family[2];
    while (in.read(reinterpret_cast<char *>(family), 2)) {
        const auto address = getField(in), number = getField(in), name = getField(in), data = getField(in);
        if (!address || !number || !name || !data)
            return std::nullopt;
        if (*name == kCookieName && data->size() == DisplayCookie{}.size()) {
            DisplayCookie cookie{};
            std::memcpy(cookie.data(), data->data(), cookie.size());
            return cookie;
        }
    }
    return std::nullopt;
}

} // namespace dt::devices
