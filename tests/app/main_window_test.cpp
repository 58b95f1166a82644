// Windows, tabs and splits as the user drives them (actions and keys,
// offscreen), checked against both the model and the widget tree.

#include "app/window_fixture.h"
#include "app/core/workspace.h"
#include "support/processes.h"
#include "support/wait_until.h"
#include "terminal/terminal_session.h"
#include "app/ui/action_ids.h"
#include "app/ui/find_bar.h"
#include "app/ui/main_window.h"
#include "app/ui/tab_view.h"
#include "app/ui/terminal_view.h"
#include "app/ui/window_manager.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QClipboard>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QLineEdit>
#include <QFileInfo>
#include <QPointer>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

namespace {

using dt::app::ExitAction;
using dt::app::SplitTree;
using dt::app::TerminalLaunch;
using dt::app::Workspace;
using dt::test::sh;
using dt::test::waitUntil;
using dt::test::WindowTest;
using dt::ui::MainWindow;
using dt::ui::TabView;
using dt::ui::TerminalView;
namespace actions = dt::ui::actions;


TEST_F(WindowTest, newTabsOpenInTheFocusedTerminalsDirectory)
{
    ws->openTab(window, sh(QStringLiteral("cd /usr/share && exec sleep 60")));
    const auto first = ws->window(window)->tabs.first();
    ASSERT_TRUE(waitUntil([&] { return ws->workingDirectory(ws->tab(first)->primary) == QStringLiteral("/usr/share"); }));
    trigger(actions::NewTab);
    ASSERT_EQ(main->tabCount(), 2);
    EXPECT_EQ(main->tabWidget()->currentIndex(), 1);
    const auto second = ws->window(window)->tabs.at(1);
    EXPECT_TRUE(waitUntil([&] { return ws->workingDirectory(ws->tab(second)->primary) == QStringLiteral("/usr/share"); }));
}

// What a tab's marker label shows (its icons), or nothing.
QStringList markersOf(QTabBar *bar, int index)
{
    QWidget *label = bar->tabButton(index, QTabBar::LeftSide);
    return label ? label->property("markers").toStringList() : QStringList();
}

// Opens the tab strip's context menu on tab `index` and hands the menu to
// `inspect` while it is open.
void withTabContextMenu(QTabBar *bar, int index, const std::function<void(QMenu &)> &inspect)
{
    bool seen = false;
    QTimer::singleShot(0, bar, [&] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu)
            return;
        seen = true;
        inspect(*menu);
        menu->close();
    });
    emit bar->customContextMenuRequested(bar->tabRect(index).center());
    EXPECT_TRUE(seen);
}

QAction *menuAction(QMenu &menu, const QString &objectName)
{
    for (QAction *a : menu.actions())
        if (a->objectName() == objectName)
            return a;
    return nullptr;
}

