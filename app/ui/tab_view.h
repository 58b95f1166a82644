#pragma once

#include "app/core/workspace.h"
#include "app/ui/terminal_theme.h"

#include <QFont>
#include <QFontDatabase>
#include <QHash>
#include <QPointer>
#include <QWidget>

class QLabel;
class QSplitter;

namespace dt::ui {

class DevicePaneView;
class FocusFrame;
class TerminalView;

// How a tab of several panes shows which one has the focus (the
// focused-pane config key).
enum class FocusedPaneMark { Border, Dim, None };
FocusedPaneMark focusedPaneMarkFromConfig(const QString &value);

// One tab's page: the tab's split tree drawn as nested splitters whose
// leaves are terminal views. It follows the model (layout, focus, zoom,
// exits) and reports what the user does back to it.
class TabView : public QWidget {
    Q_OBJECT
public:
    enum class Direction { Left, Right, Up, Down };

    TabView(dt::app::Workspace &workspace, dt::app::TabId tab, QWidget *parent = nullptr);
    ~TabView() override;

    dt::app::TabId tabId() const { return m_tab; }
    TerminalView *viewFor(dt::app::PaneId pane) const { return m_views.value(pane); }
    TerminalView *focusedView() const;
    QList<TerminalView *> views() const;

    void setTerminalFont(const QFont &font);
    void setTheme(const TerminalTheme &theme);
    void setScrollOnOutput(bool scroll);
    void setFocusedPaneMark(FocusedPaneMark mark);
    // The frame around the focused pane (shown only with several panes).
    const FocusFrame *focusFrame() const { return m_focusFrame; }
    // The strip over the panes of an orchestrator tab.
    const QLabel *orchestratorBanner() const { return m_banner; }

    // The pane whose on-screen rectangle lies next to the focused one in
    // `direction` (by live geometry, not ratios); 0 if none.
    dt::app::PaneId neighbour(Direction direction) const;

private:
    void rebuild();
    QWidget *build(const dt::app::SplitTree::Node &node, const QList<int> &path);
    TerminalView *ensureView(dt::app::PaneId pane);
    DevicePaneView *ensureDeviceView(dt::app::PaneId pane);
    QWidget *ensureLeaf(dt::app::PaneId pane); // either kind
    QHash<dt::app::PaneId, QWidget *> leaves() const;
    void onPaneExited(dt::app::PaneId pane);
    void updateFocusMark();
    void focusPaneUnlessRebuilding(dt::app::PaneId pane);
    void updateBanner();

    dt::app::Workspace &m_workspace;
    dt::app::TabId m_tab;
    QHash<dt::app::PaneId, TerminalView *> m_views; // children of this widget
    QHash<dt::app::PaneId, DevicePaneView *> m_devices; // likewise
    QPointer<QWidget> m_root;
    QFont m_font;
    TerminalTheme m_theme = TerminalTheme::dark();
    bool m_scrollOnOutput = false;
    FocusedPaneMark m_mark = FocusedPaneMark::Border;
    bool m_rebuilding = false; // focus moves now are Qt's, not the person's
    FocusFrame *m_focusFrame; // owned by this widget
    QLabel *m_banner;         // child widget
};

// How a program's end reads in its pane.
QString exitMessage(int exitCode, int signalNumber);

} // namespace dt::ui
