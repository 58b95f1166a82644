// A window: its tab strip of TabViews, the menus and the action registry,
// the tab context menu and the dialogs it opens. Its close guard is in
// main_window_close.cpp.

#include "app/ui/main_window.h"

#include "app/ui/grant_confirmation.h"

#include "app/ui/action_ids.h"
#include "app/core/config.h"
#include "app/ui/nested_loop.h"
#include "app/ui/running_devices_question.h"
#include "app/ui/device_menu.h"
#include "app/ui/find_bar.h"
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

namespace {
// Counts a running nested event loop (exec() of a dialog, menu or drag).
} // namespace

using dt::app::SplitTree;
using dt::app::TabId;
using dt::app::Workspace;

MainWindow::MainWindow(Workspace &workspace, dt::app::WindowId window, const Appearance &appearance,
                       dt::app::Config *config, QWidget *parent)
    : QMainWindow(parent), m_workspace(workspace), m_window(window), m_config(config), m_appearance(appearance),
      m_tabs(new TabStrip),
      m_findBar(new FindBar)
{
    setWindowIcon(QIcon(QStringLiteral(":/icons/deviceterm.svg")));
    m_basePointSize = m_appearance.font.pointSize() > 0 ? m_appearance.font.pointSize() : 11;
    m_appearance.font.setPointSize(m_basePointSize);

    m_tabs->setDocumentMode(true);
    m_tabs->setMovable(true);
    m_tabs->setTabsClosable(true);
    m_tabs->setUsesScrollButtons(true);
    m_tabs->tabBar()->setExpanding(false);
    m_tabs->tabBar()->setElideMode(Qt::ElideMiddle);
    m_tabs->tabBar()->setContextMenuPolicy(Qt::CustomContextMenu);
    // The find bar sits under the tabs and searches the focused terminal.
    auto *central = new QWidget(this);
    auto *column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(m_tabs, 1);
    column->addWidget(m_findBar);
    setCentralWidget(central);

    // What the user does with the strip goes to the model...
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
        if (TabView *v = tabViewAt(index))
            closeTabAsked(v->tabId());
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (TabView *v = tabViewAt(index); v && !m_syncing)
            m_workspace.selectTab(v->tabId());
        updateWindowTitle();
        updateTabActions();
        if (m_findBar->isVisible())
            m_findBar->close(); // its hits belong to the previous tab
        if (TerminalView *t = currentTerminal())
            t->setFocus(Qt::OtherFocusReason);
    });
    connect(m_tabs->tabBar(), &QTabBar::tabMoved, this, [this](int, int to) {
        if (TabView *v = tabViewAt(to); v && !m_syncing)
            m_workspace.moveTab(v->tabId(), m_window, to);
    });
    connect(m_tabs->tabBar(), &QTabBar::customContextMenuRequested, this, &MainWindow::showTabContextMenu);
    auto *bar = static_cast<TabStrip *>(m_tabs)->bar();
    connect(bar, &TabBar::tabDraggedOut, this, &MainWindow::dragTabOut);
    connect(bar, &TabBar::tabDropped, this, [this](quint64 tab, int index) {
        const auto *t = m_workspace.tab(tab);
        if (!t)
            return;
        // Dropped back on its own strip: the index was counted with the tab
        // still in place, and moving detaches it first.
        const int from = t->window == m_window ? static_cast<int>(m_workspace.window(m_window)->tabs.indexOf(tab)) : -1;
        if (from >= 0 && from < index)
            --index;
        m_workspace.moveTab(tab, m_window, index);
    });

    // ...and what the model says comes back here.
    connect(&m_workspace, &Workspace::tabOpened, this, [this](TabId t) {
        const auto *tab = m_workspace.tab(t);
        if (tab && tab->window == m_window)
            insertTabView(t, static_cast<int>(m_workspace.window(m_window)->tabs.indexOf(t)));
    });
    connect(&m_workspace, &Workspace::tabClosed, this, [this](TabId t, dt::app::WindowId w) {
        if (w == m_window)
            removeTabView(t);
    });
    connect(&m_workspace, &Workspace::tabMoved, this, [this](TabId t, dt::app::WindowId from, dt::app::WindowId to, int index) {
        if (from == m_window && to == m_window) {
            const int at = indexOfTab(t);
            if (at >= 0 && at != index) {
                m_syncing = true;
                m_tabs->tabBar()->moveTab(at, index);
                m_syncing = false;
            }
        } else if (from == m_window) {
            removeTabView(t);
        } else if (to == m_window) {
            insertTabView(t, index);
        }
    });
    connect(&m_workspace, &Workspace::tabSelected, this, [this](dt::app::WindowId w, TabId t) {
        if (w != m_window)
            return;
        const int at = indexOfTab(t);
        if (at >= 0 && at != m_tabs->currentIndex()) {
            m_syncing = true;
            m_tabs->setCurrentIndex(at);
            m_syncing = false;
        }
    });
    connect(&m_workspace, &Workspace::tabTitleChanged, this, &MainWindow::updateTabText);
    for (auto signal : {&Workspace::tabPrivacyChanged, &Workspace::tabGrantChanged})
        connect(&m_workspace, signal, this, [this](TabId t) {
            updateTabText(t);
            updateTabActions();
        });
    connect(&m_workspace, &Workspace::paneExited, this, [this](dt::app::PaneId p) {
        if (const auto *pane = m_workspace.pane(p))
            updateTabText(pane->tab);
    });

    createActions();
    createMenus();
    if (const auto *w = m_workspace.window(m_window)) {
        for (TabId t : w->tabs)
            insertTabView(t, -1);
    }
}