TEST_F(WindowTest, anOrchestratorTabIsGrantedAndMarkedUntilTheGrantIsRevoked)
{
    ws->openTab(window, sh());
    trigger(actions::OpenOrchestratorTab);
    trigger(actions::OpenOrchestratorTab);
    ASSERT_EQ(main->tabCount(), 3);
    QTabBar *bar = main->tabWidget()->tabBar();
    for (int i : {1, 2}) { // each with its own session, grant and marker
        const auto *t = ws->tab(ws->window(window)->tabs.at(i));
        EXPECT_TRUE(t->orchestrationGrant);
        EXPECT_EQ(ws->pane(t->primary)->role, QStringLiteral("orchestrator"));
        EXPECT_EQ(markersOf(bar, i), QStringList{QStringLiteral(":/icons/orchestrator.svg")});
        EXPECT_TRUE(bar->tabToolTip(i).contains(QStringLiteral("Orchestrator tab")));
    }
    EXPECT_TRUE(markersOf(bar, 0).isEmpty());
    EXPECT_FALSE(bar->tabToolTip(0).contains(QStringLiteral("Orchestrator")));
    // The key is drawn: amber pixels in the marker.
    const QImage key = bar->tabButton(2, QTabBar::LeftSide)->grab().toImage();
    int amber = 0;
    for (int y = 0; y < key.height(); ++y)
        for (int x = 0; x < key.width(); ++x) {
            const QColor c = key.pixelColor(x, y);
            amber += c.red() > 180 && c.green() > 120 && c.green() < 200 && c.blue() < 90;
        }
    EXPECT_GT(amber, 5);

    // The menu item shows the current tab's grant and revokes it.
    QAction *grant = main->action(actions::OrchestrationGrant);
    EXPECT_TRUE(grant->isChecked());
    grant->trigger();
    const auto revoked = ws->window(window)->tabs.at(2);
    EXPECT_FALSE(ws->tab(revoked)->orchestrationGrant);
    EXPECT_FALSE(grant->isChecked());
    EXPECT_TRUE(markersOf(bar, 2).isEmpty());
    EXPECT_TRUE(ws->tab(ws->window(window)->tabs.at(1))->orchestrationGrant); // the other one keeps its own
    // A split in an orchestrator tab runs with its role.
    main->tabWidget()->setCurrentIndex(1);
    trigger(actions::SplitRight);
    const auto *first = ws->tab(ws->window(window)->tabs.at(1));
    EXPECT_EQ(ws->pane(first->focused)->role, QStringLiteral("orchestrator"));
    EXPECT_TRUE(ws->hasOrchestrationGrant(first->focused));
}

TEST_F(WindowTest, aGrantNeedsAPersonsConfirmationThatAnImmediateScriptedClickCannotGive)
{
    ws->openTab(window, sh());
    const auto tab = ws->window(window)->tabs.at(0);
    QAction *grant = main->action(actions::OrchestrationGrant);
    // As XTEST would: the instant the question is up, click Grant and press
    // Enter. Neither grants: the button waits, and Enter is Cancel.
    bool clickedEarly = false, wasEnabled = true;
    QTimer::singleShot(0, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        ASSERT_TRUE(box);
        EXPECT_EQ(box->objectName(), QStringLiteral("grantConfirmation"));
        for (QAbstractButton *b : box->buttons())
            if (box->buttonRole(b) == QMessageBox::AcceptRole) {
                wasEnabled = b->isEnabled();
                QTest::mouseClick(b, Qt::LeftButton);
                clickedEarly = true;
            }
        QTest::keyClick(box, Qt::Key_Return);
    });
    grant->trigger();
    EXPECT_TRUE(clickedEarly);
    EXPECT_FALSE(wasEnabled);
    EXPECT_FALSE(ws->tab(tab)->orchestrationGrant);
    EXPECT_FALSE(grant->isChecked());
    // A person, who reads the question first, can grant.
    QTimer::singleShot(0, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        ASSERT_TRUE(box);
        for (QAbstractButton *b : box->buttons())
            if (box->buttonRole(b) == QMessageBox::AcceptRole) {
                ASSERT_TRUE(waitUntil([&] { return b->isEnabled(); }, 3000));
                QTest::mouseClick(b, Qt::LeftButton);
            }
    });
    grant->trigger();
    EXPECT_TRUE(ws->tab(tab)->orchestrationGrant);
    EXPECT_TRUE(grant->isChecked());
    // Revoking asks nothing.
    grant->trigger();
    EXPECT_FALSE(ws->tab(tab)->orchestrationGrant);
}

