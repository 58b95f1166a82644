#pragma once

// What `tab run` and `tab wait` share: reading --timeout and --max-bytes,
// and turning a command record into output and an exit status.

#include "app/cli/cli.h"

#include <cstdint>
#include <optional>

namespace dt::cli {

// --timeout SECONDS (fractions allowed) and --max-bytes N; false (with a
// message) when malformed. Also lets the call take that long and a margin,
// or as long as it takes without --timeout.
bool readWaitOptions(Context &c, int64_t &timeoutMillis, size_t &maxBytes);

// Prints a command's record (its output for people, the record with
// --json) and answers the exit status to leave with: the command's own, 1
// when it has none, 124 after the timeout, 1 on any other error.
int finishCommandReply(Context &c, const std::optional<Json> &record);

} // namespace dt::cli