MainWindow::~MainWindow() = default;

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
        if (!devices.proceed || (!devices.asked && !confirmClose(all, tr("Quit deviceterm?"))))
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
    addAction(RenameTab, tr("&Rename Tab…"), key("Ctrl+Shift+R"), [this] { renameTab(currentTabId()); });
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
    addAction(SplitDown, tr("Split &Down"), key("Ctrl+Shift+E"), [this] { splitFocused(SplitTree::Orientation::Stacked); });
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
    addAction(ClearScrollback, tr("Clear &Scrollback"), key("Ctrl+Shift+K"), withTerminal(&TerminalView::clearScrollback));
    addAction(Find, tr("&Find…"), key("Ctrl+Shift+F"), [this] {
        if (TerminalView *t = currentTerminal())
            m_findBar->openFor(t);
    });
    addAction(FindNext, tr("Find &Next"), key("Ctrl+Shift+G"), [this] {
        if (m_findBar->isVisible())
            m_findBar->findNext();
    });
    addAction(FindPrevious, tr("Find Pre&vious"), key("Ctrl+Shift+H"), [this] {
        if (m_findBar->isVisible())
            m_findBar->findPrevious();
    });
    addAction(ZoomIn, tr("Zoom &In"), {QKeySequence(QStringLiteral("Ctrl+=")), QKeySequence(QStringLiteral("Ctrl++"))},
              [this] { zoomFont(1); });
    addAction(ZoomOut, tr("Zoom &Out"), key("Ctrl+-"), [this] { zoomFont(-1); });
    addAction(ResetZoom, tr("&Reset Zoom"), key("Ctrl+0"), [this] { resetFontZoom(); });
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
         {Copy, Paste, SelectAll, nullptr, Find, FindNext, FindPrevious, nullptr, ClearScrollback, nullptr, Settings});
    fill(menuBar()->addMenu(tr("&View")), {ZoomIn, ZoomOut, ResetZoom, nullptr, FullScreen});
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

int MainWindow::tabCount() const
{
    return m_tabs->count();
}

TabView *MainWindow::tabViewAt(int index) const
{
    return qobject_cast<TabView *>(m_tabs->widget(index));
}

TabView *MainWindow::currentTabView() const
{
    return qobject_cast<TabView *>(m_tabs->currentWidget());
}

TerminalView *MainWindow::currentTerminal() const
{
    TabView *t = currentTabView();
    return t ? t->focusedView() : nullptr;
}

TabId MainWindow::currentTabId() const
{
    TabView *t = currentTabView();
    return t ? t->tabId() : 0;
}

int MainWindow::indexOfTab(TabId tab) const
{
    for (int i = 0; i < m_tabs->count(); ++i)
        if (tabViewAt(i)->tabId() == tab)
            return i;
    return -1;
}

void MainWindow::insertTabView(TabId tab, int index)
{
    if (indexOfTab(tab) >= 0)
        return;
    auto *view = new TabView(m_workspace, tab, m_tabs);
    view->setTheme(m_appearance.theme);
    view->setTerminalFont(m_appearance.font);
    m_syncing = true;
    const int at = m_tabs->insertTab(index < 0 ? m_tabs->count() : index, view, m_workspace.tabTitle(tab));
    m_syncing = false;
    if (m_workspace.window(m_window)->selected == tab) {
        m_tabs->setCurrentIndex(at);
        // A new page is laid out on the next event loop pass; lay it out now
        // so its programs get their real grid size at once.
        if (auto *stack = m_tabs->findChild<QStackedWidget *>(); stack && stack->layout())
            stack->layout()->activate();
        view->layout()->activate();
    }
    updateTabText(tab);
}

