#pragma once

#include "devicepanes/simulator.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <memory>

namespace dt::app {

// The virtual devices this app has booted, each with the session that owns
// it (the terminal that booted it). Devices outlive their panes (a pane can
// be closed with the device left running, and attached again) but not the
// app: everything still running is shut down when the manager goes.
class DeviceManager : public QObject {
    Q_OBJECT
public:
    explicit DeviceManager(dt::devices::Simulator::Tools tools, QObject *parent = nullptr);
    ~DeviceManager() override;

    // Boots the device (or returns it, if it is already up) for `owner`.
    dt::devices::Simulator *boot(const dt::devices::DeviceRecord &record, const QString &owner);
    bool shutdown(const QString &udid);
    dt::devices::Simulator *device(const QString &udid) const;
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

signals:
    void stateChanged(const QString &udid, dt::devices::Simulator::State state);

private:
    dt::devices::Simulator::Tools m_tools;
    QHash<QString, std::shared_ptr<dt::devices::Simulator>> m_devices;
    QHash<QString, QString> m_owners;
};

} // namespace dt::app
