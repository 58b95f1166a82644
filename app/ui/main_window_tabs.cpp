// MainWindow's tab strip: each tab's title and markers (orchestrator,
// private, granted), its context menu, renaming, duplicating, moving a tab
// to a new window or dragging it out, and the orchestration grant.

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

using dt::app::SplitTree;
using dt::app::TabId;
using dt::app::Workspace;

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
    if (TabView *view = tabViewAt(at)) {
        for (TerminalView *terminal : view->views())
            terminal->setAccessibleName(shown); // what a screen reader announces
    }
    QStringList tip{shown};
    QStringList icons;
    int devices = 0;
    for (dt::app::PaneId p : t ? t->layout.panes() : QList<dt::app::PaneId>{})
        if (const auto *pane = m_workspace.pane(p); pane && pane->isDevice())
            ++devices;
    if (devices > 0) {
        icons << QStringLiteral(":/icons/device-tab.svg");
        tip << tr("This tab holds %n device(s).", nullptr, devices);
    }
    // An orchestrator tab is told apart by colour too, not only its key.
    m_tabs->tabBar()->setTabTextColor(at, t && t->orchestrationGrant ? m_appearance.theme.orchestrator : QColor());
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

void MainWindow::showTabContextMenu(const QPoint &pos)
{
    const int index = m_tabs->tabBar()->tabAt(pos);
    TabView *view = tabViewAt(index);
    if (!view)
        return;
    const TabId tab = view->tabId();
    QMenu menu(this);
    menu.addAction(tr("Re&name Tab…"), this, [this, tab] { renameTab(tab); });
    menu.addAction(tr("&Duplicate Tab"), this, [this, tab] { duplicateTab(tab); });
    menu.addAction(tr("&Move Tab to New Window"), this, [this, tab] { moveTabToNewWindow(tab); });
    menu.addSeparator();
    const auto *model = m_workspace.tab(tab);
    // The words say what choosing the item does; no check mark, which
    // beside "Set Public" would read as "is public".
    QAction *priv = menu.addAction(model->isPrivate ? tr("Set &Public") : tr("Set &Private"), this,
                                   [this, tab] {
                                       if (const auto *t = m_workspace.tab(tab))
                                           m_workspace.setTabPrivate(tab, !t->isPrivate);
                                   });
    priv->setObjectName(QStringLiteral("tabPrivacyToggle"));
    QAction *grant = menu.addAction(model->orchestrationGrant ? tr("Revoke Orchestration &Grant") : tr("&Grant Orchestration"),
                                    this, [this, tab] { toggleOrchestrationGrant(tab); });
    grant->setObjectName(QStringLiteral("tabGrantToggle"));
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

} // namespace dt::ui
