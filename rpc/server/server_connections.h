#pragma once

// The automation server's own thread: the listening socket and every
// connection, from accepting to the last frame (see AutomationServer for
// the rules they keep). It answers what the dispatcher's fast answers can
// (from published state) itself, and hands every other request to the
// thread that owns the dispatcher, reading nothing more of that connection
// until the answer comes back.

#include "rpc/server/automation_limits.h"
#include "rpc/server/dispatcher.h"
#include "rpc/server/event_audience.h"
#include "rpc/server/thread_mailbox.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

class QLocalServer;

namespace dt::rpc {

// What the GUI thread may ask of the server's thread without a round trip.
struct SharedServerState {
    std::atomic<int> connections{0};
    mutable std::mutex mutex;
    std::multiset<std::string> followers; // sessions with an event stream open
};

class ServerConnections : public QObject {
    Q_OBJECT
public:
    // A request for the dispatcher's thread; `connection` and `serial` come
    // back with its answer (settle).
    using Handoff = std::function<void(uint64_t connection, uint64_t serial, CallContext context, Request request)>;

    ServerConnections(AutomationLimits limits, std::map<std::string, Dispatcher::FastAnswer> fastAnswers,
                      Handoff handoff, SharedServerState &shared);
    ~ServerConnections() override;

    // Shared, so that an answer coming after the server has gone can still
    // post to it (and be dropped).
    const std::shared_ptr<ThreadMailbox> &inbox() const { return m_inbox; }

    // Everything below runs on the server's thread (through inbox()).
    bool listen(const QString &path, QString *error);
    // An answer from the dispatcher's thread: the connection's new context
    // and, for a request with an id, the response to send. Ignored when the
    // connection has gone or no longer waits for it.
    void settle(uint64_t connection, uint64_t serial, const CallContext &context, std::optional<Response> response);
    void publish(const Json &event, const EventAudience &audience);
    // Closes the socket and every connection, now.
    void shutdown();

private:
    struct Connection;
    Q_INVOKABLE void runPosted() { m_inbox->runAll(); }
    void onNewConnection();
    bool admitOneMore();
    void restartIdleDeadline(Connection *c);
    void onReadyRead(Connection *c);
    void readLater(Connection *c);
    // Whether a fast answer was sent (or, for a notification, was had).
    bool answeredHere(Connection *c, const Request &request);
    void handOff(Connection *c, const Request &request);
    void send(Connection *c, const std::string &payload);
    void drop(Connection *c);
    Connection *find(uint64_t id) const;
    void shareState();

    AutomationLimits m_limits;
    std::map<std::string, Dispatcher::FastAnswer> m_fastAnswers;
    Handoff m_handoff;
    SharedServerState &m_shared;
    std::shared_ptr<ThreadMailbox> m_inbox = std::make_shared<ThreadMailbox>(this, "runPosted");
    QLocalServer *m_server = nullptr; // child
    std::vector<std::unique_ptr<Connection>> m_connections;
    uint64_t m_lastId = 0;
};

} // namespace dt::rpc
