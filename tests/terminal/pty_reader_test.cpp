// PtyReader on a real PTY: at which priority it reads. A flood is read
// below the thread that made the reader, an echo in a quiet terminal is
// not, and a reader that lowered its priority for a flood hands over to a
// fresh one at the first priority once the flood is over, losing nothing;
// nor when no thread can be had for a while, which is made real here with
// a process limit.

#include "support/process_limit.h"
#include "support/wait_until.h"
#include "terminal/model_ownership.h"
#include "terminal/pty_process.h"
#include "terminal/pty_reader.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QObject>

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <system_error>
#include <termios.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace {

using dt::terminal::PtyReader;
using dt::test::ProcessLimit;
using dt::test::waitUntil;

// Long enough for a flood and a quiet second on a loaded machine.
constexpr int kTimeoutMs = 20000;

struct ReaderThread {
    pid_t tid = 0;
    int nice = 0;
};

// This process's threads named "pty reader", with their nice values
// (field 19 of /proc/self/task/TID/stat).
std::vector<ReaderThread> readerThreads()
{
    std::vector<ReaderThread> found;
    DIR *tasks = ::opendir("/proc/self/task");
    if (!tasks)
        return found;
    while (const dirent *task = ::readdir(tasks)) {
        const std::string dir = std::string("/proc/self/task/") + task->d_name;
        std::string comm;
        std::getline(std::ifstream(dir + "/comm"), comm);
        if (comm != "pty reader")
            continue;
        std::string stat;
        std::getline(std::ifstream(dir + "/stat"), stat);
        const size_t name = stat.rfind(')');
        if (name == std::string::npos)
            continue;
        std::istringstream fields(stat.substr(name + 1));
        std::string field;
        for (int i = 3; i <= 19 && fields >> field; ++i) {
        }
        found.push_back({static_cast<pid_t>(std::atoi(task->d_name)), std::atoi(field.c_str())});
    }
    ::closedir(tasks);
    return found;
}

int ownNice()
{
    return ::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()));
}

class PtyReaderTest : public ::testing::Test {
public:
    void SetUp() override
    {
        // As in the app (TerminalSession does it): the hand-over of the
        // models is also what orders a reader's posts before the GUI
        // thread's reading them.
        dt::terminal::ownership::installOnGuiThread();
        m_master = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
        ASSERT_GE(m_master, 0);
        ASSERT_EQ(0, ::grantpt(m_master));
        ASSERT_EQ(0, ::unlockpt(m_master));
        ::fcntl(m_master, F_SETFL, ::fcntl(m_master, F_GETFL) | O_NONBLOCK);
        m_slave = ::open(::ptsname(m_master), O_RDWR | O_NOCTTY | O_CLOEXEC);
        ASSERT_GE(m_slave, 0);
        termios raw{};
        ASSERT_EQ(0, ::tcgetattr(m_slave, &raw));
        ::cfmakeraw(&raw); // bytes pass as written
        ASSERT_EQ(0, ::tcsetattr(m_slave, TCSANOW, &raw));
    }
    void TearDown() override
    {
        if (m_slave >= 0)
            ::close(m_slave);
        if (m_master >= 0)
            ::close(m_master);
    }

    std::unique_ptr<PtyReader> startReader()
    {
        return std::make_unique<PtyReader>(
            m_master,
            [this](const char *data, size_t size) {
                std::lock_guard lock(m_mutex);
                m_received.append(data, size);
            },
            PtyReader::Events{&m_context, {}, {}, {}});
    }

    // What the program side writes, as a program would: blocked while
    // the terminal has not read enough.
    void write(const std::string &bytes)
    {
        for (size_t at = 0; at < bytes.size();) {
            const ssize_t n = ::write(m_slave, bytes.data() + at, bytes.size() - at);
            ASSERT_GT(n, 0);
            at += static_cast<size_t>(n);
        }
    }

