#pragma once

// The orchestration family of the automation port over the workspace:
// typing into another tab (queued per terminal, audited before it is sent)
// and reading its screen.

#include "app/core/automation/support.h"
#include "app/core/workspace.h"
#include "rpc/server/ports/orchestration_port.h"

#include <functional>

namespace dt::app {

class OrchestrationAdaptor : public dt::rpc::OrchestrationPort {
public:
    explicit OrchestrationAdaptor(Workspace &workspace);

    std::optional<dt::rpc::Error> sendInput(const std::string &caller, Handle tab, const std::string &bytes,
                                            int typeDelayMillis) override;
    std::variant<std::string, dt::rpc::Error> capture(Handle tab, int scrollbackLines) override;

    // Where send-input is recorded (default: dt::audit::defaultPath()).
    void setAuditLogPath(std::string path) { m_auditLogPath = std::move(path); }

private:
    Workspace &m_workspace;
    std::string m_auditLogPath;
};

// Withdraws queued typing whose source session `matches`, from the
// terminals of `targetTab` (0: every terminal): when the source's
// authority ends (its terminal goes, its grant is revoked, the target
// turns private).
void cancelTyping(Workspace &workspace, const std::function<bool(const QString &source)> &matches, TabId targetTab = 0);

} // namespace dt::app
