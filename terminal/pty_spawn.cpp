// A program started on a new pseudo-terminal with posix_spawn (pty_spawn.h).

#include "terminal/pty_spawn.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

namespace dt::terminal {

namespace {

// A null-terminated array of C strings pointing into `items`.
std::vector<char *> cStrings(const std::vector<std::string> &items)
{
    std::vector<char *> pointers;
    pointers.reserve(items.size() + 1);
    for (const std::string &s : items)
        pointers.push_back(const_cast<char *>(s.c_str()));
    pointers.push_back(nullptr);
    return pointers;
}

std::optional<std::string> variable(const std::vector<std::string> &environment, const std::string &name)
{
    for (const std::string &entry : environment)
        if (entry.size() > name.size() && entry[name.size()] == '=' && entry.compare(0, name.size(), name) == 0)
            return entry.substr(name.size() + 1);
    return std::nullopt;
}

bool isEnterableDirectory(const std::string &path)
{
    struct stat st {};
    return !path.empty() && ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::string startingDirectory(const PtySpawn &spawn)
{
    if (spawn.workingDirectory.empty() || isEnterableDirectory(spawn.workingDirectory))
        return spawn.workingDirectory;
    const std::string home = variable(spawn.environment, "HOME").value_or(std::string());
    return isEnterableDirectory(home) ? home : std::string("/");
}

// Where execvp would find `program`: a name without a slash in each entry
// of PATH (an empty entry is the current directory), /bin:/usr/bin when
// there is no PATH. The error execvp would give when it is in none.
int locate(const std::string &program, const std::optional<std::string> &path, std::string *found)
{
    if (program.empty())
        return ENOENT;
    if (program.find('/') != std::string::npos) {
        *found = program; // exec says what is wrong with it
        return 0;
    }
    const std::string entries = path.value_or("/bin:/usr/bin");
    int error = ENOENT;
    for (size_t at = 0; at <= entries.size();) {
        size_t end = entries.find(':', at);
        if (end == std::string::npos)
            end = entries.size();
        const std::string directory = end == at ? std::string(".") : entries.substr(at, end - at);
        const std::string candidate = directory + '/' + program;
        struct stat st {};
        if (::access(candidate.c_str(), X_OK) == 0 && ::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
            *found = candidate;
            return 0;
        }
        if (errno == EACCES)
            error = EACCES; // as execvp: reported only when no later entry has it
        at = end + 1;
    }
    return error;
}

// posix_spawn with the child's set-up: a new session whose leader opens the
// terminal, and so takes it as its controlling terminal; 0-2 on it and
// nothing else open; signals as a new program expects them. 0 or an errno.
int spawnOn(const char *terminal, const std::string &directory, const std::string &path, char *const argv[],
            char *const envp[], pid_t *pid)
{
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_init(&actions);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all); // SIGPIPE, which the GUI ignores, among them
#ifdef __GLIBC__
    // glibc's two signals of its own (32 and 33) are left out of sigfillset
    // and not accepted by sigaddset, and its posix_spawn leaves them ignored
    // in the child unless they are in this set: a program started by fork
    // and exec has them at their default, and so do ours.
    all.__val[0] |= 1UL << (32 - 1) | 1UL << (33 - 1);
#endif
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    if (!directory.empty())
        posix_spawn_file_actions_addchdir_np(&actions, directory.c_str());
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, terminal, O_RDWR, 0);
    posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDERR_FILENO);
    posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
    const int result = ::posix_spawn(pid, path.c_str(), &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return result;
}

} // namespace

std::optional<SpawnedChild> spawnOnPty(const PtySpawn &spawn, std::string *error)
{
    const auto fail = [&](const char *what) {
        if (error)
            *error = std::string(what) + ": " + std::strerror(errno);
        return std::nullopt;
    };
    const int master = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0)
        return fail("no pseudo-terminal");
    char terminal[128];
    struct winsize size {};
    size.ws_row = spawn.rows;
    size.ws_col = spawn.columns;
    if (::grantpt(master) != 0 || ::unlockpt(master) != 0 || ::ptsname_r(master, terminal, sizeof terminal) != 0
        || ::ioctl(master, TIOCSWINSZ, &size) != 0) {
        const int saved = errno;
        ::close(master);
        errno = saved;
        return fail("cannot set up a pseudo-terminal");
    }
    ::fcntl(master, F_SETFL, ::fcntl(master, F_GETFL) | O_NONBLOCK);

    const std::string directory = startingDirectory(spawn);
    std::vector<char *> argv = cStrings(spawn.argv);
    const std::vector<char *> envp = cStrings(spawn.environment);
    std::string path;
    pid_t pid = -1;
    int result = locate(spawn.program, variable(spawn.environment, "PATH"), &path);
    if (result == 0)
        result = spawnOn(terminal, directory, path, argv.data(), envp.data(), &pid);
    if (result == ENOEXEC) {
        // No #! line: the shell runs it, as execvp would have.
        std::vector<std::string> script{"/bin/sh", path};
        script.insert(script.end(), spawn.argv.begin() + (spawn.argv.empty() ? 0 : 1), spawn.argv.end());
        const std::vector<char *> scriptArgv = cStrings(script);
        result = spawnOn(terminal, directory, script[0], scriptArgv.data(), envp.data(), &pid);
    }
    if (result != 0) {
        // Said in the terminal by a child of its own that then exits 127,
        // so the tab shows why and ends as any other program's. It gets no
        // environment and at most 256 bytes of the name: what was too large
        // for the program (E2BIG) must not stop the report too.
        constexpr size_t kShownName = 256;
        const std::string name = spawn.program.size() > kShownName ? spawn.program.substr(0, kShownName) + "..."
                                                                   : spawn.program;
        const std::string why = "deviceterm: cannot run " + name + ": " + std::strerror(result);
        const std::vector<std::string> report{"sh", "-c", "printf '%s\\r\\n' \"$1\" >&2; exit 127", "sh", why};
        const std::vector<char *> reportArgv = cStrings(report);
        const std::vector<char *> noEnvironment = cStrings({});
        result = spawnOn(terminal, "/", "/bin/sh", reportArgv.data(), noEnvironment.data(), &pid);
    }
    if (result != 0) {
        ::close(master);
        errno = result;
        return fail(("cannot run " + spawn.program).c_str());
    }
    return SpawnedChild{pid, master};
}

} // namespace dt::terminal