TEST_F(WindowTest, thePrivacyToggleReadsSetPrivateOrSetPublicAndShowsAPadlock)
{
    ws->openTab(window, sh());
    ws->openTab(window, sh());
    QTabBar *bar = main->tabWidget()->tabBar();
    const auto tab = ws->window(window)->tabs.at(0);
    withTabContextMenu(bar, 0, [](QMenu &menu) {
        QAction *toggle = menuAction(menu, QStringLiteral("tabPrivacyToggle"));
        ASSERT_TRUE(toggle);
        EXPECT_EQ(toggle->text().remove(QLatin1Char('&')), QStringLiteral("Set Private"));
        EXPECT_FALSE(toggle->isChecked());
        toggle->trigger();
    });
    EXPECT_TRUE(ws->tab(tab)->isPrivate);
    EXPECT_EQ(markersOf(bar, 0), QStringList{QStringLiteral(":/icons/private.svg")});
    EXPECT_TRUE(bar->tabToolTip(0).contains(QStringLiteral("Private tab")));
    withTabContextMenu(bar, 0, [](QMenu &menu) {
        QAction *toggle = menuAction(menu, QStringLiteral("tabPrivacyToggle"));
        ASSERT_TRUE(toggle);
        EXPECT_EQ(toggle->text().remove(QLatin1Char('&')), QStringLiteral("Set Public"));
        // No check mark: beside "Set Public" it would read as "is public".
        EXPECT_FALSE(toggle->isCheckable());
    });
    // The Shell menu's item follows the current tab.
    QAction *priv = main->action(actions::PrivateTab);
    main->tabWidget()->setCurrentIndex(1);
    EXPECT_FALSE(priv->isChecked());
    EXPECT_NE(main->windowTitle(), QStringLiteral("Private tab — deviceterm"));
    main->tabWidget()->setCurrentIndex(0);
    EXPECT_TRUE(priv->isChecked());
    // The window title leaves the window (task bars, other X clients): it
    // does not name a private tab.
    EXPECT_EQ(main->windowTitle(), QStringLiteral("Private tab — deviceterm"));
    priv->trigger();
    EXPECT_FALSE(ws->tab(tab)->isPrivate);
    EXPECT_NE(main->windowTitle(), QStringLiteral("Private tab — deviceterm"));
    EXPECT_TRUE(markersOf(bar, 0).isEmpty());
    // Both at once: key and padlock side by side.
    trigger(actions::OpenOrchestratorTab);
    trigger(actions::PrivateTab);
    EXPECT_EQ(markersOf(bar, 2), (QStringList{QStringLiteral(":/icons/orchestrator.svg"), QStringLiteral(":/icons/private.svg")}));
}

TEST_F(WindowTest, theTabStripAndWindowTitleFollowTheModel)
{
    const auto t = ws->openTab(window, sh(QStringLiteral("printf '\\033]2;build log\\007'; sleep 60")));
    ASSERT_TRUE(waitUntil([&] { return main->tabWidget()->tabText(0) == QStringLiteral("build log"); }));
    EXPECT_EQ(main->windowTitle(), QStringLiteral("build log — deviceterm"));
    ws->renameTab(t, QStringLiteral("mine"));
    EXPECT_EQ(main->tabWidget()->tabText(0), QStringLiteral("mine"));
}

// A program copies with OSC 52 (as tmux and neovim do): the text lands on
// the desktop's clipboard, unless clipboard-write is deny.
TEST_F(WindowTest, aProgramsCopyReachesTheClipboardUnlessTheConfigDeniesIt)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString again = dir.filePath(QStringLiteral("again")), wrote = dir.filePath(QStringLiteral("wrote"));
    QClipboard *clipboard = QGuiApplication::clipboard();
    clipboard->setText(QStringLiteral("before"));
    // "copied ✓" in base64; a second write waits for a file the test makes.
    ws->openTab(window, sh(QStringLiteral("printf '\\033]52;c;Y29waWVkIOKckw==\\007'; "
                                          "while [ ! -e '%1' ]; do sleep 0.05; done; "
                                          "printf '\\033]52;c;ZGVuaWVk\\007'; touch '%2'; sleep 60")
                               .arg(again, wrote)));
    ASSERT_TRUE(waitUntil([&] { return clipboard->text() == QStringLiteral("copied ✓"); })) << clipboard->text().toStdString();

    ws->setClipboardWrite(false);
    QFile go(again);
    ASSERT_TRUE(go.open(QIODevice::WriteOnly));
    go.close();
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(wrote); }));
    EXPECT_TRUE(dt::test::nothingHappensFor(300, [&] { return clipboard->text() != QStringLiteral("copied ✓"); }))
        << clipboard->text().toStdString();
}

