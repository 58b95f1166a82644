#pragma once

#include "app/core/person_gesture.h"
#include "devicepanes/device_backend.h"
#include "devicepanes/simulator.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <variant>
#include <vector>

namespace dt::app {

// Why a device action did not happen.
struct DeviceRefusal {
    enum class Reason {
        NotRunning, // no such device, or it is not rendering
        Unsupported, // this device cannot do that
        Failed, // it tried and failed
    };
    Reason reason;
    QString message;
};

// The devices this app has booted, each with the session that owns it (the
// terminal that booted it). Devices outlive their panes (a pane can be
// closed with the device left running, and attached again) but not the
// app: everything still running is shut down when the manager goes.
//
// The one place that knows which backend runs a device (virtual devices:
// Simulator); everyone else sees the DeviceBackend port. Its actions
// (press, rotate) are the one code path of the GUI's buttons and menu and
// of the automation server.
class DeviceManager : public QObject {
    Q_OBJECT
public:
    explicit DeviceManager(dt::devices::Simulator::Tools tools, QObject *parent = nullptr);
    ~DeviceManager() override;

    // Boots the device (or returns it, if it is already up) for `owner`.
    dt::devices::DeviceBackend *boot(const dt::devices::DeviceRecord &record, const QString &owner);
    bool shutdown(const QString &udid);
    dt::devices::DeviceBackend *device(const QString &udid) const;

    // Hardware actions on a running device.
    std::optional<DeviceRefusal> press(const QString &udid, dt::devices::DeviceButton button);
    // To an orientation, or (no `to`) a quarter turn left or right. The
    // orientation it shows afterwards.
    struct Turn {
        std::optional<dt::devices::Orientation> to;
        bool left = false;
    };
    std::variant<dt::devices::Orientation, DeviceRefusal> rotate(const QString &udid, Turn turn);
    QString owner(const QString &udid) const { return m_owners.value(udid); }
    void setOwner(const QString &udid, const QString &owner)
    {
        if (m_devices.contains(udid))
            m_owners.insert(udid, owner);
    }
    // The devices `owner` has.
    QStringList ownedBy(const QString &owner) const
    {
        QStringList out;
        for (auto it = m_owners.cbegin(); it != m_owners.cend(); ++it)
            if (it.value().compare(owner, Qt::CaseInsensitive) == 0)
                out << it.key();
        return out;
    }
    QStringList booted() const { return m_devices.keys(); }
    // The names of the running devices (showing their app: those that can
    // be kept running; one still booting just stops).
    QStringList runningNames() const;
    // Lets every running device run on past this app (see
    // Simulator::keepRunning); they are no longer this manager's. Their
    // names.
    QStringList keepAllRunning();

    // What the screen of `udid` is being recorded into (empty: nothing),
    // for the pane to show: a person sees when their device is recorded.
    void setRecording(const QString &udid, const QString &path)
    {
        if (m_recordings.value(udid) == path)
            return;
        if (path.isEmpty())
            m_recordings.remove(udid);
        else
            m_recordings.insert(udid, path);
        emit recordingChanged(udid);
    }
    QString recordingOf(const QString &udid) const { return m_recordings.value(udid); }

    // What a person does on a device's pane (its view reports it): the
    // press first, before the device gets it, so the element under the
    // finger can be read before the app reacts; then the whole gesture.
    void reportPersonPress(const QString &udid, QPointF at) { emit personPressed(udid, at); }
    void reportPersonGesture(const QString &udid, const PersonGesture &gesture) { emit personGestured(udid, gesture); }
    // While the element under a person's finger is being read, their
    // input waits (a press or release the app reacted to first would change
    // what is read): `input` runs now when nothing is being read, else in
    // order once the reads end, or after kPersonHoldMillis at most.
    static constexpr int kPersonHoldMillis = 500;
    // Begins a hold; its id ends it.
    uint64_t holdPersonInput(const QString &udid);
    // Ends the hold `id`: true when it was still on, false when it had
    // already timed out (the input went on without waiting).
    bool endPersonHold(const QString &udid, uint64_t id);
    void afterPersonHolds(const QString &udid, std::function<void()> input);
    // A person's button press or quarter turn (the pane's buttons, the
    // Device menu): press() and rotate() in turn with their other input,
    // then reported as their gesture.
    void pressForPerson(const QString &udid, dt::devices::DeviceButton button);
    void turnForPerson(const QString &udid, bool left);

signals:
    void stateChanged(const QString &udid, dt::devices::DeviceBackend::State state);
    // After every action above, whoever asked: "home", "lock", …,
    // "rotate:landscapeLeft".
    void acted(const QString &udid, const QString &action);
    void recordingChanged(const QString &udid);
    void personPressed(const QString &udid, QPointF at);
    void personGestured(const QString &udid, const dt::app::PersonGesture &gesture);

private:
    // The running device `udid`, or why not.
    std::variant<dt::devices::DeviceBackend *, DeviceRefusal> running(const QString &udid) const;

    dt::devices::Simulator::Tools m_tools;
    QHash<QString, QString> m_recordings; // udid → the file
    QHash<QString, std::shared_ptr<dt::devices::DeviceBackend>> m_devices;
    QHash<QString, QString> m_owners;
    struct PersonHold {
        std::set<uint64_t> open; // holds not yet ended nor timed out
        std::deque<std::function<void()>> waiting;
    };
    QHash<QString, PersonHold> m_personHolds;
    uint64_t m_lastHold = 0;
    void runHeldInput(const QString &udid);
};

} // namespace dt::app