void MainWindow::removeTabView(TabId tab)
{
    const int at = indexOfTab(tab);
    if (at < 0)
        return;
    QWidget *page = m_tabs->widget(at);
    m_syncing = true;
    m_tabs->removeTab(at);
    m_syncing = false;
    page->deleteLater();
}

void MainWindow::updateTabText(TabId tab)
{
    const int at = indexOfTab(tab);
    if (at < 0)
        return;
    const auto *t = m_workspace.tab(tab);
    const auto *primary = t ? m_workspace.pane(t->primary) : nullptr;
    const QString title = m_workspace.tabTitle(tab);
    const QString shown = primary && primary->exited ? tr("%1 (exited)").arg(title) : title;
    m_tabs->setTabText(at, shown);
    QStringList tip{shown};
    QStringList icons;
    if (t && t->orchestrationGrant) {
        icons << QStringLiteral(":/icons/orchestrator.svg");
        tip << tr("Orchestrator tab: programs here may type into and read other tabs.");
    }
    if (t && t->isPrivate) {
        icons << QStringLiteral(":/icons/private.svg");
        tip << tr("Private tab: hidden from the scripts of every other tab.");
    }
    m_tabs->setTabToolTip(at, tip.join(QLatin1Char('\n')));
    setTabMarkers(at, icons, tip.mid(1).join(QLatin1Char('\n')));
    if (at == m_tabs->currentIndex())
        updateWindowTitle();
}

// The markers sit left of the title: one label, so both fit side by side.
void MainWindow::setTabMarkers(int index, const QStringList &icons, const QString &toolTip)
{
    QTabBar *bar = m_tabs->tabBar();
    QWidget *old = bar->tabButton(index, QTabBar::LeftSide);
    if (old && old->property("markers").toStringList() == icons) {
        old->setToolTip(toolTip);
        return;
    }
    // Replaced rather than updated: the strip sizes a tab by its buttons
    // when they are set.
    if (old) {
        bar->setTabButton(index, QTabBar::LeftSide, nullptr);
        old->deleteLater();
    }
    if (icons.isEmpty())
        return;
    const int side = bar->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, bar);
    const int gap = 3;
    const QSize size(side * int(icons.size()) + gap * int(icons.size() - 1), side);
    const qreal ratio = devicePixelRatioF();
    QPixmap strip(size * ratio);
    strip.setDevicePixelRatio(ratio);
    strip.fill(Qt::transparent);
    QPainter painter(&strip);
    for (int i = 0; i < icons.size(); ++i)
        painter.drawPixmap(i * (side + gap), 0, QIcon(icons.at(i)).pixmap(QSize(side, side), ratio));
    painter.end();
    auto *label = new QLabel(bar);
    label->setObjectName(QStringLiteral("tabMarkers"));
    label->setPixmap(strip);
    label->setFixedSize(size);
    label->setToolTip(toolTip);
    label->setProperty("markers", icons);
    bar->setTabButton(index, QTabBar::LeftSide, label);
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

// Revoking is immediate; granting asks the person first (see
// grant_confirmation.h for why its button waits).
void MainWindow::toggleOrchestrationGrant(TabId tab)
{
    const auto *t = m_workspace.tab(tab);
    if (!t)
        return;
    if (t->orchestrationGrant) {
        m_workspace.setOrchestrationGrant(tab, false);
        return;
    }
    if (!confirmOrchestrationGrant(this, m_workspace.tabTitle(tab), m_nestedLoops))
        return;
    if (m_workspace.tab(tab)) // it may have closed while the question was open
        m_workspace.setOrchestrationGrant(tab, true);
}

// A tab whose terminals the GUI trusts to type into and read other tabs:
// only a person, through this menu, makes one.
void MainWindow::openOrchestratorTab()
{
    dt::app::TerminalLaunch l;
    if (const auto *t = m_workspace.tab(currentTabId()))
        l.workingDirectory = m_workspace.workingDirectory(t->focused);
    l.role = QStringLiteral("orchestrator");
    l.grantOrchestration = true;
    m_workspace.openTab(m_window, l);
}

