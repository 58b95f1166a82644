// TerminalSession and PtyProcess against real programs on a real PTY.

#include "support/wait_until.h"
#include "terminal/pty_process.h"
#include "terminal/terminal_session.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <csignal>
#include <string>
#include <vector>
#include <sys/stat.h>

namespace {

using dt::terminal::TerminalSession;
using dt::test::waitUntil;

struct Finished {
    bool done = false;
    int code = -2;
    int signal = -2;
};

std::unique_ptr<TerminalSession> startSession(const QString &program, const QStringList &args, Finished &fin,
                                              int rows = 24, int cols = 80, int history = 1000)
{
    auto s = std::make_unique<TerminalSession>(rows, cols, history);
    QObject::connect(s.get(), &TerminalSession::finished, s.get(), [&fin](int code, int sig) {
        fin.done = true;
        fin.code = code;
        fin.signal = sig;
    });
    TerminalSession::Launch l;
    l.program = program;
    l.arguments = args;
    l.workingDirectory = QDir::tempPath();
    QString error;
    EXPECT_TRUE(s->start(l, &error)) << error.toStdString();
    return s;
}

std::string screen(TerminalSession &s)
{
    return s.terminal().screenText();
}

bool screenHas(TerminalSession &s, const std::string &needle)
{
    return screen(s).find(needle) != std::string::npos;
}

TEST(TerminalSession, showsWhatTheProgramPrintsAndReportsItsExitStatus)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("echo hello from sh; exit 3")}, fin);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }));
    EXPECT_TRUE(screenHas(*s, "hello from sh")) << screen(*s);
    EXPECT_EQ(fin.code, 3);
    EXPECT_EQ(fin.signal, 0);
    EXPECT_TRUE(s->hasExited());
}

// What the program left behind keeps writing (it ignores the hang-up):
// the program's exit is still reported, after what it printed itself.
TEST(TerminalSession, anExitIsReportedWhileWhatTheProgramLeftBehindKeepsWriting)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/sh"),
                          {QStringLiteral("-c"), QStringLiteral("trap '' HUP; echo leaving; cat /dev/zero & sleep 0.2; exit 3")}, fin);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }, 10000));
    EXPECT_EQ(fin.code, 3);
    // Closing the terminal ends the writer too (its writes fail).
}

TEST(TerminalSession, reportsTheSignalThatKilledTheProgram)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("kill -TERM $$")}, fin);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }));
    EXPECT_EQ(fin.signal, SIGTERM);
}

TEST(TerminalSession, aProgramThatCannotBeStartedExitsWith127AndSaysWhy)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/nonexistent/program"), {}, fin);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }));
    EXPECT_EQ(fin.code, 127);
    EXPECT_TRUE(screenHas(*s, "cannot run /nonexistent/program")) << screen(*s);
}

TEST(TerminalSession, programsSeeTheTerminalEnvironment)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/sh"),
                          {QStringLiteral("-c"), QStringLiteral("echo \"[$TERM|$COLORTERM|$TERM_PROGRAM]\"")}, fin);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }));
    EXPECT_TRUE(screenHas(*s, "[xterm-256color|truecolor|deviceterm]")) << screen(*s);
}

TEST(TerminalSession, programsStartWithNoSignalsBlockedOrIgnored)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/sh"),
                          {QStringLiteral("-c"), QStringLiteral("grep -E '^Sig(Blk|Ign)' /proc/self/status")}, fin);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }));
    // (The tab after the colon arrives as spaces on the screen.)
    EXPECT_TRUE(screenHas(*s, "SigBlk: 0000000000000000")) << screen(*s);
    EXPECT_TRUE(screenHas(*s, "SigIgn: 0000000000000000")) << screen(*s);
}

TEST(TerminalSession, ctrlCInterruptsTheForegroundProgramOfAnInteractiveShell)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/bash"), {QStringLiteral("--norc"), QStringLiteral("--noprofile")}, fin);
    ASSERT_TRUE(waitUntil([&] { return screenHas(*s, "$") || screenHas(*s, "#"); })) << screen(*s);
    s->sendBytes("sleep 30; echo status-$?\r");
    ASSERT_TRUE(waitUntil([&] { return s->foregroundProgram() == QStringLiteral("sleep"); })) << screen(*s);
    s->sendBytes("\x03");
    // bash stops the whole list when a job dies of SIGINT.
    ASSERT_TRUE(waitUntil([&] { return s->foregroundProgram() == QStringLiteral("bash"); }, 3000)) << screen(*s);
    s->sendBytes("echo after-$((6*7))\r");
    EXPECT_TRUE(waitUntil([&] { return screenHas(*s, "\nafter-42"); })) << screen(*s);
    EXPECT_FALSE(screenHas(*s, "status-130"));
}

TEST(TerminalSession, resizingTellsTheProgramTheNewSize)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("read x; stty size")}, fin);
    s->resize(33, 101);
    s->sendBytes("\r");
    ASSERT_TRUE(waitUntil([&] { return fin.done; }));
    EXPECT_TRUE(screenHas(*s, "33 101")) << screen(*s);
}

TEST(TerminalSession, repliesToACursorPositionQueryReachTheProgram)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/bash"),
                          {QStringLiteral("--norc"), QStringLiteral("-c"),
                           QStringLiteral("printf 'abc'; IFS=';' read -rs -d R -p $'\\e[6n' row col; echo \" row=${row#*[} col=$col\"")},
                          fin);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }));
    EXPECT_TRUE(screenHas(*s, "row=1 col=4")) << screen(*s);
}

