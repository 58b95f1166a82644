#pragma once

#include "devicepanes/device_display.h"
#include "devicepanes/device_input.h"
#include "devicepanes/store/device_profile.h"
#include "devicepanes/store/device_store.h"
#include "devicepanes/store/kept_device.h"

#include <QObject>
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
class Simulator : public QObject {
    Q_OBJECT
public:
    enum class State { Booting, Rendering, Shutdown, Failed };

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
    void boot();
    // Stops every process (the app first, the display last) and removes the
    // device's runtime directory.
    void shutdown();

    const DeviceRecord &record() const { return m_record; }
    const DeviceProfile &profile() const { return m_profile; }
    State state() const { return m_state; }
    bool isUp() const { return m_state == State::Booting || m_state == State::Rendering; }
    QString failure() const { return m_failure; }
    QString displayName() const { return m_displayName; } // ":N" once known
    // The display's cookie file, for every client of the display.
    QString xauthorityPath() const { return m_runtime.isEmpty() ? QString() : m_runtime + QStringLiteral("/Xauthority"); }
    QString runtimeDirectory() const { return m_runtime; }
    DeviceDisplay *display() const { return m_display.get(); }
    DeviceInput *input() const { return m_input.get(); } // once the display is open
    QString sessionBus() const { return m_busAddress; }
    // Process groups still running (empty once shut down).
    std::vector<qint64> processGroups() const;

    static const char *stateName(State s);

    enum class Orientation { Portrait, LandscapeLeft, LandscapeRight, PortraitUpsideDown };
    // Turns the screen (a RandR mode of the swapped size); false with `why`.
    bool rotate(Orientation to, QString *why);
    // As observed on the screen.
    Orientation orientation() const;
    // A quarter turn from `from`: left goes portrait, landscape left,
    // upside down, landscape right.
    static Orientation quarterTurn(Orientation from, bool left);
    QSize naturalSize() const;
    // Starts another program on the device (beside its app); its pid, or 0
    // with `why`.
    qint64 launch(const QStringList &command, QString *why);
    // Kills what devices of a deviceterm that died left running, and
    // removes their directories. Call once at start-up.
    static void sweepOrphans();
    // Leaves the running device to run on when deviceterm goes (the user
    // chose to keep it): its watchdog lets it be, and the next deviceterm's
    // boot() attaches it again. This object lets go of it (it reads as shut
    // down, without saying so). False when it is not running.
    bool keepRunning();
    // Real two-finger touch (pinch): the app is a Qt app that loaded the
    // touch plugin in its private network. Otherwise `why` says what is
    // missing.
    bool multitouch(QString *why = nullptr) const;

    // In words, for failures: "exited with status 3", "was stopped by
    // SIGTERM", "crashed (SIGSEGV)".
    static QString howItEnded(int exitCode, QProcess::ExitStatus status);

signals:
    void stateChanged(dt::devices::Simulator::State state);
    void frameChanged(const QRegion &region);

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
