// MainWindow's action registry (every command has an id, a text and its
// shortcuts, so menus, the context menu and the shortcuts dialog share
// them), its menus, and the shortcuts and about dialogs.

#include "app/ui/main_window.h"

#include "app/ui/grant_confirmation.h"

#include "app/ui/action_ids.h"
#include "app/core/config.h"
#include "app/ui/nested_loop.h"
#include "app/ui/running_devices_question.h"
#include "app/ui/device_menu.h"
#include "app/ui/find_bar.h"
#include "app/ui/help_dialogs.h"
#include "app/ui/settings_dialog.h"
#include "app/ui/tab_bar.h"
#include "app/ui/tab_view.h"
#include "terminal/terminal_session.h"
#include "app/ui/terminal_view.h"

#include <QAction>
#include <QApplication>
#include <QCursor>
#include <QDrag>
#include <QMimeData>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLayout>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QStyle>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace dt::ui {

using dt::app::SplitTree;
using dt::app::TabId;
using dt::app::Workspace;

QAction *MainWindow::addAction(const char *id, const QString &text, const QList<QKeySequence> &shortcuts,
                               std::function<void()> handler)
{
    auto *a = new QAction(text, this);
    a->setObjectName(QString::fromLatin1(id));
    a->setShortcuts(shortcuts);
    a->setShortcutContext(Qt::WindowShortcut);
    connect(a, &QAction::triggered, this, [handler = std::move(handler)] { handler(); });
    QWidget::addAction(a); // shortcuts work even for actions in no menu
    m_actions.insert(QByteArray(id), a);
    m_actionOrder.append(a);
    return a;
}

