#include "dispatcher.h"

#include "rpc/contract/version.h"

#include <unistd.h>

namespace dt::rpc {

Dispatcher::Dispatcher(AutomationPort &port) : m_port(port)
{
    add("daemon.ping", Scope::DaemonWide, [](CallContext &, const Json &) -> HandlerResult {
        return Json{{"pid", static_cast<int64_t>(::getpid())}, {"version", kWireVersion}};
    });
    add("daemon.capabilities", Scope::DaemonWide, [this](CallContext &c, const Json &) -> HandlerResult {
        Json out{{"allowedMethods", allowedMethods(c)}, {"wireVersion", kWireVersion}};
        // Optional keys are left out rather than sent as null.
        if (c.sessionId)
            out["role"] = m_port.role(*c.sessionId);
        return out;
    });
    // The event stream: the answer acknowledges it, and events follow as
    // evt frames carrying this request's id (see AutomationServer::publish).
    add("daemon.events", Scope::Session, [](CallContext &c, const Json &) -> HandlerResult {
        c.eventStream = c.requestId;
        return Json{{"ok", true}};
    });
    // Intercepted here rather than in a handler: it changes the connection.
    add("session.authenticate", Scope::DaemonWide,
        [this](CallContext &c, const Json &params) { return authenticate(c, params); });
}

void Dispatcher::add(const std::string &method, Scope scope, Handler handler)
{
    m_methods[method] = Entry{scope, std::move(handler)};
}

HandlerResult Dispatcher::authenticate(CallContext &context, const Json &params)
{
    const auto sid = params.find("sessionId");
    const auto cap = params.find("cap");
    if (sid == params.end() || !sid->is_string() || cap == params.end() || !cap->is_string())
        return Error{code::InvalidParams, "session.authenticate needs sessionId and cap"};
    // Re-authenticating replaces what the connection had (last write wins).
    context.sessionId.reset();
    if (auto error = m_port.authenticate(sid->get<std::string>(), cap->get<std::string>(), context.peerPid))
        return *error;
    context.sessionId = sid->get<std::string>();
    return Json{{"ok", true}};
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
        if (auto error = m_port.recheck(*context.sessionId, context.peerPid)) {
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

Response Dispatcher::dispatch(CallContext &context, const Request &request)
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
