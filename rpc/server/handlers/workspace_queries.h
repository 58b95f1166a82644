#pragma once

#include "rpc/server/dispatcher.h"
#include "rpc/server/ports/workspace_port.h"
#include "rpc/server/roster.h"

namespace dt::rpc {

// tabs.list, windows.list, tab.info.
void addWorkspaceQueries(Dispatcher &dispatcher, WorkspacePort &port);
// tabs.list and windows.list answered on the server's own thread from the
// roster last published on `board`, while it is fresh (after
// addWorkspaceQueries, whose handlers answer otherwise).
void addRosterAnswers(Dispatcher &dispatcher, const RosterBoard &board);

} // namespace dt::rpc
