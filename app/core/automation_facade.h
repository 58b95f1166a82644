#pragma once

#include "rpc/server/automation_port.h"
#include "workspace.h"

namespace dt::app {

// The automation server's view of the workspace: authentication against the
// sessions' capabilities and terminals, and the queries the handlers need.
// Runs on the GUI thread, like the server.
class AutomationFacade : public dt::rpc::AutomationPort {
public:
    explicit AutomationFacade(Workspace &workspace) : m_workspace(workspace) {}

    std::optional<dt::rpc::Error> authenticate(const std::string &sessionId, const std::string &capability,
                                               pid_t peerPid) override;
    std::optional<dt::rpc::Error> recheck(const std::string &sessionId, pid_t peerPid) override;
    std::string role(const std::string &sessionId) override;

    std::vector<dt::rpc::TabRow> tabRows(const std::optional<std::string> &caller) override;
    std::vector<dt::rpc::WindowRow> windowRows(const std::optional<std::string> &caller, bool all) override;
    std::optional<dt::rpc::TabInfo> tabInfo(const std::string &caller) override;

private:
    const Workspace::Pane *paneBySession(const std::string &sessionId) const;
    std::optional<dt::rpc::Error> checkProvenance(const Workspace::Pane &pane, pid_t peerPid) const;

    Workspace &m_workspace;
};

} // namespace dt::app
