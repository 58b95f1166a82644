#pragma once

#include "rpc/server/automation_port.h"
#include "rpc/server/peer_provenance.h"
#include "rpc/contract/envelope.h"
#include "rpc/contract/methods.h"
#include "rpc/contract/params.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace dt::rpc {

// The caller of one request, as the connection knows it.
struct CallContext {
    pid_t peerPid = 0;
    uid_t peerUid = 0;
    // The process that connected: its pid means something only while it
    // still runs. Absent (tests that build a context by hand): no caller
    // can authenticate.
    std::shared_ptr<const PeerProcess> peer;
    std::optional<std::string> sessionId; // after session.authenticate
    uint32_t requestId = 0; // of the request being handled
    std::optional<uint32_t> eventStream; // set by daemon.events: the stream's id
};

// An answer that is not ready yet: work that must not run on the GUI thread
// (D-Bus, AT-SPI) answers through `start`'s callback once it is done. The
// server calls `start` with a function that sends the answer (once, from
// any thread; after the connection or the server is gone it does nothing),
// and reads no further request of that connection until then, so answers
// stay in order.
using Answer = std::function<void(std::variant<Json, Error>)>;
struct Later {
    std::function<void(Answer)> start;
};
using HandlerResult = std::variant<Json, Error, Later>;
using Handler = std::function<HandlerResult(CallContext &, const Json &params)>;

// Routes requests to handlers by method name, enforcing scopes first, and
// turns anything a handler throws into an error response.
class Dispatcher {
public:
    explicit Dispatcher(SessionPort &port);

    // Registers a handler under a method of the contract (rpc/contract/
    // methods.h), with the scope the contract gives it. A name the contract
    // has with another scope is a programming error (std::logic_error);
    // names it lacks are for tests.
    void add(const MethodSpec &method, Handler handler);
    // The same for a method with typed parameters (rpc/contract/params.h):
    // the handler gets them decoded; what does not decode is answered with
    // the contract's error before the handler runs.
    template <class P, class F>
    void add(F handler)
    {
        add(P::kMethod, [handler = std::move(handler)](CallContext &context, const Json &json) -> HandlerResult {
            Decoded<P> params = decode<P>(json);
            if (auto *error = std::get_if<Error>(&params))
                return *error;
            return handler(context, std::get<P>(params));
        });
    }
    // A second way to answer a daemon-wide method already added: on the
    // server's own thread, beside the GUI thread, from state published for
    // it under a lock of its own (a RosterBoard), never through the ports.
    // It gives nothing when that state is not fresh, and the method's own
    // handler answers on the GUI thread as usual.
    using FastAnswer = std::function<std::optional<std::variant<Json, Error>>(const CallContext &, const Json &params)>;
    void addFastAnswer(const MethodSpec &method, FastAnswer answer);
    template <class P, class F>
    void addFastAnswer(F answer)
    {
        addFastAnswer(P::kMethod, [answer = std::move(answer)](const CallContext &context,
                                                               const Json &json) -> std::optional<std::variant<Json, Error>> {
            Decoded<P> params = decode<P>(json);
            if (auto *error = std::get_if<Error>(&params))
                return *error;
            return answer(context, std::get<P>(params));
        });
    }
    // The fast answers, copied for the server's thread when it starts.
    std::map<std::string, FastAnswer> fastAnswers() const { return m_fast; }
    // Every registered method, sorted.
    std::vector<std::string> registeredMethods() const;
    // The response to one request (for notifications the result is dropped),
    // or the work that will produce it (see Later).
    struct Deferred {
        uint32_t id = 0;
        Later later;
    };
    std::variant<Response, Deferred> dispatch(CallContext &context, const Request &request);
    // The response a deferred request's answer makes.
    static Response responseTo(uint32_t id, std::variant<Json, Error> answer);
    // The methods this caller may call right now, sorted.
    std::vector<std::string> allowedMethods(const CallContext &context);
    // Whether `peer` runs in the terminal whose shell is `shell`: by default
    // checkTerminalProvenance (/proc); tests of other layers substitute it.
    using ProvenanceCheck = std::function<std::optional<Error>(pid_t shell, pid_t peer)>;
    void setProvenanceCheck(ProvenanceCheck check) { m_provenance = std::move(check); }

private:
    struct Entry {
        Scope scope;
        Handler handler;
    };
    std::optional<Error> checkScope(CallContext &context, Scope scope);
    HandlerResult authenticate(CallContext &context, const Json &params);

    // The session's terminal and the provenance rule: an error, or nothing.
    std::optional<Error> checkSession(const std::string &sessionId, const std::optional<std::string> &capability,
                                      pid_t peer);

    SessionPort &m_port;
    ProvenanceCheck m_provenance = checkTerminalProvenance;
    std::map<std::string, Entry> m_methods;
    std::map<std::string, FastAnswer> m_fast;
};

} // namespace dt::rpc
