// A widget that talks to the automation server directly: not allowed.
#include "rpc/server/automation_server.h"
