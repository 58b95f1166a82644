// Full-screen programs people use every day, run for real on a PTY in a
// TerminalSession: each must draw what it should and quit cleanly.

#include "support/wait_until.h"
#include "terminal/terminal_session.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using dt::terminal::TerminalSession;
using dt::test::waitUntil;

class RealPrograms : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_home.isValid());
        useSession(24, 80);
    }

    // A new session of that size, before start().
    void useSession(int rows, int columns)
    {
        m_session = std::make_unique<TerminalSession>(rows, columns, 1000);
        QObject::connect(m_session.get(), &TerminalSession::finished, m_session.get(), [this](int code, int) {
            m_exited = true;
            m_code = code;
        });
    }

    void start(const QString &program, const QStringList &args)
    {
        if (QStandardPaths::findExecutable(program).isEmpty())
            FAIL() << program.toStdString() << " is not installed (scripts/test.sh installs it)";
        TerminalSession::Launch l;
        l.program = program;
        l.arguments = args;
        l.workingDirectory = m_home.path();
        // A clean home: no user configuration changes what programs draw.
        l.extraEnvironment.insert(QStringLiteral("HOME"), m_home.path());
        l.extraEnvironment.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
        QString error;
        ASSERT_TRUE(m_session->start(l, &error)) << error.toStdString();
    }

    // An interactive bash without startup files whose prompt is "$ ".
    void startBashWithPlainPrompt()
    {
        start(QStringLiteral("bash"), {QStringLiteral("--norc"), QStringLiteral("--noprofile"), QStringLiteral("-i")});
        ASSERT_TRUE(shows("bash")) << screen();
        type("PS1='$ '\r");
        ASSERT_TRUE(shows("\n$\n")) << screen();
    }

    bool shows(const std::string &text, int timeoutMs = 10000)
    {
        return waitUntil([&] { return screen().find(text) != std::string::npos; }, timeoutMs);
    }
    std::string screen() const { return m_session->terminal().screenText(); }
    void type(const QByteArray &bytes) { m_session->sendBytes(bytes); }
    bool exits() { return waitUntil([this] { return m_exited; }, 10000); }
    QString writeFile(const QString &name, const QByteArray &content)
    {
        const QString path = m_home.filePath(name);
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(content);
        return path;
    }

    QTemporaryDir m_home;
    std::unique_ptr<TerminalSession> m_session;
    bool m_exited = false;
    int m_code = -1;
};

TEST_F(RealPrograms, vimShowsTheFileEditsItAndRestoresTheScreenOnExit)
{
    const QString file = writeFile(QStringLiteral("notes.txt"), "first line of notes\n");
    start(QStringLiteral("vim"), {QStringLiteral("-u"), QStringLiteral("NONE"), QStringLiteral("-i"), QStringLiteral("NONE"),
                                  QStringLiteral("-N"), QStringLiteral("-n"), file});
    ASSERT_TRUE(shows("first line of notes")) << screen();
    EXPECT_TRUE(shows("~")) << screen();
    EXPECT_TRUE(m_session->terminal().altScreenActive());
    type("Oadded by test\x1b:wq\r");
    ASSERT_TRUE(exits()) << screen();
    EXPECT_EQ(m_code, 0);
    EXPECT_FALSE(m_session->terminal().altScreenActive());
    QFile f(file);
    f.open(QIODevice::ReadOnly);
    EXPECT_EQ(f.readAll(), QByteArray("added by test\nfirst line of notes\n"));
}

TEST_F(RealPrograms, lessPagesAFileAndQuits)
{
    QByteArray text;
    for (int i = 1; i <= 100; ++i)
        text += "line " + QByteArray::number(i) + "\n";
    const QString file = writeFile(QStringLiteral("long.txt"), text);
    start(QStringLiteral("less"), {file});
    ASSERT_TRUE(shows("line 23")) << screen();
    EXPECT_EQ(screen().find("line 30"), std::string::npos);
    type(" "); // next page
    ASSERT_TRUE(shows("line 46")) << screen();
    type("q");
    ASSERT_TRUE(exits());
    EXPECT_EQ(m_code, 0);
}

