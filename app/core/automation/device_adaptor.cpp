// The device family: booting, panes, input, rotation and accessibility of
// the devices a session drives.

#include "app/core/automation/device_adaptor.h"

#include "app/core/accessibility_queries.h"
#include "app/core/automation/caller_view.h"
#include "devicepanes/store/device_store.h"

#include <QThreadPool>

#include <cctype>
#include <cmath>

namespace dt::app {

using dt::rpc::Error;
namespace code = dt::rpc::code;

namespace {
using dt::devices::DeviceBackend;

QString paneIdOf(const Workspace::Pane &p)
{
    return p.identity.sessionIdString().toUpper();
}

std::string capitalised(const std::string &s)
{
    return s.empty() ? s : std::string(1, char(std::toupper(static_cast<unsigned char>(s[0])))) + s.substr(1);
}

// A refusal of the device actions, as the contract says it.
Error errorOf(const DeviceRefusal &refusal)
{
    return Error{refusal.reason == DeviceRefusal::Reason::Failed ? code::BridgeFailed : code::InvalidParams,
                 refusal.message.toStdString()};
}
} // namespace

DeviceAdaptor::DeviceAdaptor(Workspace &workspace)
    : m_workspace(workspace), m_context(std::make_unique<QObject>()), m_accessibilityWorkers(std::make_unique<QThreadPool>())
{
    m_accessibilityWorkers->setMaxThreadCount(2);
    // A device that went down ends its accessibility connections (a query
    // still running ends at its next call).
    QObject::connect(&m_workspace.devices(), &DeviceManager::stateChanged, m_context.get(),
                     [this](const QString &udid, DeviceBackend::State state) {
                         if (state == DeviceBackend::State::Shutdown || state == DeviceBackend::State::Failed)
                             for (const QString &key : m_accessibility.keys())
                                 if (key.startsWith(udid + QLatin1Char('|')))
                                     if (const auto bridge = m_accessibility.take(key))
                                         bridge->cancel();
                     });
    QObject::connect(&m_workspace, &Workspace::paneClosed, m_context.get(), [this](PaneId pane, TabId) {
        m_axGenerations.remove(pane);
        endRecordingsOfGoneSessions();
    });
}

DeviceAdaptor::~DeviceAdaptor()
{
    // Queries still running end at their next call, and none answers into
    // an adaptor that is gone.
    for (const auto &bridge : std::as_const(m_accessibility))
        bridge->cancel();
    m_accessibilityWorkers->waitForDone();
}

std::optional<dt::rpc::PaneRow> devicePaneRow(const Workspace &workspace, PaneId handle)
{
    const Workspace::Pane *p = workspace.pane(handle);
    if (!p || !p->isDevice())
        return std::nullopt;
    dt::rpc::PaneRow row;
    row.paneId = paneIdOf(*p).toStdString();
    row.udid = p->deviceUdid.toStdString();
    row.shortId = p->identity.shortId().toStdString();
    row.name = nonEmpty(p->name);
    const DeviceBackend *sim = workspace.devices().device(p->deviceUdid);
    row.state = sim ? DeviceBackend::stateName(sim->state()) : "shutdown";
    if (sim) {
        row.family = sim->profile().family;
        row.display = nonEmpty(sim->displayName());
        if (row.display)
            row.xauthority = nonEmpty(sim->xauthorityPath());
        const DeviceBackend::Capabilities can = sim->capabilities();
        row.capabilities.crown = can.crown;
        row.capabilities.accessibility = can.accessibility;
        row.capabilities.rotate = can.rotate;
        row.capabilities.multitouch = can.multitouch;
    }
    return row;
}

std::optional<dt::rpc::PaneRow> DeviceAdaptor::paneRow(Handle pane)
{
    return devicePaneRow(m_workspace, pane);
}

std::optional<Error> DeviceAdaptor::closeDevicePane(Handle pane, bool keepDevice)
{
    if (!m_workspace.closePane(pane, keepDevice))
        return Error{code::InvalidParams, "unknown paneId"};
    return std::nullopt;
}

std::vector<dt::rpc::PaneRow> DeviceAdaptor::paneRows(const std::string &caller)
{
    std::vector<dt::rpc::PaneRow> rows;
    for (PaneId p : CallerView(m_workspace, caller).ownDevicePanes())
        if (auto row = paneRow(p))
            rows.push_back(*row);
    return rows;
}

std::vector<dt::rpc::DeviceRow> DeviceAdaptor::deviceRows(const std::optional<std::string> &caller)
{
    std::vector<dt::rpc::DeviceRow> rows;
    const CallerView view(m_workspace, caller);
    DeviceManager &devices = m_workspace.devices();
    for (const QString &udid : devices.booted()) {
        const DeviceBackend *sim = devices.device(udid);
        dt::rpc::DeviceRow row;
        row.id = udid.toStdString();
        row.name = sim->record().name;
        row.state = sim->state() == DeviceBackend::State::Rendering ? "booted" : DeviceBackend::stateName(sim->state());
        // Attached and owned only as far as the caller may see: a device in
        // someone's private tab looks like one nobody has attached.
        const Workspace::Pane *pane = m_workspace.pane(m_workspace.devicePane(udid));
        const QString owner = devices.owner(udid);
        if (pane && view.canSee(pane->tab)) {
            row.attached = true;
            row.ownerSessionId = nonEmpty(owner);
        } else if (!pane && caller && owner.compare(QString::fromStdString(*caller), Qt::CaseInsensitive) == 0) {
            row.ownerSessionId = nonEmpty(owner); // the caller's own, detached
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::variant<dt::rpc::PaneRow, Error> DeviceAdaptor::bootDevice(const std::string &caller, const std::string &device)
{
    const CallerView view(m_workspace, caller);
    const Workspace::Pane *own = view.own();
    if (!own)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab 'current' not found");
    const auto found = dt::devices::DeviceStore().find(device);
    if (const auto *why = std::get_if<std::string>(&found))
        return Error{code::InvalidParams, *why};
    const auto &record = std::get<dt::devices::DeviceRecord>(found);
    const QString udid = QString::fromStdString(record.udid);
    // Someone else's running device is theirs; one whose session is gone
    // (its tab closed with the device kept) is anyone's to attach.
    // A device that is down (its app crashed, say) is nobody's any more:
    // the old pane, which only shows why, makes way for the new one.
    const QString owner = m_workspace.devices().owner(udid);
    if (!owner.isEmpty() && owner.compare(own->identity.sessionIdString(), Qt::CaseInsensitive) != 0
        && m_workspace.terminalOfSession(owner)) {
        const DeviceBackend *sim = m_workspace.devices().device(udid);
        const bool up = sim && (sim->state() == DeviceBackend::State::Booting || sim->state() == DeviceBackend::State::Rendering);
        const Workspace::Pane *oldPane = m_workspace.pane(m_workspace.devicePane(udid));
        // Nothing of a tab the caller cannot see is closed for it.
        if (up || (oldPane && !view.canSee(oldPane->tab)))
            return Error{code::InvalidParams, "device '" + device + "' is already booted by another session"};
        if (const PaneId old = m_workspace.devicePane(udid))
            m_workspace.closePane(old);
        else
            m_workspace.devices().shutdown(udid);
    }
    const PaneId pane = m_workspace.openDevicePane(own->id, record);
    if (!pane)
        return Error{code::ServerError, "pane.create: the device pane could not be opened"};
    return *paneRow(pane);
}

std::optional<Error> DeviceAdaptor::shutdownDevice(const std::string &caller, const std::string &device)
{
    const auto found = dt::devices::DeviceStore().find(device);
    if (const auto *why = std::get_if<std::string>(&found))
        return Error{code::InvalidParams, *why};
    const QString udid = QString::fromStdString(std::get<dt::devices::DeviceRecord>(found).udid);
    if (m_workspace.devices().owner(udid).compare(QString::fromStdString(caller), Qt::CaseInsensitive) != 0)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "device '" + device + "' is not booted by this session");
    if (const PaneId pane = m_workspace.devicePane(udid))
        m_workspace.closePane(pane);
    else
        m_workspace.devices().shutdown(udid);
    return std::nullopt;
}

std::variant<int64_t, Error> DeviceAdaptor::launchOnDevice(const std::string &caller, const std::string &device,
                                                             const std::vector<std::string> &command)
{
    const auto found = dt::devices::DeviceStore().find(device);
    if (const auto *why = std::get_if<std::string>(&found))
        return Error{code::InvalidParams, *why};
    const QString udid = QString::fromStdString(std::get<dt::devices::DeviceRecord>(found).udid);
    DeviceBackend *sim = m_workspace.devices().device(udid);
    if (!sim || m_workspace.devices().owner(udid).compare(QString::fromStdString(caller), Qt::CaseInsensitive) != 0)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "device '" + device + "' is not booted by this session");
    QStringList words;
    for (const std::string &w : command)
        words << QString::fromStdString(w);
    QString why;
    const qint64 pid = sim->launch(words, &why);
    if (!pid)
        return Error{code::InvalidParams, why.toStdString()};
    return int64_t(pid);
}

Resolved DeviceAdaptor::resolveDevicePane(const std::string &caller, const std::string &ref)
{
    const QList<PaneId> mine = CallerView(m_workspace, caller).ownDevicePanes();
    if (ref.empty()) {
        if (mine.size() == 1)
            return Handle(mine.first());
        if (mine.isEmpty())
            return Error{code::InvalidParams, "this session has no device pane; boot one with: deviceterm sim boot DEVICE"};
        return dt::rpc::intentError(dt::rpc::intent::Ambiguous,
                                    "this session has " + std::to_string(mine.size()) + " device panes; name one with --pane");
    }
    // An exact id, then the device's name, then an unambiguous prefix of
    // an id (at least 4 characters), as with tabs.
    const QString r = QString::fromStdString(ref);
    using Tier = std::function<bool(const Workspace::Pane &)>;
    const Tier tiers[] = {
        [&](const Workspace::Pane &p) {
            return paneIdOf(p).compare(r, Qt::CaseInsensitive) == 0 || p.identity.shortId() == r
                || p.deviceUdid.compare(r, Qt::CaseInsensitive) == 0;
        },
        [&](const Workspace::Pane &p) { return !p.name.isEmpty() && p.name == r; },
        [&](const Workspace::Pane &p) {
            return r.size() >= 4
                && (paneIdOf(p).startsWith(r, Qt::CaseInsensitive) || p.deviceUdid.startsWith(r, Qt::CaseInsensitive));
        },
    };
    for (const Tier &matches : tiers) {
        QList<PaneId> found;
        for (PaneId id : mine)
            if (const Workspace::Pane *p = m_workspace.pane(id); p && matches(*p))
                found << id;
        if (found.size() == 1)
            return Handle(found.first());
        if (found.size() > 1)
            return dt::rpc::intentError(dt::rpc::intent::Ambiguous, "pane '" + ref + "' matched " + std::to_string(found.size())
                                            + " of your device panes; use a longer prefix or the paneId");
    }
    // Someone else's pane is as unknown as one that never was.
    return Error{code::InvalidParams, "unknown paneId '" + ref + "'"};
}

std::optional<dt::rpc::PaneInfo> DeviceAdaptor::paneInfo(Handle handle)
{
    const Workspace::Pane *p = m_workspace.pane(handle);
    const DeviceBackend *sim = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    if (!sim)
        return std::nullopt;
    dt::rpc::PaneInfo info;
    info.paneId = paneIdOf(*p).toStdString();
    info.udid = p->deviceUdid.toStdString();
    info.shortId = p->identity.shortId().toStdString();
    info.name = nonEmpty(p->name);
    info.family = sim->profile().family;
    info.displayName = capitalised(sim->profile().family) + " " + std::to_string(sim->profile().width) + "x"
        + std::to_string(sim->profile().height);
    if (const Workspace::Tab *t = m_workspace.tab(p->tab))
        if (const Workspace::Pane *primary = m_workspace.pane(t->primary))
            info.linkedSessionId = primary->identity.sessionIdString().toStdString();
    return info;
}

std::variant<int, Error> DeviceAdaptor::deviceInput(Handle handle, const Gesture &g)
{
    const Workspace::Pane *p = m_workspace.pane(handle);
    DeviceBackend *sim = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    if (!sim || sim->state() != DeviceBackend::State::Rendering || !sim->input())
        return Error{code::InvalidParams, std::string("pane is not active (device state: ")
                                              + (sim ? DeviceBackend::stateName(sim->state()) : "shutdown") + ")"};
    dt::devices::DeviceInput &input = *sim->input();
    using Kind = Gesture::Kind;
    switch (g.kind) {
    case Kind::Tap:
        input.tap({g.x, g.y});
        return 0;
    case Kind::LongPress:
        input.longPress({g.x, g.y}, g.durationMs);
        return 0;
    case Kind::Swipe:
        return input.swipe({g.x, g.y}, {g.toX, g.toY}, g.durationMs, g.holdMs);
    case Kind::Key:
        if (!input.key(g.keysym))
            return Error{code::InvalidParams, "unsupported keyCode: the device's keyboard has no such key"};
        return 0;
    case Kind::Text:
        if (input.pendingSteps() + qsizetype(g.text.size()) > dt::devices::DeviceInput::kMaxPendingSteps)
            return dt::rpc::intentError(dt::rpc::intent::MutationFailed,
                                        "the device is still typing " + std::to_string(input.pendingSteps())
                                            + " keys of earlier input; send more once it has typed them");
        if (!input.text(QString::fromStdString(g.text)))
            return Error{code::InvalidParams, "unsupported character: the device cannot type this text"};
        return 0;
    case Kind::Button: {
        const auto button = dt::devices::deviceButtonNamed(g.text);
        if (!button)
            return Error{code::InvalidParams, "unknown button '" + g.text + "' (home, lock, volume-up, volume-down, back)"};
        if (auto refusal = m_workspace.devices().press(p->deviceUdid, *button))
            return errorOf(*refusal);
        return 0;
    }
    case Kind::Crown:
        if (!sim->capabilities().crown)
            return Error{code::InvalidParams, "unsupported operation: only watches have a crown"};
        input.wheel({0.5, 0.5}, int(std::lround(g.delta)));
        return 0;
    case Kind::Pinch: {
        QString why;
        if (!sim->multitouch(&why) || !input.pinch({g.x, g.y}, {g.x2, g.y2}, {g.toX, g.toY}, {g.toX2, g.toY2}, g.durationMs))
            return Error{code::InvalidParams, "unsupported operation: this device has no multitouch (" + why.toStdString() + ")"};
        return 0;
    }
    }
    return Error{code::InvalidParams, "unsupported operation"};
}

std::shared_ptr<dt::devices::AccessibilityBridge> DeviceAdaptor::bridgeOf(const QString &udid, DeviceBackend &sim)
{
    const QString key = udid + QLatin1Char('|') + sim.accessibilityBus();
    auto bridge = m_accessibility.value(key);
    if (!bridge) {
        bridge = std::make_shared<dt::devices::AccessibilityBridge>(sim.accessibilityBus(), sim.display()->size());
        m_accessibility.insert(key, bridge);
    }
    return bridge;
}

void DeviceAdaptor::readAxEntries(Handle handle, std::function<void(std::optional<std::vector<AxEntry>>)> done)
{
    const Workspace::Pane *p = m_workspace.pane(handle);
    DeviceBackend *sim = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    if (!sim || sim->state() != DeviceBackend::State::Rendering || !sim->display())
        return done(std::nullopt);
    m_accessibilityWorkers->start([bridge = bridgeOf(p->deviceUdid, *sim), screen = sim->display()->size(), done = std::move(done),
                                   context = m_context.get()]() mutable {
        bridge->setScreenSize(screen);
        QString why;
        std::optional<std::vector<AxEntry>> entries;
        if (auto tree = bridge->tree(&why))
            entries = flattenAxTree(*tree);
        QMetaObject::invokeMethod(
            context, [done = std::move(done), entries = std::move(entries)]() mutable { done(std::move(entries)); },
            Qt::QueuedConnection);
    });
}

void DeviceAdaptor::accessibility(Handle handle, const AxQuery &q, AxAnswer done)
{
    const Workspace::Pane *p = m_workspace.pane(handle);
    DeviceBackend *sim = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    if (!sim || sim->state() != DeviceBackend::State::Rendering || !sim->display()) {
        done(Error{code::InvalidParams, std::string("pane is not active (device state: ")
                                            + (sim ? DeviceBackend::stateName(sim->state()) : "shutdown") + ")"});
        return;
    }
    const auto bridge = bridgeOf(p->deviceUdid, *sim);
    // AT-SPI answers synchronously, each call up to 800 ms, a sweep up to
    // 10 s: on a worker, and the answer comes back to this thread. The pool
    // is drained (and the bridges cancelled) before m_context goes.
    if (q.kind == AxQuery::Kind::Snapshot || q.kind == AxQuery::Kind::Find) {
        // The tree is read there; refs and generations live here.
        m_accessibilityWorkers->start([this, handle, bridge, q, screen = sim->display()->size(), done = std::move(done),
                                       context = m_context.get()]() mutable {
            bridge->setScreenSize(screen);
            QString why;
            auto tree = bridge->tree(&why);
            QMetaObject::invokeMethod(
                context,
                [this, handle, q, tree = std::move(tree), why, done = std::move(done)]() mutable {
                    answerFromTree(handle, q, std::move(tree), why, std::move(done));
                },
                Qt::QueuedConnection);
        });
        return;
    }
    m_accessibilityWorkers->start([bridge, q, screen = sim->display()->size(), done = std::move(done),
                                   context = m_context.get()]() mutable {
        auto answer = runAccessibilityQuery(*bridge, q, screen);
        QMetaObject::invokeMethod(context, [done = std::move(done), answer = std::move(answer)]() mutable { done(std::move(answer)); },
                                  Qt::QueuedConnection);
    });
}

std::variant<std::string, Error> DeviceAdaptor::rotate(Handle handle, const std::string &to)
{
    const Workspace::Pane *p = m_workspace.pane(handle);
    DeviceManager::Turn turn;
    if (to == "left" || to == "right")
        turn.left = to == "left";
    else if (!(turn.to = dt::devices::orientationNamed(to)))
        return Error{code::InvalidParams, "unknown orientation '" + to
                                              + "' (portrait, landscapeLeft, landscapeRight, portraitUpsideDown, left, right)"};
    const auto now = m_workspace.devices().rotate(p && p->isDevice() ? p->deviceUdid : QString(), turn);
    if (auto *refusal = std::get_if<DeviceRefusal>(&now)) {
        if (refusal->reason == DeviceRefusal::Reason::Failed)
            return Error{code::BridgeFailed, "pane.rotate: " + refusal->message.toStdString()};
        return errorOf(*refusal);
    }
    return std::string(dt::devices::orientationName(std::get<dt::devices::Orientation>(now)));
}

} // namespace dt::app
