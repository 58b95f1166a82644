#pragma once

#include "rpc/contract/envelope.h"
#include "rpc/contract/errors.h"
#include "rpc/contract/workspace_shapes.h"

#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace dt::rpc {

// What the server needs from the application, and all it may touch of it:
// the one seam between rpc/server and app/core (which implements it), so
// the server never sees a window, tab or terminal, and its tests use a fake.
class AutomationPort {
public:
    virtual ~AutomationPort() = default;

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

    // Queries. `caller` is the authenticated session, if any: it decides
    // `current` flags and what "my window" means.
    virtual std::vector<TabRow> tabRows(const std::optional<std::string> &caller) = 0;
    virtual std::vector<WindowRow> windowRows(const std::optional<std::string> &caller, bool all) = 0;
    virtual std::optional<TabInfo> tabInfo(const std::string &caller) = 0;
};

} // namespace dt::rpc
