// The workspace model with real sessions: every mutation, ids, capabilities,
// titles, session directories.

#include "app/core/session_directory.h"
#include "app/core/tab_title.h"
#include "app/core/workspace.h"
#include "support/wait_until.h"
#include "terminal/terminal_session.h"

#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <set>
#include <utime.h>

namespace {

using dt::app::SplitTree;
using dt::app::TerminalLaunch;
using dt::app::Workspace;
using dt::test::waitUntil;

TerminalLaunch shell(const QString &script = QStringLiteral("sleep 60"))
{
    TerminalLaunch l;
    l.program = QStringLiteral("/bin/sh");
    l.arguments = {QStringLiteral("-c"), script};
    l.workingDirectory = QStringLiteral("/tmp");
    return l;
}

class WorkspaceTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(runtime.isValid());
        Workspace::Settings s;
        s.runtimeDirectory = runtime.path();
        QDir(runtime.path()).mkpath(QStringLiteral("sessions"));
        s.cliPath = QStringLiteral("/usr/local/bin/deviceterm-cli-for-test");
        s.socketPath = runtime.filePath(QStringLiteral("test.sock"));
        s.columns = 250; // long paths in one row
        ws = std::make_unique<Workspace>(s);
    }

    std::string screen(dt::app::PaneId p) { return ws->session(p)->terminal().screenText(); }

    QTemporaryDir runtime;
    std::unique_ptr<Workspace> ws;
};

TEST_F(WorkspaceTest, aTabStartsWithOneTerminalThatIsItsPrimaryAndFocused)
{
    QSignalSpy opened(ws.get(), &Workspace::tabOpened);
    const auto w = ws->openWindow();
    const auto t = ws->openTab(w, shell());
    ASSERT_NE(t, 0u);
    EXPECT_EQ(opened.count(), 1);
    const auto *tab = ws->tab(t);
    ASSERT_TRUE(tab);
    EXPECT_EQ(tab->layout.panes(), QList<dt::app::PaneId>{tab->primary});
    EXPECT_EQ(tab->focused, tab->primary);
    EXPECT_EQ(ws->window(w)->tabs, QList<dt::app::TabId>{t});
    EXPECT_EQ(ws->pane(tab->primary)->role, QStringLiteral("agent"));
}

TEST_F(WorkspaceTest, shellsSeeTheirSessionInTheEnvironment)
{
    const auto w = ws->openWindow();
    const auto t = ws->openTab(w, shell(QStringLiteral(
        "echo \"S=$DEVICETERM_SESSION R=$DEVICETERM_SESSION_ROLE K=${#DEVICETERM_SESSION_CAP} D=$DEVICETERM_DAEMON_SOCK\";"
        "echo \"P=${PATH%%:*} X=$DEVICETERM_SHIM_DIR\"; sleep 60")));
    const auto p = ws->tab(t)->primary;
    const auto *pane = ws->pane(p);
    ASSERT_TRUE(waitUntil([&] { return screen(p).find("X=") != std::string::npos; })) << screen(p);
    const std::string s = screen(p);
    EXPECT_NE(s.find("S=" + pane->identity.sessionIdString().toStdString()), std::string::npos) << s;
    EXPECT_NE(s.find("R=agent"), std::string::npos) << s;
    EXPECT_NE(s.find("K=64"), std::string::npos) << s;
    EXPECT_NE(s.find("D=" + runtime.filePath(QStringLiteral("test.sock")).toStdString()), std::string::npos) << s;
    const std::string bin = pane->directory ? pane->directory->binDirectory().toStdString() : "missing";
    EXPECT_NE(s.find("P=" + bin), std::string::npos) << s;
    EXPECT_NE(s.find("X=" + bin), std::string::npos) << s;
}

TEST_F(WorkspaceTest, theCapabilityInTheEnvironmentIsAcceptedAndNothingElseIs)
{
    const auto w = ws->openWindow();
    const auto t = ws->openTab(w, shell(QStringLiteral("echo \"CAP=$DEVICETERM_SESSION_CAP=\"; sleep 60")));
    const auto p = ws->tab(t)->primary;
    ASSERT_TRUE(waitUntil([&] { return screen(p).find("CAP=") != std::string::npos && screen(p).find("=\n") != std::string::npos; }));
    const std::string s = screen(p);
    const auto start = s.find("CAP=") + 4;
    const QString cap = QString::fromStdString(s.substr(start, s.find('=', start) - start));
    ASSERT_EQ(cap.size(), 64);
    const auto &id = ws->pane(p)->identity;
    EXPECT_TRUE(id.acceptsCapability(cap));
    QString wrong = cap;
    wrong[0] = wrong[0] == QLatin1Char('a') ? QLatin1Char('b') : QLatin1Char('a');
    EXPECT_FALSE(id.acceptsCapability(wrong));
    EXPECT_FALSE(id.acceptsCapability(QString()));
}

