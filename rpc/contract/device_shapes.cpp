// Serialises the device-side reply shapes (pane capabilities, pane rows, device rows, pane info) to the
// contract's JSON, leaving optional fields out when absent.

#include "rpc/contract/device_shapes.h"

#include "rpc/contract/json_fields.h"

namespace dt::rpc {

Json toJson(const PaneCapabilities &c)
{
    return Json{{"touch", c.touch}, {"key", c.key}, {"text", c.text}, {"button", c.button}, {"rotate", c.rotate},
                {"crown", c.crown}, {"accessibility", c.accessibility}, {"location", c.location},
                {"multitouch", c.multitouch}};
}

Json toJson(const PaneRow &row)
{
    Json j{{"paneId", row.paneId}, {"udid", row.udid}, {"state", row.state}, {"capabilities", toJson(row.capabilities)},
           {"target", {{"sim", {{"udid", row.udid}}}}}};
    putIf(j, "family", row.family);
    putIf(j, "shortId", row.shortId);
    putIf(j, "name", row.name);
    putIf(j, "display", row.display);
    putIf(j, "xauthority", row.xauthority);
    return j;
}

Json toJson(const DeviceRow &row)
{
    Json j{{"id", row.id}, {"kind", row.kind}, {"attached", row.attached}};
    putIf(j, "name", row.name);
    putIf(j, "state", row.state);
    putIf(j, "ownerSessionId", row.ownerSessionId);
    return j;
}

Json toJson(const PaneInfo &info)
{
    Json j{{"paneId", info.paneId}, {"udid", info.udid}, {"displayName", info.displayName}, {"family", info.family},
           {"linkedSessionId", info.linkedSessionId}};
    putIf(j, "shortId", info.shortId);
    putIf(j, "name", info.name);
    return j;
}

} // namespace dt::rpc
