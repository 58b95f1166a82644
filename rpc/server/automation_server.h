#pragma once

#include "dispatcher.h"
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
class AutomationServer : public QObject {
    Q_OBJECT
public:
    struct Limits {
        int maxConnections = 64;
        int maxFramesPerWakeup = 64;
        qint64 maxPendingOutput = 8 * 1024 * 1024;
    };

    explicit AutomationServer(Dispatcher &dispatcher, QObject *parent = nullptr);
    AutomationServer(Dispatcher &dispatcher, Limits limits, QObject *parent = nullptr);
    ~AutomationServer() override;

    // Listens on `path` (an absolute path), replacing a stale socket file.
    bool listen(const QString &path, QString *error);
    QString path() const { return m_server.fullServerName(); }
    int connectionCount() const { return static_cast<int>(m_connections.size()); }

    // Sends an event to every subscribed connection (`onlySession`: just the
    // streams of that session). A stream whose reader falls too far behind
    // gets one "stream.overflow" event and is closed, never buffered
    // without bound. `endsStreamOf`: after this event, that session's
    // streams are over (its own session.closed is its last line).
    void publish(const Json &event, const std::optional<std::string> &onlySession = std::nullopt,
                 const std::optional<std::string> &endsStreamOf = std::nullopt);

private:
    struct Connection;
    void onNewConnection();
    void onReadyRead(Connection *c);
    void send(Connection *c, const std::string &payload);
    void drop(Connection *c);

    Dispatcher &m_dispatcher;
    Limits m_limits;
    QLocalServer m_server;
    std::vector<std::unique_ptr<Connection>> m_connections;
};

} // namespace dt::rpc
