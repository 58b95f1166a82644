#pragma once

// Makes "no thread or process to be had" real for a test: the process
// limit (RLIMIT_NPROC) reached, as when a local process has taken every
// process its user may have. The kernel counts every process and thread of
// the user, and root is not held to the limit at all; so as root the
// process is, while this lives, a user of its own that nothing else runs
// as (root stays its saved user id, to be root again after), and the
// limit counts its own threads and children alone. As another user the
// limit still stops every new thread (reach()), but cannot be made exact.
// The user and the limit are the whole process's: use it only in a child
// process of its own, such as a gtest death test (the test programs run
// those in the "threadsafe" style: in a fresh copy of the program).

#include <cstdio>
#include <dirent.h>
#include <sys/resource.h>
#include <unistd.h>

namespace dt::test {

class ProcessLimit {
public:
    ProcessLimit()
    {
        if (::geteuid() == 0) {
            // Past any uid in /etc/passwd, and one per process.
            const auto alone = static_cast<uid_t>(1'000'000 + ::getpid());
            m_alone = ::setresgid(alone, alone, 0) == 0 && ::setresuid(alone, alone, 0) == 0;
            if (!m_alone)
                std::fprintf(stderr, "cannot become a user of its own\n");
        }
        ::getrlimit(RLIMIT_NPROC, &m_was);
    }
    ~ProcessLimit()
    {
        lift();
        if (m_alone && (::setresuid(0, 0, 0) != 0 || ::setresgid(0, 0, 0) != 0))
            std::fprintf(stderr, "cannot be root again\n");
    }
    ProcessLimit(const ProcessLimit &) = delete;
    ProcessLimit &operator=(const ProcessLimit &) = delete;

    // Whether reach(more) with more > 0 lets exactly `more` more be made.
    bool exact() const { return m_alone; }
    // No thread or process more; or `more` more than this process has.
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
    bool m_alone = false;
};

} // namespace dt::test
