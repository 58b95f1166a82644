#pragma once

#include "app/core/device_manager.h"
#include "app/core/session_identity.h"
#include "app/core/split_tree.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>

namespace dt::terminal {
class TerminalSession;
}

namespace dt::app {

class SessionDirectory;

using WindowId = uint64_t;
using TabId = uint64_t;

// What happens to a pane when its program exits.
enum class ExitAction {
    Close, // close the pane (and with the last pane, the tab)
    Keep, // keep it, showing how the program ended
    KeepOnError, // close after a clean exit, keep after a failure or a signal
};

// "close", "keep", "keep-on-error" (the config's and --on-exit's words).
bool parseExitAction(const QString &text, ExitAction *action);

// What to run in a new terminal pane.
struct TerminalLaunch {
    QString program; // empty: the user's shell
    QStringList arguments;
    QString workingDirectory; // empty: home
    QString role = QStringLiteral("agent");
    // For a new tab: a live orchestration grant from the start. Only the
    // GUI's menus set it; automation never does.
    bool grantOrchestration = false;
    // Asked for by a terminal outside the tab it opens in (`pane open --tab`
    // from another tab): it runs there but never counts as one of the tab's
    // own, so a tab that turns private does not keep a stranger inside.
    bool openedFromOutside = false;
    // Keep the pane after its program exits, whatever the exit action says
    // (a second launch's --hold).
    bool hold = false;
};

// The one model of windows, tabs, panes and their terminal sessions, which
// the GUI and (later) the automation server both act on: every change goes
// through a method here and is announced by a signal. It owns the sessions
// (PTYs); views only observe them.
class Workspace : public QObject {
    Q_OBJECT
public:
    struct Settings {
        int rows = 24;
        int columns = 80;
        int scrollbackLines = 10000;
        ExitAction exitAction = ExitAction::KeepOnError;
        // Programs may set the clipboard (OSC 52; config clipboard-write).
        bool clipboardWrite = true;
        QString cliPath; // what each session's bin/deviceterm links to
        QString runtimeDirectory; // empty: no session directories
        QString socketPath; // DEVICETERM_DAEMON_SOCK
        // Where the shell integration scripts are; empty: the user's shell
        // starts untouched (config shell-integration = off).
        QString shellIntegrationDirectory;
        dt::devices::Simulator::Tools deviceTools;
        // Windows come to the front only if the compositor agrees (Wayland):
        // window.focus says so in its receipt.
        bool compositorDecidesFocus = false;
    };

    struct Pane {
        PaneId id = 0;
        TabId tab = 0;
        SessionIdentity identity;
        QString role;
        bool openedFromOutside = false; // see TerminalLaunch
        bool hold = false;              // likewise
        QString name;
        QString label;
        QString displayTitle; // sanitised program title
        std::unique_ptr<dt::terminal::TerminalSession> session;
        std::unique_ptr<SessionDirectory> directory;
        bool exited = false;
        int exitCode = -1;
        int exitSignal = 0;
        // A device pane mirrors this device and has no session; its
        // identity's id is the pane id.
        QString deviceUdid;
        bool isDevice() const { return !deviceUdid.isEmpty(); }
    };

    struct Tab {
        TabId id = 0;
        WindowId window = 0;
        QString manualTitle;
        SplitTree layout;
        PaneId primary = 0; // the terminal the tab was opened with
        PaneId focused = 0;
        PaneId zoomed = 0; // 0: none
        // Hidden from every session outside the tab; a tab property, so a
        // split born in a private tab is private from its first instant.
        bool isPrivate = false;
        // The GUI let this tab's terminals type into and read other tabs.
        bool orchestrationGrant = false;
        explicit Tab(PaneId first) : layout(first) {}
    };

    struct Window {
        WindowId id = 0;
        QList<TabId> tabs; // in strip order
        TabId selected = 0;
        // Its tabs by when they were last selected, the latest last: what
        // it showed before, for callers who may not see what it shows now.
        QList<TabId> selectionHistory;
    };

    explicit Workspace(const Settings &settings, QObject *parent = nullptr);
    ~Workspace() override;

    const Settings &settings() const { return m_settings; }
    void setExitAction(ExitAction action) { m_settings.exitAction = action; }
    void setScrollbackLines(int lines) { m_settings.scrollbackLines = lines; }
    void setClipboardWrite(bool allowed) { m_settings.clipboardWrite = allowed; }
    bool clipboardWriteAllowed() const { return m_settings.clipboardWrite; }
    // The grid new terminals start with (the GUI reports what it last
    // showed, so programs rarely start at a size that changes at once).
    void setDefaultGrid(int rows, int columns)
    {
        m_settings.rows = rows;
        m_settings.columns = columns;
    }

