// The terminal model reaching up into the workspace: not allowed.
#include "app/core/workspace.h"
