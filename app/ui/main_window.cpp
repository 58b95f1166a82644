// A window: its tabs (a QTabWidget of TabViews), which one is current, its
// title, its size in cells and its font. The rest of MainWindow is one job
// per file: main_window_actions.cpp (the action registry, menus, the
// shortcuts and about dialogs), main_window_tabs.cpp (the tab strip's
// titles and markers, its context menu, renaming, duplicating, moving tabs
// out, orchestration grants) and main_window_close.cpp (the close guard).

#include "app/ui/main_window.h"
#include "app/ui/config_warning_bar.h"

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

#include <algorithm>

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
#include <QScreen>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace dt::ui {

using dt::app::SplitTree;
using dt::app::TabId;
using dt::app::Workspace;

MainWindow::MainWindow(Workspace &workspace, dt::app::WindowId window, const Appearance &appearance,
                       dt::app::Config *config, QWidget *parent)
    : QMainWindow(parent), m_workspace(workspace), m_window(window), m_config(config), m_appearance(appearance),
      m_tabs(new TabStrip)
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
    // The find bar floats over the top right of the tab's page and searches
    // the focused terminal: opening it takes no rows from the terminal (a
    // resize would reach the program as SIGWINCH and redraw full-screen
    // programs).
    auto *central = new QWidget(this);
    auto *column = new QVBoxLayout(central);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    if (m_config) {
        // What is wrong in the config file, where a person sees it.
        auto *warnings = new ConfigWarningBar(central);
        column->addWidget(warnings);
        auto update = [this, warnings] { warnings->setWarnings(m_config->path(), m_config->warnings()); };
        connect(m_config, &dt::app::Config::changed, warnings, update);
        update();
    }
    column->addWidget(m_tabs, 1);
    central->installEventFilter(this);
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
        if (m_findBar && m_findBar->isVisible())
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
    // Device markers, and the accessible name of a new split's view: queued,
    // so the tab's page has built the new views first.
    connect(&m_workspace, &Workspace::layoutChanged, this, &MainWindow::updateTabText, Qt::QueuedConnection);
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
    view->setScrollOnOutput(m_appearance.scrollOnOutput);
    view->setTerminalFont(m_appearance.font);
    view->setFocusedPaneMark(m_appearance.focusedPane);
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

QSize MainWindow::resizeToGrid(int columns, int rows)
{
    // Measure with a throwaway view: the chrome around the grid (menu bar,
    // tab bar, scroll bar, padding) is what the window adds to the cells.
    TerminalView probe(nullptr);
    probe.setTerminalFont(m_appearance.font);
    const QSize cell = probe.cellSize();
    const QSize grid(columns * cell.width(), rows * cell.height());
    const QSize chrome = probe.sizeHint() - QSize(80 * cell.width(), 24 * cell.height());
    // (The tab bar is as tall with no tab as with one: see TabBar.)
    const int tabBar = m_tabs->tabBar()->sizeHint().height();
    const QSize around(chrome.width(), chrome.height() + tabBar + menuBar()->sizeHint().height());
    QSize wanted = grid + around;
    // Never larger than the screen's free area (a big font at 2x scale on
    // a laptop asks for more): the terminal then gets fewer cells. Where
    // the window goes stays the window manager's choice; the frame it adds
    // is known only once the window is mapped (0 before).
    if (const QScreen *s = screen()) {
        const QSize frame = frameGeometry().size() - geometry().size();
        wanted = wanted.boundedTo(s->availableGeometry().size() - frame);
    }
    resize(wanted);
    return {std::max(1, (wanted.width() - around.width()) / cell.width()),
            std::max(1, (wanted.height() - around.height()) / cell.height())};
}

void MainWindow::zoomFont(int steps)
{
    const int size = std::clamp(m_appearance.font.pointSize() + steps, 5, 72);
    m_appearance.font.setPointSize(size);
    for (int i = 0; i < m_tabs->count(); ++i)
        tabViewAt(i)->setTerminalFont(m_appearance.font);
}

bool MainWindow::eventFilter(QObject *watched, QEvent *e)
{
    if ((watched == centralWidget() && e->type() == QEvent::Resize)
        || (m_findBar && watched == m_findBar && (e->type() == QEvent::Show || e->type() == QEvent::LayoutRequest)))
        placeFindBar();
    return QMainWindow::eventFilter(watched, e);
}

FindBar *MainWindow::findBar()
{
    // Made when first asked for: its line edit's clear button looks its icon
    // up in the icon theme, about 3 ms of CPU a new window need not spend.
    if (!m_findBar) {
        m_findBar = new FindBar(centralWidget());
        m_findBar->hide();
        m_findBar->installEventFilter(this);
    }
    return m_findBar;
}

void MainWindow::placeFindBar()
{
    if (!m_findBar)
        return;
    QWidget *central = centralWidget();
    QWidget *page = m_tabs->currentWidget();
    const QRect area = page ? QRect(page->mapTo(central, QPoint(0, 0)), page->size()) : central->rect();
    // Left of the scroll bar, which stays usable (and shows its marks).
    const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const QSize wanted = m_findBar->sizeHint();
    const int width = std::min(area.width() - scrollBar, std::max(wanted.width(), 460));
    m_findBar->setGeometry(area.right() + 1 - scrollBar - width, area.top(), std::max(width, 0), wanted.height());
    m_findBar->raise();
}

void MainWindow::setAppearance(const Appearance &appearance)
{
    m_appearance = appearance;
    m_basePointSize = m_appearance.font.pointSize() > 0 ? m_appearance.font.pointSize() : 11;
    for (int i = 0; i < m_tabs->count(); ++i) {
        tabViewAt(i)->setTheme(m_appearance.theme);
        tabViewAt(i)->setScrollOnOutput(m_appearance.scrollOnOutput);
        tabViewAt(i)->setTerminalFont(m_appearance.font);
        tabViewAt(i)->setFocusedPaneMark(m_appearance.focusedPane);
        updateTabText(tabViewAt(i)->tabId()); // an orchestrator tab's tint
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
        m_workspace.windowActivated(m_window);
    if (e->type() == QEvent::WindowStateChange)
        action(actions::FullScreen)->setChecked(windowState() & Qt::WindowFullScreen);
}

} // namespace dt::ui