TEST_F(WorkspaceTest, sessionAndShortIdsAreUnique)
{
    const auto w = ws->openWindow();
    std::set<QString> sessionIds, shortIds;
    for (int i = 0; i < 20; ++i) {
        const auto t = ws->openTab(w, shell());
        const auto *pane = ws->pane(ws->tab(t)->primary);
        sessionIds.insert(pane->identity.sessionIdString());
        shortIds.insert(pane->identity.shortId());
        EXPECT_EQ(pane->identity.shortId().size(), 6);
    }
    EXPECT_EQ(sessionIds.size(), 20u);
    EXPECT_EQ(shortIds.size(), 20u);
}

TEST_F(WorkspaceTest, splittingAddsATerminalBesideTheFocusedOneAndFocusesIt)
{
    QSignalSpy layout(ws.get(), &Workspace::layoutChanged);
    const auto w = ws->openWindow();
    const auto t = ws->openTab(w, shell());
    const auto first = ws->tab(t)->primary;
    const auto right = ws->splitPane(first, SplitTree::Orientation::SideBySide, shell());
    const auto below = ws->splitPane(right, SplitTree::Orientation::Stacked, shell());
    EXPECT_EQ(ws->tab(t)->layout.panes(), (QList<dt::app::PaneId>{first, right, below}));
    EXPECT_EQ(ws->tab(t)->focused, below);
    EXPECT_EQ(layout.count(), 2);
    const auto &root = ws->tab(t)->layout.root();
    EXPECT_EQ(root.orientation, SplitTree::Orientation::SideBySide);
    EXPECT_EQ(root.second->orientation, SplitTree::Orientation::Stacked);
    ws->equalize(t);
    EXPECT_DOUBLE_EQ(ws->tab(t)->layout.root().ratio, 1.0 / 3.0);
}

TEST_F(WorkspaceTest, closingAPaneFocusesItsNeighbourAndEndsItsProcess)
{
    const auto w = ws->openWindow();
    const auto t = ws->openTab(w, shell());
    const auto a = ws->tab(t)->primary;
    const auto b = ws->splitPane(a, SplitTree::Orientation::SideBySide, shell());
    const auto c = ws->splitPane(b, SplitTree::Orientation::SideBySide, shell());
    const pid_t pid = ws->session(c)->process().pid();
    ASSERT_TRUE(ws->closePane(c));
    EXPECT_EQ(ws->tab(t)->focused, b);
    EXPECT_EQ(ws->tab(t)->layout.panes(), (QList<dt::app::PaneId>{a, b}));
    EXPECT_FALSE(QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)));
    // Closing the primary makes the next terminal primary.
    ASSERT_TRUE(ws->closePane(a));
    EXPECT_EQ(ws->tab(t)->primary, b);
}

TEST_F(WorkspaceTest, closingTheLastPaneClosesTheTabAndTheLastTabTheWindow)
{
    QSignalSpy tabClosed(ws.get(), &Workspace::tabClosed);
    QSignalSpy windowClosed(ws.get(), &Workspace::windowClosed);
    const auto w = ws->openWindow();
    const auto t1 = ws->openTab(w, shell());
    const auto t2 = ws->openTab(w, shell());
    ASSERT_TRUE(ws->closePane(ws->tab(t1)->primary));
    EXPECT_EQ(tabClosed.count(), 1);
    EXPECT_FALSE(ws->tab(t1));
    EXPECT_EQ(ws->window(w)->selected, t2);
    ASSERT_TRUE(ws->closeTab(t2));
    EXPECT_EQ(windowClosed.count(), 1);
    EXPECT_TRUE(ws->windows().isEmpty());
}

