#include "base/xdg_paths.h"

#include <cerrno>
#include <cstdlib>
#include <sys/stat.h>

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
