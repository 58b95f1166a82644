#pragma once

// What the tests of PtyReader share: a reader on a real PTY whose feeder
// keeps what it is given, the program side writing to it (at once, or on a
// thread of its own as a program would), and the reader threads of this
// process with their nice values.

#include "support/wait_until.h"
#include "terminal/model_ownership.h"
#include "terminal/pty_reader.h"

#include <QObject>

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <memory>
#include <mutex>
#include <poll.h>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <termios.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace dt::test {

using dt::terminal::PtyReader;

// Long enough for a flood and a quiet second on a loaded machine.
constexpr int kReaderTimeoutMs = 20000;

struct ReaderThread {
    pid_t tid = 0;
    int nice = 0;
};

// This process's threads named "pty reader", with their nice values
// (field 19 of /proc/self/task/TID/stat).
inline std::vector<ReaderThread> readerThreads()
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

inline int ownNice()
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
        // Opened here, while the test may (ProcessLimit changes the user).
        m_programSide = ::open(::ptsname(m_master), O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
        ASSERT_GE(m_programSide, 0);
    }
    void TearDown() override
    {
        if (m_programSide >= 0)
            ::close(m_programSide);
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

    // What the program side writes, here and now (a few bytes: the
    // terminal takes them whether or not it reads).
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
    int m_programSide = -1; // the slave again, non-blocking: for Program
    QObject m_context;
    std::mutex m_mutex;
    std::string m_received;
};

// The program side writing on a thread of its own, as a program does:
// held up while the terminal has not read enough. `bytes` once, or over
// and over with `pause` between (keys typed) until it goes. Stopped and
// joined when it goes, whatever the test asserted meanwhile. `fd`: the
// fixture's m_programSide.
class Program {
public:
    Program(int fd, std::string bytes, std::chrono::milliseconds pause = std::chrono::milliseconds(-1))
        : m_fd(fd)
        , m_thread([this, bytes = std::move(bytes), pause] { run(bytes, pause); })
    {
    }
    ~Program()
    {
        m_stop = true;
        m_thread.join();
    }
    Program(const Program &) = delete;
    Program &operator=(const Program &) = delete;

private:
    void run(const std::string &bytes, std::chrono::milliseconds pause)
    {
        do {
            for (size_t at = 0; at < bytes.size() && !m_stop;) {
                pollfd fd{m_fd, POLLOUT, 0};
                if (::poll(&fd, 1, 50) <= 0)
                    continue;
                const ssize_t n = ::write(m_fd, bytes.data() + at, bytes.size() - at);
                if (n > 0)
                    at += static_cast<size_t>(n);
                else if (errno != EAGAIN && errno != EINTR)
                    return;
            }
            if (pause.count() >= 0)
                std::this_thread::sleep_for(pause); // the pause is what is tested
        } while (pause.count() >= 0 && !m_stop);
    }

    const int m_fd;
    std::atomic<bool> m_stop{false};
    std::thread m_thread; // last: it starts once the rest is made
};

// Lines that differ, so that a lost or repeated slice shows.
inline std::string numberedLines(size_t bytes)
{
    std::string out;
    for (size_t line = 0; out.size() < bytes; ++line)
        out += "line " + std::to_string(line) + " of what a build prints\r\n";
    out.resize(bytes);
    return out;
}

} // namespace dt::test
