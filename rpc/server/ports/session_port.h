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

// Sessions: who a caller is (its capability, and that it runs in its
// session's terminal) and what it may do. The dispatcher's port: it checks
// these before any handler runs.
class SessionPort {
public:
    virtual ~SessionPort() = default;

    // Checks a session's capability and that `peerPid` runs in that
    // session's terminal (or descends from a process that does). An error
    // (unauthorized, not ready) or nothing.
    virtual std::optional<Error> authenticate(const std::string &sessionId, const std::string &capability,
                                              pid_t peerPid) = 0;
    // The same provenance check again, for every scoped request: the session
    // may have closed, or the caller may have left the terminal.
    virtual std::optional<Error> recheck(const std::string &sessionId, pid_t peerPid) = 0;
    // The role of an authenticated session ("agent", "orchestrator").
    virtual std::string role(const std::string &sessionId) = 0;

    // Whether the GUI has granted this session orchestration, now.
    virtual bool hasOrchestrationGrant(const std::string &sessionId) = 0;
};

} // namespace dt::rpc
