// A person's gestures on device panes, as events for their owners (see the
// header).

#include "app/core/automation/gesture_adaptor.h"

#include <cmath>

namespace dt::app {

using dt::rpc::Json;

namespace {
// Four decimals: a tenth of a pixel on a 4K screen, and short lines.
double rounded(double fraction)
{
    return std::round(fraction * 10000) / 10000;
}
Json pointJson(QPointF p)
{
    return Json{{"x", rounded(p.x())}, {"y", rounded(p.y())}};
}
} // namespace

GestureAdaptor::GestureAdaptor(Workspace &workspace, TreeReader readTree, Publish publish)
    : m_workspace(workspace), m_readTree(std::move(readTree)), m_publish(std::move(publish)),
      m_context(std::make_unique<QObject>())
{
    DeviceManager &devices = m_workspace.devices();
    QObject::connect(&devices, &DeviceManager::personPressed, m_context.get(),
                     [this](const QString &udid, QPointF at) { pressed(udid, at); });
    QObject::connect(&devices, &DeviceManager::personGestured, m_context.get(),
                     [this](const QString &udid, const PersonGesture &g) { gestured(udid, g); });
    // A device that stops rendering ends what was on its way.
    QObject::connect(&devices, &DeviceManager::stateChanged, m_context.get(),
                     [this](const QString &udid, dt::devices::DeviceBackend::State state) {
                         if (state != dt::devices::DeviceBackend::State::Rendering)
                             m_pending.remove(udid);
                     });
}

Json GestureAdaptor::eventOf(const PersonGesture &g, const std::optional<TouchedElement> &element)
{
    using K = PersonGesture::Kind;
    Json e{{"type", "pane.gesture"}, {"gesture", PersonGesture::kindName(g.kind)}};
    switch (g.kind) {
    case K::Tap:
    case K::LongPress:
        e["at"] = pointJson(g.at);
        e["durationMillis"] = g.durationMillis;
        if (element) {
            Json el{{"text", element->text.toStdString()}, {"role", element->entry->role.toStdString()}};
            if (!element->app.isEmpty())
                el["app"] = element->app.toStdString();
            e["element"] = std::move(el);
        }
        break;
    case K::Swipe:
        e["at"] = pointJson(g.at);
        e["to"] = pointJson(g.to);
        e["durationMillis"] = g.durationMillis;
        break;
    case K::Scroll:
        e["at"] = pointJson(g.at);
        e["clicks"] = g.clicks;
        break;
    case K::Key:
        e["keysym"] = g.keysym;
        break;
    case K::Text:
        e["text"] = g.text.toStdString();
        break;
    case K::Button:
    case K::Rotate:
        e["button"] = g.button.toStdString();
        break;
    case K::TwoFingers:
        break;
    }
    return e;
}

bool GestureAdaptor::followed(const QString &udid) const
{
    const QString owner = m_workspace.devices().owner(udid);
    return m_workspace.devicePane(udid) && !owner.isEmpty() && (!m_following || m_following(owner.toStdString()));
}

std::deque<GestureAdaptor::Pending> &GestureAdaptor::queueOf(const QString &udid)
{
    auto &queue = m_pending[udid];
    if (!queue)
        queue = std::make_shared<std::deque<Pending>>();
    return *queue;
}

void GestureAdaptor::pressed(const QString &udid, QPointF)
{
    if (!followed(udid))
        return;
    std::deque<Pending> &queue = queueOf(udid);
    // A press whose release never came (the pane lost the mouse) is
    // forgotten rather than holding everything after it.
    std::erase_if(queue, [](const Pending &p) { return !p.gesture; });
    flush(udid);
    const uint64_t id = ++m_lastId;
    const std::string owner = m_workspace.devices().owner(udid).toStdString();
    if (m_reading.contains(udid)) {
        queue.push_back(Pending{id, owner, std::nullopt, true, true, std::nullopt});
        return;
    }
    queue.push_back(Pending{id, owner, std::nullopt, true, false, std::nullopt});
    m_reading.insert(udid);
    // The person's input (the press itself, then the rest) waits until
    // the tree is read, so what is read is what their finger went down on.
    const uint64_t hold = m_workspace.devices().holdPersonInput(udid);
    // The queue is shared with the answer: if the device went away
    // meanwhile, the answer lands in a queue nobody flushes.
    std::weak_ptr<std::deque<Pending>> weak = m_pending.value(udid);
    m_readTree(m_workspace.devicePane(udid), [this, udid, weak, id, hold](std::optional<std::vector<AxEntry>> entries) {
        m_reading.remove(udid);
        // Too late (the press went on without waiting): what was read may
        // be the page the press opened, so it names nothing.
        if (!m_workspace.devices().endPersonHold(udid, hold))
            entries.reset();
        if (const auto alive = weak.lock())
            for (Pending &p : *alive)
                if (p.id == id) {
                    p.treeRead = true;
                    p.entries = std::move(entries);
                    break;
                }
        flush(udid);
    });
}

void GestureAdaptor::gestured(const QString &udid, const PersonGesture &gesture)
{
    using K = PersonGesture::Kind;
    const auto it = m_pending.find(udid);
    const bool fromPress = gesture.kind == K::Tap || gesture.kind == K::LongPress || gesture.kind == K::Swipe;
    if (fromPress && it != m_pending.end()) {
        // The release of the last press still waiting for one.
        for (auto p = (*it)->rbegin(); p != (*it)->rend(); ++p)
            if (p->pressed && !p->gesture) {
                p->gesture = gesture;
                return flush(udid);
            }
    }
    if (!followed(udid))
        return;
    queueOf(udid).push_back(
        Pending{++m_lastId, m_workspace.devices().owner(udid).toStdString(), gesture, false, true, std::nullopt});
    flush(udid);
}

void GestureAdaptor::flush(const QString &udid)
{
    const auto it = m_pending.find(udid);
    if (it == m_pending.end())
        return;
    const std::shared_ptr<std::deque<Pending>> queue = *it;
    const PaneId pane = m_workspace.devicePane(udid);
    const Workspace::Pane *p = m_workspace.pane(pane);
    const std::string owner = m_workspace.devices().owner(udid).toStdString();
    while (!queue->empty() && queue->front().gesture && queue->front().treeRead) {
        Pending done = std::move(queue->front());
        queue->pop_front();
        // The device changed hands meanwhile: the new owner hears nothing
        // the person did for the old one.
        if (!p || owner.empty() || done.owner != owner)
            continue;
        std::optional<TouchedElement> element;
        if (done.entries)
            element = touchedElement(*done.entries, done.gesture->at);
        Json e = eventOf(*done.gesture, element);
        e["paneId"] = p->identity.sessionIdString().toUpper().toStdString();
        e["udid"] = udid.toStdString();
        m_publish(std::move(e), dt::rpc::EventAudience::session(owner));
    }
}

} // namespace dt::app
