#pragma once

// The automation port over the workspace: one adaptor per family, each a
// thin layer that asks the workspace (and, per request, a CallerView of
// it). The composition root registers each family's handlers with its
// adaptor; tests drive the facade as one object. Runs on the GUI thread,
// like the server.

#include "app/core/automation/device_adaptor.h"
#include "app/core/automation/event_adaptor.h"
#include "app/core/automation/orchestration_adaptor.h"
#include "app/core/automation/session_adaptor.h"
#include "app/core/automation/workspace_adaptor.h"

namespace dt::app {

class AutomationFacade : public SessionAdaptor,
                         public WorkspaceAdaptor,
                         public OrchestrationAdaptor,
                         public DeviceAdaptor,
                         public EventAdaptor {
public:
    explicit AutomationFacade(Workspace &workspace)
        : SessionAdaptor(workspace), WorkspaceAdaptor(workspace), OrchestrationAdaptor(workspace),
          DeviceAdaptor(workspace), EventAdaptor(workspace)
    {
    }
};

} // namespace dt::app
