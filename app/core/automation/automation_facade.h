#pragma once

// The automation port over the workspace: one adaptor per family (the
// command family types through the orchestration one), each a
// thin layer that asks the workspace (and, per request, a CallerView of
// it). The composition root registers each family's handlers with its
// adaptor; tests drive the facade as one object. Runs on the GUI thread,
// like the server.

#include "app/core/automation/command_adaptor.h"
#include "app/core/automation/device_adaptor.h"
#include "app/core/automation/event_adaptor.h"
#include "app/core/automation/gesture_adaptor.h"
#include "app/core/automation/orchestration_adaptor.h"
#include "app/core/automation/session_adaptor.h"
#include "app/core/automation/workspace_adaptor.h"

namespace dt::app {

class AutomationFacade : public SessionAdaptor,
                         public WorkspaceAdaptor,
                         public OrchestrationAdaptor,
                         public DeviceAdaptor,
                         public CommandAdaptor,
                         public EventAdaptor,
                         public GestureAdaptor {
public:
    explicit AutomationFacade(Workspace &workspace)
        : SessionAdaptor(workspace), WorkspaceAdaptor(workspace), OrchestrationAdaptor(workspace),
          DeviceAdaptor(workspace), CommandAdaptor(workspace, static_cast<OrchestrationAdaptor &>(*this)),
          EventAdaptor(workspace),
          GestureAdaptor(
              workspace, [this](PaneId pane, auto done) { readAxEntries(pane, std::move(done)); },
              [this](dt::rpc::Json e, const dt::rpc::EventAudience &a) { publishEvent(std::move(e), a); })
    {
    }
};

} // namespace dt::app
