#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/event_audience.h"
#include "rpc/contract/framing.h"

#include <QLocalServer>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

class QLocalSocket;

namespace dt::rpc {

// The automation server: a QLocalServer on a Unix socket in a private (0700)
// directory, speaking length-prefixed JSON frames. Everything runs on the
// GUI thread, and nothing a client does can block it: reads are bounded per
// wake-up, and a client that stops reading is disconnected once its unsent
// output passes a cap.
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
    struct Limits {
        int maxConnections = 64;
        int maxUnauthenticated = 48; // the rest is kept for authenticated sessions
        int maxFramesPerWakeup = 64;
        qint64 maxPendingOutput = 8 * 1024 * 1024;
        int unauthenticatedIdleMs = 2000;
        int authenticatedIdleMs = 120000;
    };

    explicit AutomationServer(Dispatcher &dispatcher, QObject *parent = nullptr);
    AutomationServer(Dispatcher &dispatcher, Limits limits, QObject *parent = nullptr);
    ~AutomationServer() override;

    // Listens on `path` (an absolute path), replacing a stale socket file.
    bool listen(const QString &path, QString *error);
    QString path() const { return m_server.fullServerName(); }
    int connectionCount() const { return static_cast<int>(m_connections.size()); }

    // Sends an event to the subscribed connections of its audience, each
    // line numbered by `seq` (1, 2, … per stream: a gap means lines were
    // lost). A stream whose reader falls too far behind gets one
    // "stream.overflow" event and is closed, never buffered without bound.
    void publish(const Json &event, const EventAudience &audience = EventAudience::everyone());
    // Whether a connection of `sessionId` follows the event stream now.
    bool followsEvents(const std::string &sessionId) const;

private:
    struct Connection;
    void onNewConnection();
    // Makes room for one more connection if the caps allow; false if not.
    bool admitOneMore();
    void restartIdleDeadline(Connection *c);
    // Sends a deferred request's answer when it comes (see Later).
    void answerLater(Connection *c, Dispatcher::Deferred &deferred, bool wantsReply);
    void onReadyRead(Connection *c);
    void send(Connection *c, const std::string &payload);
    void drop(Connection *c);

    Dispatcher &m_dispatcher;
    Limits m_limits;
    QLocalServer m_server;
    std::vector<std::unique_ptr<Connection>> m_connections;
};

} // namespace dt::rpc
