// How the window around the terminals looks and what it offers: the chrome
// in the theme's colours, the focused pane's mark, the orchestrator tab's
// banner and tint, the Help dialogs, Reset Terminal, a first window that
// fits on the screen, and a tab strip as tall before its first tab as after.

#include "app/window_fixture.h"
#include "support/wait_until.h"
#include "terminal/terminal_session.h"
#include "app/ui/action_ids.h"
#include "app/ui/chrome_style.h"
#include "app/ui/focus_frame.h"
#include "app/ui/help_dialogs.h"
#include "app/ui/tab_bar.h"
#include "app/ui/tab_view.h"
#include "app/ui/terminal_view.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QTabBar>
#include <QTabWidget>

#include <gtest/gtest.h>

namespace {

using dt::app::SplitTree;
using dt::test::sh;
using dt::test::waitUntil;
using dt::test::WindowTest;
using dt::ui::FocusedPaneMark;
using dt::ui::MainWindow;
using dt::ui::TabView;
using dt::ui::TerminalTheme;
namespace actions = dt::ui::actions;

// The colour a widget shows at `at`, as painted.
QColor shownAt(QWidget *w, QPoint at)
{
    return w->grab().toImage().pixelColor(at * w->devicePixelRatioF());
}

MainWindow::Appearance withTheme(const TerminalTheme &theme)
{
    MainWindow::Appearance a;
    a.theme = theme;
    return a;
}

TEST_F(WindowTest, theMenuBarAndTabStripTakeTheThemesColours)
{
    ws->openTab(window, sh());
    EXPECT_TRUE(qobject_cast<dt::ui::ChromeStyle *>(QApplication::style()));
    QTabBar *bar = main->tabWidget()->tabBar();
    // Where no tab is: the strip's own background.
    auto menuBar = [&] { return shownAt(main->menuBar(), {2, 2}).lightnessF(); };
    auto strip = [&] { return shownAt(bar, {bar->width() - 3, bar->height() / 2}).lightnessF(); };
    // Dark theme: dark chrome, light text on it.
    EXPECT_LT(menuBar(), 0.25);
    EXPECT_LT(strip(), 0.25);
    EXPECT_GT(main->menuBar()->palette().color(QPalette::WindowText).lightnessF(), 0.7);
    // Light theme: all of it turns light, dialogs included (the palette is
    // the application's; widgets take it from the event loop).
    manager->setAppearance(withTheme(TerminalTheme::light()));
    EXPECT_TRUE(waitUntil([&] { return menuBar() > 0.8; })) << menuBar();
    EXPECT_GT(strip(), 0.8);
    EXPECT_LT(main->menuBar()->palette().color(QPalette::WindowText).lightnessF(), 0.3);
    dt::ui::AboutDialog about(main);
    EXPECT_GT(about.palette().color(QPalette::Window).lightnessF(), 0.8);
    manager->setAppearance(withTheme(TerminalTheme::dark()));
    EXPECT_TRUE(waitUntil([&] { return menuBar() < 0.25; })) << menuBar();
}

TEST_F(WindowTest, theTabCloseButtonIsACrossInTheChromesTextColourNotABitmap)
{
    ws->openTab(window, sh());
    QTabBar *bar = main->tabWidget()->tabBar();
    QWidget *close = bar->tabButton(0, QTabBar::RightSide);
    ASSERT_TRUE(close);
    ASSERT_TRUE(waitUntil([&] { return close->isVisible(); }));
    // Its pixels: the chrome's button colour, with a cross drawn from the
    // text colour (no red anywhere).
    const QImage image = close->grab().toImage();
    int inked = 0, reddish = 0;
    const QColor text = bar->palette().color(QPalette::WindowText);
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            inked += c.lightnessF() > 0.45 ? 1 : 0;
            reddish += c.red() > c.green() + 60 ? 1 : 0;
        }
    EXPECT_GT(inked, 4) << "no cross drawn";
    EXPECT_EQ(reddish, 0);
    EXPECT_GT(text.lightnessF(), 0.7);
}

