// Authentication and provenance against the workspace's sessions (see the
// header). The provenance rule itself (which processes belong to a
// terminal) is rpc/server's; this only supplies the terminal.

#include "app/core/automation/session_adaptor.h"

#include "rpc/server/peer_provenance.h"
#include "terminal/terminal_session.h"

namespace dt::app {

using dt::rpc::Error;
namespace code = dt::rpc::code;

namespace {
// One wording for an unknown session, a wrong cap and a caller outside the
// session's terminal: the answer must not tell which of them it was.
constexpr const char *kInvalidCredentials = "invalid sessionId or cap";

std::optional<Error> checkProvenance(const Workspace::Pane &pane, pid_t peerPid)
{
    if (pane.exited || !pane.session || !pane.session->isRunning())
        return Error{code::Unauthorized, "session closed"};
    const auto anchor = dt::rpc::anchorForShell(pane.session->process().pid());
    if (!anchor)
        return Error{code::NotReady, "session terminal not yet bound; retry shortly"};
    if (!dt::rpc::belongsToTerminal(peerPid, *anchor))
        return Error{code::Unauthorized, kInvalidCredentials}; // the same words as a wrong cap
    return std::nullopt;
}
} // namespace

std::optional<Error> SessionAdaptor::authenticate(const std::string &sessionId, const std::string &capability, pid_t peerPid)
{
    const Workspace::Pane *pane = m_workspace.terminalOfSession(QString::fromStdString(sessionId));
    // The same answer for an unknown session and a wrong capability: no
    // existence oracle.
    if (!pane || !pane->identity.acceptsCapability(QString::fromStdString(capability)))
        return Error{code::Unauthorized, kInvalidCredentials};
    return checkProvenance(*pane, peerPid);
}

std::optional<Error> SessionAdaptor::recheck(const std::string &sessionId, pid_t peerPid)
{
    const Workspace::Pane *pane = m_workspace.terminalOfSession(QString::fromStdString(sessionId));
    if (!pane)
        return Error{code::Unauthorized, "session closed"};
    return checkProvenance(*pane, peerPid);
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