TEST_F(RealPrograms, htopDrawsItsMetersAndFunctionBar)
{
    start(QStringLiteral("htop"), {});
    ASSERT_TRUE(shows("Mem")) << screen();
    ASSERT_TRUE(shows("Quit")) << screen();
    type("q");
    ASSERT_TRUE(exits()) << screen();
    EXPECT_EQ(m_code, 0);
}

TEST_F(RealPrograms, tmuxDrawsItsStatusLineAndRunsAShellInside)
{
    const QString socket = QStringLiteral("dt-test-%1").arg(QCoreApplication::applicationPid());
    start(QStringLiteral("tmux"), {QStringLiteral("-L"), socket, QStringLiteral("-f"), QStringLiteral("/dev/null"),
                                   QStringLiteral("new-session"), QStringLiteral("sh")});
    ASSERT_TRUE(shows("[0]")) << screen();
    type("echo inside-$((6*7))\r");
    ASSERT_TRUE(shows("inside-42")) << screen();
    type("exit\r");
    const bool ended = exits();
    if (!ended)
        QProcess::execute(QStringLiteral("tmux"), {QStringLiteral("-L"), socket, QStringLiteral("kill-server")});
    ASSERT_TRUE(ended) << screen();
}

TEST_F(RealPrograms, midnightCommanderDrawsItsPanelsAndQuitsWithF10)
{
    start(QStringLiteral("mc"), {QStringLiteral("--nosubshell"), QStringLiteral("--nocolor")});
    ASSERT_TRUE(shows("Quit")) << screen();
    EXPECT_TRUE(shows("Name")) << screen();
    m_session->terminal().sendKey(dt::term::Key::F10, dt::term::NoModifier);
    ASSERT_TRUE(exits()) << screen();
}

TEST_F(RealPrograms, pythonCursesDrawsABoxAndReadsAKey)
{
    const QString script = writeFile(QStringLiteral("box.py"), R"(import curses
def main(w):
    curses.curs_set(0)
    w.box()
    w.addstr(2, 4, "curses says hello", curses.A_BOLD)
    w.refresh()
    k = w.getkey()
    return k
print("key:", curses.wrapper(main))
)");
    start(QStringLiteral("python3"), {script});
    ASSERT_TRUE(shows("curses says hello")) << screen();
    const auto &line = m_session->terminal().screenLine(2);
    EXPECT_TRUE(line[4].bold);
    EXPECT_FALSE(m_session->terminal().cursor().visible);
    type("z");
    ASSERT_TRUE(exits()) << screen();
    EXPECT_TRUE(shows("key: z")) << screen();
    EXPECT_EQ(m_code, 0);
}

// Readline places the cursor by wcwidth: with the terminal agreeing, an
// edit in the middle of a line holding emoji, and one that wraps, shows the
// text readline has (libvterm 0.1.4's widths made it drift a cell per emoji).
TEST_F(RealPrograms, readlineEditsALineOfEmojiWhereItShowsIt)
{
    useSession(24, 20); // narrow: the line wraps
    startBashWithPlainPrompt();
    // "echo " and eight emoji: 23 cells on a 20-column screen.
    const QByteArray emoji = "\xf0\x9f\xa5\xb0";
    type("echo " + emoji.repeated(8));
    type("\x1b[D\x1b[D\x1b[D"); // three characters left
    type("Y");
    type("\x01 "); // Ctrl+A, then a blank at the start
    // 19 cells fit on the first row; the next emoji needs two, so readline
    // and the screen both put it on the second.
    const std::string expected = "\n$  echo " + emoji.repeated(5).toStdString() + "Y\n" + emoji.repeated(3).toStdString() + "\n";
    ASSERT_TRUE(shows(expected)) << screen();
    type("\r");
    EXPECT_TRUE(shows("\n" + emoji.repeated(5).toStdString() + "Y" + emoji.repeated(3).toStdString() + "\n$")) << screen();
    type("exit\r");
    EXPECT_TRUE(exits());
}

