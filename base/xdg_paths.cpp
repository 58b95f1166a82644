// Where deviceterm keeps things: XDG base directories with their $HOME fallbacks, the runtime directory
// every part agrees on, and creating private (0700) directories.

#include "base/xdg_paths.h"

#include <cerrno>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

namespace dt::base {

std::string environmentValue(const char *name)
{
    const char *v = std::getenv(name);
    return v && *v ? v : "";
}

std::string xdgDirectory(const char *variable, const char *underHome)
{
    const std::string set = environmentValue(variable);
    return set.empty() ? environmentValue("HOME") + "/" + underHome : set;
}

std::string runtimeDirectory()
{
    const std::string xdg = environmentValue("XDG_RUNTIME_DIR");
    struct stat st {};
    if (!xdg.empty() && xdg.front() == '/' && ::stat(xdg.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        return xdg + "/deviceterm";
    return "/tmp/deviceterm-" + std::to_string(::getuid());
}

bool makePrivateDirectories(const std::string &dir)
{
    if (dir.empty())
        return true;
    struct stat st {};
    if (::stat(dir.c_str(), &st) == 0)
        return S_ISDIR(st.st_mode);
    const size_t slash = dir.rfind('/');
    if (slash != std::string::npos && slash > 0 && !makePrivateDirectories(dir.substr(0, slash)))
        return false;
    return ::mkdir(dir.c_str(), 0700) == 0 || errno == EEXIST;
}

} // namespace dt::base
