#pragma once

// What every family port shares: opaque handles to the application's
// objects, as resolve*() hands them out.

#include "rpc/contract/errors.h"

#include <cstdint>
#include <variant>

namespace dt::rpc {

// An object (window, tab, terminal, device pane) a resolve*() found. Only
// the port that made it knows what it names.
using Handle = uint64_t;
// A reference resolved: its handle, or why not (intent.notFound for foreign
// and unknown objects alike, intent.ambiguous for several matches).
using Resolved = std::variant<Handle, Error>;

} // namespace dt::rpc
