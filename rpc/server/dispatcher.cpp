// Routes each request to its handler after checking its scope (authenticated session, still-running peer,
// orchestration grant), handles ping, capabilities, events and authenticate, and turns throws into errors.

#include "rpc/server/dispatcher.h"

#include "rpc/contract/wire_version.h"

#include <cctype>
#include <stdexcept>
#include <unistd.h>

namespace dt::rpc {

namespace {

bool peerStillConnected(const CallContext &context)
{
    return context.peer && context.peer->stillRunning();
}

// Whoever holds a connection whose connecting process has exited may not
// borrow the identity of the next process that gets the same pid.
Error peerGone()
{
    return Error{code::Unauthorized,
                 "the process that opened this connection has exited; connect again from the shell in the tab"};
}

// A UUID (8-4-4-4-12 hex digits) in lower case, or nothing.
std::optional<std::string> canonicalSessionId(std::string id)
{
    if (id.size() != 36)
        return std::nullopt;
    for (size_t i = 0; i < id.size(); ++i) {
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? id[i] != '-' : !std::isxdigit(static_cast<unsigned char>(id[i])))
            return std::nullopt;
        id[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(id[i])));
    }
    return id;
}

} // namespace

Dispatcher::Dispatcher(SessionPort &port) : m_port(port)
{
    add(method::DaemonPing, [](CallContext &, const Json &) -> HandlerResult {
        return Json{{"pid", static_cast<int64_t>(::getpid())}, {"version", kWireVersion}};
    });
    add(method::DaemonCapabilities, [this](CallContext &c, const Json &) -> HandlerResult {
        Json out{{"allowedMethods", allowedMethods(c)}, {"wireVersion", kWireVersion}};
        // Optional keys are left out rather than sent as null.
        if (c.sessionId)
            out["role"] = m_port.role(*c.sessionId);
        return out;
    });
    // The event stream: the answer acknowledges it, and events follow as
    // evt frames carrying this request's id (see AutomationServer::publish).
    add(method::DaemonEvents, [](CallContext &c, const Json &) -> HandlerResult {
        c.eventStream = c.requestId;
        return Json{{"ok", true}};
    });
    // Intercepted here rather than in a handler: it changes the connection.
    add(method::SessionAuthenticate, [this](CallContext &c, const Json &params) { return authenticate(c, params); });
}

void Dispatcher::add(const MethodSpec &method, Handler handler)
{
    if (const MethodSpec *known = findMethod(method.name); known && known->scope != method.scope)
        throw std::logic_error("the contract gives " + std::string(method.name) + " another scope");
    m_methods[std::string(method.name)] = Entry{method.scope, std::move(handler)};
}

void Dispatcher::addFastAnswer(const MethodSpec &method, FastAnswer answer)
{
    // Other scopes check the session through the port, on the GUI thread;
    // and a fast answer only ever stands in for a handler.
    const auto it = m_methods.find(std::string(method.name));
    if (method.scope != Scope::DaemonWide || it == m_methods.end() || it->second.scope != Scope::DaemonWide)
        throw std::logic_error(std::string(method.name) + " has no daemon-wide handler to answer for");
    m_fast[std::string(method.name)] = std::move(answer);
}

std::vector<std::string> Dispatcher::registeredMethods() const
{
    std::vector<std::string> out;
    for (const auto &entry : m_methods)
        out.push_back(entry.first);
    return out;
}

HandlerResult Dispatcher::authenticate(CallContext &context, const Json &params)
{
    const auto decoded = decode<SessionAuthenticateParams>(params);
    if (const auto *error = std::get_if<Error>(&decoded))
        return *error;
    const SessionAuthenticateParams &p = std::get<SessionAuthenticateParams>(decoded);
    // Re-authenticating replaces what the connection had (last write wins).
    context.sessionId.reset();
    // The one place ids are normalised: everything after this (scopes,
    // event routing, handlers) sees the canonical lower-case form.
    const std::optional<std::string> sessionId = canonicalSessionId(p.sessionId);
    if (!sessionId)
        return Error{code::InvalidParams, "sessionId must be a UUID"};
    if (!peerStillConnected(context))
        return peerGone();
    if (auto error = checkSession(*sessionId, p.cap, context.peerPid))
        return *error;
    // The port read /proc by pid: that was about our peer only if it still
    // ran afterwards.
    if (!peerStillConnected(context))
        return peerGone();
    context.sessionId = *sessionId;
    return Json{{"ok", true}};
}

std::optional<Error> Dispatcher::checkSession(const std::string &sessionId, const std::optional<std::string> &capability,
                                             pid_t peer)
{
    const auto shell = m_port.sessionShell(sessionId, capability);
    if (const auto *error = std::get_if<Error>(&shell))
        return *error;
    return m_provenance(std::get<pid_t>(shell), peer);
}

std::optional<Error> Dispatcher::checkScope(CallContext &context, Scope scope)
{
    switch (scope) {
    case Scope::DaemonWide:
        return std::nullopt;
    case Scope::Session:
    case Scope::Orchestration:
        if (!context.sessionId)
            return Error{code::Unauthorized, "not authenticated: run this from a shell inside a deviceterm tab"};
        std::optional<Error> error;
        if (!peerStillConnected(context))
            error = peerGone();
        else if ((error = checkSession(*context.sessionId, std::nullopt, context.peerPid)); !error && !peerStillConnected(context))
            error = peerGone();
        if (error) {
            context.sessionId.reset();
            return error;
        }
        if (scope == Scope::Orchestration && !m_port.hasOrchestrationGrant(*context.sessionId))
            return Error{code::RoleViolation,
                         "this session has no live orchestration grant; open an orchestrator tab in the deviceterm GUI"};
        return std::nullopt;
    }
    return Error{code::ServerError, "unknown scope"};
}

std::vector<std::string> Dispatcher::allowedMethods(const CallContext &context)
{
    std::vector<std::string> out;
    CallContext probe = context; // checking must not change the connection
    for (const auto &[name, entry] : m_methods) {
        if (!checkScope(probe, entry.scope))
            out.push_back(name);
        probe.sessionId = context.sessionId;
    }
    return out; // std::map keeps them sorted
}

Response Dispatcher::responseTo(uint32_t id, std::variant<Json, Error> answer)
{
    Response response;
    response.id = id;
    if (auto *error = std::get_if<Error>(&answer))
        response.error = *error;
    else
        response.result = std::get<Json>(std::move(answer));
    return response;
}

std::variant<Response, Dispatcher::Deferred> Dispatcher::dispatch(CallContext &context, const Request &request)
{
    Response response;
    response.id = request.id.value_or(0);
    auto it = m_methods.find(request.method);
    if (it == m_methods.end()) {
        response.error = Error{code::MethodNotFound, "Method not found: " + request.method};
        return response;
    }
    if (auto error = checkScope(context, it->second.scope)) {
        response.error = *error;
        return response;
    }
    context.requestId = response.id;
    try {
        HandlerResult r = it->second.handler(context, request.params);
        if (auto *later = std::get_if<Later>(&r))
            return Deferred{response.id, std::move(*later)};
        if (auto *error = std::get_if<Error>(&r))
            response.error = *error;
        else
            response.result = std::get<Json>(std::move(r));
    } catch (const Json::exception &e) {
        // nlohmann throws on wrong types in params: the caller's mistake.
        response.error = Error{code::InvalidParams, std::string("invalid params: ") + e.what()};
    } catch (const std::exception &e) {
        response.error = Error{code::ServerError, std::string("internal: ") + e.what()};
    }
    return response;
}

} // namespace dt::rpc
