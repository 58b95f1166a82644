#pragma once

// The port a device pane's device offers. Whatever runs a device (a virtual
// device today, a physical one later) implements it; the workspace, the
// panes, the device actions and the automation adaptor use nothing else.
// Only DeviceManager knows which backend it makes.

#include "devicepanes/device_button.h"
#include "devicepanes/orientation.h"
#include "devicepanes/store/device_profile.h"
#include "devicepanes/store/device_store.h"

#include <QObject>
#include <QRegion>
#include <QString>
#include <QStringList>

#include <vector>

namespace dt::devices {

class DeviceDisplay;
class DeviceLog;
class DeviceInput;

class DeviceBackend : public QObject {
    Q_OBJECT
public:
    enum class State { Booting, Rendering, Shutdown, Failed };
    static const char *stateName(State s);

    // What this device can do, as pane rows report it.
    struct Capabilities {
        bool accessibility = false; // an AT-SPI tree to read
        bool crown = false; // a watch's crown
        bool rotate = false;
        bool multitouch = false; // real two-finger touches (pinch)
    };

    using QObject::QObject;

    // Life: starting (or attaching a device kept running), stopping, and
    // letting it run on past this app (false when it is not running).
    virtual void boot() = 0;
    virtual void shutdown() = 0;
    virtual bool keepRunning() = 0;

    virtual const DeviceRecord &record() const = 0;
    virtual const DeviceProfile &profile() const = 0;
    virtual State state() const = 0;
    bool isUp() const { return state() == State::Booting || state() == State::Rendering; }
    // Why it failed, in words (state Failed).
    virtual QString failure() const = 0;
    virtual Capabilities capabilities() const = 0;

    // The screen (frames, size) and input, once rendering; null before.
    virtual DeviceDisplay *display() const = 0;
    virtual DeviceInput *input() const = 0;
    // Where clients of the screen connect (DISPLAY and XAUTHORITY), for
    // programs aimed at the device; empty when it has none.
    virtual QString displayName() const = 0;
    virtual QString xauthorityPath() const = 0;
    // The bus its accessibility tree is read on.
    virtual QString accessibilityBus() const = 0;

    // Hardware: a button press, a turn of the screen. False with `why`.
    virtual bool press(DeviceButton button, QString *why) = 0;
    virtual bool rotate(Orientation to, QString *why) = 0;
    virtual Orientation orientation() const = 0;
    // Real two-finger touch; otherwise `why` says what is missing.
    virtual bool multitouch(QString *why = nullptr) const = 0;
    // Starts another program on the device (beside its app); its pid, or 0
    // with `why`.
    virtual qint64 launch(const QStringList &command, QString *why) = 0;
    // What its programs print, kept past a shutdown or a crash; null for a
    // device that has none (yet).
    virtual DeviceLog *programLog() const { return nullptr; }
    // The processes of its programs (its app, and what was launched on it)
    // that run now: where `perf` starts counting (their children count too).
    virtual std::vector<qint64> programPids() const { return {}; }

signals:
    void stateChanged(dt::devices::DeviceBackend::State state);
    void frameChanged(const QRegion &region);
};

} // namespace dt::devices