TEST_F(WindowTest, theFocusedPaneOfSeveralHasAnAccentBorderThatFollowsTheFocus)
{
    ws->openTab(window, sh());
    TabView *view = main->currentTabView();
    ASSERT_TRUE(view);
    const auto tab = ws->window(window)->tabs.first();
    // One pane: nothing to tell apart.
    EXPECT_FALSE(view->focusFrame()->isShown());
    const auto first = ws->tab(tab)->primary;
    const auto second = ws->splitPane(first, SplitTree::Orientation::SideBySide, sh());
    ASSERT_TRUE(waitUntil([&] { return view->focusFrame()->isShown(); }));
    EXPECT_EQ(view->focusFrame()->target(), view->viewFor(second));
    // A screen reader names the new split after its tab, like the first.
    EXPECT_TRUE(waitUntil([&] { return view->viewFor(second)->accessibleName() == main->tabWidget()->tabText(0); }))
        << view->viewFor(second)->accessibleName().toStdString();
    // Its strips sit on the focused pane's edges, in the accent colour.
    const QRect pane(view->viewFor(second)->mapTo(view, QPoint(0, 0)), view->viewFor(second)->size());
    ASSERT_TRUE(waitUntil([&] {
        return shownAt(view, pane.topLeft() + QPoint(pane.width() / 2, 0)) == TerminalTheme::dark().accent;
    })) << shownAt(view, pane.topLeft() + QPoint(pane.width() / 2, 0)).name().toStdString();
    const QRect other(view->viewFor(first)->mapTo(view, QPoint(0, 0)), view->viewFor(first)->size());
    EXPECT_NE(shownAt(view, other.topLeft() + QPoint(other.width() / 2, 0)), TerminalTheme::dark().accent);

    ws->focusPane(first);
    EXPECT_EQ(view->focusFrame()->target(), view->viewFor(first));
    // Zoomed, the one pane shown needs no mark; nor with the mark off.
    trigger(actions::ZoomPane);
    EXPECT_FALSE(view->focusFrame()->isShown());
    trigger(actions::ZoomPane);
    EXPECT_TRUE(view->focusFrame()->isShown());
    EXPECT_EQ(ws->tab(tab)->focused, first);
    EXPECT_EQ(view->focusFrame()->target(), view->viewFor(first));
    view->setFocusedPaneMark(FocusedPaneMark::None);
    EXPECT_FALSE(view->focusFrame()->isShown());
    // Faded instead: the other pane's text is dimmed, the focused one's not.
    view->setFocusedPaneMark(FocusedPaneMark::Dim);
    EXPECT_FALSE(view->focusFrame()->isShown());
    EXPECT_FALSE(view->viewFor(first)->isDimmed());
    EXPECT_TRUE(view->viewFor(second)->isDimmed());
    ws->focusPane(second);
    EXPECT_TRUE(view->viewFor(first)->isDimmed());
    EXPECT_FALSE(view->viewFor(second)->isDimmed());
    EXPECT_EQ(dt::ui::focusedPaneMarkFromConfig(QStringLiteral("dim")), FocusedPaneMark::Dim);
    EXPECT_EQ(dt::ui::focusedPaneMarkFromConfig(QString()), FocusedPaneMark::Border);
}

TEST_F(WindowTest, anOrchestratorTabHasABannerAndATintedTab)
{
    ws->openTab(window, sh());
    ws->openTab(window, sh());
    const auto tab = ws->window(window)->tabs.first();
    auto *page = main->tabViewAt(0);
    QTabBar *bar = main->tabWidget()->tabBar();
    EXPECT_FALSE(page->orchestratorBanner()->isVisibleTo(page));
    EXPECT_FALSE(bar->tabTextColor(0).isValid());
    ws->setOrchestrationGrant(tab, true);
    EXPECT_TRUE(page->orchestratorBanner()->isVisibleTo(page));
    EXPECT_TRUE(page->orchestratorBanner()->text().contains(QStringLiteral("type into other tabs")));
    EXPECT_EQ(bar->tabTextColor(0), TerminalTheme::dark().orchestrator);
    EXPECT_FALSE(bar->tabTextColor(1).isValid());
    ws->setOrchestrationGrant(tab, false);
    EXPECT_FALSE(page->orchestratorBanner()->isVisibleTo(page));
    EXPECT_FALSE(bar->tabTextColor(0).isValid());
}

TEST_F(WindowTest, theShortcutsDialogListsEveryKeptKeyGroupedAndSearchable)
{
    ws->openTab(window, sh());
    dt::ui::ShortcutsDialog dialog(main->menuBar(), main->actions(), main);
    const QStringList all = dialog.visibleRows();
    auto has = [&](const QString &part) {
        return std::any_of(all.begin(), all.end(), [&](const QString &r) { return r.contains(part); });
    };
    // Every action with keys, under its menu...
    for (const QAction *a : main->actions()) {
        if (!a->shortcuts().isEmpty()) {
            EXPECT_TRUE(has(a->shortcut().toString(QKeySequence::NativeText))) << a->objectName().toStdString();
        }
    }
    EXPECT_TRUE(has(QStringLiteral("Edit / Find / Ctrl+Shift+F")));
    // ...and the keys the terminal keeps for itself.
    for (const char *key : {"Shift+PgUp", "Shift+PgDown", "Shift+Home", "Shift+End", "Shift+Ins", "Esc"})
        EXPECT_TRUE(has(QKeySequence(QString::fromLatin1(key)).toString(QKeySequence::NativeText))) << key;
    // A search narrows it to what matches, by action or key.
    dialog.setFilter(QStringLiteral("scroll"));
    const QStringList scroll = dialog.visibleRows();
    EXPECT_GE(scroll.size(), 4);
    for (const QString &row : scroll)
        EXPECT_TRUE(row.contains(QStringLiteral("scroll"), Qt::CaseInsensitive)) << row.toStdString();
    dialog.setFilter(QStringLiteral("Ctrl+Shift+T"));
    EXPECT_TRUE(dialog.visibleRows().join(QLatin1Char('\n')).contains(QStringLiteral("New Tab")));
    dialog.setFilter(QStringLiteral("no such thing"));
    EXPECT_TRUE(dialog.visibleRows().isEmpty());
    dialog.setFilter(QString());
    EXPECT_EQ(dialog.visibleRows().size(), all.size());
}

