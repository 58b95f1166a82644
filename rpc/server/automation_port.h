#pragma once

// What the server needs from the application, and all it may touch of it:
// the one seam between rpc/server and app/core (which implements it), cut
// by family so that each handler sees only its own. The server never sees
// a window, tab or terminal, and its tests use a fake.

#include "rpc/server/ports/command_port.h"
#include "rpc/server/ports/device_port.h"
#include "rpc/server/ports/orchestration_port.h"
#include "rpc/server/ports/session_port.h"
#include "rpc/server/ports/workspace_port.h"
