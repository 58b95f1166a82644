// PtyReader and PtyProcess when no thread can be had (a process limit
// reached, as a local process can make happen): a reader that cannot make
// its threads says so and leaves nothing running, a program whose terminal
// cannot be read is not left running, and a flood's reader handing over
// tries again until a thread can be had, losing nothing. Each runs in a
// child process of its own (ProcessLimit); 0 when all went well, else the
// number of the step that did not, told on stderr.

#include "pty_reader_fixture.h"
#include "support/process_limit.h"
#include "terminal/pty_process.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/wait.h>
#include <system_error>
#include <vector>

namespace {

using dt::terminal::PtyReader;
using dt::test::kReaderTimeoutMs;
using dt::test::numberedLines;
using dt::test::ownNice;
using dt::test::ProcessLimit;
using dt::test::Program;
using dt::test::PtyReaderTest;
using dt::test::readerThreads;
using dt::test::waitUntil;

class PtyReaderLimitsTest : public PtyReaderTest {
public:
    int readerThatCannotStart()
    {
        ProcessLimit limit;
        // No thread at all; then, where the limit can be exact, one: the
        // reader's, and not the feeder's.
        const std::vector<int> more = limit.exact() ? std::vector<int>{0, 1} : std::vector<int>{0};
        for (const int threads : more) {
            limit.reach(threads);
            try {
                const auto reader = startReader();
                std::fprintf(stderr, "1: a reader started with %d more threads to be had\n", threads);
                return 1;
            } catch (const std::system_error &) {
            }
            limit.lift();
            if (!waitUntil([] { return readerThreads().empty(); }, kReaderTimeoutMs)) {
                std::fprintf(stderr, "2: a reader thread was left behind (%d more to be had)\n", threads);
                return 2;
            }
        }
        const auto reader = startReader();
        write("it reads");
        if (!waitUntil([&] { return receivedSize() >= 8; }, kReaderTimeoutMs) || takeReceived() != "it reads") {
            std::fprintf(stderr, "3: the reader made afterwards did not read\n");
            return 3;
        }
        return 0;
    }

    int programWhoseTerminalCannotBeRead()
    {
        ProcessLimit limit;
        if (!limit.exact()) {
            // The program must take the last process to be had, which only a
            // user of its own can count on (as root).
            std::fprintf(stderr, "not root: the limit cannot be made exact, so this is not checked\n");
            return 0;
        }
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
        if (process.isRunning() || process.masterFd() >= 0
            || !waitUntil([] { return readerThreads().empty(); }, kReaderTimeoutMs)) {
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

    int handOverWithNoThreadToBeHad()
    {
        ProcessLimit limit;
        const int base = ownNice();
        const auto reader = startReader();
        const std::string flood = numberedLines(8 * PtyReader::kFloodBytes);
        {
            const Program program(m_programSide, flood);
            // Once the flood is read lowered, no thread more: the hand-over
            // after it cannot start a reader.
            if (!waitUntil(
                    [&] {
                        const auto threads = readerThreads();
                        return threads.size() == 1 && threads[0].nice == std::min(base + 10, 19);
                    },
                    kReaderTimeoutMs)) {
                std::fprintf(stderr, "1: the flood was not read lowered\n");
                return 1;
            }
            limit.reach();
            if (!waitUntil([&] { return receivedSize() >= flood.size(); }, kReaderTimeoutMs) || takeReceived() != flood) {
                std::fprintf(stderr, "2: the flood was not read whole\n");
                return 2;
            }
        }
        if (!waitUntil([] { return readerThreads().empty(); }, kReaderTimeoutMs)) {
            std::fprintf(stderr, "3: the flood's reader did not go\n");
            return 3;
        }
        // What the program writes meanwhile waits in the PTY, while the
        // feeder tries again and again.
        write("held by the terminal");
        if (!dt::test::nothingHappensFor(300, [&] { return receivedSize() > 0; })) {
            std::fprintf(stderr, "4: read with no thread to be had\n");
            return 4;
        }
        limit.lift();
        if (!waitUntil([&] { return receivedSize() >= 20; }, kReaderTimeoutMs) || takeReceived() != "held by the terminal") {
            std::fprintf(stderr, "5: what was written meanwhile was not read once a thread could be had\n");
            return 5;
        }
        const auto threads = readerThreads();
        if (threads.size() != 1 || threads[0].nice != base) {
            std::fprintf(stderr, "6: not one reader at the first priority\n");
            return 6;
        }
        return 0;
    }
};

TEST_F(PtyReaderLimitsTest, aReaderThatCannotHaveAThreadSaysSoAndLeavesNothingRunning)
{
    EXPECT_EXIT(std::exit(readerThatCannotStart()), ::testing::ExitedWithCode(0), "");
}

TEST_F(PtyReaderLimitsTest, aProgramWhoseTerminalCannotBeReadIsNotLeftRunning)
{
    EXPECT_EXIT(std::exit(programWhoseTerminalCannotBeRead()), ::testing::ExitedWithCode(0), "");
}

TEST_F(PtyReaderLimitsTest, aHandOverWithNoThreadToBeHadIsTriedAgainAndLosesNothing)
{
    EXPECT_EXIT(std::exit(handOverWithNoThreadToBeHad()), ::testing::ExitedWithCode(0), "");
}

} // namespace
