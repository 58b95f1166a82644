#pragma once

// The automation server's bounds on what clients may hold: places,
// frames per turn, unsent output and idle time.

#include <cstdint>

namespace dt::rpc {

struct AutomationLimits {
    int maxConnections = 64;
    int maxUnauthenticated = 48; // the rest is kept for authenticated sessions
    int maxFramesPerWakeup = 64;
    int64_t maxPendingOutput = 8 * 1024 * 1024;
    int unauthenticatedIdleMs = 2000;
    int authenticatedIdleMs = 120000;
};

} // namespace dt::rpc
