// The automation server's two threads (see the header): its own, which holds the sockets, and the one that
// made it, which dispatches; what each hands the other, and how the server's thread starts and stops.

#include "rpc/server/automation_server.h"

#include <future>
#include <utility>

namespace dt::rpc {

AutomationServer::AutomationServer(Dispatcher &dispatcher, QObject *parent)
    : AutomationServer(dispatcher, Limits{}, parent)
{
}

AutomationServer::AutomationServer(Dispatcher &dispatcher, Limits limits, QObject *parent)
    : QObject(parent), m_dispatcher(dispatcher), m_limits(limits)
{
    m_thread.setObjectName(QStringLiteral("automation"));
}

AutomationServer::~AutomationServer()
{
    m_toOwner.close(); // answers still on their way find nobody to go to
    if (!m_connections)
        return;
    stopServerThread([](ServerConnections &server) { server.shutdown(); });
}

void AutomationServer::stopServerThread(const std::function<void(ServerConnections &)> &last)
{
    // The sockets close on the thread they live on; then the object comes
    // back to this one, to be freed once its thread is gone. The thread
    // ends its own loop: quit() from here would wake a loop that may
    // already be closing its wake-up descriptor.
    // The promise hands what that thread did over to this one in a way
    // ThreadSanitizer sees (it does not see Qt's own locks).
    std::promise<void> done;
    toServer([&last, &done, owner = thread()](ServerConnections &server) {
        last(server);
        server.moveToThread(owner);
        QThread::currentThread()->quit();
        done.set_value();
    });
    done.get_future().wait();
    m_thread.wait();
    m_connections.reset();
}

bool AutomationServer::listen(const QString &path, QString *error)
{
    if (m_connections) {
        if (error)
            *error = QStringLiteral("already listening on %1").arg(m_path);
        return false;
    }
    auto handoff = [this](uint64_t connection, uint64_t serial, CallContext context, Request request) {
        m_toOwner.post([this, connection, serial, context = std::move(context), request = std::move(request)] {
            dispatch(connection, serial, context, request);
        });
    };
    m_connections = std::make_unique<ServerConnections>(m_limits, m_dispatcher.fastAnswers(), std::move(handoff),
                                                        m_shared);
    m_connections->moveToThread(&m_thread);
    m_thread.start();
    std::promise<std::pair<bool, QString>> listening;
    toServer([&listening, path](ServerConnections &server) {
        QString why;
        const bool ok = server.listen(path, &why);
        listening.set_value({ok, why});
    });
    auto [ok, why] = listening.get_future().get();
    if (!ok) {
        // Stopped again, so that another path can be tried.
        stopServerThread([](ServerConnections &) {});
        if (error)
            *error = why;
        return false;
    }
    m_path = path;
    return true;
}

void AutomationServer::toServer(std::function<void(ServerConnections &)> task)
{
    ServerConnections *server = m_connections.get();
    if (!server)
        return;
    // Run by that server's own loop, so `server` is alive whenever it runs.
    server->inbox()->post([server, task = std::move(task)] { task(*server); });
}

void AutomationServer::dispatch(uint64_t connection, uint64_t serial, CallContext context, const Request &request)
{
    auto outcome = m_dispatcher.dispatch(context, request);
    const bool wantsReply = request.id.has_value(); // notifications get no reply
    auto *deferred = std::get_if<Dispatcher::Deferred>(&outcome);
    if (!deferred) {
        std::optional<Response> response;
        if (wantsReply)
            response = std::get<Response>(std::move(outcome));
        toServer([connection, serial, context, response = std::move(response)](ServerConnections &server) mutable {
            server.settle(connection, serial, context, std::move(response));
        });
        return;
    }
    // May come after this object is gone: the server's inbox outlives it
    // for as long as the answer holds it, and drops what comes too late.
    ServerConnections *server = m_connections.get();
    deferred->later.start([inbox = server->inbox(), server, connection, serial, context, id = deferred->id,
                           wantsReply](std::variant<Json, Error> answer) {
        std::optional<Response> response;
        if (wantsReply)
            response = Dispatcher::responseTo(id, std::move(answer));
        inbox->post([server, connection, serial, context, response = std::move(response)]() mutable {
            server->settle(connection, serial, context, std::move(response));
        });
    });
}

void AutomationServer::publish(const Json &event, const EventAudience &audience)
{
    toServer([event, audience](ServerConnections &server) { server.publish(event, audience); });
}

bool AutomationServer::followsEvents(const std::string &sessionId) const
{
    std::lock_guard lock(m_shared.mutex);
    return m_shared.followers.count(sessionId) > 0;
}

} // namespace dt::rpc
