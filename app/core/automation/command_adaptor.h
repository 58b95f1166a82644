#pragma once

// The command family of the automation port over the workspace: commands a
// tab's shell reported (shell integration), run and waited on without
// polling. A wait is a small record here, finished when the terminal's
// command log says so, at its timeout, or when the authority it ran under
// ends (the tab closes or turns private, the grant goes).

#include "app/core/automation/support.h"
#include "app/core/workspace.h"
#include "rpc/server/ports/command_port.h"
#include "rpc/server/ports/orchestration_port.h"

#include <QObject>

#include <list>
#include <memory>

namespace dt::terminal {
class TerminalSession;
}

namespace dt::app {

class CommandAdaptor : public dt::rpc::CommandPort {
public:
    // Typing goes through `typist` (the orchestration family): queued with
    // other typing into that terminal, and audited the same way.
    CommandAdaptor(Workspace &workspace, dt::rpc::OrchestrationPort &typist);
    ~CommandAdaptor() override;

    void runCommand(const std::string &caller, Handle tab, const std::string &command, int64_t timeoutMillis,
                    size_t maxBytes, bool queue, CommandAnswer done) override;
    void runInNewTab(const std::string &caller, Handle tab, const std::string &command, int64_t timeoutMillis,
                     size_t maxBytes, CommandAnswer done) override;
    void waitCommand(const std::string &caller, Handle tab, int64_t timeoutMillis, size_t maxBytes,
                     CommandAnswer done) override;
    std::variant<std::vector<dt::rpc::CommandInfo>, dt::rpc::Error> commands(const std::string &caller, Handle tab,
                                                                             int limit) override;
    std::variant<dt::rpc::CommandInfo, dt::rpc::Error> commandOutput(const std::string &caller, Handle tab,
                                                                     std::optional<uint64_t> command,
                                                                     size_t maxBytes) override;

private:
    // What a wait or a pending run holds on to: whose it is, under which
    // authority, and which tab and terminal it is about.
    struct Claim;
    struct Waiter;
    struct PendingRun;
    // What lets the caller run a command in the tab: its orchestration
    // grant (checked again whenever it could have ended), or having opened
    // the tab itself just now.
    enum class Authority { Grant, OpenedTab };
    void run(const std::string &caller, Handle tab, const std::string &command, int64_t timeoutMillis, size_t maxBytes,
             bool queue, CommandAnswer done, Authority authority);
    // Types `command` once the tab's shell shows a prompt, within `budget`
    // (the timeout, or a shell's start-up time), then runs it.
    void runAtNextPrompt(const std::string &caller, Handle tab, const std::string &command, int64_t timeoutMillis,
                         int64_t budget, size_t maxBytes, bool queue, CommandAnswer done, Authority authority);
    // A run typed its command into the pane and the shell has not taken it
    // yet: nothing else may be typed there until it does.
    bool claimed(PaneId pane) const;
    // Waits for the first record after `afterId` in the tab's primary
    // terminal to finish.
    void wait(const std::string &caller, TabId tab, uint64_t afterId, int64_t timeoutMillis, size_t maxBytes,
              CommandAnswer done, Authority authority, std::optional<uint64_t> promptsWhenTyped = std::nullopt);
    void check(PaneId pane);
    // The tab's terminal when the caller may read its commands (its own
    // tab, or any with a grant); `what` names them in the refusal.
    std::variant<dt::terminal::TerminalSession *, dt::rpc::Error> readableTerminal(const std::string &caller, Handle tab,
                                                                                  const char *what) const;
    void end(const std::shared_ptr<Waiter> &waiter, std::variant<dt::rpc::CommandInfo, dt::rpc::Error> answer);
    // Ends every wait and pending run that `why` gives a reason for.
    void endWhere(const std::function<std::optional<dt::rpc::Error>(const Claim &)> &why);
    // Takes a pending run out (its connection and timer end); its answer.
    CommandAnswer takePending(const std::shared_ptr<PendingRun> &run);

    Workspace &m_workspace;
    dt::rpc::OrchestrationPort &m_typist;
    std::list<std::shared_ptr<Waiter>> m_waiters;
    std::list<std::shared_ptr<PendingRun>> m_pendingRuns; // waiting for a free prompt
    std::unique_ptr<QObject> m_context; // our connections and timers end with us
};

} // namespace dt::app
