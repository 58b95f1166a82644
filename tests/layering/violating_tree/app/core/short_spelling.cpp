// A project header spelled from this folder rather than from the root.
#include "workspace.h"
