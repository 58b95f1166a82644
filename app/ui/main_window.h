#pragma once

#include "app/core/workspace.h"
#include "app/ui/running_devices_question.h"
#include "app/ui/tab_view.h"
#include "app/ui/terminal_theme.h"

#include <QFontDatabase>
#include <QHash>
#include <QMainWindow>

class QAction;
class QTabWidget;

namespace dt::app {
class Config;
}

namespace dt::ui {

class DeviceMenu;
class FindBar;
class TabView;
class TerminalView;

// One window of the workspace: its tabs as a tab strip, each page a TabView.
// It shows what the model says and turns the user's actions into model calls.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Appearance {
        QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        TerminalTheme theme = TerminalTheme::dark();
        bool scrollOnOutput = false; // output brings a view scrolled into history back down
        FocusedPaneMark focusedPane = FocusedPaneMark::Border;
    };

    // `config` (may be null) holds the close-prompt preference and is what
    // the Settings dialog edits.
    MainWindow(dt::app::Workspace &workspace, dt::app::WindowId window, const Appearance &appearance,
               dt::app::Config *config = nullptr, QWidget *parent = nullptr);
    ~MainWindow() override;

    dt::app::WindowId windowId() const { return m_window; }
    QAction *action(const char *id) const { return m_actions.value(QByteArray(id)); }
    QList<QAction *> actions() const { return m_actionOrder; }

    int tabCount() const;
    TabView *tabViewAt(int index) const;
    TabView *currentTabView() const;
    TerminalView *currentTerminal() const;
    QTabWidget *tabWidget() const { return m_tabs; }
    FindBar *findBar(); // made on first use

    // Sizes the window so a terminal shows this many cells, or as many as
    // fit on the screen's free area. Call it after show(): before that the
    // tab and menu bars report no height.
    // Returns the grid that fits (columns x rows).
    QSize resizeToGrid(int columns, int rows);
    void zoomFont(int steps);
    void resetFontZoom();
    void setAppearance(const Appearance &appearance);

    // Asks before closing `panes` when a program other than a shell still
    // runs in one of them (and the config says to ask). True: go ahead.
    // `acceptText` names the button that goes ahead ("Close" when empty).
    bool confirmClose(const QList<dt::app::PaneId> &panes, const QString &question, bool *asked = nullptr,
                      const QString &acceptText = {});
    // True while one of this window's dialogs, menus or drags runs its own
    // event loop: the window must not be deleted under it.
    bool inNestedLoop() const { return m_nestedLoops > 0; }
    QList<dt::app::PaneId> panesOfTab(dt::app::TabId tab) const;
    QList<dt::app::PaneId> panesOfWindow() const;

protected:
    void closeEvent(QCloseEvent *e) override;
    void changeEvent(QEvent *e) override;
    bool eventFilter(QObject *watched, QEvent *e) override; // places the find bar

private:
    void placeFindBar(); // over the top right of the current tab's page
    void createActions();
    void createMenus();
    QAction *addAction(const char *id, const QString &text, const QList<QKeySequence> &shortcuts,
                       std::function<void()> handler);
    int indexOfTab(dt::app::TabId tab) const;
    void insertTabView(dt::app::TabId tab, int index);
    void removeTabView(dt::app::TabId tab);
    void updateTabText(dt::app::TabId tab);
    void updateWindowTitle();
    void setTabMarkers(int index, const QStringList &icons, const QString &toolTip);
    void updateTabActions();
    void updateClosePaneText();
    bool confirmMultiPaneClose(int panes);
    void openOrchestratorTab();
    void toggleOrchestrationGrant(dt::app::TabId tab);
    void showTabContextMenu(const QPoint &pos);
    void renameTab(dt::app::TabId tab);
    void duplicateTab(dt::app::TabId tab);
    void moveTabToNewWindow(dt::app::TabId tab, const QPoint &at = {});
    void dragTabOut(int index);
    void splitFocused(dt::app::SplitTree::Orientation orientation);
    void focusNeighbour(int direction);
    void showShortcuts();
    void showAbout();
    dt::app::TabId currentTabId() const;

    void keepDevicesIfQuitting(const DevicesOnClose &devices);
    DevicesOnClose askAboutDevices(const QList<dt::app::PaneId> &panes, const QList<dt::app::TabId> &closingTabs);
    void closeTabAsked(dt::app::TabId tab);
    void closeWindowAsked();

    dt::app::Workspace &m_workspace;
    dt::app::WindowId m_window;
    dt::app::Config *m_config;
    Appearance m_appearance;
    int m_basePointSize;
    QTabWidget *m_tabs; // child widget
    FindBar *m_findBar = nullptr; // child widget, made by findBar()
    DeviceMenu *m_deviceMenu = nullptr;
    QHash<QByteArray, QAction *> m_actions; // children of this window
    QList<QAction *> m_actionOrder;
    bool m_syncing = false; // applying a model change to the widgets
    int m_nestedLoops = 0;
};

} // namespace dt::ui
