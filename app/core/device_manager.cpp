// Keeps the devices this app booted and who owns each: boots, shuts down or hands them off to run on,
// and carries out button presses and rotations for both the GUI and the automation server.

#include "app/core/device_manager.h"

#include <QTimer>

namespace dt::app {

using dt::devices::DeviceBackend;
using dt::devices::Simulator;

DeviceManager::DeviceManager(Simulator::Tools tools, QObject *parent) : QObject(parent), m_tools(std::move(tools)) {}

DeviceManager::~DeviceManager()
{
    for (const auto &device : std::as_const(m_devices)) {
        device->disconnect(this);
        device->shutdown();
    }
}

DeviceBackend *DeviceManager::boot(const dt::devices::DeviceRecord &record, const QString &owner)
{
    const QString udid = QString::fromStdString(record.udid);
    if (auto existing = m_devices.value(udid)) {
        // Up: as it is. Down (failed, shut down): the same device again.
        if (existing->state() == DeviceBackend::State::Shutdown || existing->state() == DeviceBackend::State::Failed)
            existing->boot();
        return existing.get();
    }
    std::shared_ptr<DeviceBackend> device = std::make_shared<Simulator>(record, m_tools);
    connect(device.get(), &DeviceBackend::stateChanged, this, [this, udid](DeviceBackend::State s) { emit stateChanged(udid, s); });
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
        if (device->state() == DeviceBackend::State::Rendering)
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

DeviceBackend *DeviceManager::device(const QString &udid) const
{
    return m_devices.value(udid).get();
}

std::variant<DeviceBackend *, DeviceRefusal> DeviceManager::running(const QString &udid) const
{
    DeviceBackend *device = m_devices.value(udid).get();
    if (!device || device->state() != DeviceBackend::State::Rendering)
        return DeviceRefusal{DeviceRefusal::Reason::NotRunning,
                             QStringLiteral("pane is not active (device state: %1)")
                                 .arg(QLatin1String(DeviceBackend::stateName(device ? device->state() : DeviceBackend::State::Shutdown)))};
    return device;
}

std::optional<DeviceRefusal> DeviceManager::press(const QString &udid, dt::devices::DeviceButton button)
{
    const auto device = running(udid);
    if (auto *refusal = std::get_if<DeviceRefusal>(&device))
        return *refusal;
    QString why;
    if (!std::get<DeviceBackend *>(device)->press(button, &why))
        return DeviceRefusal{DeviceRefusal::Reason::Unsupported, QStringLiteral("unsupported button: ") + why};
    emit acted(udid, QLatin1String(dt::devices::deviceButtonName(button)));
    return std::nullopt;
}

std::variant<dt::devices::Orientation, DeviceRefusal> DeviceManager::rotate(const QString &udid, Turn turn)
{
    const auto found = running(udid);
    if (auto *refusal = std::get_if<DeviceRefusal>(&found))
        return *refusal;
    DeviceBackend *device = std::get<DeviceBackend *>(found);
    if (!device->capabilities().rotate)
        return DeviceRefusal{DeviceRefusal::Reason::Unsupported, QStringLiteral("unsupported operation: this device does not rotate")};
    const auto to = turn.to.value_or(dt::devices::quarterTurn(device->orientation(), turn.left));
    QString why;
    if (!device->rotate(to, &why))
        return DeviceRefusal{DeviceRefusal::Reason::Failed, why};
    const auto now = device->orientation();
    emit acted(udid, QStringLiteral("rotate:") + QLatin1String(dt::devices::orientationName(now)));
    return now;
}

uint64_t DeviceManager::holdPersonInput(const QString &udid)
{
    const uint64_t id = ++m_lastHold;
    m_personHolds[udid].open.insert(id);
    // A read that takes this long is not waited for.
    QTimer::singleShot(kPersonHoldMillis, this, [this, udid, id] { endPersonHold(udid, id); });
    return id;
}

bool DeviceManager::endPersonHold(const QString &udid, uint64_t id)
{
    const auto it = m_personHolds.find(udid);
    if (it == m_personHolds.end() || it->open.erase(id) == 0)
        return false;
    if (it->open.empty())
        runHeldInput(udid);
    return true;
}

void DeviceManager::pressForPerson(const QString &udid, dt::devices::DeviceButton button)
{
    afterPersonHolds(udid, [this, udid, button] {
        if (!press(udid, button))
            reportPersonGesture(udid, PersonGesture(PersonGesture::Kind::Button,
                                                    QLatin1String(dt::devices::deviceButtonName(button))));
    });
}

void DeviceManager::turnForPerson(const QString &udid, bool left)
{
    afterPersonHolds(udid, [this, udid, left] {
        if (std::holds_alternative<dt::devices::Orientation>(rotate(udid, {std::nullopt, left})))
            reportPersonGesture(udid, PersonGesture(PersonGesture::Kind::Rotate, left ? QStringLiteral("left")
                                                                                       : QStringLiteral("right")));
    });
}

void DeviceManager::afterPersonHolds(const QString &udid, std::function<void()> input)
{
    const auto it = m_personHolds.find(udid);
    if (it == m_personHolds.end() || (it->open.empty() && it->waiting.empty()))
        return input();
    it->waiting.push_back(std::move(input));
}

void DeviceManager::runHeldInput(const QString &udid)
{
    // One at a time: an input may start a new hold (a press does), and
    // what is queued behind it waits for that one.
    for (;;) {
        const auto it = m_personHolds.find(udid);
        if (it == m_personHolds.end() || !it->open.empty() || it->waiting.empty()) {
            if (it != m_personHolds.end() && it->open.empty() && it->waiting.empty())
                m_personHolds.erase(it);
            return;
        }
        std::function<void()> next = std::move(it->waiting.front());
        it->waiting.pop_front();
        next();
    }
}

} // namespace dt::app
