// Runs a command for the CLI as a shell would (fork, execvp, wait) and reports how it ended as an exit
// status; the CLI ignores Ctrl+C meanwhile, so the interrupt goes to the child alone.

#include "app/cli/child_process.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

namespace dt::cli {

int runAndForward(const std::vector<std::string> &argv, const std::map<std::string, std::string> &extraEnv)
{
    if (argv.empty())
        return 127;
    std::vector<char *> args;
    for (const std::string &a : argv)
        args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);

    // Ignore the terminal's interrupts while the child runs: Ctrl+C is for
    // the child, and we report how it ended (as a shell does).
    struct sigaction ignore {}, oldInt {}, oldQuit {};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ignore, &oldInt);
    sigaction(SIGQUIT, &ignore, &oldQuit);

    const pid_t pid = ::fork();
    if (pid == 0) {
        sigaction(SIGINT, &oldInt, nullptr);
        sigaction(SIGQUIT, &oldQuit, nullptr);
        for (const auto &[k, v] : extraEnv)
            ::setenv(k.c_str(), v.c_str(), 1);
        ::execvp(args[0], args.data());
        std::fprintf(stderr, "deviceterm: cannot run %s: %s\n", args[0], std::strerror(errno));
        ::_exit(127);
    }
    int status = 0;
    int result = 127;
    if (pid > 0) {
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (WIFEXITED(status))
            result = WEXITSTATUS(status);
        else if (WIFSIGNALED(status))
            result = 128 + WTERMSIG(status);
    } else {
        std::fprintf(stderr, "deviceterm: cannot start %s: %s\n", args[0], std::strerror(errno));
    }
    sigaction(SIGINT, &oldInt, nullptr);
    sigaction(SIGQUIT, &oldQuit, nullptr);
    return result;
}

} // namespace dt::cli
