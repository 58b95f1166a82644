// The real deviceterm-gui binary on a real X server (Xvfb), typed into with
// XTest (xdotool) and looked at through screenshots.

#include "support/virtual_display.h"
#include "support/wait_until.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <csignal>

namespace {

using dt::test::VirtualDisplay;
using dt::test::waitUntil;

class GuiOnX : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(display.isRunning()) << "Xvfb did not start";
        ASSERT_TRUE(tmp.isValid());
    }
    void TearDown() override
    {
        if (app.state() != QProcess::NotRunning) {
            app.kill();
            app.waitForFinished(5000);
        }
    }

    void launch(const QStringList &arguments)
    {
        QProcessEnvironment env = display.environment();
        env.insert(QStringLiteral("SHELL"), QStringLiteral("/bin/sh"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), tmp.path());
        app.setProcessEnvironment(env);
        app.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        app.start(QStringLiteral(DT_GUI_BINARY), arguments);
        ASSERT_TRUE(app.waitForStarted(5000));
    }

    // The window id of deviceterm's main window, once it is mapped.
    QString waitForWindow()
    {
        QString id;
        waitUntil([&] {
            id = QString::fromLatin1(display.run(QStringLiteral("xdotool"),
                                                 {QStringLiteral("search"), QStringLiteral("--onlyvisible"),
                                                  QStringLiteral("--classname"), QStringLiteral("deviceterm-gui")})
                                         .split('\n')
                                         .value(0));
            if (id.isEmpty())
                return false;
            // The first tab (and so its program and the view keys go to)
            // comes once the window is on screen: its title names the tab.
            const QString title = QString::fromUtf8(display.run(QStringLiteral("xdotool"), {QStringLiteral("getwindowname"), id}));
            return title.contains(QStringLiteral(" — deviceterm")) || title.startsWith(QStringLiteral("Private tab"));
        }, 10000);
        return id;
    }

    QImage screenshot()
    {
        const QString path = tmp.filePath(QStringLiteral("shot.png"));
        display.run(QStringLiteral("import"), {QStringLiteral("-window"), QStringLiteral("root"), path});
        return QImage(path);
    }

    VirtualDisplay display;
    QTemporaryDir tmp;
    QProcess app;
};

TEST_F(GuiOnX, keysTypedOnTheKeyboardReachTheProgramAndItsExitClosesTheApp)
{
    const QString out = tmp.filePath(QStringLiteral("typed.txt"));
    launch({QStringLiteral("-e"), QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("read line; printf '%s' \"$line\" > '%1'").arg(out)});
    const QString window = waitForWindow();
    ASSERT_FALSE(window.isEmpty());
    display.run(QStringLiteral("xdotool"), {QStringLiteral("windowfocus"), QStringLiteral("--sync"), window});
    // Only characters of Xvfb's default (US) keymap: xdotool types others by
    // remapping a keycode for a moment, which races with the client.
    display.run(QStringLiteral("xdotool"), {QStringLiteral("type"), QStringLiteral("--delay"), QStringLiteral("10"),
                                            QStringLiteral("Hello, X! ~/$HOME {|}")});
    display.run(QStringLiteral("xdotool"), {QStringLiteral("key"), QStringLiteral("Return")});
    ASSERT_TRUE(app.waitForFinished(10000)) << "the app did not exit after its only program ended";
    EXPECT_EQ(app.exitCode(), 0);
    QFile f(out);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(QString::fromUtf8(f.readAll()), QStringLiteral("Hello, X! ~/$HOME {|}"));
}