void MainWindow::createActions()
{
    using namespace actions;
    auto key = [](const char *portable) { return QList<QKeySequence>{QKeySequence(QString::fromLatin1(portable))}; };
    auto withTerminal = [this](void (TerminalView::*fn)()) {
        return [this, fn] {
            if (TerminalView *t = currentTerminal())
                (t->*fn)();
        };
    };

    addAction(NewWindow, tr("New &Window"), key("Ctrl+Shift+N"), [this] {
        const QString cwd = currentTerminal() && currentTabView()
            ? m_workspace.workingDirectory(m_workspace.tab(currentTabId())->focused)
            : QString();
        const auto w = m_workspace.openWindow();
        dt::app::TerminalLaunch l;
        l.workingDirectory = cwd;
        m_workspace.openTab(w, l);
    });
    addAction(CloseWindow, tr("Close W&indow"), {}, [this] { closeWindowAsked(); });
    addAction(Quit, tr("&Quit"), key("Ctrl+Shift+Q"), [this] {
        QList<dt::app::PaneId> all;
        for (TabId t : m_workspace.allTabs())
            all += panesOfTab(t);
        const DevicesOnClose devices = askAboutQuitting(this, m_workspace, m_config, m_nestedLoops);
        if (!devices.proceed || (!devices.asked && !confirmClose(all, tr("Quit deviceterm?"), nullptr, tr("Quit"))))
            return;
        if (devices.keepDevices)
            m_workspace.devices().keepAllRunning();
        for (auto w : m_workspace.windows())
            m_workspace.closeWindow(w);
    });
    addAction(NewTab, tr("New &Tab"), key("Ctrl+Shift+T"), [this] {
        dt::app::TerminalLaunch l;
        if (const auto *t = m_workspace.tab(currentTabId()))
            l.workingDirectory = m_workspace.workingDirectory(t->focused);
        m_workspace.openTab(m_window, l);
    });
    addAction(DuplicateTab, tr("&Duplicate Tab"), {}, [this] { duplicateTab(currentTabId()); });
    addAction(CloseTab, tr("&Close Tab"), {}, [this] { closeTabAsked(currentTabId()); });
    addAction(CloseOtherTabs, tr("Close &Other Tabs"), {}, [this] {
        const TabId keep = currentTabId();
        QList<TabId> others = m_workspace.window(m_window)->tabs;
        others.removeAll(keep);
        QList<dt::app::PaneId> panes;
        for (TabId t : others)
            panes += panesOfTab(t);
        // One question for all of them.
        const DevicesOnClose devices = askAboutDevices(panes, others);
        if (!devices.proceed || (!devices.asked && !confirmClose(panes, tr("Close the other tabs?"))))
            return;
        keepDevicesIfQuitting(devices);
        for (TabId t : others)
            m_workspace.closeTab(t, devices.keepDevices);
    });
    addAction(RenameTab, tr("Re&name Tab…"), key("Ctrl+Shift+R"), [this] { renameTab(currentTabId()); });
    addAction(NextTab, tr("&Next Tab"), key("Ctrl+PgDown"), [this] {
        if (m_tabs->count() > 0)
            m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count());
    });
    addAction(PreviousTab, tr("&Previous Tab"), key("Ctrl+PgUp"), [this] {
        if (m_tabs->count() > 0)
            m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
    addAction(MoveTabToNewWindow, tr("&Move Tab to New Window"), {}, [this] { moveTabToNewWindow(currentTabId()); });
    addAction(OpenOrchestratorTab, tr("Open &Orchestrator Tab"), key("Ctrl+Shift+O"), [this] { openOrchestratorTab(); });
    // Checkable: they show the current tab's state and flip it.
    addAction(OrchestrationGrant, tr("Orchestration &Grant"), {}, [this] {
        toggleOrchestrationGrant(currentTabId());
        updateTabActions();
    })->setCheckable(true);
    addAction(PrivateTab, tr("Pri&vate Tab"), key("Ctrl+Shift+L"), [this] {
        if (const auto *t = m_workspace.tab(currentTabId()))
            m_workspace.setTabPrivate(t->id, !t->isPrivate);
        updateTabActions();
    })->setCheckable(true);
    addAction(SplitRight, tr("Split &Right"), key("Ctrl+Shift+D"), [this] { splitFocused(SplitTree::Orientation::SideBySide); });
    addAction(SplitDown, tr("Split Do&wn"), key("Ctrl+Shift+E"), [this] { splitFocused(SplitTree::Orientation::Stacked); });
    addAction(ClosePane, tr("Close &Pane"), key("Ctrl+Shift+W"), [this] {
        const auto *t = m_workspace.tab(currentTabId());
        if (!t)
            return;
        // By id: while the question is open the model may close the tab.
        const dt::app::PaneId pane = t->focused;
        // Its tab goes too when it is the tab's last terminal.
        const bool tabGoes = m_workspace.terminalPanes(t->id) == QList<dt::app::PaneId>{pane};
        const DevicesOnClose devices = askAboutDevices({pane}, tabGoes ? QList<TabId>{t->id} : QList<TabId>{});
        if (devices.proceed && (devices.asked || confirmClose({pane}, tr("Close this pane?")))) {
            keepDevicesIfQuitting(devices);
            m_workspace.closePane(pane, devices.keepDevices);
        }
    });
    addAction(ZoomPane, tr("&Zoom Pane"), key("Ctrl+Shift+Z"), [this] { m_workspace.toggleZoom(currentTabId()); });
    addAction(EqualizePanes, tr("&Equalize Panes"), {}, [this] { m_workspace.equalize(currentTabId()); });
    addAction(FocusLeft, tr("Focus Pane &Left"), key("Alt+Left"), [this] { focusNeighbour(int(TabView::Direction::Left)); });
    addAction(FocusRight, tr("Focus Pane R&ight"), key("Alt+Right"), [this] { focusNeighbour(int(TabView::Direction::Right)); });
    addAction(FocusUp, tr("Focus Pane &Above"), key("Alt+Up"), [this] { focusNeighbour(int(TabView::Direction::Up)); });
    addAction(FocusDown, tr("Focus Pane &Below"), key("Alt+Down"), [this] { focusNeighbour(int(TabView::Direction::Down)); });
    addAction(Copy, tr("&Copy"), key("Ctrl+Shift+C"), withTerminal(&TerminalView::copyToClipboard));
    addAction(Paste, tr("&Paste"), key("Ctrl+Shift+V"), withTerminal(&TerminalView::pasteClipboard));
    addAction(SelectAll, tr("Select &All"), key("Ctrl+Shift+A"), withTerminal(&TerminalView::selectAll));
    addAction(ClearScrollback, tr("Clear Scroll&back"), key("Ctrl+Shift+K"), withTerminal(&TerminalView::clearScrollback));
    // For a terminal a program left in a mode (line drawing characters,
    // the other screen, a hidden cursor): as `reset` would, from outside.
    addAction(ResetTerminal, tr("&Reset Terminal"), {}, withTerminal(&TerminalView::resetTerminal));
    addAction(CopyLastOutput, tr("Copy &Output of Last Command"), key("Ctrl+Shift+X"), [this] {
        if (TerminalView *t = currentTerminal())
            t->copyLastCommandOutput();
    });
    addAction(PreviousPrompt, tr("Previous &Prompt"), key("Ctrl+Shift+Up"), [this] {
        if (TerminalView *t = currentTerminal())
            t->jumpToPrompt(-1);
    });
    addAction(NextPrompt, tr("Next P&rompt"), key("Ctrl+Shift+Down"), [this] {
        if (TerminalView *t = currentTerminal())
            t->jumpToPrompt(1);
    });
    addAction(Find, tr("&Find…"), key("Ctrl+Shift+F"), [this] {
        if (TerminalView *t = currentTerminal())
            findBar()->openFor(t);
    });
    addAction(FindNext, tr("Find &Next"), key("Ctrl+Shift+G"), [this] {
        if (m_findBar && m_findBar->isVisible())
            m_findBar->findNext();
    });
    addAction(FindPrevious, tr("Find Pre&vious"), key("Ctrl+Shift+H"), [this] {
        if (m_findBar && m_findBar->isVisible())
            m_findBar->findPrevious();
    });
    addAction(ZoomIn, tr("Zoom &In"), {QKeySequence(QStringLiteral("Ctrl+=")), QKeySequence(QStringLiteral("Ctrl++"))},
              [this] { zoomFont(1); });
    addAction(ZoomOut, tr("Zoom &Out"), key("Ctrl+-"), [this] { zoomFont(-1); });
    addAction(ResetZoom, tr("Reset &Zoom"), key("Ctrl+0"), [this] { resetFontZoom(); });
    QAction *full = addAction(FullScreen, tr("&Full Screen"), key("F11"), [this] {
        setWindowState(windowState() ^ Qt::WindowFullScreen);
    });
    full->setCheckable(true);
    addAction(Settings, tr("&Settings…"), key("Ctrl+Shift+P"), [this] {
        if (m_config) {
            NestedLoop loop(m_nestedLoops);
            SettingsDialog(*m_config, this).exec();
        }
    });
    addAction(Shortcuts, tr("&Keyboard Shortcuts"), {}, [this] { showShortcuts(); });
    addAction(About, tr("&About deviceterm"), {}, [this] { showAbout(); });

    // Alt+1…8 select a tab, Alt+9 the last one, as in browsers.
    for (int i = 1; i <= 9; ++i) {
        const QByteArray id = "tab.select" + QByteArray::number(i);
        auto *a = new QAction(i == 9 ? tr("Last Tab") : tr("Tab %1").arg(i), this);
        a->setObjectName(QString::fromLatin1(id));
        a->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_0 + i)));
        connect(a, &QAction::triggered, this, [this, i] {
            const int index = i == 9 ? m_tabs->count() - 1 : i - 1;
            if (index >= 0 && index < m_tabs->count())
                m_tabs->setCurrentIndex(index);
        });
        QWidget::addAction(a);
        m_actions.insert(id, a);
        m_actionOrder.append(a);
    }
}