    size_t receivedSize()
    {
        std::lock_guard lock(m_mutex);
        return m_received.size();
    }
    std::string takeReceived()
    {
        std::lock_guard lock(m_mutex);
        return std::exchange(m_received, {});
    }

    int m_master = -1;
    int m_slave = -1;
    QObject m_context;
    std::mutex m_mutex;
    std::string m_received;
};

// Lines that differ, so that a lost or repeated slice shows.
std::string numberedLines(size_t bytes)
{
    std::string out;
    for (size_t line = 0; out.size() < bytes; ++line)
        out += "line " + std::to_string(line) + " of what a build prints\r\n";
    out.resize(bytes);
    return out;
}

TEST_F(PtyReaderTest, aFloodIsReadBelowTheMakersPriorityUntilAFreshReaderTakesOverOnceItIsQuiet)
{
    const int base = ownNice();
    auto reader = startReader();
    std::vector<ReaderThread> threads;
    ASSERT_TRUE(waitUntil([&] { return (threads = readerThreads()).size() == 1; }, kTimeoutMs));
    EXPECT_EQ(base, threads[0].nice);

    const std::string flood = numberedLines(4 * PtyReader::kFloodBytes);
    std::thread program([&] { write(flood); });
    ASSERT_TRUE(waitUntil([&] { return receivedSize() >= flood.size(); }, kTimeoutMs));
    program.join();
    EXPECT_EQ(flood, takeReceived());
    threads = readerThreads();
    ASSERT_EQ(1u, threads.size());
    EXPECT_EQ(std::min(base + 10, 19), threads[0].nice);
    const pid_t flooded = threads[0].tid;

    // Quiet for kQuietBeforeFreshReader: the flood's reader has gone, and
    // its successor reads at the first priority.
    ASSERT_TRUE(waitUntil([&] { return (threads = readerThreads()).size() == 1 && threads[0].tid != flooded; }, kTimeoutMs));
    EXPECT_EQ(base, threads[0].nice);
    write("after the flood");
    ASSERT_TRUE(waitUntil([&] { return receivedSize() >= 15; }, kTimeoutMs));
    EXPECT_EQ("after the flood", takeReceived());
    reader.reset(); // joins the reader the feeder started too
    EXPECT_TRUE(readerThreads().empty());
}

TEST_F(PtyReaderTest, burstsSmallerThanAFloodWithPausesBetweenThemKeepTheReadersPriority)
{
    const int base = ownNice();
    const auto reader = startReader();
    std::vector<ReaderThread> threads;
    ASSERT_TRUE(waitUntil([&] { return (threads = readerThreads()).size() == 1; }, kTimeoutMs));
    const pid_t first = threads[0].tid;

    const std::string burst = numberedLines(PtyReader::kFloodBytes / 2);
    for (int i = 0; i < 4; ++i) {
        write(burst);
        ASSERT_TRUE(waitUntil([&] { return receivedSize() >= burst.size(); }, kTimeoutMs));
        EXPECT_EQ(burst, takeReceived());
        // The pause is what is tested, not a wait for something: a prompt
        // waiting for its next command.
        std::this_thread::sleep_for(4 * PtyReader::kBurstGap);
    }
    threads = readerThreads();
    ASSERT_EQ(1u, threads.size());
    EXPECT_EQ(first, threads[0].tid);
    EXPECT_EQ(base, threads[0].nice);
}

// Each runs in a child process of its own (gtest re-executes this program
// for it), since it changes the user and the limits; 0 when all went
// well, else the number of the step that did not, told on stderr.
int readerThatCannotStart(PtyReaderTest &test)
{
    ProcessLimit limit;
    // No thread at all, then one (the reader's, and not the feeder's).
    for (const int more : {0, 1}) {
        limit.reach(more);
        try {
            const auto reader = test.startReader();
            std::fprintf(stderr, "1: a reader started with %d more threads to be had\n", more);
            return 1;
        } catch (const std::system_error &) {
        }
        if (!readerThreads().empty()) {
            std::fprintf(stderr, "2: a reader thread was left behind (%d more to be had)\n", more);
            return 2;
        }
    }
    limit.lift();
    const auto reader = test.startReader();
    test.write("it reads");
    if (!waitUntil([&] { return test.receivedSize() >= 8; }, kTimeoutMs) || test.takeReceived() != "it reads") {
        std::fprintf(stderr, "3: the reader made afterwards did not read\n");
        return 3;
    }
    return 0;
}