// The README's table of kept keys names every action's keys, as the app's
// own dialog does (the README spells PgDown as PgDn).
TEST_F(WindowTest, theReadmesKeyTableNamesEveryShortcut)
{
    QFile file(QStringLiteral(DT_README));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString readme = QString::fromUtf8(file.readAll());
    const qsizetype from = readme.indexOf(QStringLiteral("### Keys deviceterm keeps for itself"));
    ASSERT_GE(from, 0);
    const QString table = readme.mid(from, readme.indexOf(QStringLiteral("\n### "), from + 1) - from);
    for (const QAction *a : main->actions()) {
        // Alt+2 to Alt+7 are in the range "Alt+1 … Alt+8".
        const QString id = a->objectName();
        if (a->shortcuts().isEmpty() || (id.startsWith(QStringLiteral("tab.select")) && id.back() > u'1' && id.back() < u'8'))
            continue;
        QString keys = a->shortcut().toString(QKeySequence::PortableText);
        keys.replace(QStringLiteral("PgDown"), QStringLiteral("PgDn"));
        EXPECT_TRUE(table.contains(keys)) << keys.toStdString() << " (" << a->objectName().toStdString() << ")";
    }
    for (const char *kept : {"Shift+PgUp", "Shift+PgDn", "Shift+Home", "Shift+End", "Shift+Insert"})
        EXPECT_TRUE(table.contains(QString::fromLatin1(kept))) << kept;
}

TEST_F(WindowTest, aboutNamesTheVersionLicenceAndHomepageAndOffersAboutQt)
{
    dt::ui::AboutDialog about(main);
    const auto *text = about.findChild<QLabel *>(QStringLiteral("aboutText"));
    ASSERT_TRUE(text);
    EXPECT_TRUE(text->text().contains(QStringLiteral(DEVICETERM_VERSION)));
    EXPECT_TRUE(text->text().contains(QStringLiteral("MIT")));
    EXPECT_TRUE(text->text().contains(QStringLiteral("https://")));
    EXPECT_TRUE(about.findChild<QPushButton *>(QStringLiteral("aboutQt")));
}

TEST_F(WindowTest, resetTerminalUndoesWhatAProgramLeftBehind)
{
    // Line drawing characters, the other screen, a hidden cursor: what a
    // crashed full-screen program leaves.
    ws->openTab(window, sh(QStringLiteral("printf 'before\\033[?1049h\\033(0\\033[?25lqqq'; exec sleep 60")));
    const auto pane = ws->tab(ws->window(window)->tabs.first())->primary;
    auto &terminal = ws->session(pane)->terminal();
    ASSERT_TRUE(waitUntil([&] { return terminal.altScreenActive() && !terminal.cursor().visible; }));
    trigger(actions::ResetTerminal);
    EXPECT_FALSE(terminal.altScreenActive());
    EXPECT_TRUE(terminal.cursor().visible);
    // Text after it is plain again, not line drawing.
    terminal.feed(std::string("qqq"));
    EXPECT_NE(terminal.screenText().find("qqq"), std::string::npos) << terminal.screenText();
}

TEST_F(WindowTest, theWindowForAGridLargerThanTheScreenFitsOnTheScreen)
{
    ws->openTab(window, sh());
    const QRect free = main->screen()->availableGeometry();
    const QSize fits = main->resizeToGrid(1000, 400);
    EXPECT_LE(main->frameGeometry().width(), free.width());
    EXPECT_LE(main->frameGeometry().height(), free.height());
    // The grid that fits is what the first terminal is given.
    EXPECT_LT(fits.width(), 1000);
    EXPECT_LT(fits.height(), 400);
    EXPECT_GT(fits.width(), 20);
    // An ordinary grid is given as asked.
    EXPECT_EQ(main->resizeToGrid(40, 10), QSize(40, 10));
    EXPECT_LT(main->width(), free.width());
}

TEST(TabStripTest, anEmptyStripIsAsTallAsOneWithATabInEveryFont)
{
    dt::ui::TabBar empty, withTab;
    for (dt::ui::TabBar *bar : {&empty, &withTab}) {
        bar->setDocumentMode(true);
        bar->setTabsClosable(true);
    }
    withTab.addTab(QStringLiteral("a tab"));
    const int height = withTab.sizeHint().height();
    EXPECT_EQ(empty.sizeHint().height(), height);
    EXPECT_EQ(empty.minimumSizeHint().height(), withTab.minimumSizeHint().height());
    // The height it knew is for the font it had.
    QFont large = empty.font();
    large.setPointSizeF(large.pointSizeF() * 3);
    empty.setFont(large);
    withTab.setFont(large);
    EXPECT_GT(withTab.sizeHint().height(), height);
    EXPECT_EQ(empty.sizeHint().height(), withTab.sizeHint().height());
}

} // namespace
