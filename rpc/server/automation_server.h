#pragma once

#include "rpc/server/automation_limits.h"
#include "rpc/server/dispatcher.h"
#include "rpc/server/event_audience.h"
#include "rpc/server/server_connections.h"
#include "rpc/server/thread_mailbox.h"

#include <QObject>
#include <QString>
#include <QThread>

#include <memory>

namespace dt::rpc {

// The automation server: a QLocalServer on a Unix socket in a private (0700)
// directory, speaking length-prefixed JSON frames. Nothing a client does can
// block the GUI thread: reads are bounded per turn, and a client that stops
// reading is disconnected once its unsent output passes a cap.
//
// The sockets live on a thread of the server's own (ServerConnections):
// framing, limits, deadlines and event streams cost the GUI thread nothing.
// A request the dispatcher has a fast answer for (tabs.list, windows.list:
// read from a published roster) is answered there while that answer is
// fresh, whatever the GUI thread is doing; every other request is
// dispatched on the thread that made this object, in order, one at a time
// per connection.
//
// Connections are a shared resource, so idle ones do not keep theirs: a
// connection that has not authenticated must send a request within a short
// deadline of connecting (and of its last request), an authenticated one
// within a longer one; event streams stay. Unauthenticated connections may
// hold only part of the cap, and a newcomer displaces the oldest of them
// (one older than a quarter second first, so a flood cannot push out a CLI
// that is authenticating); when sessions hold every place, the session
// with the most gives one up, so no session starves the others.
class AutomationServer : public QObject {
    Q_OBJECT
public:
    using Limits = AutomationLimits;

    explicit AutomationServer(Dispatcher &dispatcher, QObject *parent = nullptr);
    AutomationServer(Dispatcher &dispatcher, Limits limits, QObject *parent = nullptr);
    ~AutomationServer() override;

    // Listens on `path` (an absolute path), replacing a stale socket file.
    // Starts the server's thread; the dispatcher's methods must all be
    // added by then.
    bool listen(const QString &path, QString *error);
    QString path() const { return m_path; }
    int connectionCount() const { return m_shared.connections; }

    // Sends an event to the subscribed connections of its audience, each
    // line numbered by `seq` (1, 2, … per stream: a gap means lines were
    // lost). A stream whose reader falls too far behind gets one
    // "stream.overflow" event and is closed, never buffered without bound.
    // Events and answers leave in the order they were made.
    void publish(const Json &event, const EventAudience &audience = EventAudience::everyone());
    // Whether a connection of `sessionId` follows the event stream now.
    bool followsEvents(const std::string &sessionId) const;

private:
    Q_INVOKABLE void runPosted() { m_toOwner.runAll(); }
    // On this object's thread: one handed-off request, answered now or later.
    void dispatch(uint64_t connection, uint64_t serial, CallContext context, const Request &request);
    // Runs `last` on the server's thread, ends that thread, and frees what
    // lived on it.
    void stopServerThread(const std::function<void(ServerConnections &)> &last);
    // Runs `task` on the server's thread, if it still runs.
    void toServer(std::function<void(ServerConnections &)> task);

    Dispatcher &m_dispatcher;
    Limits m_limits;
    SharedServerState m_shared;
    QString m_path;
    ThreadMailbox m_toOwner{this, "runPosted"};
    QThread m_thread;
    std::unique_ptr<ServerConnections> m_connections; // lives on m_thread once listening
};

} // namespace dt::rpc
