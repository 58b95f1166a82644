// Semantic prompt marks make command records: fed as a shell prints them
// (whole, byte by byte, and split at every position, as the ref tests do),
// with the command line, exit status, directory and output read back, and
// history trimming reported rather than hidden.

#include "terminal/core/command_log.h"
#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

namespace dt::term {
namespace {

const std::string A = "\x1b]133;A\x07", B = "\x1b]133;B\x07", C = "\x1b]133;C\x07";
std::string D(int status) { return "\x1b]133;D;" + std::to_string(status) + "\x07"; }
const std::string prompt = A + "$ " + B;

// One shell turn as bash with our integration prints it: the typed line is
// echoed, Enter moves to a new line, then the output and the status.
std::string turn(const std::string &typed, const std::string &output, int status)
{
    return typed + "\r\n" + C + output + D(status) + prompt;
}

// The stream fed whole, byte by byte, and in two pieces split everywhere;
// `check` runs on each resulting terminal.
void everyWay(const std::string &stream, int rows, int columns, int scrollback,
              const std::function<void(const Terminal &, const std::string &how)> &check)
{
    {
        Terminal t(rows, columns, scrollback);
        t.feed(stream);
        check(t, "whole");
    }
    {
        Terminal t(rows, columns, scrollback);
        for (char c : stream)
            t.feed(&c, 1);
        check(t, "byte by byte");
    }
    for (size_t cut = 1; cut < stream.size(); ++cut) {
        Terminal t(rows, columns, scrollback);
        t.feed(stream.substr(0, cut));
        t.feed(stream.substr(cut));
        check(t, "split at " + std::to_string(cut));
    }
}

TEST(CommandLog, aShellTurnBecomesARecordWithItsLineStatusAndOutput)
{
    const std::string stream = D(0) + prompt + turn("ls", "a.txt\r\nb.txt\r\n", 0) + turn("false", "", 1);
    everyWay(stream, 10, 40, 100, [](const Terminal &t, const std::string &how) {
        const auto &log = t.commands();
        ASSERT_TRUE(log.integrated()) << how;
        ASSERT_EQ(log.records().size(), 2u) << how;
        const CommandRecord &ls = log.records().front();
        EXPECT_EQ(ls.id, 1u) << how;
        EXPECT_EQ(ls.commandLine, "ls") << how;
        EXPECT_TRUE(ls.finished) << how;
        EXPECT_EQ(ls.exitStatus, 0) << how;
        EXPECT_EQ(t.commandOutput(ls), "a.txt\nb.txt") << how;
        const CommandRecord &no = log.records().back();
        EXPECT_EQ(no.commandLine, "false") << how;
        EXPECT_EQ(no.exitStatus, 1) << how;
        EXPECT_EQ(t.commandOutput(no), "") << how;
        EXPECT_EQ(log.running(), nullptr) << how;
        EXPECT_EQ(log.lastFinished(), &no) << how;
        EXPECT_GE(no.finishedMs, no.startedMs) << how;
    });
}

TEST(CommandLog, aRunningCommandShowsItsOutputSoFar)
{
    Terminal t(10, 40, 100);
    t.feed(prompt + "sleep 5; echo x\r\n" + C + "partial");
    const CommandRecord *running = t.commands().running();
    ASSERT_NE(running, nullptr);
    EXPECT_FALSE(running->finished);
    EXPECT_EQ(t.commandOutput(*running), "partial");
    // Interrupted: the next prompt comes without a status of its own.
    t.feed("^C\r\n" + A + "$ " + B);
    EXPECT_EQ(t.commands().running(), nullptr);
    EXPECT_TRUE(t.commands().records().back().finished);
    EXPECT_EQ(t.commands().records().back().exitStatus, std::nullopt);
}

TEST(CommandLog, theWorkingDirectoryComesFromOsc7)
{
    Terminal t(10, 40, 100);
    t.feed("\x1b]7;file://localhost/home/me/My%20Dir\x07" + prompt + turn("pwd", "/home/me/My Dir\r\n", 0));
    EXPECT_EQ(t.commands().workingDirectory(), "/home/me/My Dir");
    EXPECT_EQ(t.commands().records().front().cwd, "/home/me/My Dir");
    EXPECT_EQ(pathOfFileUrl("http://x/y"), "");
    EXPECT_EQ(pathOfFileUrl("file:///tmp/a%2Fb"), "/tmp/a/b");
}

TEST(CommandLog, aLongCommandLineAndLongOutputLinesRunOnAcrossRows)
{
    // 10 columns: "$ " plus 12 typed characters wrap onto a second row.
    everyWay(prompt + turn("echo 1234567", "0123456789abc\r\n", 0), 6, 10, 100, [](const Terminal &t, const std::string &how) {
        ASSERT_EQ(t.commands().records().size(), 1u) << how;
        EXPECT_EQ(t.commands().records().front().commandLine, "echo 1234567") << how;
        EXPECT_EQ(t.commandOutput(t.commands().records().front()), "0123456789abc") << how;
    });
}

TEST(CommandLog, outputThatLeftHistoryIsReportedAsTruncated)
{
    std::string lines;
    for (int i = 0; i < 50; ++i)
        lines += "line " + std::to_string(i) + "\r\n";
    Terminal t(5, 20, 10); // 5 rows and 10 lines of history: most of it is gone
    t.feed(prompt + turn("seq", lines, 0));
    bool truncated = false;
    const std::string out = t.commandOutput(t.commands().records().front(), &truncated);
    EXPECT_TRUE(truncated);
    EXPECT_EQ(out.rfind("line 49"), out.size() - 7); // what is left ends where the output ended
    EXPECT_EQ(out.find("line 0\n"), std::string::npos);
    bool whole = true;
    Terminal roomy(5, 20, 1000);
    roomy.feed(prompt + turn("seq", lines, 0));
    EXPECT_EQ(roomy.commandOutput(roomy.commands().records().front(), &whole).substr(0, 7), "line 0\n");
    EXPECT_FALSE(whole);
}

TEST(CommandLog, marksOnTheAlternateScreenAreIgnored)
{
    Terminal t(10, 40, 100);
    t.feed("\x1b[?1049h" + prompt + turn("fake", "x\r\n", 3) + "\x1b[?1049l");
    EXPECT_FALSE(t.commands().integrated());
    EXPECT_TRUE(t.commands().records().empty());
}

TEST(CommandLog, plainOutputWithoutMarksIsNotIntegrated)
{
    Terminal t(10, 40, 100);
    t.feed("$ ls\r\na b\r\n$ ");
    EXPECT_FALSE(t.commands().integrated());
    EXPECT_TRUE(t.takeChanges().commands == false);
    t.feed(A);
    EXPECT_TRUE(t.takeChanges().commands);
}

TEST(CommandLog, theLogIsBoundedOldestFirst)
{
    CommandLog log(3);
    for (int i = 0; i < 5; ++i) {
        log.outputStarted({i, 0}, "c" + std::to_string(i), i);
        log.finished({i + 1, 0}, 0, i);
    }
    ASSERT_EQ(log.records().size(), 3u);
    EXPECT_EQ(log.records().front().id, 3u);
    EXPECT_EQ(log.find(2), nullptr);
    EXPECT_EQ(log.find(5)->commandLine, "c4");
    // A D with no command running (bash sends one at every prompt) adds nothing.
    log.finished({9, 0}, 0, 9);
    EXPECT_EQ(log.records().size(), 3u);
}

} // namespace
} // namespace dt::term