// A peer that goes away while the app writes to it costs that write, not
// the app (SIGPIPE ignored from the start); the shell in a tab gets the
// signal back, or `yes | head` would end in errors.
TEST_F(GuiOnX, theAppIgnoresBrokenPipesAndItsShellsDoNot)
{
    const QString out = tmp.filePath(QStringLiteral("sigign.txt"));
    launch({QStringLiteral("-e"), QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("grep SigIgn /proc/$PPID/status > '%1.part'; grep SigIgn /proc/$$/status >> '%1.part'; "
                           "mv '%1.part' '%1'; read x")
                .arg(out)});
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(out); }, 10000));
    QFile f(out);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    ASSERT_GE(lines.size(), 2);
    const auto ignoresSigpipe = [](const QByteArray &line) {
        return (line.mid(line.indexOf(':') + 1).trimmed().toULongLong(nullptr, 16) >> (SIGPIPE - 1)) & 1;
    };
    EXPECT_TRUE(ignoresSigpipe(lines[0])) << "the app: " << lines[0].toStdString();
    EXPECT_FALSE(ignoresSigpipe(lines[1])) << "its shell: " << lines[1].toStdString();
}

TEST_F(GuiOnX, colouredOutputIsPaintedInThePaletteColour)
{
    launch({QStringLiteral("-e"), QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("printf '\\033[41m%s\\033[0m' '                    '; sleep 60")});
    ASSERT_FALSE(waitForWindow().isEmpty());
    const QColor red(0xe0, 0x6c, 0x75); // the dark theme's palette entry 1
    int redPixels = 0;
    waitUntil([&] {
        const QImage shot = screenshot();
        redPixels = 0;
        for (int y = 0; y < shot.height(); y += 2)
            for (int x = 0; x < shot.width(); x += 2)
                redPixels += shot.pixelColor(x, y) == red;
        return redPixels > 500;
    }, 10000);
    // 20 cells of red background, sampled every other pixel.
    EXPECT_GT(redPixels, 500);
}

