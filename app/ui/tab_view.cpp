// One tab's page: builds the split tree as nested QSplitters around kept terminal and device views, follows
// the model's layout, focus, zoom and exits, and finds the pane next to the focused one on screen.

#include "app/ui/tab_view.h"

#include "app/ui/device_pane_view.h"
#include "app/ui/focus_frame.h"
#include "terminal/terminal_session.h"
#include "app/ui/terminal_view.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QLabel>
#include <QScopedValueRollback>
#include <QSplitter>
#include <QVBoxLayout>

#include <climits>
#include <cstring>

namespace dt::ui {

using dt::app::PaneId;
using dt::app::SplitTree;

QString exitMessage(int exitCode, int signalNumber)
{
    const QString how = signalNumber != 0
        ? TabView::tr("The program was terminated by signal %1 (%2).")
              .arg(signalNumber)
              .arg(QString::fromLocal8Bit(strsignal(signalNumber)))
        : TabView::tr("The program exited with status %1.").arg(exitCode);
    return how + QLatin1Char(' ') + TabView::tr("Close the pane with Ctrl+Shift+W.");
}

FocusedPaneMark focusedPaneMarkFromConfig(const QString &value)
{
    if (value == QLatin1String("dim"))
        return FocusedPaneMark::Dim;
    if (value == QLatin1String("none"))
        return FocusedPaneMark::None;
    return FocusedPaneMark::Border;
}

TabView::TabView(dt::app::Workspace &workspace, dt::app::TabId tab, QWidget *parent)
    : QWidget(parent), m_workspace(workspace), m_tab(tab), m_focusFrame(new FocusFrame(this)),
      m_banner(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_focusFrame->setColor(m_theme.accent);
    // An orchestrator tab says so above its panes, where the person types:
    // what runs here can type into other tabs and read them.
    m_banner->setObjectName(QStringLiteral("orchestratorBanner"));
    m_banner->setText(tr("Orchestrator tab: programs here can type into other tabs and read them."));
    m_banner->setContentsMargins(8, 2, 8, 2);
    m_banner->setAutoFillBackground(true);
    m_banner->setAccessibleName(m_banner->text());
    m_banner->hide();
    layout->addWidget(m_banner);
    connect(&m_workspace, &dt::app::Workspace::tabGrantChanged, this, [this](dt::app::TabId t) {
        if (t == m_tab)
            updateBanner();
    });

    connect(&m_workspace, &dt::app::Workspace::layoutChanged, this, [this](dt::app::TabId t) {
        if (t == m_tab)
            rebuild();
    });
    connect(&m_workspace, &dt::app::Workspace::zoomChanged, this, [this](dt::app::TabId t) {
        if (t == m_tab)
            rebuild();
    });
    connect(&m_workspace, &dt::app::Workspace::paneFocused, this, [this](dt::app::TabId t, PaneId p) {
        if (t != m_tab)
            return;
        if (QWidget *v = leaves().value(p); v && !v->hasFocus() && isVisible())
            v->setFocus(Qt::OtherFocusReason);
        updateFocusMark();
    });
    connect(&m_workspace, &dt::app::Workspace::paneClosed, this, [this](PaneId p, dt::app::TabId) {
        QWidget *v = m_views.take(p);
        if (!v)
            v = m_devices.take(p);
        if (v) {
            // Out of the layout at once (it may be the zoomed root), so the
            // survivors are not squeezed while it waits to be deleted.
            this->layout()->removeWidget(v);
            v->hide();
            if (m_root == v)
                m_root = nullptr;
            v->deleteLater();
        }
        updateFocusMark();
    });
    connect(&m_workspace, &dt::app::Workspace::paneExited, this, &TabView::onPaneExited);
    rebuild();
    updateBanner();
}

TabView::~TabView() = default;

TerminalView *TabView::focusedView() const
{
    const auto *t = m_workspace.tab(m_tab);
    return t ? m_views.value(t->focused) : nullptr;
}

QList<TerminalView *> TabView::views() const
{
    return m_views.values();
}

void TabView::setTerminalFont(const QFont &font)
{
    m_font = font;
    for (TerminalView *v : std::as_const(m_views))
        v->setTerminalFont(font);
}

void TabView::setTheme(const TerminalTheme &theme)
{
    m_theme = theme;
    for (TerminalView *v : std::as_const(m_views))
        v->setTheme(theme);
    m_focusFrame->setColor(theme.accent);
    updateBanner();
    rebuild(); // the dividers take the theme's colours
}

void TabView::focusPaneUnlessRebuilding(PaneId pane)
{
    // Taking views out of their splitters moves Qt's focus from view to
    // view; that is not the person choosing a pane.
    if (!m_rebuilding)
        m_workspace.focusPane(pane);
}

void TabView::setFocusedPaneMark(FocusedPaneMark mark)
{
    m_mark = mark;
    updateFocusMark();
}

void TabView::updateBanner()
{
    const auto *t = m_workspace.tab(m_tab);
    QPalette p = m_banner->palette();
    p.setColor(QPalette::Window, blend(m_theme.background, m_theme.orchestrator, 0.35));
    p.setColor(QPalette::WindowText, m_theme.foreground);
    m_banner->setPalette(p);
    m_banner->setVisible(t && t->orchestrationGrant);
}

// One pane needs no mark; with several, the focused one gets a border or
// the others fade, as the person chose.
void TabView::updateFocusMark()
{
    const auto *t = m_workspace.tab(m_tab);
    const bool several = t && !t->zoomed && leaves().size() > 1;
    const PaneId focused = t ? t->focused : 0;
    m_focusFrame->follow(several && m_mark == FocusedPaneMark::Border ? leaves().value(focused) : nullptr);
    const bool dim = several && m_mark == FocusedPaneMark::Dim;
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it)
        it.value()->setDimmed(dim && it.key() != focused);
}

