// The window: tabs opening and closing, titles, exit handling, shortcuts.

#include "support/wait_until.h"
#include "terminal/terminal_session.h"
#include "ui/main_window.h"
#include "ui/terminal_view.h"

#include <QPointer>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

#include <gtest/gtest.h>

namespace {

using dt::test::waitUntil;
using dt::ui::ExitAction;
using dt::ui::MainWindow;

MainWindow *makeWindow(ExitAction exitAction = ExitAction::KeepOnError)
{
    qputenv("SHELL", "/bin/sh");
    MainWindow::Settings s;
    s.exitAction = exitAction;
    auto *w = new MainWindow(s);
    w->show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(w));
    w->resizeToGrid(80, 24);
    return w;
}

std::string screenOf(MainWindow *w, int tab)
{
    return w->tabAt(tab)->session()->terminal().screenText();
}

TEST(MainWindow, newTabsOpenInTheCurrentTabsDirectory)
{
    QPointer<MainWindow> w = makeWindow();
    w->openTab(QString(), {}, QStringLiteral("/usr"));
    ASSERT_TRUE(waitUntil([&] { return w->tabAt(0)->title() == QStringLiteral("usr"); })) << w->tabAt(0)->title().toStdString();
    w->openTab();
    EXPECT_EQ(w->tabCount(), 2);
    EXPECT_EQ(w->tabWidget()->currentIndex(), 1);
    ASSERT_TRUE(waitUntil([&] { return w->tabAt(1)->workingDirectory() == QStringLiteral("/usr"); }));
    delete w;
}

TEST(MainWindow, tabTitlePrefersManualNameThenProgramTitle)
{
    QPointer<MainWindow> w = makeWindow();
    w->openTab(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("printf '\\033]2;build \\342\\200\\256log\\007'; sleep 5")},
               QStringLiteral("/tmp"));
    // The bidi override (U+202E) is stripped from what the program chose.
    ASSERT_TRUE(waitUntil([&] { return w->tabWidget()->tabText(0) == QStringLiteral("build log"); }))
        << w->tabWidget()->tabText(0).toStdString();
    EXPECT_EQ(w->windowTitle(), QStringLiteral("build log — deviceterm"));
    w->tabAt(0)->setManualTitle(QStringLiteral("mine"));
    EXPECT_EQ(w->tabWidget()->tabText(0), QStringLiteral("mine"));
    delete w;
}

TEST(MainWindow, aFailedProgramKeepsItsTabWithAMessageAndACleanExitClosesIt)
{
    QPointer<MainWindow> w = makeWindow(ExitAction::KeepOnError);
    w->openTab(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("echo failing; exit 4")});
    w->openTab(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("exit 0")});
    ASSERT_TRUE(waitUntil([&] { return w && w->tabCount() == 1; }));
    ASSERT_TRUE(waitUntil([&] { return w->tabWidget()->tabText(0).endsWith(QStringLiteral("(exited)")); }))
        << w->tabWidget()->tabText(0).toStdString();
    EXPECT_TRUE(w->tabAt(0)->hasExited());
    const auto &t = w->tabAt(0)->session()->terminal();
    EXPECT_NE(screenOf(w, 0).find("failing"), std::string::npos) << screenOf(w, 0) << t.rows() << "x" << t.columns() << " sb=" << t.scrollback().size();
    delete w;
}

TEST(MainWindow, closingTheLastTabClosesTheWindow)
{
    QPointer<MainWindow> w = makeWindow(ExitAction::Close);
    w->openTab(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("exit 7")});
    // The window deletes itself on close.
    EXPECT_TRUE(waitUntil([&] { return w.isNull(); }));
}

TEST(MainWindow, altNumberAndCtrlPageDownSwitchTabs)
{
    QPointer<MainWindow> w = makeWindow();
    for (int i = 0; i < 3; ++i)
        w->openTab();
    ASSERT_EQ(w->tabWidget()->currentIndex(), 2);
    QTest::keyClick(w->tabAt(2)->view(), Qt::Key_1, Qt::AltModifier);
    EXPECT_EQ(w->tabWidget()->currentIndex(), 0);
    QTest::keyClick(w->tabAt(0)->view(), Qt::Key_PageDown, Qt::ControlModifier);
    EXPECT_EQ(w->tabWidget()->currentIndex(), 1);
    QTest::keyClick(w->tabAt(1)->view(), Qt::Key_9, Qt::AltModifier);
    EXPECT_EQ(w->tabWidget()->currentIndex(), 2);
    QTest::keyClick(w->tabAt(2)->view(), Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(w->tabCount(), 2);
    QTest::keyClick(w->tabAt(0)->view(), Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(w->tabCount(), 3);
    delete w;
}

TEST(MainWindow, fontZoomChangesTheCellSizeOfEveryTab)
{
    QPointer<MainWindow> w = makeWindow();
    w->openTab();
    w->openTab();
    const QSize before = w->tabAt(0)->view()->cellSize();
    QTest::keyClick(w->tabAt(1)->view(), Qt::Key_Equal, Qt::ControlModifier);
    QTest::keyClick(w->tabAt(1)->view(), Qt::Key_Equal, Qt::ControlModifier);
    const QSize bigger = w->tabAt(0)->view()->cellSize();
    EXPECT_GT(bigger.height(), before.height());
    EXPECT_EQ(w->tabAt(1)->view()->cellSize(), bigger);
    QTest::keyClick(w->tabAt(1)->view(), Qt::Key_0, Qt::ControlModifier);
    EXPECT_EQ(w->tabAt(0)->view()->cellSize(), before);
    delete w;
}

} // namespace