TEST(TerminalSession, aFloodOfOutputArrivesCompletelyAndScrollsIntoHistory)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("seq 1 200000")}, fin, 24, 80);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }, 20000));
    EXPECT_TRUE(screenHas(*s, "200000")) << screen(*s);
    const auto &sb = s->terminal().scrollback();
    ASSERT_EQ(sb.size(), 1000);
    // The newest history line is the one just above the visible screen.
    EXPECT_EQ(sb.fromNewest(0).text().substr(0, 6), "199977");
}

TEST(TerminalSession, everyLineOfAFloodArrivesOnceAndInOrder)
{
    // Fed in turns that give way to the GUI thread mid-way (this test's
    // event loop waits for the models often): no byte lost or fed twice
    // anywhere, not only at the end.
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("seq 1 30000")}, fin, 24, 80, 40000);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }, 20000));
    const auto &t = s->terminal();
    std::vector<std::string> lines;
    for (int k = 0; k < t.scrollback().size(); ++k)
        lines.push_back(t.scrollback().fromOldest(k).text());
    for (int r = 0; r < t.rows(); ++r)
        lines.push_back(t.screenLine(r).text());
    int expected = 1;
    for (std::string &line : lines) {
        line.erase(line.find_last_not_of(' ') + 1); // screen rows run to the edge
        if (line.empty() || expected > 30000)
            continue;
        ASSERT_EQ(line, std::to_string(expected)) << "after line " << expected - 1;
        ++expected;
    }
    EXPECT_EQ(expected, 30001);
}

TEST(TerminalSession, aProgramInTheTerminalStillDiesOfABrokenPipe)
{
    // The app ignores SIGPIPE (as this test binary does); its shells must
    // not inherit that, or `yes | head` would end in "Broken pipe" errors.
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/bash"),
                          {QStringLiteral("--norc"), QStringLiteral("-c"),
                           QStringLiteral("yes | head -n 1 >/dev/null; echo \"yes ended with ${PIPESTATUS[0]}\"")},
                          fin);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }));
    EXPECT_TRUE(screenHas(*s, "yes ended with 141")) << screen(*s); // 128 + SIGPIPE
}

TEST(TerminalSession, largeInputIsQueuedAndDeliveredWithoutBlocking)
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out"));
    Finished fin;
    // Raw mode so the line discipline does not cap line length.
    auto s = startSession(QStringLiteral("/bin/sh"),
                          {QStringLiteral("-c"), QStringLiteral("stty raw -echo; head -c 300000 > '%1'").arg(out)}, fin);
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(out); }));
    const QByteArray chunk(1000, 'x');
    for (int i = 0; i < 300; ++i)
        s->sendBytes(chunk);
    ASSERT_TRUE(waitUntil([&] { return fin.done; }, 20000));
    EXPECT_EQ(QFileInfo(out).size(), 300000);
}

TEST(TerminalSession, theUsersShellIsInteractiveButNotALoginShell)
{
    qputenv("SHELL", "/bin/sh");
    Finished fin;
    auto s = startSession(QString(), {}, fin);
    s->sendBytes("case $- in *i*) m=interactive;; esac; echo \"zero=$0 mode=$m\"; exit 0\r");
    ASSERT_TRUE(waitUntil([&] { return fin.done; }));
    // A login shell's argv[0] would start with '-'.
    EXPECT_TRUE(screenHas(*s, "zero=/bin/sh mode=interactive")) << screen(*s);
    EXPECT_EQ(s->shellName(), QStringLiteral("sh"));
}

TEST(TerminalSession, destroyingTheSessionEndsItsProcess)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/sleep"), {QStringLiteral("100")}, fin);
    const pid_t pid = s->process().pid();
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(QFile::exists(QStringLiteral("/proc/%1").arg(pid)));
    s.reset();
    EXPECT_FALSE(QFile::exists(QStringLiteral("/proc/%1").arg(pid)));
}

TEST(TerminalSession, knowsTheForegroundProgramAndWorkingDirectory)
{
    Finished fin;
    auto s = startSession(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("cd /usr && exec sleep 5")}, fin);
    ASSERT_TRUE(waitUntil([&] { return s->foregroundProgram() == QStringLiteral("sleep"); }));
    EXPECT_EQ(s->workingDirectory(), QStringLiteral("/usr"));
}

TEST(TerminalSession, emitsTitleAndBellSignals)
{
    Finished fin;
    auto s = std::make_unique<TerminalSession>(24, 80, 100);
    QSignalSpy title(s.get(), &TerminalSession::titleChanged);
    QSignalSpy bell(s.get(), &TerminalSession::bell);
    TerminalSession::Launch l;
    l.program = QStringLiteral("/bin/sh");
    l.arguments = {QStringLiteral("-c"), QStringLiteral("printf '\\033]2;my title\\007\\007'; sleep 0.2")};
    ASSERT_TRUE(s->start(l, nullptr));
    ASSERT_TRUE(waitUntil([&] { return title.count() > 0 && bell.count() > 0; }));
    EXPECT_EQ(s->programTitle(), QStringLiteral("my title"));
}

} // namespace