void TabView::setScrollOnOutput(bool scroll)
{
    m_scrollOnOutput = scroll;
    for (TerminalView *v : std::as_const(m_views))
        v->setScrollOnOutput(scroll);
}

TerminalView *TabView::ensureView(PaneId pane)
{
    if (TerminalView *v = m_views.value(pane))
        return v;
    auto *v = new TerminalView(m_workspace.session(pane), this);
    v->setTheme(m_theme); // updateFocusMark decides whether it is faded
    v->setScrollOnOutput(m_scrollOnOutput);
    v->setTerminalFont(m_font);
    v->setObjectName(QStringLiteral("pane-%1").arg(pane));
    connect(v, &TerminalView::focusReceived, this, [this, pane] { focusPaneUnlessRebuilding(pane); });
    // A program's copy (OSC 52): onto the desktop's clipboard, unless the
    // person's config says no.
    if (dt::terminal::TerminalSession *session = m_workspace.session(pane))
        connect(session, &dt::terminal::TerminalSession::clipboardWriteRequested, v,
                [this](const QString &text, bool clipboard, bool primary) {
                    if (!m_workspace.clipboardWriteAllowed())
                        return;
                    QClipboard *desktop = QGuiApplication::clipboard();
                    if (clipboard)
                        desktop->setText(text, QClipboard::Clipboard);
                    if (primary && desktop->supportsSelection())
                        desktop->setText(text, QClipboard::Selection);
                });
    connect(v, &TerminalView::gridSizeChanged, this, [this](int rows, int columns) {
        m_workspace.setDefaultGrid(rows, columns);
    });
    m_views.insert(pane, v);
    if (const auto *p = m_workspace.pane(pane); p && p->exited)
        v->setExitMessage(exitMessage(p->exitCode, p->exitSignal));
    return v;
}

DevicePaneView *TabView::ensureDeviceView(PaneId pane)
{
    if (DevicePaneView *v = m_devices.value(pane))
        return v;
    auto *v = new DevicePaneView(m_workspace, pane, this);
    v->setObjectName(QStringLiteral("pane-%1").arg(pane));
    connect(v, &DevicePaneView::focusReceived, this, [this, pane] { focusPaneUnlessRebuilding(pane); });
    m_devices.insert(pane, v);
    return v;
}

QWidget *TabView::ensureLeaf(PaneId pane)
{
    const auto *p = m_workspace.pane(pane);
    if (p && p->isDevice())
        return ensureDeviceView(pane);
    return ensureView(pane);
}

QHash<PaneId, QWidget *> TabView::leaves() const
{
    QHash<PaneId, QWidget *> all;
    for (auto it = m_views.cbegin(); it != m_views.cend(); ++it)
        all.insert(it.key(), it.value());
    for (auto it = m_devices.cbegin(); it != m_devices.cend(); ++it)
        all.insert(it.key(), it.value());
    return all;
}