TEST_F(GuiOnX, aFailingProgramKeepsTheWindowOpenWithItsStatus)
{
    launch({QStringLiteral("-e"), QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exit 3")});
    ASSERT_FALSE(waitForWindow().isEmpty());
    EXPECT_FALSE(app.waitForFinished(1500)) << "the window closed although the program failed";
    const QByteArray title = display.run(QStringLiteral("xdotool"),
                                         {QStringLiteral("search"), QStringLiteral("--name"), QStringLiteral("exited")});
    EXPECT_FALSE(title.isEmpty()) << "no window title says the program exited";
}

TEST_F(GuiOnX, theProgramStartsWithTheRequestedGridAndDirectory)
{
    const QString out = tmp.filePath(QStringLiteral("size.txt"));
    const QString resized = tmp.filePath(QStringLiteral("resized.txt"));
    // The size at start, and any change after it: the tab bar that comes
    // with the first tab must not take rows from the grid once it settles.
    launch({QStringLiteral("--size"), QStringLiteral("60x10"), QStringLiteral("--cwd"), QStringLiteral("/usr/share"),
            QStringLiteral("-e"), QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("trap 'stty size > \"%2\"' WINCH; echo \"$(stty size) $PWD\" > '%1'; "
                           "while :; do sleep 0.05; done")
                .arg(out, resized)});
    ASSERT_TRUE(waitUntil([&] { return QFileInfo(out).size() > 0; }, 10000));
    ASSERT_FALSE(waitForWindow().isEmpty());
    EXPECT_TRUE(dt::test::nothingHappensFor(1000, [&] { return QFile::exists(resized); }))
        << "the grid changed after the program started";
    QFile f(out);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll().trimmed(), QByteArray("10 60 /usr/share"));
}

TEST_F(GuiOnX, badCommandLineOptionsAreRefusedWithAClearMessage)
{
    QProcess p;
    p.setProcessEnvironment(display.environment());
    p.start(QStringLiteral(DT_GUI_BINARY), {QStringLiteral("--theme"), QStringLiteral("purple")});
    ASSERT_TRUE(p.waitForFinished(10000));
    EXPECT_EQ(p.exitCode(), 2);
    EXPECT_TRUE(p.readAllStandardError().contains("--theme must be dark or light"));
}

// What deviceterm-gui prints and how it exits, run without a display.
struct Answer {
    int status = -1;
    QString out, err;
};
Answer runWithoutDisplay(const QStringList &arguments)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(DT_GUI_BINARY), arguments);
    if (!p.waitForFinished(10000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

TEST(GuiCommandLine, helpAndVersionNeedNoDisplayAndMistakesReadAlike)
{
    const Answer help = runWithoutDisplay({QStringLiteral("--help")});
    EXPECT_EQ(help.status, 0) << help.err.toStdString();
    for (const char *option : {"-T, --title <title>", "--cwd, --working-directory <dir>", "--hold", "-e"})
        EXPECT_TRUE(help.out.contains(QLatin1String(option))) << option << "\n" << help.out.toStdString();
    const Answer version = runWithoutDisplay({QStringLiteral("--version")});
    EXPECT_EQ(version.status, 0);
    EXPECT_TRUE(version.out.startsWith(QLatin1String("deviceterm "))) << version.out.toStdString();

    const Answer bare = runWithoutDisplay({});
    EXPECT_EQ(bare.status, 1);
    EXPECT_TRUE(bare.err.startsWith(QLatin1String("deviceterm-gui: no display"))) << bare.err.toStdString();
    // Usage errors: one line, one form, status 2 (checked before any display).
    for (const QStringList &wrong : {QStringList{QStringLiteral("--bogus")}, QStringList{QStringLiteral("stray")},
                                     QStringList{QStringLiteral("--font-size"), QStringLiteral("3")},
                                     QStringList{QStringLiteral("--help"), QStringLiteral("--size")}}) {
        const Answer a = runWithoutDisplay(wrong);
        EXPECT_EQ(a.status, 2) << wrong.join(' ').toStdString();
        EXPECT_TRUE(a.err.startsWith(QLatin1String("deviceterm-gui: "))) << a.err.toStdString();
        EXPECT_TRUE(a.err.endsWith(QLatin1String(" (see deviceterm-gui --help)\n"))) << a.err.toStdString();
    }
    // Qt's own options are Qt's, with or without a display.
    const Answer styled = runWithoutDisplay({QStringLiteral("-style"), QStringLiteral("fusion"), QStringLiteral("-reverse"),
                                             QStringLiteral("--help")});
    EXPECT_EQ(styled.status, 0) << styled.err.toStdString();
    const Answer unknown = runWithoutDisplay({QStringLiteral("--help"), QStringLiteral("--bogus")});
    EXPECT_EQ(unknown.status, 2);
    EXPECT_EQ(unknown.err.toStdString(), "deviceterm-gui: Unknown option 'bogus' (see deviceterm-gui --help)\n");
}

TEST_F(GuiOnX, xtermConventionsTitleShellStringWorkingDirectoryAndHold)
{
    const QString out = tmp.filePath(QStringLiteral("where.txt"));
    // -e with one word holding spaces: a command line for the shell.
    launch({QStringLiteral("-T"), QStringLiteral("Build log"), QStringLiteral("--working-directory"),
            QStringLiteral("/usr/share"), QStringLiteral("--hold"), QStringLiteral("-e"),
            QStringLiteral("echo \"$PWD\" two words > '%1'").arg(out)});
    ASSERT_TRUE(waitUntil([&] { return QFileInfo(out).size() > 0; }, 10000));
    QFile f(out);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll().trimmed(), QByteArray("/usr/share two words"));
    const QString window = waitForWindow();
    ASSERT_FALSE(window.isEmpty());
    EXPECT_TRUE(waitUntil([&] {
        return display.run(QStringLiteral("xdotool"), {QStringLiteral("getwindowname"), window}).contains("Build log");
    })) << display.run(QStringLiteral("xdotool"), {QStringLiteral("getwindowname"), window}).toStdString();
    // The command succeeded, and --hold keeps its window anyway.
    EXPECT_TRUE(dt::test::nothingHappensFor(1500, [&] { return app.state() == QProcess::NotRunning; }))
        << "the window closed although --hold was given";
}

// Amber pixels of the orchestrator key in the top strip of the screen.
int keyMarkerPixels(const QImage &shot)
{
    int n = 0;
    for (int y = 0; y < std::min(shot.height(), 80); ++y)
        for (int x = 0; x < shot.width(); ++x) {
            const QColor c = shot.pixelColor(x, y);
            n += c.red() > 190 && c.green() > 130 && c.green() < 190 && c.blue() < 80;
        }
    return n;
}

TEST_F(GuiOnX, aPersonOpensAnOrchestratorTabFromTheKeyboardAndRevokesItFromTheMenu)
{
    launch({QStringLiteral("-e"), QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("exec sleep 600")});
    const QString window = waitForWindow();
    ASSERT_FALSE(window.isEmpty());
    auto xdotool = [&](const QStringList &args) { display.run(QStringLiteral("xdotool"), args); };
    auto typeLine = [&](const QString &line) {
        xdotool({QStringLiteral("type"), QStringLiteral("--delay"), QStringLiteral("5"), line});
        xdotool({QStringLiteral("key"), QStringLiteral("Return")});
    };
    auto contentOf = [&](const QString &name) {
        QFile f(tmp.filePath(name));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    auto statusOf = [&](const QString &name) {
        waitUntil([&] { return contentOf(name).endsWith('\n'); }, 10000);
        return contentOf(name).trimmed();
    };
    xdotool({QStringLiteral("windowfocus"), QStringLiteral("--sync"), window});
    EXPECT_EQ(keyMarkerPixels(screenshot()), 0);
    xdotool({QStringLiteral("key"), QStringLiteral("ctrl+shift+o")});
    EXPECT_TRUE(waitUntil([&] { return keyMarkerPixels(screenshot()) > 10; }, 10000)) << "no key marker on the new tab";
    // The new tab's shell has started once its screen (the prompt) is still.
    ASSERT_TRUE(dt::test::waitUntilStill<QImage>([&] { return screenshot(); }, 300, 10000));
    typeLine(QStringLiteral("cd %1; echo $DEVICETERM_SESSION_ROLE > role; deviceterm tab capture > cap 2> err1; echo $? > st1")
                 .arg(tmp.path()));
    EXPECT_EQ(statusOf(QStringLiteral("st1")), "0") << contentOf(QStringLiteral("err1")).toStdString();
    EXPECT_EQ(contentOf(QStringLiteral("role")).trimmed(), "orchestrator");
    EXPECT_TRUE(contentOf(QStringLiteral("cap")).contains("deviceterm tab capture")); // its own screen

    // Shell ▸ Orchestration Grant unchecks the grant. The terminal keeps
    // Alt+letter for its programs, so the menu is opened with the mouse
    // (the menu bar's layout is fixed by the bundled font), the item chosen
    // by its mnemonic.
    const QImage menuClosed = screenshot();
    xdotool({QStringLiteral("mousemove"), QStringLiteral("--window"), window, QStringLiteral("140"), QStringLiteral("8"),
             QStringLiteral("click"), QStringLiteral("1")});
    ASSERT_TRUE(waitUntil([&] { return screenshot() != menuClosed; }, 5000)) << "the Shell menu did not open";
    xdotool({QStringLiteral("key"), QStringLiteral("g")});
    EXPECT_TRUE(waitUntil([&] { return keyMarkerPixels(screenshot()) == 0; }, 10000)) << "the key marker stayed";
    typeLine(QStringLiteral("deviceterm tab capture > /dev/null 2> err2; echo $? > st2"));
    EXPECT_EQ(statusOf(QStringLiteral("st2")), "1");
    EXPECT_TRUE(contentOf(QStringLiteral("err2")).contains("no live orchestration grant"));
}

} // namespace
