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
#include "rpc/server/ports/port_types.h"

namespace dt::rpc {

// Another tab's contents, for sessions the GUI granted orchestration (the
// dispatcher checks the grant; tabs are resolved by the workspace port).
class OrchestrationPort {
public:
    virtual ~OrchestrationPort() = default;

    // Types `bytes` into the tab's primary terminal (a newline as Enter),
    // at once or, with a positive delay, one grapheme per step behind any
    // typing already queued for that terminal.
    virtual std::optional<Error> sendInput(const std::string &caller, Handle tab, const std::string &bytes,
                                           int typeDelayMillis) = 0;
    // The tab's primary terminal: its visible rows, after the last
    // `scrollbackLines` lines of history.
    virtual std::variant<std::string, Error> capture(Handle tab, int scrollbackLines) = 0;

};

} // namespace dt::rpc