    // --- mutations -----------------------------------------------------
    WindowId openWindow();
    // Closes the window with all its tabs.
    bool closeWindow(WindowId window, bool keepDevices = false);
    // Brings a window forward (window.focus). Where the compositor decides
    // (Settings::compositorDecidesFocus), only asks: the focused window
    // changes once the window is really activated.
    bool focusWindow(WindowId window);
    // The desktop activated this window (a click, or a focus request the
    // compositor granted): it is the focused one now.
    void windowActivated(WindowId window);
    // Opens a tab with one terminal; `index` -1 appends. 0 on failure.
    TabId openTab(WindowId window, const TerminalLaunch &launch, int index = -1);
    // Its device panes' devices are shut down, or with `keepDevices` left
    // running (unowned: any session may attach them).
    bool closeTab(TabId tab, bool keepDevices = false);
    bool renameTab(TabId tab, const QString &title); // empty: automatic again
    bool selectTab(TabId tab);
    // Moves a tab within its window or to another one; the source window
    // closes when it loses its last tab.
    bool moveTab(TabId tab, WindowId window, int index = -1);
    // A new terminal beside `pane`, in the same tab. 0 on failure.
    PaneId splitPane(PaneId pane, SplitTree::Orientation orientation, const TerminalLaunch &launch);
    // Closing the last pane closes the tab (and the last tab, its window).
    // Closing a tab's last terminal closes the tab (device panes go with it).
    // A device pane's device is shut down, or with `keepDevice` left running.
    bool closePane(PaneId pane, bool keepDevice = false);
    // Boots `record` (owned by `owner`'s session) and mirrors it in a pane
    // beside `owner`; an already open pane of that device is returned as is.
    PaneId openDevicePane(PaneId owner, const dt::devices::DeviceRecord &record);
    DeviceManager &devices() { return *m_devices; }
    const DeviceManager &devices() const { return *m_devices; }
    bool focusPane(PaneId pane);
    bool toggleZoom(TabId tab);
    bool equalize(TabId tab);
    bool setSplitRatio(TabId tab, const QList<int> &path, double ratio);
    bool setPaneName(PaneId pane, const QString &name);
    bool setTabPrivate(TabId tab, bool isPrivate);
    // Grants or revokes; only the GUI's menus call this.
    bool setOrchestrationGrant(TabId tab, bool granted);

    // --- queries -------------------------------------------------------
    QList<WindowId> windows() const { return m_windowOrder; }
    WindowId focusedWindow() const { return m_focusedWindow; }
    // Windows by when they last had the focus, the latest last.
    const QList<WindowId> &focusHistory() const { return m_focusHistory; }
    const Window *window(WindowId id) const;
    const Tab *tab(TabId id) const;
    const Pane *pane(PaneId id) const;
    // The live terminal pane of a session id (in any case), or null. An
    // index: every automation request looks its caller up by it.
    const Pane *terminalOfSession(const QString &sessionId) const;
    dt::terminal::TerminalSession *session(PaneId id) const;
    // Tabs of all windows in window order, then strip order.
    QList<TabId> allTabs() const;
    QSet<QString> liveShortIds() const;
    // manual name > program title (of the primary terminal) > directory > shell
    QString tabTitle(TabId id) const;
    QString workingDirectory(PaneId id) const;
    // The pane mirroring `udid`, or 0.
    PaneId devicePane(const QString &udid) const;
    // The tab's terminal panes, without its device panes.
    QList<PaneId> terminalPanes(TabId tab) const;
    // A live terminal of a tab holding a grant: what a cross-tab request
    // needs, decided afresh for each one.
    bool hasOrchestrationGrant(PaneId id) const;

signals:
    void windowOpened(dt::app::WindowId window);
    void windowClosed(dt::app::WindowId window);
    void windowFocused(dt::app::WindowId window);
    void tabOpened(dt::app::TabId tab);
    void tabClosed(dt::app::TabId tab, dt::app::WindowId window);
    void tabMoved(dt::app::TabId tab, dt::app::WindowId from, dt::app::WindowId to, int index);
    void tabSelected(dt::app::WindowId window, dt::app::TabId tab);
    void tabTitleChanged(dt::app::TabId tab);
    void paneOpened(dt::app::PaneId pane);
    void paneClosed(dt::app::PaneId pane, dt::app::TabId tab);
    void paneExited(dt::app::PaneId pane);
    void paneRenamed(dt::app::PaneId pane);
    void paneFocused(dt::app::TabId tab, dt::app::PaneId pane);
    void layoutChanged(dt::app::TabId tab);
    void zoomChanged(dt::app::TabId tab);
    void tabPrivacyChanged(dt::app::TabId tab);
    void tabGrantChanged(dt::app::TabId tab);

private:
    Window *windowPtr(WindowId id);
    Tab *tabPtr(TabId id);
    Pane *panePtr(PaneId id);
    PaneId createPane(TabId tab, const TerminalLaunch &launch);
    void destroyPane(PaneId pane);
    void detachTab(Tab &tab); // from its window's list
    static void markSelected(Window &window, TabId tab); // selected, and remembered as such
    void markFocused(WindowId window);
    void onPaneFinished(PaneId pane, int exitCode, int signalNumber);
    void refreshTitle(TabId tab);

    Settings m_settings;
    uint64_t m_nextId = 1;
    std::map<WindowId, Window> m_windows;
    QList<WindowId> m_windowOrder;
    WindowId m_focusedWindow = 0;
    QList<WindowId> m_focusHistory;
    std::map<TabId, std::unique_ptr<Tab>> m_tabs;
    std::map<PaneId, std::unique_ptr<Pane>> m_panes;
    QHash<QString, PaneId> m_terminalBySession; // lower-case session id → terminal pane
    QMap<TabId, QString> m_lastTitles;
    std::unique_ptr<DeviceManager> m_devices;
};

} // namespace dt::app
