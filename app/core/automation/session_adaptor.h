#pragma once

// The session family of the automation port over the workspace: a caller's
// capability, that it runs in its session's terminal, its role and grant.

#include "app/core/workspace.h"
#include "rpc/server/ports/session_port.h"

namespace dt::app {

class SessionAdaptor : public dt::rpc::SessionPort {
public:
    explicit SessionAdaptor(Workspace &workspace) : m_workspace(workspace) {}

    std::optional<dt::rpc::Error> authenticate(const std::string &sessionId, const std::string &capability,
                                               pid_t peerPid) override;
    std::optional<dt::rpc::Error> recheck(const std::string &sessionId, pid_t peerPid) override;
    std::string role(const std::string &sessionId) override;
    bool hasOrchestrationGrant(const std::string &sessionId) override;

private:
    Workspace &m_workspace;
};

} // namespace dt::app
