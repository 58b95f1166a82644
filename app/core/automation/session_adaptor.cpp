// The workspace's sessions as the dispatcher asks for them (see the
// header). Whether a caller runs in the terminal is rpc/server's rule.

#include "app/core/automation/session_adaptor.h"

#include "rpc/server/peer_provenance.h"
#include "terminal/terminal_session.h"

namespace dt::app {

using dt::rpc::Error;
namespace code = dt::rpc::code;

std::variant<pid_t, Error> SessionAdaptor::sessionShell(const std::string &sessionId, const std::optional<std::string> &capability)
{
    const Workspace::Pane *pane = m_workspace.terminalOfSession(QString::fromStdString(sessionId));
    if (capability) {
        // The same answer for an unknown session and a wrong capability: no
        // existence oracle.
        if (!pane || !pane->identity.acceptsCapability(QString::fromStdString(*capability)))
            return Error{code::Unauthorized, dt::rpc::kInvalidCredentials};
    }
    if (!pane || pane->exited || !pane->session || !pane->session->isRunning())
        return Error{code::Unauthorized, "session closed"};
    return pane->session->process().pid();
}

std::string SessionAdaptor::role(const std::string &sessionId)
{
    const Workspace::Pane *pane = m_workspace.terminalOfSession(QString::fromStdString(sessionId));
    return pane ? pane->role.toStdString() : std::string("agent");
}

bool SessionAdaptor::hasOrchestrationGrant(const std::string &sessionId)
{
    const Workspace::Pane *pane = m_workspace.terminalOfSession(QString::fromStdString(sessionId));
    return pane && m_workspace.hasOrchestrationGrant(pane->id);
}

} // namespace dt::app
