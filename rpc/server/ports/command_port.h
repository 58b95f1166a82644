#pragma once

// Commands a terminal's shell ran (shell integration): run one and answer
// with its record when it finishes, wait for the running one, read the
// records and one command's output. Waits answer later, through `done`, on
// the GUI thread; nothing here blocks.

#include "rpc/contract/command_params.h"
#include "rpc/contract/errors.h"
#include "rpc/server/ports/port_types.h"

#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace dt::rpc {

class CommandPort {
public:
    virtual ~CommandPort() = default;

    using CommandAnswer = std::function<void(std::variant<CommandInfo, Error>)>;
    // Refused at once (intent.notIntegrated, intent.busy, notFound) or
    // answered when the command finishes; intent.timeout after
    // `timeoutMillis` (0: the daily limit), the command left running.
    // `queue`: a busy tab is waited for (within the same timeout) instead
    // of refused.
    virtual void runCommand(const std::string &caller, Handle tab, const std::string &command, int64_t timeoutMillis,
                            size_t maxBytes, bool queue, CommandAnswer done) = 0;
    // The caller just opened `tab` (tab.open with wait): runs `command` at
    // its shell's first prompt and answers as runCommand does. No grant is
    // needed: it is the caller's own new tab. A shell that reports no
    // commands gets the command typed anyway, and the answer says it cannot
    // be waited on (intent.notIntegrated).
    virtual void runInNewTab(const std::string &caller, Handle tab, const std::string &command, int64_t timeoutMillis,
                             size_t maxBytes, CommandAnswer done) = 0;
    virtual void waitCommand(const std::string &caller, Handle tab, int64_t timeoutMillis, size_t maxBytes,
                             CommandAnswer done) = 0;
    // Only the caller's own tab, unless it holds an orchestration grant.
    virtual std::variant<std::vector<CommandInfo>, Error> commands(const std::string &caller, Handle tab, int limit) = 0;
    virtual std::variant<CommandInfo, Error> commandOutput(const std::string &caller, Handle tab,
                                                           std::optional<uint64_t> command, size_t maxBytes) = 0;
};

} // namespace dt::rpc