void MainWindow::updateWindowTitle()
{
    // The window title leaves the window: task bars, window switchers and
    // every X client (_NET_WM_NAME) read it. A private tab keeps its name
    // on its own tab only.
    const auto *t = m_workspace.tab(currentTabId());
    if (t && t->isPrivate)
        setWindowTitle(tr("Private tab — deviceterm"));
    else
        setWindowTitle(m_tabs->count() ? tr("%1 — deviceterm").arg(m_tabs->tabText(m_tabs->currentIndex())) : tr("deviceterm"));
}

void MainWindow::showTabContextMenu(const QPoint &pos)
{
    const int index = m_tabs->tabBar()->tabAt(pos);
    TabView *view = tabViewAt(index);
    if (!view)
        return;
    const TabId tab = view->tabId();
    QMenu menu(this);
    menu.addAction(tr("&Rename Tab…"), this, [this, tab] { renameTab(tab); });
    menu.addAction(tr("&Duplicate Tab"), this, [this, tab] { duplicateTab(tab); });
    menu.addAction(tr("&Move Tab to New Window"), this, [this, tab] { moveTabToNewWindow(tab); });
    menu.addSeparator();
    const auto *model = m_workspace.tab(tab);
    // The words say what choosing the item does; the check shows the state.
    QAction *priv = menu.addAction(model->isPrivate ? tr("Set &Public") : tr("Set &Private"), this,
                                   [this, tab] {
                                       if (const auto *t = m_workspace.tab(tab))
                                           m_workspace.setTabPrivate(tab, !t->isPrivate);
                                   });
    priv->setObjectName(QStringLiteral("tabPrivacyToggle"));
    priv->setCheckable(true);
    priv->setChecked(model->isPrivate);
    QAction *grant = menu.addAction(model->orchestrationGrant ? tr("Revoke Orchestration &Grant") : tr("&Grant Orchestration"),
                                    this, [this, tab] { toggleOrchestrationGrant(tab); });
    grant->setObjectName(QStringLiteral("tabGrantToggle"));
    grant->setCheckable(true);
    grant->setChecked(model->orchestrationGrant);
    menu.addAction(action(actions::OpenOrchestratorTab));
    QMenu *to = menu.addMenu(tr("Move Tab to &Window"));
    int n = 0;
    for (auto w : m_workspace.windows()) {
        if (w == m_window)
            continue;
        const auto *win = m_workspace.window(w);
        const QString label = win->selected ? m_workspace.tabTitle(win->selected) : QString();
        to->addAction(tr("Window %1: %2").arg(++n).arg(label), this, [this, tab, w] { m_workspace.moveTab(tab, w); });
    }
    to->setEnabled(n > 0);
    menu.addSeparator();
    menu.addAction(tr("Close &Other Tabs"), this, [this, tab] {
        m_workspace.selectTab(tab);
        action(actions::CloseOtherTabs)->trigger();
    });
    menu.addAction(tr("&Close Tab"), this, [this, tab] { closeTabAsked(tab); });
    NestedLoop loop(m_nestedLoops);
    menu.exec(m_tabs->tabBar()->mapToGlobal(pos));
}

void MainWindow::renameTab(TabId tab)
{
    const auto *t = m_workspace.tab(tab);
    if (!t)
        return;
    bool ok = false;
    NestedLoop loop(m_nestedLoops);
    const QString name = QInputDialog::getText(this, tr("Rename Tab"),
                                               tr("Tab name (leave empty to follow the program's title):"),
                                               QLineEdit::Normal, t->manualTitle, &ok);
    if (ok)
        m_workspace.renameTab(tab, name.trimmed());
}

void MainWindow::duplicateTab(TabId tab)
{
    const auto *t = m_workspace.tab(tab);
    if (!t)
        return;
    dt::app::TerminalLaunch l;
    l.workingDirectory = m_workspace.workingDirectory(t->focused);
    if (const auto *p = m_workspace.pane(t->primary))
        l.role = p->role;
    // A person duplicating an orchestrator tab asks for another one.
    l.grantOrchestration = t->orchestrationGrant;
    const int at = static_cast<int>(m_workspace.window(m_window)->tabs.indexOf(tab));
    m_workspace.openTab(m_window, l, at + 1);
}

void MainWindow::moveTabToNewWindow(TabId tab, const QPoint &at)
{
    if (!m_workspace.tab(tab))
        return;
    const auto w = m_workspace.openWindow();
    m_workspace.moveTab(tab, w);
    if (at.isNull())
        return;
    for (QWidget *top : QApplication::topLevelWidgets())
        if (auto *mw = qobject_cast<MainWindow *>(top); mw && mw->windowId() == w)
            mw->move(at);
}

