#pragma once

// Makes "no thread or process to be had" real for a test: this user's
// process limit (RLIMIT_NPROC) reached, as when a local process has taken
// every process the user may have. Root ignores the limit, so as root the
// process is nobody while this lives (keeping root as its saved user id,
// to be root again after). The user and the limit are the whole process's:
// use it only in a child process of its own (a gtest death test in the
// "threadsafe" style, which runs the statement in a fresh copy of the
// test program).

#include <cstdio>
#include <dirent.h>
#include <sys/resource.h>
#include <unistd.h>

namespace dt::test {

class ProcessLimit {
public:
    ProcessLimit()
    {
        m_wasRoot = ::geteuid() == 0;
        if (m_wasRoot && (::setresgid(65534, 65534, 0) != 0 || ::setresuid(65534, 65534, 0) != 0))
            std::fprintf(stderr, "cannot become nobody\n");
        ::getrlimit(RLIMIT_NPROC, &m_was);
    }
    ~ProcessLimit()
    {
        lift();
        if (m_wasRoot && (::setresuid(0, 0, 0) != 0 || ::setresgid(0, 0, 0) != 0))
            std::fprintf(stderr, "cannot be root again\n");
    }
    ProcessLimit(const ProcessLimit &) = delete;
    ProcessLimit &operator=(const ProcessLimit &) = delete;
    // No thread more, or `more` more than this process has now.
    void reach(int more = 0) const { set(more == 0 ? 0 : static_cast<rlim_t>(threadsNow() + more)); }
    void lift() const { set(m_was.rlim_cur); }

private:
    static int threadsNow()
    {
        int threads = 0;
        if (DIR *tasks = ::opendir("/proc/self/task")) {
            while (const dirent *task = ::readdir(tasks))
                threads += task->d_name[0] != '.';
            ::closedir(tasks);
        }
        return threads;
    }
    void set(rlim_t soft) const
    {
        const rlimit limit{soft, m_was.rlim_max};
        ::setrlimit(RLIMIT_NPROC, &limit);
    }
    rlimit m_was{};
    bool m_wasRoot = false;
};

} // namespace dt::test