TEST_F(WorkspaceTest, tabsMoveWithinAndAcrossWindowsAndKeepTheirOrder)
{
    const auto w1 = ws->openWindow();
    const auto a = ws->openTab(w1, shell());
    const auto b = ws->openTab(w1, shell());
    const auto c = ws->openTab(w1, shell());
    ASSERT_TRUE(ws->moveTab(c, w1, 0));
    EXPECT_EQ(ws->window(w1)->tabs, (QList<dt::app::TabId>{c, a, b}));
    const auto w2 = ws->openWindow();
    const auto d = ws->openTab(w2, shell());
    QSignalSpy moved(ws.get(), &Workspace::tabMoved);
    ASSERT_TRUE(ws->moveTab(a, w2, 0));
    EXPECT_EQ(moved.count(), 1);
    EXPECT_EQ(ws->tab(a)->window, w2);
    EXPECT_EQ(ws->allTabs(), (QList<dt::app::TabId>{c, b, a, d}));
    // A window that loses its last tab closes.
    ASSERT_TRUE(ws->moveTab(a, w1));
    ASSERT_TRUE(ws->moveTab(d, w1));
    EXPECT_EQ(ws->windows(), QList<dt::app::WindowId>{w1});
    EXPECT_FALSE(ws->moveTab(a, 9999));
}

TEST_F(WorkspaceTest, titlesFollowRenameThenProgramTitleThenDirectory)
{
    QSignalSpy titles(ws.get(), &Workspace::tabTitleChanged);
    const auto w = ws->openWindow();
    const auto t = ws->openTab(w, shell(QStringLiteral("cd /usr/share; printf '\\033]2;vim \\342\\200\\256main.c\\007'; sleep 60")));
    ASSERT_TRUE(waitUntil([&] { return ws->tabTitle(t) == QStringLiteral("vim main.c"); })) << ws->tabTitle(t).toStdString();
    ws->renameTab(t, QStringLiteral("  build\x1b[31m  "));
    EXPECT_EQ(ws->tabTitle(t), QStringLiteral("build[31m"));
    ws->renameTab(t, QString());
    EXPECT_EQ(ws->tabTitle(t), QStringLiteral("vim main.c"));
    EXPECT_GE(titles.count(), 3);
}

// A command running in an interactive shell names the tab until it ends,
// even one that ends without printing anything.
TEST_F(WorkspaceTest, aRunningCommandNamesTheTabBeforeTheDirectory)
{
    const auto w = ws->openWindow();
    dt::app::TerminalLaunch l;
    l.program = QStringLiteral("/bin/bash");
    l.arguments = {QStringLiteral("--norc"), QStringLiteral("--noprofile"), QStringLiteral("--noediting"), QStringLiteral("-i")};
    l.workingDirectory = QStringLiteral("/usr/share");
    const auto t = ws->openTab(w, l);
    // What the tab strip shows: the title as of its last change signal.
    QString shown = ws->tabTitle(t);
    QObject::connect(ws.get(), &Workspace::tabTitleChanged, ws.get(), [&](dt::app::TabId id) {
        if (id == t)
            shown = ws->tabTitle(t);
    });
    auto *session = ws->session(ws->tab(t)->primary);
    session->typeText("PS1=; PROMPT_COMMAND=\r");
    ASSERT_TRUE(waitUntil([&] { return shown == QStringLiteral("share"); })) << shown.toStdString();
    // No prompt (and no line editor), so only the title check sees the end.
    session->typeText("sleep 2\r");
    ASSERT_TRUE(waitUntil([&] { return shown == QStringLiteral("sleep — share"); }, 5000)) << shown.toStdString();
    EXPECT_TRUE(waitUntil([&] { return shown == QStringLiteral("share"); }, 6000)) << shown.toStdString();
}

// Where the compositor decides (Wayland), window.focus only asks: the
// focused window is the one the desktop really activated.
TEST(WorkspaceFocus, whereTheCompositorDecidesAFocusRequestChangesNothingUntilActivated)
{
    Workspace::Settings s;
    s.compositorDecidesFocus = true;
    Workspace ws(s);
    const auto w1 = ws.openWindow();
    const auto w2 = ws.openWindow();
    ASSERT_EQ(ws.focusedWindow(), w2);
    QSignalSpy requests(&ws, &Workspace::windowFocused);
    EXPECT_TRUE(ws.focusWindow(w1));
    EXPECT_EQ(requests.count(), 1); // the GUI asks the compositor
    EXPECT_EQ(ws.focusedWindow(), w2);
    ws.windowActivated(w1);
    EXPECT_EQ(ws.focusedWindow(), w1);
    EXPECT_FALSE(ws.focusWindow(9999));
    // Elsewhere the app raises the window itself: the model follows at once.
    Workspace x11{Workspace::Settings{}};
    const auto a = x11.openWindow();
    x11.openWindow();
    EXPECT_TRUE(x11.focusWindow(a));
    EXPECT_EQ(x11.focusedWindow(), a);
}

