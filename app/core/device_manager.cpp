#include "app/core/device_manager.h"

namespace dt::app {

using dt::devices::Simulator;

DeviceManager::DeviceManager(Simulator::Tools tools, QObject *parent) : QObject(parent), m_tools(std::move(tools)) {}

DeviceManager::~DeviceManager()
{
    for (const auto &device : std::as_const(m_devices)) {
        device->disconnect(this);
        device->shutdown();
    }
}

Simulator *DeviceManager::boot(const dt::devices::DeviceRecord &record, const QString &owner)
{
    const QString udid = QString::fromStdString(record.udid);
    if (auto existing = m_devices.value(udid)) {
        // Up: as it is. Down (failed, shut down): the same device again.
        if (existing->state() == Simulator::State::Shutdown || existing->state() == Simulator::State::Failed)
            existing->boot();
        return existing.get();
    }
    auto device = std::make_shared<Simulator>(record, m_tools);
    connect(device.get(), &Simulator::stateChanged, this, [this, udid](Simulator::State s) { emit stateChanged(udid, s); });
    m_devices.insert(udid, device);
    m_owners.insert(udid, owner);
    device->boot();
    return device.get();
}

bool DeviceManager::shutdown(const QString &udid)
{
    auto device = m_devices.value(udid);
    if (!device)
        return false;
    device->shutdown(); // announced while its owner is still on record
    device->disconnect(this);
    m_devices.remove(udid);
    m_owners.remove(udid);
    // Deleted on the next turn: a pane or a signal handler may still hold it.
    QMetaObject::invokeMethod(this, [device] {}, Qt::QueuedConnection);
    return true;
}

QStringList DeviceManager::runningNames() const
{
    QStringList out;
    for (const auto &device : std::as_const(m_devices))
        if (device->state() == Simulator::State::Rendering)
            out << QString::fromStdString(device->record().name);
    out.sort();
    return out;
}

QStringList DeviceManager::keepAllRunning()
{
    QStringList kept;
    for (auto it = m_devices.begin(); it != m_devices.end();) {
        if (it.value()->keepRunning()) {
            kept << QString::fromStdString(it.value()->record().name);
            it.value()->disconnect(this);
            m_owners.remove(it.key());
            auto device = it.value();
            it = m_devices.erase(it);
            // Deleted on the next turn, like a shut-down one: panes may hold it.
            QMetaObject::invokeMethod(this, [device] {}, Qt::QueuedConnection);
        } else {
            ++it;
        }
    }
    return kept;
}

Simulator *DeviceManager::device(const QString &udid) const
{
    return m_devices.value(udid).get();
}

} // namespace dt::app
