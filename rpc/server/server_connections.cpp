// The automation server's connections, on its own thread: accepting within caps (evicting strangers or the
// greediest session), idle deadlines, bounded reads per turn, requests answered here from published state
// or handed to the dispatcher's thread and answered in order, and publishing to event streams.

#include "rpc/server/server_connections.h"

#include "rpc/contract/framing.h"
#include "rpc/server/peer_provenance.h"

#include <QElapsedTimer>
#include <QFile>
#include <QLocalServer>
#include <QLocalSocket>
#include <QTimer>

#include <algorithm>

namespace dt::rpc {

namespace {
// What each event frame of a stream is called (the request that opens the
// stream is daemon.events).
constexpr const char *kEventMethod = "daemon.event";
constexpr qint64 kReadBuffer = 1024 * 1024;
} // namespace

struct ServerConnections::Connection {
    uint64_t id = 0; // names it to the dispatcher's thread, which never sees the pointer
    QLocalSocket *socket = nullptr; // child of the server object
    FrameDecoder decoder;
    CallContext context;
    QTimer *idle = nullptr; // child of the socket
    QElapsedTimer age; // since accepted
    bool settled() const { return age.elapsed() > 250; } // past its first request's time
    // A request is being answered elsewhere: read nothing more until then.
    bool waiting = false;
    uint64_t handoffSerial = 0; // which handed-off request `waiting` is for
    uint64_t eventSeq = 0; // the last event line's number on its stream
    bool authenticated() const { return context.sessionId.has_value(); }
};

ServerConnections::ServerConnections(AutomationLimits limits, std::map<std::string, Dispatcher::FastAnswer> fastAnswers,
                                     Handoff handoff, SharedServerState &shared)
    : m_limits(limits), m_fastAnswers(std::move(fastAnswers)), m_handoff(std::move(handoff)), m_shared(shared),
      m_server(new QLocalServer(this))
{
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    connect(m_server, &QLocalServer::newConnection, this, &ServerConnections::onNewConnection);
}

ServerConnections::~ServerConnections()
{
    m_inbox->close();
}

bool ServerConnections::listen(const QString &path, QString *error)
{
    // A socket file left by a crashed GUI would make listen() fail; one
    // that a live server answers on is not ours to take.
    QLocalSocket probe;
    probe.connectToServer(path);
    if (probe.waitForConnected(250)) {
        probe.abort();
        if (error)
            *error = QStringLiteral("another server is listening there");
        return false;
    }
    QLocalServer::removeServer(path);
    if (!m_server->listen(path)) {
        if (error)
            *error = m_server->errorString();
        return false;
    }
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return true;
}

void ServerConnections::shutdown()
{
    m_server->close();
    for (auto &c : m_connections) {
        if (!c->socket)
            continue;
        c->socket->disconnect(this);
        c->socket->abort();
        delete c->socket; // with its idle timer
        c->socket = nullptr;
    }
    m_connections.clear();
    shareState();
}

void ServerConnections::onNewConnection()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        socket->setParent(this);
        if (!admitOneMore()) {
            socket->abort();
            socket->deleteLater();
            continue;
        }
        auto c = std::make_unique<Connection>();
        c->id = ++m_lastId;
        c->socket = socket;
        c->idle = new QTimer(socket);
        c->idle->setSingleShot(true);
        c->age.start();
        // Bytes are read only as fast as requests are handled: while an
        // answer is pending, a client cannot make us buffer without bound.
        socket->setReadBufferSize(kReadBuffer);
        if (auto peer = PeerProcess::ofSocket(static_cast<int>(socket->socketDescriptor()))) {
            c->context.peerPid = peer->pid();
            c->context.peerUid = peer->uid();
            c->context.peer = std::move(peer);
        }
        Connection *raw = c.get();
        m_connections.push_back(std::move(c));
        shareState();
        connect(socket, &QLocalSocket::readyRead, this, [this, raw] { onReadyRead(raw); });
        connect(socket, &QLocalSocket::disconnected, this, [this, raw] { drop(raw); });
        connect(raw->idle, &QTimer::timeout, this, [this, raw] {
            QLocalSocket *s = raw->socket;
            drop(raw);
            if (s)
                s->abort();
        });
        restartIdleDeadline(raw);
        if (socket->bytesAvailable() > 0)
            readLater(raw);
    }
}