TEST_F(WorkspaceTest, zoomShowsOnePaneAndSplittingEndsIt)
{
    const auto w = ws->openWindow();
    const auto t = ws->openTab(w, shell());
    EXPECT_FALSE(ws->toggleZoom(t)); // nothing to zoom with one pane
    const auto b = ws->splitPane(ws->tab(t)->primary, SplitTree::Orientation::Stacked, shell());
    ASSERT_TRUE(ws->toggleZoom(t));
    EXPECT_EQ(ws->tab(t)->zoomed, b);
    ws->splitPane(b, SplitTree::Orientation::SideBySide, shell());
    EXPECT_EQ(ws->tab(t)->zoomed, 0u);
}

TEST_F(WorkspaceTest, aCleanExitClosesThePaneAndAFailureKeepsIt)
{
    const auto w = ws->openWindow();
    const auto t = ws->openTab(w, shell());
    const auto ok = ws->splitPane(ws->tab(t)->primary, SplitTree::Orientation::SideBySide, shell(QStringLiteral("exit 0")));
    const auto bad = ws->splitPane(ws->tab(t)->primary, SplitTree::Orientation::SideBySide, shell(QStringLiteral("exit 5")));
    QSignalSpy exited(ws.get(), &Workspace::paneExited);
    ASSERT_TRUE(waitUntil([&] { return !ws->pane(ok) && exited.count() == 1; }));
    ASSERT_TRUE(ws->pane(bad));
    EXPECT_TRUE(ws->pane(bad)->exited);
    EXPECT_EQ(ws->pane(bad)->exitCode, 5);
}

TEST_F(WorkspaceTest, eachSessionGetsAPrivateDirectoryThatGoesWithIt)
{
    const auto w = ws->openWindow();
    const auto t = ws->openTab(w, shell());
    const auto *pane = ws->pane(ws->tab(t)->primary);
    ASSERT_TRUE(pane->directory);
    const QString dir = pane->directory->path();
    EXPECT_EQ(QFileInfo(dir).permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::ExeOther), 0);
    EXPECT_EQ(QFileInfo(dir + QStringLiteral("/bin/deviceterm")).symLinkTarget(),
              QStringLiteral("/usr/local/bin/deviceterm-cli-for-test"));
    ws->closeTab(t);
    EXPECT_FALSE(QFileInfo::exists(dir));
}

TEST_F(WorkspaceTest, startupSweepsSessionDirectoriesOfDeadOwners)
{
    const QString dead = runtime.filePath(QStringLiteral("sessions/dead-one"));
    QDir().mkpath(dead);
    QFile owner(dead + QStringLiteral("/owner"));
    ASSERT_TRUE(owner.open(QIODevice::WriteOnly));
    owner.write("999999 12345\n");
    owner.close();
    // Old enough not to look like a directory another GUI is still creating.
    const struct utimbuf past{time(nullptr) - 3600, time(nullptr) - 3600};
    ASSERT_EQ(utime(QFile::encodeName(dead).constData(), &past), 0);
    const auto w = ws->openWindow();
    const auto t = ws->openTab(w, shell());
    const QString alive = ws->pane(ws->tab(t)->primary)->directory->path();
    EXPECT_EQ(dt::app::SessionDirectory::sweepDeadOwners(runtime.path()), 1);
    EXPECT_FALSE(QFileInfo::exists(dead));
    EXPECT_TRUE(QFileInfo::exists(alive));
}