int handOverWithNoThreadToBeHad(PtyReaderTest &test)
{
    ProcessLimit limit;
    const auto reader = test.startReader();
    const std::string flood = numberedLines(2 * PtyReader::kFloodBytes);
    std::thread program([&] { test.write(flood); });
    const bool flooded = waitUntil([&] { return test.receivedSize() >= flood.size(); }, kTimeoutMs);
    program.join();
    if (!flooded || test.takeReceived() != flood) {
        std::fprintf(stderr, "1: the flood was not read whole\n");
        return 1;
    }
    // The flood's reader goes once quiet, and no other can start.
    limit.reach();
    if (!waitUntil([&] { return readerThreads().empty(); }, kTimeoutMs)) {
        std::fprintf(stderr, "2: the flood's reader did not go\n");
        return 2;
    }
    // What the program writes meanwhile waits in the PTY.
    test.write("held by the terminal");
    limit.lift();
    if (!waitUntil([&] { return test.receivedSize() >= 20; }, kTimeoutMs) || test.takeReceived() != "held by the terminal") {
        std::fprintf(stderr, "3: what was written meanwhile was not read once a thread could be had\n");
        return 3;
    }
    const std::vector<ReaderThread> threads = readerThreads();
    if (threads.size() != 1 || threads[0].nice != ownNice()) {
        std::fprintf(stderr, "4: not one reader at the first priority\n");
        return 4;
    }
    return 0;
}

// A program is started (it takes the last process to be had), and its
// terminal cannot be read: it is not left running, and start() says why.
int programWhoseTerminalCannotBeRead()
{
    ProcessLimit limit;
    dt::terminal::PtyProcess::Options options;
    options.program = QStringLiteral("sleep");
    options.arguments = {QStringLiteral("60")};
    options.environment = {QStringLiteral("PATH=/usr/bin:/bin")};
    dt::terminal::PtyProcess process;
    QString error;
    limit.reach(1);
    if (process.start(options, &error)) {
        std::fprintf(stderr, "1: started with no thread to read its terminal\n");
        return 1;
    }
    limit.lift();
    if (!error.contains(QStringLiteral("cannot start the threads that read the terminal"))) {
        std::fprintf(stderr, "2: the error says: %s\n", qPrintable(error));
        return 2;
    }
    if (process.isRunning() || process.masterFd() >= 0 || !readerThreads().empty()) {
        std::fprintf(stderr, "3: a program, its terminal or a reader was left\n");
        return 3;
    }
    // The program started was killed and reaped: no child is left.
    if (::waitpid(-1, nullptr, WNOHANG) != -1 || errno != ECHILD) {
        std::fprintf(stderr, "4: a child was left\n");
        return 4;
    }
    return 0;
}

TEST_F(PtyReaderTest, aReaderThatCannotHaveAThreadSaysSoAndLeavesNothingRunning)
{
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(std::exit(readerThatCannotStart(*this)), ::testing::ExitedWithCode(0), "");
}

TEST_F(PtyReaderTest, aProgramWhoseTerminalCannotBeReadIsNotLeftRunning)
{
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(std::exit(programWhoseTerminalCannotBeRead()), ::testing::ExitedWithCode(0), "");
}

TEST_F(PtyReaderTest, aHandOverWithNoThreadToBeHadIsTriedAgainAndLosesNothing)
{
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(std::exit(handOverWithNoThreadToBeHad(*this)), ::testing::ExitedWithCode(0), "");
}

} // namespace