bool ServerConnections::admitOneMore()
{
    int live = 0, unauthenticated = 0;
    std::map<std::string, int> perSession;
    for (const auto &owned : m_connections) {
        const Connection *c = owned.get();
        if (!c->socket)
            continue; // already dropped, freed on the next turn
        ++live;
        if (c->authenticated())
            ++perSession[*c->context.sessionId];
        else if (!c->context.eventStream)
            ++unauthenticated;
    }
    if (live < m_limits.maxConnections && unauthenticated < m_limits.maxUnauthenticated)
        return true;
    // Make room. A stranger first: the oldest past its first moments (a
    // tab's CLI authenticates within milliseconds of connecting, so a
    // flood of newer strangers cannot push it out), else the oldest.
    Connection *victim = nullptr;
    for (const auto &owned : m_connections) {
        Connection *c = owned.get();
        if (!c->socket || c->authenticated() || c->context.eventStream)
            continue;
        if (!victim || (!victim->settled() && c->settled()))
            victim = c;
        if (victim->settled())
            break;
    }
    // Full of sessions: the one holding the most places gives one up (its
    // oldest request connection, else its oldest stream), so no session
    // can starve the others.
    if (!victim && unauthenticated < m_limits.maxUnauthenticated) {
        auto greedy = std::max_element(perSession.begin(), perSession.end(),
                                       [](const auto &a, const auto &b) { return a.second < b.second; });
        if (greedy != perSession.end() && greedy->second > 1) {
            for (const auto &owned : m_connections) {
                Connection *c = owned.get();
                if (!c->socket || c->context.sessionId != greedy->first)
                    continue;
                if (!victim || (victim->context.eventStream && !c->context.eventStream))
                    victim = c;
            }
        }
    }
    if (!victim)
        return false;
    QLocalSocket *socket = victim->socket;
    drop(victim);
    socket->abort();
    return true;
}

void ServerConnections::restartIdleDeadline(Connection *c)
{
    if (!c->socket || !c->idle)
        return;
    if (c->context.eventStream) {
        c->idle->stop(); // a stream is quiet by nature
        return;
    }
    c->idle->start(c->authenticated() ? m_limits.authenticatedIdleMs : m_limits.unauthenticatedIdleMs);
}

void ServerConnections::readLater(Connection *c)
{
    QTimer::singleShot(0, this, [this, id = c->id] {
        if (Connection *still = find(id))
            onReadyRead(still);
    });
}

void ServerConnections::onReadyRead(Connection *c)
{
    if (!c->socket || c->waiting)
        return;
    const QByteArray bytes = c->socket->readAll();
    c->decoder.feed(bytes.constData(), static_cast<size_t>(bytes.size()));
    int handled = 0;
    while (auto frame = c->decoder.next()) {
        const DecodedRequest decoded = decodeRequest(*frame);
        if (decoded.error) {
            Response r;
            r.id = decoded.id.value_or(0);
            r.error = decoded.error;
            send(c, encode(r));
        } else if (!answeredHere(c, *decoded.request)) {
            handOff(c, *decoded.request);
            return; // the rest waits for the answer
        }
        if (!c->socket)
            return;
        restartIdleDeadline(c);
        if (++handled >= m_limits.maxFramesPerWakeup) {
            // Let the other connections have a turn; the rest is buffered.
            readLater(c);
            return;
        }
    }
    if (c->decoder.failed() && c->socket) {
        Response r;
        r.error = Error{code::InvalidRequest, c->decoder.error()};
        send(c, encode(r));
        if (c->socket) {
            c->socket->flush();
            c->socket->disconnectFromServer();
        }
    }
}

bool ServerConnections::answeredHere(Connection *c, const Request &request)
{
    const auto fast = m_fastAnswers.find(request.method);
    if (fast == m_fastAnswers.end())
        return false;
    std::optional<std::variant<Json, Error>> answer;
    try {
        answer = fast->second(c->context, request.params);
    } catch (const std::exception &) {
        return false; // the handler on the GUI thread says what is wrong
    }
    if (!answer)
        return false;
    if (request.id) // notifications get no reply
        send(c, encode(Dispatcher::responseTo(*request.id, std::move(*answer))));
    return true;
}