void MainWindow::dragTabOut(int index)
{
    TabView *view = tabViewAt(index);
    if (!view)
        return;
    const TabId tab = view->tabId();
    auto *drag = new QDrag(this);
    auto *mime = new QMimeData;
    mime->setData(QString::fromLatin1(TabBar::kMimeType), QByteArray::number(tab));
    drag->setMimeData(mime);
    drag->setPixmap(view->grab().scaledToWidth(240, Qt::SmoothTransformation));
    // Another window's strip takes it (and moves it); dropped anywhere else
    // the tab gets a window of its own there.
    Qt::DropAction result;
    {
        NestedLoop loop(m_nestedLoops);
        result = drag->exec(Qt::MoveAction);
    }
    if (result == Qt::IgnoreAction && m_workspace.tab(tab))
        moveTabToNewWindow(tab, QCursor::pos());
}

void MainWindow::splitFocused(SplitTree::Orientation orientation)
{
    const auto *t = m_workspace.tab(currentTabId());
    if (t)
        m_workspace.splitPane(t->focused, orientation, {});
}

void MainWindow::focusNeighbour(int direction)
{
    if (TabView *v = currentTabView()) {
        if (const auto pane = v->neighbour(static_cast<TabView::Direction>(direction)))
            m_workspace.focusPane(pane);
    }
}

void MainWindow::resizeToGrid(int columns, int rows)
{
    // Measure with a throwaway view: the chrome around the grid (menu bar,
    // tab bar, scroll bar, padding) is what the window adds to the cells.
    TerminalView probe(nullptr);
    probe.setTerminalFont(m_appearance.font);
    const QSize cell = probe.cellSize();
    const QSize grid(columns * cell.width(), rows * cell.height());
    const QSize chrome = probe.sizeHint() - QSize(80 * cell.width(), 24 * cell.height());
    const int tabBar = m_tabs->tabBar()->sizeHint().height();
    resize(grid.width() + chrome.width(), grid.height() + chrome.height() + tabBar + menuBar()->sizeHint().height());
}

void MainWindow::zoomFont(int steps)
{
    const int size = std::clamp(m_appearance.font.pointSize() + steps, 5, 72);
    m_appearance.font.setPointSize(size);
    for (int i = 0; i < m_tabs->count(); ++i)
        tabViewAt(i)->setTerminalFont(m_appearance.font);
}

void MainWindow::setAppearance(const Appearance &appearance)
{
    m_appearance = appearance;
    m_basePointSize = m_appearance.font.pointSize() > 0 ? m_appearance.font.pointSize() : 11;
    for (int i = 0; i < m_tabs->count(); ++i) {
        tabViewAt(i)->setTheme(m_appearance.theme);
        tabViewAt(i)->setTerminalFont(m_appearance.font);
    }
}

void MainWindow::resetFontZoom()
{
    zoomFont(m_basePointSize - m_appearance.font.pointSize());
}

void MainWindow::closeEvent(QCloseEvent *e)
{
    // The window closes through the model; the window manager deletes us
    // when the model says so.
    if (m_workspace.window(m_window)) {
        e->ignore();
        closeWindowAsked();
        return;
    }
    QMainWindow::closeEvent(e);
}

void MainWindow::changeEvent(QEvent *e)
{
    QMainWindow::changeEvent(e);
    if (e->type() == QEvent::ActivationChange && isActiveWindow())
        m_workspace.focusWindow(m_window);
    if (e->type() == QEvent::WindowStateChange)
        action(actions::FullScreen)->setChecked(windowState() & Qt::WindowFullScreen);
}

void MainWindow::showShortcuts()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Keyboard Shortcuts"));
    auto *layout = new QVBoxLayout(&dialog);
    auto *table = new QTableWidget(0, 2, &dialog);
    table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (QAction *a : m_actionOrder) {
        if (a->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        const int row = table->rowCount();
        table->insertRow(row);
        table->setItem(row, 0, new QTableWidgetItem(a->text().remove(QLatin1Char('&'))));
        table->setItem(row, 1, new QTableWidgetItem(keys.join(QStringLiteral(", "))));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(new QLabel(tr("Every other key goes to the program in the terminal."), &dialog));
    layout->addWidget(table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.resize(520, 560);
    NestedLoop loop(m_nestedLoops);
    dialog.exec();
}

void MainWindow::showAbout()
{
    NestedLoop loop(m_nestedLoops);
    QMessageBox::about(this, tr("About deviceterm"),
                       tr("<h3>deviceterm %1</h3><p>A terminal for people who build software for devices.</p>")
                           .arg(QStringLiteral(DEVICETERM_VERSION)));
}

} // namespace dt::ui