void MainWindow::createMenus()
{
    using namespace actions;
    auto fill = [this](QMenu *menu, std::initializer_list<const char *> ids) {
        for (const char *id : ids) {
            if (id == nullptr)
                menu->addSeparator();
            else
                menu->addAction(action(id));
        }
    };
    QMenu *file = menuBar()->addMenu(tr("&File"));
    fill(file, {NewWindow, NewTab, nullptr, ClosePane, CloseTab, CloseWindow, nullptr, Quit});
    fill(menuBar()->addMenu(tr("&Edit")),
         {Copy, CopyLastOutput, Paste, SelectAll, nullptr, Find, FindNext, FindPrevious, nullptr, ClearScrollback, ResetTerminal, nullptr,
          Settings});
    fill(menuBar()->addMenu(tr("&View")), {PreviousPrompt, NextPrompt, nullptr, ZoomIn, ZoomOut, ResetZoom, nullptr, FullScreen});
    QMenu *shell = menuBar()->addMenu(tr("&Shell"));
    fill(shell, {NewTab, OpenOrchestratorTab, DuplicateTab, nullptr, SplitRight, SplitDown, ZoomPane, EqualizePanes, ClosePane,
                 nullptr, RenameTab, PrivateTab, OrchestrationGrant, nullptr, CloseTab});
    // Close Pane says what it will close, read when the menu opens.
    for (QMenu *menu : {file, shell})
        connect(menu, &QMenu::aboutToShow, this, &MainWindow::updateClosePaneText);
    m_deviceMenu = new DeviceMenu(m_workspace, [this] { return currentTabId(); }, this);
    menuBar()->addMenu(m_deviceMenu);
    QMenu *window = menuBar()->addMenu(tr("&Window"));
    fill(window, {NextTab, PreviousTab, MoveTabToNewWindow, nullptr, FocusLeft, FocusRight, FocusUp, FocusDown});
    fill(menuBar()->addMenu(tr("&Help")), {Shortcuts, About});
}

void MainWindow::updateClosePaneText()
{
    QAction *close = action(actions::ClosePane);
    const auto *t = m_workspace.tab(currentTabId());
    if (!close || !t)
        return;
    const bool tabGoes = m_workspace.terminalPanes(t->id) == QList<dt::app::PaneId>{t->focused};
    const auto *w = m_workspace.window(m_window);
    const bool windowGoes = tabGoes && w && w->tabs.size() == 1;
    close->setText(windowGoes ? tr("Close &Pane and Window") : tabGoes ? tr("Close &Pane and Tab") : tr("Close &Pane"));
}

void MainWindow::updateTabActions()
{
    const auto *t = m_workspace.tab(currentTabId());
    QAction *grant = action(actions::OrchestrationGrant);
    QAction *priv = action(actions::PrivateTab);
    if (!grant || !priv)
        return; // still being built
    grant->setEnabled(t != nullptr);
    priv->setEnabled(t != nullptr);
    grant->setChecked(t && t->orchestrationGrant);
    priv->setChecked(t && t->isPrivate);
}

void MainWindow::showShortcuts()
{
    ShortcutsDialog dialog(menuBar(), m_actionOrder, this);
    NestedLoop loop(m_nestedLoops);
    dialog.exec();
}

void MainWindow::showAbout()
{
    AboutDialog dialog(this);
    NestedLoop loop(m_nestedLoops);
    dialog.exec();
}

} // namespace dt::ui
