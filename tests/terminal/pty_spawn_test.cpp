// spawnOnPty against real programs on a real PTY: how it finds and starts
// a program, and what the program finds when it starts.

#include "terminal/pty_spawn.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using dt::terminal::PtySpawn;
using dt::terminal::spawnOnPty;

struct Ran {
    std::string output;
    int status = -1; // exit status, or -1 when it did not exit in time
};

// Everything the child writes, until its side of the terminal closes.
Ran run(const PtySpawn &spawn)
{
    std::string error;
    const auto child = spawnOnPty(spawn, &error);
    EXPECT_TRUE(child.has_value()) << error;
    Ran ran;
    if (!child)
        return ran;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    char buffer[4096];
    while (std::chrono::steady_clock::now() < deadline) {
        pollfd fd{child->master, POLLIN, 0};
        ::poll(&fd, 1, 100);
        const ssize_t n = ::read(child->master, buffer, sizeof buffer);
        if (n > 0)
            ran.output.append(buffer, static_cast<size_t>(n));
        else if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
            break; // EIO: every holder of the terminal has gone
    }
    ::close(child->master);
    int status = 0;
    if (::waitpid(child->pid, &status, 0) == child->pid && WIFEXITED(status))
        ran.status = WEXITSTATUS(status);
    return ran;
}

class PtySpawnTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        char name[] = "/tmp/dt-pty-spawn-XXXXXX";
        ASSERT_NE(::mkdtemp(name), nullptr);
        m_dir = name;
    }
    void TearDown() override { std::system(("rm -rf '" + m_dir + "'").c_str()); }

    std::string writeProgram(const std::string &name, const std::string &text)
    {
        const std::string path = m_dir + '/' + name;
        std::ofstream(path) << text;
        ::chmod(path.c_str(), 0755);
        return path;
    }

    PtySpawn shell(const std::string &script) const
    {
        PtySpawn s;
        s.program = "/bin/sh";
        s.argv = {"sh", "-c", script};
        s.environment = {"PATH=/usr/bin:/bin", "HOME=" + m_dir};
        s.workingDirectory = m_dir;
        return s;
    }

    std::string m_dir;
};

TEST_F(PtySpawnTest, aProgramNameIsLookedUpInThePathOfTheProgramsOwnEnvironment)
{
    writeProgram("dt-only-here", "#!/bin/sh\necho found-in-its-own-path\n");
    PtySpawn s = shell("");
    s.program = "dt-only-here";
    s.argv = {"dt-only-here"};
    s.environment = {"PATH=/usr/bin:" + m_dir + ":/bin"};
    const Ran ran = run(s);
    EXPECT_EQ(ran.status, 0) << ran.output;
    EXPECT_NE(ran.output.find("found-in-its-own-path"), std::string::npos) << ran.output;
}

TEST_F(PtySpawnTest, aScriptWithoutAnInterpreterLineRunsInTheShellWithItsArguments)
{
    const std::string script = writeProgram("plain-script", "echo plain-script-ran-with \"$1\"\n");
    PtySpawn s = shell("");
    s.program = script;
    s.argv = {"plain-script", "an-argument"};
    const Ran ran = run(s);
    EXPECT_EQ(ran.status, 0) << ran.output;
    EXPECT_NE(ran.output.find("plain-script-ran-with an-argument"), std::string::npos) << ran.output;
}

TEST_F(PtySpawnTest, aProgramThatIsNowhereExitsWith127AndSaysSoOnItsTerminal)
{
    PtySpawn s = shell("");
    s.program = "dt-no-such-program";
    s.argv = {"dt-no-such-program"};
    const Ran ran = run(s);
    EXPECT_EQ(ran.status, 127);
    EXPECT_NE(ran.output.find("deviceterm: cannot run dt-no-such-program: No such file or directory"), std::string::npos)
        << ran.output;
}

TEST_F(PtySpawnTest, anEnvironmentTooLargeToStartWithIsReportedOnTheTerminalToo)
{
    // One variable over the kernel's limit for a single string (128 KiB):
    // exec fails with E2BIG, and the report must not need that environment.
    PtySpawn s = shell("echo never");
    s.environment.push_back("HUGE=" + std::string(200 * 1024, 'x'));
    const Ran ran = run(s);
    EXPECT_EQ(ran.status, 127);
    EXPECT_NE(ran.output.find("deviceterm: cannot run /bin/sh: Argument list too long"), std::string::npos) << ran.output;
}

TEST_F(PtySpawnTest, aWorkingDirectoryItCannotEnterFallsBackToHome)
{
    PtySpawn s = shell("pwd");
    s.workingDirectory = m_dir + "/gone";
    const Ran ran = run(s);
    EXPECT_EQ(ran.status, 0);
    EXPECT_NE(ran.output.find(m_dir + "\r\n"), std::string::npos) << ran.output;
}

TEST_F(PtySpawnTest, theTerminalIsTheControllingTerminalOfTheProgramsOwnSession)
{
    // /dev/tty opens only for a process with a controlling terminal; the
    // session's id (the sixth field of /proc/PID/stat) is its leader's
    // process id.
    const Ran ran = run(shell("exec 3</dev/tty && echo has-a-terminal; "
                              "set -- $(cat /proc/$$/stat); [ \"$6\" = \"$$\" ] && echo leads-its-session; "
                              "[ -t 0 ] && [ -t 1 ] && [ -t 2 ] && echo all-three-on-it"));
    EXPECT_NE(ran.output.find("has-a-terminal"), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("leads-its-session"), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("all-three-on-it"), std::string::npos) << ran.output;
}

TEST_F(PtySpawnTest, descriptorsTheAppLeftInheritableStayBehind)
{
    const int leaked = ::open("/dev/null", O_RDONLY); // no O_CLOEXEC
    ASSERT_GE(leaked, 3);
    const Ran ran = run(shell("[ -e /proc/$$/fd/" + std::to_string(leaked) + " ] && echo inherited || echo left-behind"));
    ::close(leaked);
    EXPECT_NE(ran.output.find("left-behind"), std::string::npos) << ran.output;
}

TEST_F(PtySpawnTest, theTerminalHasTheSizeAskedFor)
{
    PtySpawn s = shell("stty size");
    s.rows = 37;
    s.columns = 101;
    const Ran ran = run(s);
    EXPECT_NE(ran.output.find("37 101"), std::string::npos) << ran.output;
}

} // namespace
