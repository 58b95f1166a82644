// The main window's keys: switching and opening tabs, copying the last
// command's output, font zoom, find, and which keys the terminal keeps.

#include "app/window_fixture.h"
#include "support/wait_until.h"
#include "app/ui/action_ids.h"
#include "app/ui/find_bar.h"
#include "app/ui/tab_view.h"
#include "app/ui/terminal_view.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLineEdit>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

namespace {

using dt::test::sh;
using dt::test::waitUntil;
using dt::test::WindowTest;
using dt::ui::TabView;
using dt::ui::TerminalView;
namespace actions = dt::ui::actions;

TEST_F(WindowTest, keysSwitchTabsAndOpenThem)
{
    for (int i = 0; i < 3; ++i)
        ws->openTab(window, sh());
    ASSERT_EQ(main->tabWidget()->currentIndex(), 2);
    QTest::keyClick(main->currentTerminal(), Qt::Key_1, Qt::AltModifier);
    EXPECT_EQ(main->tabWidget()->currentIndex(), 0);
    EXPECT_EQ(ws->window(window)->selected, ws->window(window)->tabs.at(0));
    QTest::keyClick(main->currentTerminal(), Qt::Key_PageDown, Qt::ControlModifier);
    EXPECT_EQ(main->tabWidget()->currentIndex(), 1);
    QTest::keyClick(main->currentTerminal(), Qt::Key_9, Qt::AltModifier);
    EXPECT_EQ(main->tabWidget()->currentIndex(), 2);
    QTest::keyClick(main->currentTerminal(), Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(ws->window(window)->tabs.size(), 4);
}

// A program that prints its own prompt marks is honoured; the shortcut
// copies the output of its last command.
TEST_F(WindowTest, ctrlShiftXCopiesTheLastCommandsOutput)
{
    const auto tab = ws->openTab(window, sh(QStringLiteral(
        "printf '\\033]133;A\\007$ \\033]133;B\\007make\\r\\n\\033]133;C\\007built it\\r\\n\\033]133;D;0\\007';"
        "printf '\\033]133;A\\007$ \\033]133;B\\007'; sleep 60")));
    const dt::terminal::TerminalSession *session = ws->session(ws->tab(tab)->primary);
    ASSERT_TRUE(waitUntil([&] { return session->terminal().commands().lastFinished(); })) << screenOf(ws->tab(tab)->primary);
    QApplication::clipboard()->clear();
    QTest::keyClick(main->currentTerminal(), Qt::Key_X, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(QApplication::clipboard()->text(), QStringLiteral("built it"));
    EXPECT_TRUE(main->action(actions::PreviousPrompt) && main->action(actions::NextPrompt));
}

TEST_F(WindowTest, fontZoomChangesTheCellSizeOfEveryPane)
{
    ws->openTab(window, sh());
    trigger(actions::SplitRight);
    TabView *tab = main->currentTabView();
    const QSize before = tab->views().first()->cellSize();
    trigger(actions::ZoomIn);
    trigger(actions::ZoomIn);
    for (TerminalView *v : tab->views())
        EXPECT_GT(v->cellSize().height(), before.height());
    trigger(actions::ResetZoom);
    for (TerminalView *v : tab->views())
        EXPECT_EQ(v->cellSize(), before);
}

TEST_F(WindowTest, findHighlightsHitsInHistoryAndScrollsToThem)
{
    const auto t = ws->openTab(window, sh(QStringLiteral("seq 1 200; echo needle-one; seq 1 100; echo Needle-two; sleep 60")));
    const auto pane = ws->tab(t)->primary;
    ASSERT_TRUE(waitUntil([&] { return screenOf(pane).find("Needle-two") != std::string::npos; }));
    TerminalView *view = main->currentTerminal();
    const int rows = ws->session(pane)->terminal().rows(), columns = ws->session(pane)->terminal().columns();
    // A window makes its find bar when first asked to find; next and
    // previous before that have nothing to step through.
    EXPECT_EQ(main->findChild<dt::ui::FindBar *>(), nullptr);
    trigger(actions::FindNext);
    trigger(actions::FindPrevious);
    trigger(actions::Find);
    dt::ui::FindBar *bar = main->findBar();
    ASSERT_TRUE(bar->isVisible());
    // It floats over the terminal: the grid (and so the program) keeps its size.
    const QRect barOnWindow(bar->mapTo(main, QPoint(0, 0)), bar->size());
    EXPECT_TRUE(barOnWindow.intersects(QRect(view->mapTo(main, QPoint(0, 0)), view->size())));
    EXPECT_TRUE(dt::test::nothingHappensFor(200, [&] {
        return ws->session(pane)->terminal().rows() != rows || ws->session(pane)->terminal().columns() != columns;
    })) << "the find bar took rows or columns from the terminal";
    EXPECT_FALSE(bar->findChild<QToolButton *>()->accessibleName().isEmpty()) << "its icon buttons have names";
    QTest::keyClicks(bar->findChild<QLineEdit *>(), QStringLiteral("needle"));
    EXPECT_EQ(bar->matchCount(), 2);
    EXPECT_EQ(bar->currentMatch(), 1); // the newest first
    EXPECT_EQ(view->scrollOffset(), 0);
    QTest::keyClick(bar->findChild<QLineEdit *>(), Qt::Key_Return);
    EXPECT_EQ(bar->currentMatch(), 0);
    // needle-one is ~100 lines up: the view scrolled back to show it.
    EXPECT_GT(view->scrollOffset(), 50);
    QTest::keyClick(bar->findChild<QLineEdit *>(), Qt::Key_Escape);
    EXPECT_FALSE(bar->isVisible());
    EXPECT_TRUE(view->hasFocus());
}

// Ctrl+Shift chords no action uses are the program's: editors bind them
// under the keyboard protocols. Ctrl++ is Ctrl+Shift+= as typed.
TEST_F(WindowTest, theTerminalKeepsOnlyTheCtrlShiftChordsAnActionUses)
{
    ws->openTab(window, sh(QStringLiteral("sleep 60")));
    TerminalView *view = main->currentTerminal();
    ASSERT_NE(view, nullptr);
    const auto ctrlShift = Qt::ControlModifier | Qt::ShiftModifier;
    EXPECT_TRUE(view->keepsKey(Qt::Key_T, ctrlShift)); // New Tab
    EXPECT_TRUE(view->keepsKey(Qt::Key_C, ctrlShift)); // Copy
    EXPECT_TRUE(view->keepsKey(Qt::Key_Plus, ctrlShift)); // Zoom In
    EXPECT_TRUE(view->keepsKey(Qt::Key_PageDown, Qt::ControlModifier)); // kept, bound or not
    EXPECT_FALSE(view->keepsKey(Qt::Key_J, ctrlShift));
    EXPECT_FALSE(view->keepsKey(Qt::Key_Return, ctrlShift));
    EXPECT_FALSE(view->keepsKey(Qt::Key_J, Qt::ControlModifier));
}

TEST_F(WindowTest, everyShortcutBelongsToAnActionAndTheTerminalKeepsTheRest)
{
    for (QAction *a : main->actions())
        for (const QKeySequence &k : a->shortcuts())
            EXPECT_TRUE(TerminalView::isApplicationShortcut(k[0].key(), k[0].keyboardModifiers()))
                << a->objectName().toStdString() << " uses " << k.toString().toStdString()
                << ", which the terminal would give to the program";
}

} // namespace
