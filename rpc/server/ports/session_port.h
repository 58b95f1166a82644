#pragma once

#include "rpc/contract/envelope.h"
#include "rpc/contract/errors.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <sys/types.h>
#include <variant>
#include <vector>

namespace dt::rpc {

// Sessions: which terminal a caller claims (its capability names it) and
// what it may do. Whether the caller really runs in that terminal is
// rpc/server's own check (peer_provenance). The dispatcher's port: it checks
// these before any handler runs.
class SessionPort {
public:
    virtual ~SessionPort() = default;

    // The shell of a session's running terminal, for the provenance check
    // the dispatcher makes (on authentication and again on every scoped
    // request). With `capability` (authentication) only when it is the
    // session's; an unknown session and a wrong capability give the same
    // unauthorized answer. A closed session: unauthorized, "session closed".
    virtual std::variant<pid_t, Error> sessionShell(const std::string &sessionId,
                                                    const std::optional<std::string> &capability) = 0;
    // The role of an authenticated session ("agent", "orchestrator").
    virtual std::string role(const std::string &sessionId) = 0;

    // Whether the GUI has granted this session orchestration, now.
    virtual bool hasOrchestrationGrant(const std::string &sessionId) = 0;
};

} // namespace dt::rpc
