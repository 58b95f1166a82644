#pragma once

// What the benchmarks that run programs share: the wall time of one run
// of a program (spawned directly, its output discarded) and percentiles.

#include <QElapsedTimer>

#include <algorithm>
#include <fcntl.h>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <vector>

extern char **environ;

namespace dt::bench {

inline double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[static_cast<size_t>(p * double(v.size() - 1))];
}

// Milliseconds from spawning argv to its exit, its stdout to /dev/null; -1
// when it could not start or exited with a failure.
inline double timeProcess(const std::vector<std::string> &argv)
{
    std::vector<char *> args;
    for (const auto &a : argv)
        args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    QElapsedTimer t;
    t.start();
    pid_t pid = 0;
    int status = 0;
    const bool spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ) == 0;
    if (spawned)
        waitpid(pid, &status, 0);
    posix_spawn_file_actions_destroy(&actions);
    return spawned && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? t.nsecsElapsed() / 1e6 : -1;
}

} // namespace dt::bench
