#pragma once

// What a person does on a device pane, told to the device's owner as
// `pane.gesture` events, in the order it happened: taps and long presses
// carry the element under the finger, read as the finger went down (the
// press reaches the device once it was read), so a recorded flow can find
// it again by its text. Only the owner hears it; input sent through automation is not a
// person's and is never reported.

#include "app/core/ax_snapshot.h"
#include "app/core/workspace.h"
#include "rpc/contract/envelope.h"
#include "rpc/server/event_audience.h"

#include <QHash>
#include <QSet>
#include <QObject>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace dt::app {

class GestureAdaptor {
public:
    // Reads a device pane's elements off this thread and answers on it.
    using TreeReader = std::function<void(PaneId, std::function<void(std::optional<std::vector<AxEntry>>)>)>;
    using Publish = std::function<void(dt::rpc::Json event, const dt::rpc::EventAudience &audience)>;

    GestureAdaptor(Workspace &workspace, TreeReader readTree, Publish publish);
    GestureAdaptor(const GestureAdaptor &) = delete;
    GestureAdaptor &operator=(const GestureAdaptor &) = delete;

    // Whether a session follows events now (the server knows): only then
    // is the element under a person's finger read, and their input held
    // for it. Until it is set, every owner counts as following.
    void setFollowing(std::function<bool(const std::string &sessionId)> following) { m_following = std::move(following); }

    // The event a gesture makes (pure, for tests): `element` is what was
    // under the finger, if anything there can be named.
    static dt::rpc::Json eventOf(const PersonGesture &gesture, const std::optional<TouchedElement> &element);

private:
    // A gesture on its way out: a press waits for its release and for the
    // tree read when it went down, and everything behind it waits too.
    struct Pending {
        uint64_t id = 0;
        std::string owner; // when it happened: told to nobody else
        std::optional<PersonGesture> gesture; // nullopt: the finger is still down
        bool pressed = false; // began with a press
        bool treeRead = false; // the read under the press answered (or none was made)
        std::optional<std::vector<AxEntry>> entries; // what it read, while the press still waited for it
    };
    bool followed(const QString &udid) const; // its owner follows events
    std::deque<Pending> &queueOf(const QString &udid);
    void pressed(const QString &udid, QPointF at);
    void gestured(const QString &udid, const PersonGesture &gesture);
    void flush(const QString &udid);

    Workspace &m_workspace;
    TreeReader m_readTree;
    Publish m_publish;
    std::function<bool(const std::string &)> m_following;
    QHash<QString, std::shared_ptr<std::deque<Pending>>> m_pending; // by udid
    // Devices with a read under a press on its way: one at a time, so a
    // device whose tree answers slowly cannot fill the workers; presses
    // meanwhile are not held and name no element.
    QSet<QString> m_reading;
    uint64_t m_lastId = 0;
    std::unique_ptr<QObject> m_context; // ends our connections with us
};

} // namespace dt::app
