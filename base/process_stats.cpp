// Reading processes from /proc (see process_stats.h): one pass over the
// process list for parents, then the stat of each one in the tree.

#include "base/process_stats.h"

#include <dirent.h>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unistd.h>

namespace dt::base {

namespace {

// /proc/PID/stat: "pid (comm) state ppid …"; comm may hold spaces and
// parentheses, so the fields after it are found from its last ')'.
bool readStat(int pid, ProcessReading &out)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(in, line))
        return false;
    const size_t open = line.find('('), close = line.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open)
        return false;
    out.pid = pid;
    out.command = line.substr(open + 1, close - open - 1);
    std::istringstream fields(line.substr(close + 2));
    std::string state;
    long long ppid = 0, skip = 0, utime = 0, stime = 0, threads = 0, rssPages = 0;
    fields >> state >> ppid;
    for (int i = 0; i < 9; ++i) // pgrp … cmajflt
        fields >> skip;
    fields >> utime >> stime;
    for (int i = 0; i < 4; ++i) // cutime cstime priority nice
        fields >> skip;
    fields >> threads >> skip /* itrealvalue */ >> skip /* starttime */ >> skip /* vsize */ >> rssPages;
    if (!fields)
        return false;
    out.parent = int(ppid);
    out.cpuTicks = uint64_t(utime + stime);
    out.threads = int(threads);
    out.rssBytes = uint64_t(rssPages) * uint64_t(::sysconf(_SC_PAGESIZE));
    return true;
}

} // namespace

long clockTicksPerSecond()
{
    return ::sysconf(_SC_CLK_TCK);
}

std::vector<ProcessReading> readProcessTree(const std::vector<int> &roots)
{
    std::map<int, ProcessReading> all;
    if (DIR *dir = ::opendir("/proc")) {
        while (dirent *e = ::readdir(dir)) {
            char *end = nullptr;
            const long pid = std::strtol(e->d_name, &end, 10);
            ProcessReading r;
            if (pid > 0 && *end == '\0' && readStat(int(pid), r))
                all[int(pid)] = r;
        }
        ::closedir(dir);
    }
    std::multimap<int, int> children;
    for (const auto &[pid, r] : all)
        children.emplace(r.parent, pid);
    std::vector<ProcessReading> out;
    std::set<int> seen;
    std::vector<int> queue;
    for (int root : roots)
        if (all.count(root) && seen.insert(root).second)
            queue.push_back(root);
    for (size_t i = 0; i < queue.size(); ++i) {
        out.push_back(all[queue[i]]);
        const auto [first, last] = children.equal_range(queue[i]);
        for (auto it = first; it != last; ++it)
            if (seen.insert(it->second).second)
                queue.push_back(it->second);
    }
    return out;
}

} // namespace dt::base