TEST(TabTitle, sanitisesControlBidiAndInvisibleCharactersAndCapsBytes)
{
    EXPECT_EQ(dt::app::sanitizeTitle(QStringLiteral("a\x1b[31mb\u202Ec\u200Bd\te")), QStringLiteral("a[31mbcde"));
    EXPECT_EQ(dt::app::sanitizeTitle(QString(1000, QLatin1Char('x'))).size(), 256);
    // 100 three-byte characters: only 85 fit in 256 bytes, none cut in half.
    EXPECT_EQ(dt::app::sanitizeTitle(QString(100, QChar(0x4e2d))).size(), 85);
    EXPECT_EQ(dt::app::tabTitle({QString(), QString(), QStringLiteral("/usr/share"), QStringLiteral("bash"), QString()}),
              QStringLiteral("share"));
    EXPECT_EQ(dt::app::tabTitle({QString(), QString(), QString(), QStringLiteral("bash"), QString()}), QStringLiteral("bash"));
}

TEST(TabTitle, aProgramOtherThanTheShellGoesBeforeTheDirectory)
{
    const QString src = QStringLiteral("/usr/src");
    const QString bash = QStringLiteral("bash");
    // Two tabs in one directory, told apart by what runs in them.
    EXPECT_EQ(dt::app::tabTitle({QString(), QString(), src, bash, QStringLiteral("vim")}), QStringLiteral("vim — src"));
    EXPECT_EQ(dt::app::tabTitle({QString(), QString(), src, bash, QStringLiteral("make")}), QStringLiteral("make — src"));
    // The shell itself adds nothing; nor does a program's own title lose.
    EXPECT_EQ(dt::app::tabTitle({QString(), QString(), src, bash, bash}), QStringLiteral("src"));
    EXPECT_EQ(dt::app::tabTitle({QString(), QStringLiteral("editing"), src, bash, QStringLiteral("vim")}),
              QStringLiteral("editing"));
    EXPECT_EQ(dt::app::tabTitle({QString(), QString(), QString(), bash, QStringLiteral("top")}), QStringLiteral("top"));
    // What a process calls itself is sanitised like any title.
    EXPECT_EQ(dt::app::tabTitle({QString(), QString(), src, bash, QStringLiteral("x\u202Ey")}),
              QStringLiteral("xy — src"));
}

} // namespace

#include "app/core/automation/automation_facade.h"

namespace {

TEST_F(WorkspaceTest, referencesResolveByShortIdNameOrSessionPrefixAndSayWhenAmbiguous)
{
    dt::app::AutomationFacade facade(*ws);
    const auto w = ws->openWindow();
    const auto t1 = ws->openTab(w, shell());
    const auto t2 = ws->openTab(w, shell());
    const auto p1 = ws->tab(t1)->primary;
    const auto p2 = ws->tab(t2)->primary;
    const std::string caller = ws->pane(p1)->identity.sessionIdString().toStdString();
    using Handle = dt::rpc::Handle;

    EXPECT_EQ(std::get<Handle>(facade.resolveTab(caller, "current")), t1);
    EXPECT_EQ(std::get<Handle>(facade.resolveTab(caller, ws->pane(p2)->identity.shortId().toStdString())), t2);
    const std::string sid2 = ws->pane(p2)->identity.sessionIdString().toStdString();
    EXPECT_EQ(std::get<Handle>(facade.resolveTab(caller, sid2)), t2);
    EXPECT_EQ(std::get<Handle>(facade.resolveTab(caller, sid2.substr(0, 8))), t2);

    ws->setPaneName(p1, QStringLiteral("worker"));
    EXPECT_EQ(std::get<Handle>(facade.resolveTab(caller, "worker")), t1);
    ws->setPaneName(p2, QStringLiteral("worker"));
    const auto ambiguous = facade.resolveTab(caller, "worker");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::Error>(ambiguous));
    EXPECT_EQ(std::get<dt::rpc::Error>(ambiguous).msg, "intent.ambiguous: tab 'worker' matched 2 entries");
    const auto missing = facade.resolveTab(caller, "nobody");
    EXPECT_EQ(std::get<dt::rpc::Error>(missing).msg, "intent.notFound: tab 'nobody' not found");
    // Too short a prefix is not a reference.
    EXPECT_TRUE(std::holds_alternative<dt::rpc::Error>(facade.resolveTab(caller, sid2.substr(0, 3))));
    // Windows by 1-based index.
    EXPECT_EQ(std::get<Handle>(facade.resolveWindow(caller, "1")), w);
    EXPECT_TRUE(std::holds_alternative<dt::rpc::Error>(facade.resolveWindow(caller, "2")));
}

} // namespace