TEST_F(WindowTest, aFailedProgramKeepsItsTabWithAMessageAndACleanExitClosesIt)
{
    const auto failing = ws->openTab(window, sh(QStringLiteral("echo failing; exit 4")));
    ws->openTab(window, sh(QStringLiteral("exit 0")));
    ASSERT_TRUE(waitUntil([&] { return main->tabCount() == 1; }));
    ASSERT_TRUE(waitUntil([&] { return main->tabWidget()->tabText(0).endsWith(QStringLiteral("(exited)")); }));
    EXPECT_NE(screenOf(ws->tab(failing)->primary).find("failing"), std::string::npos);
}

TEST_F(WindowTest, closingTheLastPaneClosesTheTabAndTheWindow)
{
    ws->openTab(window, sh());
    TerminalView *view = main->currentTerminal();
    ASSERT_TRUE(view);
    QTest::keyClick(view, Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_TRUE(ws->windows().isEmpty());
    EXPECT_TRUE(waitUntil([&] { return main.isNull(); }));
}

TEST_F(WindowTest, splitsBecomeNestedSplittersAroundTerminalViews)
{
    const auto t = ws->openTab(window, sh());
    trigger(actions::SplitRight);
    trigger(actions::SplitDown);
    TabView *tab = main->currentTabView();
    ASSERT_EQ(tab->views().size(), 3);
    auto *outer = tab->findChild<QSplitter *>(QString(), Qt::FindDirectChildrenOnly);
    ASSERT_TRUE(outer);
    EXPECT_EQ(outer->orientation(), Qt::Horizontal);
    auto *inner = qobject_cast<QSplitter *>(outer->widget(1));
    ASSERT_TRUE(inner);
    EXPECT_EQ(inner->orientation(), Qt::Vertical);
    // The new terminal has the focus, in the model and in the widgets.
    const auto panes = ws->tab(t)->layout.panes();
    EXPECT_EQ(ws->tab(t)->focused, panes.last());
    EXPECT_TRUE(waitUntil([&] { return tab->viewFor(panes.last())->hasFocus(); }));
    // Each got its own grid: the left one is about twice as tall as the others.
    ASSERT_TRUE(waitUntil([&] {
        return ws->session(panes[0])->terminal().rows() >= 2 * ws->session(panes[2])->terminal().rows() - 1;
    }));
    EXPECT_LT(ws->session(panes[0])->terminal().columns(), 45);
}

TEST_F(WindowTest, altArrowsMoveFocusByWhereThePanesAreOnScreen)
{
    const auto t = ws->openTab(window, sh());
    const auto left = ws->tab(t)->primary;
    trigger(actions::SplitRight);
    const auto topRight = ws->tab(t)->focused;
    trigger(actions::SplitDown);
    const auto bottomRight = ws->tab(t)->focused;
    TabView *tab = main->currentTabView();
    QTest::keyClick(tab->viewFor(bottomRight), Qt::Key_Up, Qt::AltModifier);
    EXPECT_EQ(ws->tab(t)->focused, topRight);
    QTest::keyClick(tab->viewFor(topRight), Qt::Key_Left, Qt::AltModifier);
    EXPECT_EQ(ws->tab(t)->focused, left);
    QTest::keyClick(tab->viewFor(left), Qt::Key_Left, Qt::AltModifier); // nothing there: stays
    EXPECT_EQ(ws->tab(t)->focused, left);
    QTest::keyClick(tab->viewFor(left), Qt::Key_Right, Qt::AltModifier);
    EXPECT_NE(ws->tab(t)->focused, left);
    EXPECT_TRUE(waitUntil([&] { return tab->viewFor(ws->tab(t)->focused)->hasFocus(); }));
}

TEST_F(WindowTest, closingAPaneGivesFocusToItsNeighbourAndZoomShowsOnePane)
{
    const auto t = ws->openTab(window, sh());
    trigger(actions::SplitRight);
    trigger(actions::SplitRight);
    const auto panes = ws->tab(t)->layout.panes();
    TabView *tab = main->currentTabView();
    trigger(actions::ZoomPane);
    EXPECT_TRUE(tab->viewFor(panes[2])->isVisible());
    EXPECT_FALSE(tab->viewFor(panes[0])->isVisible());
    trigger(actions::ZoomPane);
    EXPECT_TRUE(tab->viewFor(panes[0])->isVisible());
    trigger(actions::ClosePane);
    EXPECT_EQ(ws->tab(t)->layout.panes().size(), 2);
    EXPECT_EQ(ws->tab(t)->focused, panes[1]);
    EXPECT_EQ(tab->views().size(), 2);
}

TEST_F(WindowTest, aTabMovedToANewWindowKeepsItsRunningProgram)
{
    ws->openTab(window, sh());
    const auto moving = ws->openTab(window, sh());
    const pid_t pid = ws->session(ws->tab(moving)->primary)->process().pid();
    trigger(actions::MoveTabToNewWindow);
    ASSERT_EQ(ws->windows().size(), 2);
    EXPECT_EQ(main->tabCount(), 1);
    MainWindow *other = manager->window(ws->tab(moving)->window);
    ASSERT_TRUE(other);
    EXPECT_EQ(other->tabCount(), 1);
    EXPECT_EQ(other->currentTabView()->tabId(), moving);
    EXPECT_EQ(ws->session(ws->tab(moving)->primary)->process().pid(), pid);
    EXPECT_TRUE(QFileInfo::exists(QStringLiteral("/proc/%1").arg(pid)));
}

TEST_F(WindowTest, draggingATabReordersTheModel)
{
    const auto a = ws->openTab(window, sh());
    const auto b = ws->openTab(window, sh());
    const auto c = ws->openTab(window, sh());
    main->tabWidget()->tabBar()->moveTab(2, 0);
    EXPECT_EQ(ws->window(window)->tabs, (QList<dt::app::TabId>{c, a, b}));
}

} // namespace

