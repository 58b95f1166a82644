#pragma once

// The workspace's rosters for the automation server's own thread: built
// from the workspace (rosterOf) and kept on a RosterBoard, invalidated the
// moment anything they show changes and built again once the GUI thread's
// turn is over. While the board is empty, tabs.list and windows.list wait
// for the GUI thread as every other request does.

#include "app/core/workspace.h"
#include "rpc/server/roster.h"

#include <QObject>

#include <memory>

namespace dt::app {

// What a terminal's shell reported of its commands.
dt::rpc::CommandState commandStateOf(const Workspace::Pane &pane);
// Every tab, terminal and window as the rosters show them, for any caller.
dt::rpc::Roster rosterOf(const Workspace &workspace);

class RosterPublisher {
public:
    RosterPublisher(Workspace &workspace, dt::rpc::RosterBoard &board);
    ~RosterPublisher();

    // Something shown in the rosters may have changed: the board is empty
    // from now until the next turn publishes it again.
    void invalidate();

private:
    void follow(PaneId pane);
    void publish();

    Workspace &m_workspace;
    dt::rpc::RosterBoard &m_board;
    std::unique_ptr<QObject> m_context; // ends the connections with this object
    bool m_publishPending = false;
};

} // namespace dt::app
