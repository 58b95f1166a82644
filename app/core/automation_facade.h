#pragma once

#include "devicepanes/accessibility_bridge.h"
#include "rpc/server/automation_port.h"
#include "app/core/workspace.h"

#include <QHash>
#include <QSet>
#include <QObject>

class QThreadPool;

#include <functional>
#include <memory>

namespace dt::app {

// The automation server's view of the workspace: authentication against the
// sessions' capabilities and terminals, and the queries the handlers need.
// Runs on the GUI thread, like the server.
class AutomationFacade : public dt::rpc::AutomationPort {
public:
    // Where events go (the server's publish): the event, the one session it
    // is for (or all), and the session whose streams it ends.
    using EventSink = std::function<void(const dt::rpc::Json &event, const std::optional<std::string> &onlySession,
                                         const std::optional<std::string> &endsStreamOf)>;

    explicit AutomationFacade(Workspace &workspace);
    ~AutomationFacade() override;
    void setEventSink(EventSink sink) { m_sink = std::move(sink); }

    std::optional<dt::rpc::Error> authenticate(const std::string &sessionId, const std::string &capability,
                                               pid_t peerPid) override;
    std::optional<dt::rpc::Error> recheck(const std::string &sessionId, pid_t peerPid) override;
    std::string role(const std::string &sessionId) override;

    std::vector<dt::rpc::TabRow> tabRows(const std::optional<std::string> &caller) override;
    std::vector<dt::rpc::WindowRow> windowRows(const std::optional<std::string> &caller, bool all) override;
    std::optional<dt::rpc::TabInfo> tabInfo(const std::string &caller, Handle tab) override;

    Resolved resolveTab(const std::string &caller, const std::string &ref) override;
    Resolved resolveTerminal(const std::string &caller, const std::string &ref) override;
    Resolved resolveWindow(const std::string &caller, const std::string &ref) override;
    Created openTab(Handle window, const std::string &cwd, const std::string &command) override;
    Created splitTerminal(const std::string &caller, Handle tab, const std::string &cwd,
                          const std::string &command) override;
    std::optional<dt::rpc::Error> closeTab(Handle tab, bool keepDevices) override;
    std::optional<dt::rpc::Error> closeTerminal(Handle terminal) override;
    std::optional<dt::rpc::Error> renameTab(Handle tab, const std::string &name) override;
    std::optional<dt::rpc::Error> selectTab(Handle tab) override;
    std::optional<dt::rpc::Error> moveTab(const std::string &caller, Handle tab, std::optional<int> index,
                                          std::optional<Handle> window) override;
    std::variant<int, dt::rpc::Error> openWindow(const std::string &caller) override;
    std::optional<dt::rpc::Error> openLaunchWindow(const WindowLaunch &launch) override;
    std::optional<dt::rpc::Error> closeWindow(const std::string &caller, Handle window) override;
    std::optional<dt::rpc::Error> focusWindow(Handle window) override;

    std::variant<bool, dt::rpc::Error> setTabPrivate(const std::string &caller, Handle tab, bool isPrivate) override;
    bool hasOrchestrationGrant(const std::string &sessionId) override;
    std::optional<dt::rpc::Error> sendInput(const std::string &caller, Handle tab, const std::string &bytes,
                                            int typeDelayMillis) override;
    std::variant<std::string, dt::rpc::Error> capture(Handle tab, int scrollbackLines) override;

    std::vector<dt::rpc::PaneRow> paneRows(const std::string &caller) override;
    std::vector<dt::rpc::DeviceRow> deviceRows(const std::optional<std::string> &caller) override;
    std::variant<dt::rpc::PaneRow, dt::rpc::Error> bootDevice(const std::string &caller, const std::string &device) override;
    std::optional<dt::rpc::Error> shutdownDevice(const std::string &caller, const std::string &device) override;
    std::variant<int64_t, dt::rpc::Error> launchOnDevice(const std::string &caller, const std::string &device,
                                                         const std::vector<std::string> &command) override;
    Resolved resolveDevicePane(const std::string &caller, const std::string &ref) override;
    std::optional<dt::rpc::PaneRow> paneRow(Handle pane) override;
    std::optional<dt::rpc::Error> closeDevicePane(Handle pane, bool keepDevice) override;
    std::optional<dt::rpc::PaneInfo> paneInfo(Handle pane) override;
    std::variant<int, dt::rpc::Error> deviceInput(Handle pane, const Gesture &gesture) override;
    void accessibility(Handle pane, const AxQuery &query, AxAnswer done) override;
    std::variant<std::string, dt::rpc::Error> rotate(Handle pane, const std::string &to) override;

    // Where send-input is recorded (default: dt::audit::defaultPath()).
    void setAuditLogPath(std::string path) { m_auditLogPath = std::move(path); }

private:
    // Matches `ref` against the live terminals in tiers (short id, then
    // name, then session id or a prefix of at least 4 characters of it).
    std::variant<PaneId, dt::rpc::Error> findTerminal(const std::string &caller, const std::string &ref,
                                                      const char *kind, bool wholeTabs);
    Created started(PaneId pane, const std::string &command);
    const Workspace::Pane *paneBySession(const std::string &sessionId) const;
    // Public tabs, and a private one only from inside it (or without a
    // caller, never).
    bool visibleTo(const std::optional<std::string> &caller, TabId tab) const;
    // The windows `caller` can see (holding at least one visible tab), in
    // order: indices count in this list, so hidden windows leave no gaps.
    QList<WindowId> visibleWindows(const std::optional<std::string> &caller) const;
    std::optional<dt::rpc::Error> checkProvenance(const Workspace::Pane &pane, pid_t peerPid) const;
    QString nameOf(const Workspace::Pane &pane) const;
    // One of the tab's own terminals (not one another tab asked for).
    bool isInsider(const Workspace::Pane *own, TabId tab) const;

    // Withdraws queued typing whose source `matches`, from the terminals of
    // `targetTab` (0: every terminal).
    void cancelTyping(const std::function<bool(const QString &source)> &matches, TabId targetTab = 0);
    QSet<QString> sessionsOfTab(TabId tab) const;
    // The device panes whose devices `caller` booted.
    QList<PaneId> ownDevicePanes(const std::string &caller) const;

    static constexpr int kShellReadyGrace = 2000; // ms
    static void typeWhenReady(dt::terminal::TerminalSession &session, const QByteArray &bytes);

    enum class EndsStream { No, Yes };
    // Sends `event` to every subscriber, or only to `onlySession`'s, and
    // optionally ends that session's streams after it.
    void emitEvent(dt::rpc::Json event, const std::optional<std::string> &onlySession, EndsStream ends = EndsStream::No);

    Workspace &m_workspace;
    EventSink m_sink;
    std::string m_auditLogPath;
    // One accessibility connection per device (by udid and session bus).
    QHash<QString, std::shared_ptr<dt::devices::AccessibilityBridge>> m_accessibility;
    QHash<PaneId, std::string> m_sessionOfPane; // closed panes are gone from the model
    std::unique_ptr<QObject> m_context; // ends our connections to the model with us
    std::unique_ptr<QThreadPool> m_accessibilityWorkers; // AT-SPI queries, off the GUI thread
};

} // namespace dt::app
