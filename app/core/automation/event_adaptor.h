#pragma once

// How the workspace's changes reach automation: events for subscribers
// (sessions created and closed, devices booted and shut down, a device
// pane's state for its owner, commands started and finished for their tab
// and for orchestrators), and typing withdrawn when the authority it was
// sent under ends.

#include "app/core/workspace.h"
#include "rpc/contract/envelope.h"
#include "rpc/server/event_audience.h"

#include <QHash>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace dt::app {

class EventAdaptor {
public:
    // Where events go (the server's publish).
    using EventSink = std::function<void(const dt::rpc::Json &event, const dt::rpc::EventAudience &audience)>;

    explicit EventAdaptor(Workspace &workspace);
    EventAdaptor(const EventAdaptor &) = delete;
    EventAdaptor &operator=(const EventAdaptor &) = delete;
    void setEventSink(EventSink sink) { m_sink = std::move(sink); }
    // Stamps `event` with the time and sends it to `audience` (for the
    // other adaptors that have events to tell).
    void publishEvent(dt::rpc::Json event, const dt::rpc::EventAudience &audience) { emitEvent(std::move(event), audience); }

private:
    // Stamps `event` with the time and sends it to `audience`.
    void emitEvent(dt::rpc::Json event, const dt::rpc::EventAudience &audience);
    // Follows a terminal's commands: command.started and command.finished.
    void followCommands(PaneId pane);
    void emitCommandEvent(PaneId pane, uint64_t commandId, bool finished);

    Workspace &m_workspace;
    EventSink m_sink;
    QHash<PaneId, std::string> m_sessionOfPane; // closed panes are gone from the model
    std::unique_ptr<QObject> m_context; // ends our connections to the model with us
};

} // namespace dt::app