QWidget *TabView::build(const SplitTree::Node &node, const QList<int> &path)
{
    if (node.isLeaf())
        return ensureLeaf(node.pane);
    auto *splitter = new QSplitter(node.orientation == SplitTree::Orientation::SideBySide ? Qt::Horizontal : Qt::Vertical);
    splitter->setChildrenCollapsible(false);
    splitter->setHandleWidth(3);
    // A divider in the terminal's own colours, not the desktop's.
    splitter->setStyleSheet(QStringLiteral("QSplitter::handle { background: %1; }")
                                .arg(blend(m_theme.background, m_theme.foreground, 0.25).name()));
    splitter->addWidget(build(*node.first, path + QList<int>{0}));
    splitter->addWidget(build(*node.second, path + QList<int>{1}));
    // Ratios are applied once the splitter knows its size.
    const double ratio = node.ratio;
    splitter->setStretchFactor(0, qMax(1, int(ratio * 1000)));
    splitter->setStretchFactor(1, qMax(1, int((1 - ratio) * 1000)));
    splitter->setSizes({int(ratio * 10000), int((1 - ratio) * 10000)});
    connect(splitter, &QSplitter::splitterMoved, this, [this, splitter, path] {
        const QList<int> sizes = splitter->sizes();
        const int total = sizes.value(0) + sizes.value(1);
        if (total > 0)
            m_workspace.setSplitRatio(m_tab, path, double(sizes.value(0)) / total);
    });
    return splitter;
}

void TabView::rebuild()
{
    const auto *t = m_workspace.tab(m_tab);
    if (!t)
        return;
    // The focused pane may be a device pane: restore whichever kind it is.
    QWidget *focusedLeaf = leaves().value(t->focused);
    const bool hadFocus = focusedLeaf && focusedLeaf->hasFocus();
    const QScopedValueRollback<bool> rebuilding(m_rebuilding, true);
    // Keep the terminal views (and their scroll positions and selections):
    // only the splitters around them are rebuilt.
    const QHash<PaneId, QWidget *> before = leaves();
    for (QWidget *v : before) {
        layout()->removeWidget(v);
        v->setParent(this);
    }
    if (m_root && !before.values().contains(m_root.data()))
        delete m_root; // a splitter: the views were taken out of it above
    QWidget *root = t->zoomed ? ensureLeaf(t->zoomed) : build(t->layout.root(), {});
    const QHash<PaneId, QWidget *> after = leaves();
    for (auto it = after.begin(); it != after.end(); ++it)
        it.value()->setVisible(!t->zoomed || it.key() == t->zoomed);
    m_root = root;
    layout()->addWidget(root);
    root->show();
    if (QWidget *f = leaves().value(t->focused); f && (hadFocus || isVisible()))
        f->setFocus(Qt::OtherFocusReason);
    updateFocusMark();
}

void TabView::onPaneExited(PaneId pane)
{
    const auto *p = m_workspace.pane(pane);
    if (!p || p->tab != m_tab)
        return;
    if (TerminalView *v = m_views.value(pane))
        v->setExitMessage(exitMessage(p->exitCode, p->exitSignal));
}

PaneId TabView::neighbour(Direction direction) const
{
    const auto *t = m_workspace.tab(m_tab);
    const QHash<PaneId, QWidget *> all = leaves();
    QWidget *from = t ? all.value(t->focused) : nullptr;
    if (!t || !from || t->zoomed)
        return 0;
    const QRect a(from->mapTo(this, QPoint(0, 0)), from->size());
    PaneId best = 0;
    int bestDistance = INT_MAX;
    for (auto it = all.cbegin(); it != all.cend(); ++it) {
        QWidget *v = it.value();
        if (v == from || !v->isVisible())
            continue;
        const QRect b(v->mapTo(this, QPoint(0, 0)), v->size());
        int distance = -1;
        bool overlaps = false;
        switch (direction) {
        case Direction::Left:
            distance = a.left() - b.right();
            overlaps = b.top() < a.bottom() && b.bottom() > a.top();
            break;
        case Direction::Right:
            distance = b.left() - a.right();
            overlaps = b.top() < a.bottom() && b.bottom() > a.top();
            break;
        case Direction::Up:
            distance = a.top() - b.bottom();
            overlaps = b.left() < a.right() && b.right() > a.left();
            break;
        case Direction::Down:
            distance = b.top() - a.bottom();
            overlaps = b.left() < a.right() && b.right() > a.left();
            break;
        }
        if (!overlaps || distance < 0)
            continue;
        // Nearest edge first; among equals, the one most in line with us.
        const int offset = (direction == Direction::Left || direction == Direction::Right)
            ? std::abs(b.center().y() - a.center().y())
            : std::abs(b.center().x() - a.center().x());
        const int score = distance * 10000 + offset;
        if (score < bestDistance) {
            bestDistance = score;
            best = it.key();
        }
    }
    return best;
}

} // namespace dt::ui
