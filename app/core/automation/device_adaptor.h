#pragma once

// The device family of the automation port over the workspace: a session's
// device panes and devices, input, rotation (DeviceManager's actions, as
// the GUI's buttons run them) and accessibility queries on a worker pool.

#include "app/core/automation/support.h"
#include "app/core/ax_snapshot.h"
#include "app/core/workspace.h"
#include "devicepanes/accessibility_bridge.h"
#include "devicepanes/device_log.h"
#include "devicepanes/screen_recorder.h"
#include "rpc/server/ports/device_port.h"

#include <QHash>
#include <QObject>

#include <list>
#include <memory>

class QThreadPool;

namespace dt::app {

class DeviceAdaptor : public dt::rpc::DevicePort {
public:
    explicit DeviceAdaptor(Workspace &workspace);
    ~DeviceAdaptor() override;

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
    // device_waits.cpp
    void waitForElement(Handle pane, const AxQuery &finder, bool gone, int64_t timeoutMillis, AxAnswer done) override;
    void waitIdle(Handle pane, int quietMillis, int64_t timeoutMillis, AxAnswer done) override;
    void screenshot(Handle pane, AxAnswer done) override;
    // device_evidence.cpp
    void startRecording(const std::string &caller, Handle pane, const std::string &path, int framesPerSecond,
                        AxAnswer done) override;
    void stopRecording(const std::string &caller, const std::string &paneRef, AxAnswer done) override;
    void logs(Handle pane, const LogQuery &query, AxAnswer done) override;
    void perf(Handle pane, int sampleMillis, AxAnswer done) override; // device_perf.cpp

    // Not automation's: the pane's elements as a worker read them, handed
    // to `done` on this thread (nullopt when the device does not render
    // or its tree could not be read).
    void readAxEntries(Handle pane, std::function<void(std::optional<std::vector<AxEntry>>)> done);

private:
    // The device's accessibility connection, made when first needed.
    std::shared_ptr<dt::devices::AccessibilityBridge> bridgeOf(const QString &udid, dt::devices::DeviceBackend &sim);
    // device_ax_refs.cpp: snapshots and finders, shaped on this thread from
    // a tree the worker read; generations per pane.
    void answerFromTree(Handle pane, const AxQuery &query, std::optional<dt::devices::AxNode> tree, const QString &why,
                        AxAnswer done);
    struct AxGeneration {
        uint64_t number = 0;
        uint64_t fingerprint = 0;
        // The UI whose numbering the refs handed out stand for: a ref
        // resolves only while the UI is that one (see device_ax_refs.cpp).
        uint64_t refsGeneration = 0;
        uint64_t refsFingerprint = 0;
    };
    QHash<PaneId, AxGeneration> m_axGenerations;
    static std::string describeQuery(const AxQuery &query); // "--label 'X'"
    // device_waits.cpp: element waits, looking again as the screen changes.
    struct ElementWait;
    // Runs `then` with the time left once the pane's device renders (at
    // once when it does); a device that fails, or still boots at the
    // timeout, answers `done` instead.
    void whenRendering(Handle pane, int64_t timeoutMillis, std::function<void(int64_t left)> then, AxAnswer done);
    void startElementWait(Handle pane, const AxQuery &finder, bool gone, int64_t timeoutMillis, AxAnswer done);
    void startIdleWait(Handle pane, int quietMillis, int64_t timeoutMillis, AxAnswer done);
    void look(const std::shared_ptr<ElementWait> &wait);
    void endWait(const std::shared_ptr<ElementWait> &wait, std::variant<dt::rpc::Json, dt::rpc::Error> answer);
    std::list<std::shared_ptr<ElementWait>> m_elementWaits;
    // The pane's device screen while it renders, else null.
    dt::devices::DeviceDisplay *renderingDisplay(Handle pane) const;

    // device_evidence.cpp: recordings, each the session's that started it
    // (it stops them by the names the pane had, which outlive the pane).
    struct Recording {
        std::string caller;
        Handle pane = 0;
        std::vector<std::string> names; // paneId, shortId, udid
        std::unique_ptr<dt::devices::ScreenRecorder> recorder;
    };
    std::list<Recording> m_recordings;
    void dropRecording(const dt::devices::ScreenRecorder *recorder);
    // A session whose terminal closed can stop nothing: its recordings end
    // (their files complete) and are forgotten.
    void endRecordingsOfGoneSessions();
    void readLog(std::shared_ptr<dt::devices::LogFiles> files, const LogQuery &query, AxAnswer done);

    Workspace &m_workspace;
    // One accessibility connection per device (by udid and bus).
    QHash<QString, std::shared_ptr<dt::devices::AccessibilityBridge>> m_accessibility;
    std::unique_ptr<QObject> m_context; // answers come back to the GUI thread through it
    std::unique_ptr<QThreadPool> m_accessibilityWorkers; // AT-SPI queries, off the GUI thread
};

// A device pane as pane rows show it (also in tab.info), or nothing for a
// pane that is not a device's.
std::optional<dt::rpc::PaneRow> devicePaneRow(const Workspace &workspace, PaneId pane);

} // namespace dt::app