#include "app/ui/tab_bar.h"

#include <QMimeData>

namespace {

using dt::test::sh;
using dt::test::WindowTest;

TEST_F(WindowTest, aTabDroppedOnAnotherWindowsStripMovesThere)
{
    const auto a = ws->openTab(window, sh());
    ws->openTab(window, sh());
    const auto other = ws->openWindow();
    const auto b = ws->openTab(other, sh());
    MainWindow *target = manager->window(other);
    ASSERT_TRUE(target);
    QTabBar *bar = target->tabWidget()->tabBar();
    QMimeData mime;
    mime.setData(QString::fromLatin1(dt::ui::TabBar::kMimeType), QByteArray::number(a));
    const QPoint before = bar->tabRect(0).center();
    QDragEnterEvent enter(before, Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(bar, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(before, Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(bar, &drop);
    EXPECT_EQ(ws->tab(a)->window, other);
    EXPECT_EQ(ws->window(other)->tabs, (QList<dt::app::TabId>{a, b}));
    EXPECT_EQ(target->tabCount(), 2);
    EXPECT_EQ(main->tabCount(), 1);
    // Anything else dropped on a strip is refused.
    QMimeData text;
    text.setText(QStringLiteral("hello"));
    QDragEnterEvent foreign(before, Qt::MoveAction, &text, Qt::LeftButton, Qt::NoModifier);
    foreign.setAccepted(false);
    QApplication::sendEvent(bar, &foreign);
    EXPECT_FALSE(foreign.isAccepted());
}

} // namespace
