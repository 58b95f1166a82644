#pragma once

#include "devicepanes/device_backend.h"
#include "devicepanes/device_display.h"
#include "devicepanes/device_input.h"
#include "devicepanes/device_log.h"
#include "devicepanes/store/kept_device.h"

#include <QProcess>
#include <QSet>
#include <QSocketNotifier>
#include <QString>
#include <QTimer>

#include <memory>
#include <vector>

namespace dt::devices {

class Lifeline;

// One booted virtual device: a small family of processes in a private
// directory: its own X server (Xvfb, framebuffer in a file), session bus,
// accessibility bus and the app, each in its own process group so that
// shutting down leaves nothing behind (the buses spawn helpers of their own).
// The device backend of virtual devices.
class Simulator : public DeviceBackend {
    Q_OBJECT
public:

    struct Tools { // where the programs are; tests point these elsewhere
        QString xvfb = QStringLiteral("Xvfb");
        QString dbusDaemon = QStringLiteral("dbus-daemon");
        QString atSpiLauncher = QStringLiteral("/usr/libexec/at-spi-bus-launcher");
        QString deviceShell; // the default app
    };

    Simulator(DeviceRecord record, Tools tools, QObject *parent = nullptr);
    Simulator(const Simulator &) = delete;
    Simulator &operator=(const Simulator &) = delete;
    ~Simulator() override; // shuts down

    // Starts the device, or attaches it when an earlier deviceterm kept it
    // running (keepRunning()).
    void boot() override;
    // Stops every process (the app first, the display last) and removes the
    // device's runtime directory.
    void shutdown() override;

    const DeviceRecord &record() const override { return m_record; }
    const DeviceProfile &profile() const override { return m_profile; }
    State state() const override { return m_state; }
    QString failure() const override { return m_failure; }
    Capabilities capabilities() const override;
    QString displayName() const override { return m_displayName; } // ":N" once known
    // The display's cookie file, for every client of the display.
    QString xauthorityPath() const override
    {
        return m_runtime.isEmpty() ? QString() : m_runtime + QStringLiteral("/Xauthority");
    }
    QString runtimeDirectory() const { return m_runtime; }
    DeviceDisplay *display() const override { return m_display.get(); }
    DeviceInput *input() const override { return m_input.get(); } // once the display is open
    // The device's own session bus, where its accessibility bus is found.
    QString sessionBus() const { return m_busAddress; }
    QString accessibilityBus() const override { return m_busAddress; }
    // Process groups still running (empty once shut down).
    std::vector<qint64> processGroups() const;

    // A button is its XF86 key on the device's keyboard.
    bool press(DeviceButton button, QString *why) override;
    // Turns the screen (a RandR mode of the swapped size); false with `why`.
    bool rotate(Orientation to, QString *why) override;
    // As observed on the screen.
    Orientation orientation() const override;
    QSize naturalSize() const;
    // Starts another program on the device (beside its app); its pid, or 0
    // with `why`.
    qint64 launch(const QStringList &command, QString *why) override;
    DeviceLog *programLog() const override { return m_log.get(); }
    std::vector<qint64> programPids() const override;
    // Kills what devices of a deviceterm that died left running, and
    // removes their directories. Call once at start-up.
    static void sweepOrphans();
    // Leaves the running device to run on when deviceterm goes (the user
    // chose to keep it): its watchdog lets it be, and the next deviceterm's
    // boot() attaches it again. This object lets go of it (it reads as shut
    // down, without saying so). False when it is not running.
    bool keepRunning() override;
    // Real two-finger touch (pinch): the app is a Qt app that loaded the
    // touch plugin in its private network. Otherwise `why` says what is
    // missing.
    bool multitouch(QString *why = nullptr) const override;

    // In words, for failures: "exited with status 3", "was stopped by
    // SIGTERM", "crashed (SIGSEGV)".
    static QString howItEnded(int exitCode, QProcess::ExitStatus status);

private:
    // `guest`: launched onto a running device; its fate is not the device's.
    QProcess *start(const QString &program, const QStringList &arguments, const QProcessEnvironment &env, bool guest = false,
                    class PrivateNetwork *network = nullptr);
    void startBuses();
    void startAccessibilityAndApp();
    void startApp();
    QProcessEnvironment appEnvironment() const;
    bool wantsTouch() const;
    void checkTouchPlugin();
    void attachDisplay();
    void setState(State s);
    void fail(const QString &why);
    void stopProcesses();
    void writeOwner();
    void clearExitWatchers();
    // Attaching a kept device: its processes are not our children, so their
    // exits are watched through pidfds.
    void adopt(const KeptDevice &kept);
    void watchExit(qint64 pid, const QString &what);
    void waitForAdoptedGroups(qint64 untilMs);

    DeviceRecord m_record;
    DeviceProfile m_profile;
    Tools m_tools;
    State m_state = State::Shutdown;
    QString m_failure;
    QString m_runtime;
    QString m_displayName;
    QString m_busAddress;
    std::vector<std::unique_ptr<QProcess>> m_processes; // in start order
    // Their process groups, kept past their exits (processId() is 0 then,
    // but what they spawned may still be running).
    std::vector<qint64> m_groups;
    QProcess *m_bus = nullptr;
    QSet<QProcess *> m_guests;
    QProcess *m_xvfb = nullptr;
    QProcess *m_app = nullptr;
    void openProgramLog(bool freshBoot);
    std::unique_ptr<DeviceLog> m_log; // outlives a shutdown: read after a crash
    std::unique_ptr<DeviceDisplay> m_display;
    std::unique_ptr<DeviceInput> m_input;
    QTimer m_bootDeadline;
    Orientation m_orientation = Orientation::Portrait;
    QString m_noMultitouch; // why not; empty when it works
    std::unique_ptr<Lifeline> m_lifeline;
    bool m_adopted = false;
    qint64 m_adoptedApp = 0, m_adoptedDisplayServer = 0;
    std::vector<std::unique_ptr<QSocketNotifier>> m_exitWatchers; // their pidfds close with them
    bool m_stopping = false;
};

} // namespace dt::devices