void ServerConnections::handOff(Connection *c, const Request &request)
{
    c->waiting = true;
    if (c->idle)
        c->idle->stop(); // not idle: we are the ones it waits for
    m_handoff(c->id, ++c->handoffSerial, c->context, request);
}

void ServerConnections::settle(uint64_t connection, uint64_t serial, const CallContext &context,
                               std::optional<Response> response)
{
    Connection *c = find(connection);
    // Only the first answer to this very request counts.
    if (!c || !c->waiting || c->handoffSerial != serial)
        return;
    c->waiting = false;
    if (!c->socket)
        return;
    // What a request may change of its connection (authenticate, daemon.events).
    c->context.sessionId = context.sessionId;
    c->context.eventStream = context.eventStream;
    c->context.requestId = context.requestId;
    shareState();
    if (response)
        send(c, encode(*response));
    restartIdleDeadline(c);
    // Requests that arrived meanwhile are still buffered.
    readLater(c);
}

void ServerConnections::publish(const Json &event, const EventAudience &audience)
{
    bool streamsEnded = false;
    for (auto &owned : m_connections) {
        Connection *c = owned.get();
        if (!c->socket || !c->context.eventStream || !audience.includes(c->context.sessionId))
            continue;
        if (c->socket->bytesToWrite() > m_limits.maxPendingOutput / 2) {
            // The subscriber stopped reading: say so once, then end it.
            Event overflow{*c->context.eventStream, kEventMethod,
                           Json{{"type", "stream.overflow"}, {"ts", event.value("ts", std::string())}, {"seq", ++c->eventSeq}}};
            const std::string frame = encodeFrame(encode(overflow));
            c->socket->write(frame.data(), static_cast<qint64>(frame.size()));
            c->context.eventStream.reset(); // that was its last line
            streamsEnded = true;
            c->socket->disconnectFromServer();
            continue;
        }
        Json numbered = event;
        numbered["seq"] = ++c->eventSeq;
        send(c, encode(Event{*c->context.eventStream, kEventMethod, std::move(numbered)}));
        if (c->socket && audience.endsStreamOf && c->context.sessionId == audience.endsStreamOf) {
            c->context.eventStream.reset();
            streamsEnded = true;
            c->socket->flush();
            c->socket->disconnectFromServer();
        }
    }
    if (streamsEnded)
        shareState();
}

void ServerConnections::send(Connection *c, const std::string &payload)
{
    if (!c->socket)
        return;
    const std::string frame = encodeFrame(payload);
    c->socket->write(frame.data(), static_cast<qint64>(frame.size()));
    if (c->socket->bytesToWrite() > m_limits.maxPendingOutput) {
        // A client that does not read its answers is not allowed to make us
        // hold ever more memory for it.
        QLocalSocket *socket = c->socket;
        drop(c);
        socket->abort();
    }
}

void ServerConnections::drop(Connection *c)
{
    if (!c->socket)
        return;
    // Unhook now, free later: drop() can run deep inside a read of this very
    // connection (abort() reports the disconnect synchronously), and the
    // caller still holds `c`.
    QLocalSocket *socket = c->socket;
    c->socket = nullptr;
    c->idle->stop(); // deleted with the socket
    c->idle = nullptr;
    socket->disconnect(this);
    socket->deleteLater();
    shareState();
    QTimer::singleShot(0, this, [this, c] {
        auto it = std::find_if(m_connections.begin(), m_connections.end(), [c](const auto &p) { return p.get() == c; });
        if (it != m_connections.end())
            m_connections.erase(it);
        shareState();
    });
}

ServerConnections::Connection *ServerConnections::find(uint64_t id) const
{
    for (const auto &c : m_connections)
        if (c->id == id)
            return c.get();
    return nullptr;
}

void ServerConnections::shareState()
{
    std::multiset<std::string> followers;
    for (const auto &c : m_connections)
        if (c->socket && c->context.eventStream && c->context.sessionId)
            followers.insert(*c->context.sessionId);
    std::lock_guard lock(m_shared.mutex);
    m_shared.followers.swap(followers);
    m_shared.connections = static_cast<int>(m_connections.size());
}

} // namespace dt::rpc
