#pragma once

// The session family of the automation port over the workspace: the
// terminal a session id and capability name, its role and grant.

#include "app/core/workspace.h"
#include "rpc/server/ports/session_port.h"

namespace dt::app {

class SessionAdaptor : public dt::rpc::SessionPort {
public:
    explicit SessionAdaptor(Workspace &workspace) : m_workspace(workspace) {}

    std::variant<pid_t, dt::rpc::Error> sessionShell(const std::string &sessionId,
                                                     const std::optional<std::string> &capability) override;
    std::string role(const std::string &sessionId) override;
    bool hasOrchestrationGrant(const std::string &sessionId) override;

private:
    Workspace &m_workspace;
};

} // namespace dt::app
