#pragma once

// How the workspace's changes reach automation: events for subscribers
// (sessions created and closed, devices booted and shut down, a device
// pane's state for its owner), and typing withdrawn when the authority it
// was sent under ends.

#include "app/core/workspace.h"
#include "rpc/contract/envelope.h"

#include <QHash>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace dt::app {

class EventAdaptor {
public:
    // Where events go (the server's publish): the event, the one session it
    // is for (or all), and the session whose streams it ends.
    using EventSink = std::function<void(const dt::rpc::Json &event, const std::optional<std::string> &onlySession,
                                         const std::optional<std::string> &endsStreamOf)>;

    explicit EventAdaptor(Workspace &workspace);
    EventAdaptor(const EventAdaptor &) = delete;
    EventAdaptor &operator=(const EventAdaptor &) = delete;
    void setEventSink(EventSink sink) { m_sink = std::move(sink); }

private:
    enum class EndsStream { No, Yes };
    // Sends `event` to every subscriber, or only to `onlySession`'s, and
    // optionally ends that session's streams after it.
    void emitEvent(dt::rpc::Json event, const std::optional<std::string> &onlySession, EndsStream ends = EndsStream::No);

    Workspace &m_workspace;
    EventSink m_sink;
    QHash<PaneId, std::string> m_sessionOfPane; // closed panes are gone from the model
    std::unique_ptr<QObject> m_context; // ends our connections to the model with us
};

} // namespace dt::app