// The shell's screen is reflowed behind a full-screen program that was
// resized: after vim quits, the long line is whole and the prompt works.
TEST_F(RealPrograms, aLongLineSurvivesVimBeingResizedNarrower)
{
    startBashWithPlainPrompt();
    type("printf 'x%.0s' {1..50}; printf 'END\\n'\r");
    const std::string longLine = std::string(50, 'x') + "END";
    ASSERT_TRUE(shows(longLine)) << screen();
    type("vim -u NONE -i NONE -N -n\r");
    ASSERT_TRUE(waitUntil([&] { return m_session->terminal().altScreenActive(); })) << screen();
    ASSERT_TRUE(shows("~")) << screen();
    // vim answers the reply to its start-up query (CSI > c) with more
    // queries (modifyOtherKeys' state among them). A command whose result
    // shows proves vim read everything typed before it, and so sent those
    // queries before the test quits: their replies reach vim, not bash.
    type(":echo 'ready-' . 6*7\r");
    ASSERT_TRUE(shows("ready-42")) << screen();
    m_session->resize(24, 30);
    type(":q\r");
    ASSERT_TRUE(waitUntil([&] { return !m_session->terminal().altScreenActive(); })) << screen();
    EXPECT_NE(m_session->terminal().logicalText(100).find("\n" + longLine + "\n"), std::string::npos)
        << m_session->terminal().logicalText(100);
    type("echo after-$((6*7))\r");
    EXPECT_TRUE(shows("after-42")) << screen();
    type("exit\r");
    EXPECT_TRUE(exits());
}

// vim turns on xterm's modifyOtherKeys (CSI > 4 ; 2 m) and then tells
// Ctrl+Shift+A from Ctrl+A, which the legacy bytes cannot (both are 0x01,
// so the second mapping below would win for both). On the way out vim
// turns it off.
TEST_F(RealPrograms, vimTellsCtrlShiftChordsApartThroughModifyOtherKeys)
{
    using dt::term::KeyEvent;
    const QString file = m_home.filePath(QStringLiteral("chords.txt"));
    start(QStringLiteral("vim"),
          {QStringLiteral("-u"), QStringLiteral("NONE"), QStringLiteral("-i"), QStringLiteral("NONE"), QStringLiteral("-N"),
           QStringLiteral("-n"), QStringLiteral("-c"), QStringLiteral("inoremap <C-S-A> ctrl-shift-a"),
           QStringLiteral("-c"), QStringLiteral("inoremap <C-A> plain-ctrl-a"), file});
    ASSERT_TRUE(shows("~")) << screen();
    ASSERT_TRUE(waitUntil([&] { return m_session->terminal().keyboardModes().modifyOtherKeys() == 2; }))
        << "vim did not ask for modifyOtherKeys";
    type("i");
    // As the view hands a key over: the protocol's form and the legacy bytes.
    dt::terminal::KeyAction legacy;
    legacy.kind = dt::terminal::KeyAction::Text;
    legacy.text = U"\x01";
    EXPECT_EQ(m_session->sendKey(legacy, KeyEvent::character(U'a', U'A', dt::term::Ctrl | dt::term::Shift, {})),
              dt::terminal::KeySent::Protocol);
    ASSERT_TRUE(shows("ctrl-shift-a")) << screen();
    EXPECT_EQ(m_session->sendKey(legacy, KeyEvent::character(U'a', U'A', dt::term::Ctrl, {})), dt::terminal::KeySent::Protocol);
    ASSERT_TRUE(shows("ctrl-shift-aplain-ctrl-a")) << screen();
    type("\x1b:wq\r");
    ASSERT_TRUE(exits()) << screen();
    EXPECT_EQ(m_session->terminal().keyboardModes().modifyOtherKeys(), 0);
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), QByteArray("ctrl-shift-aplain-ctrl-a\n"));
}

} // namespace