namespace dt::term {
namespace {

TEST(CommandLog, aSecondOutputMarkForTheSameCommandIsTheSameCommand)
{
    // Two integrations at once (a shell's own and ours) mark C twice.
    Terminal t(10, 40, 100);
    t.feed(prompt + "ls\r\n" + C + C + "a\r\n" + D(0) + D(0) + prompt);
    ASSERT_EQ(t.commands().records().size(), 1u);
    EXPECT_EQ(t.commands().records().front().exitStatus, 0);
    EXPECT_EQ(t.commandOutput(t.commands().records().front()), "a");
    EXPECT_EQ(t.commands().promptCount(), 2u);
}

TEST(CommandLog, onlyALocalAbsoluteCleanDirectoryIsTaken)
{
    EXPECT_EQ(pathOfFileUrl("file://remote.example/srv", "me"), "");
    EXPECT_EQ(pathOfFileUrl("file://me/srv", "me"), "/srv");
    EXPECT_EQ(pathOfFileUrl("file://localhost/srv", "me"), "/srv");
    EXPECT_EQ(pathOfFileUrl("file:///a%0Ab"), "");
    EXPECT_EQ(pathOfFileUrl("file:///a%1B[31m"), "");
    EXPECT_EQ(pathOfFileUrl("file:///" + std::string(5000, 'a')), "");
    Terminal t(10, 40, 100);
    t.feed("\x1b]7;file://remote.example/srv\x07");
    EXPECT_EQ(t.commands().workingDirectory(), "");
}

TEST(CommandLog, aRunningCommandsOutputIsReadFromThePrimaryScreenWhileAFullScreenProgramRuns)
{
    Terminal t(10, 40, 100);
    t.feed(prompt + "make; less log\r\n" + C + "built\r\n" + "\x1b[?1049h\x1b[Hless shows this\r\n");
    ASSERT_NE(t.commands().running(), nullptr);
    EXPECT_EQ(t.commandOutput(*t.commands().running()), "built");
}

TEST(CommandLog, aLongCommandLineIsKeptBounded)
{
    Terminal t(10, 200, 100);
    t.feed(prompt + std::string(5000, 'x') + "\r\n" + C + D(0) + prompt);
    ASSERT_EQ(t.commands().records().size(), 1u);
    EXPECT_EQ(t.commands().records().front().commandLine.size(), CommandLog::kMaxCommandLineBytes);
}

TEST(CommandLog, aCursorReportsEachStartAndFinishOnceInOrder)
{
    Terminal t(10, 40, 100);
    CommandLogCursor cursor;
    EXPECT_TRUE(cursor.take(t.commands()).empty());
    t.feed(D(0) + prompt + "sleep 1\r\n" + C);
    auto news = cursor.take(t.commands());
    EXPECT_EQ(news.started, std::vector<uint64_t>{1});
    EXPECT_TRUE(news.finished.empty());
    EXPECT_TRUE(cursor.take(t.commands()).empty()) << "nothing new, nothing reported";
    // The first ends and two more run to the end between two looks.
    t.feed(D(0) + prompt + turn("true", "", 0) + turn("false", "", 1));
    news = cursor.take(t.commands());
    EXPECT_EQ(news.started, (std::vector<uint64_t>{2, 3}));
    EXPECT_EQ(news.finished, (std::vector<uint64_t>{1, 2, 3}));
    // Another cursor over the same log starts from the beginning.
    CommandLogCursor late;
    EXPECT_EQ(late.take(t.commands()).finished, (std::vector<uint64_t>{1, 2, 3}));
}

TEST(CommandLog, aCursorSkipsWhatTheBoundedLogDroppedUnseen)
{
    CommandLog log(2);
    CommandLogCursor cursor;
    for (int i = 0; i < 5; ++i) {
        log.promptStarted({i * 2, 0}, 0);
        log.inputStarted({i * 2, 2});
        log.outputStarted({i * 2 + 1, 0}, "cmd", 0);
        log.finished({i * 2 + 2, 0}, 0, 0);
    }
    const auto news = cursor.take(log);
    EXPECT_EQ(news.started, (std::vector<uint64_t>{4, 5}));
    EXPECT_EQ(news.finished, (std::vector<uint64_t>{4, 5}));
}

} // namespace
} // namespace dt::term
