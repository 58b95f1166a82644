#pragma once

#include "rpc/contract/envelope.h"

#include <optional>
#include <string>

namespace dt::rpc {

// What a device pane can do, per operation family (absent: unsupported).
struct PaneCapabilities {
    bool touch = true;
    bool key = true;
    bool text = true;
    bool button = true;
    bool rotate = false;
    bool crown = false;
    bool accessibility = false;
    bool location = false;
    bool multitouch = false; // beyond the original's flags: pinch works
};

// One device pane, as `panes list` shows it.
struct PaneRow {
    std::string paneId;
    std::string udid;
    std::string state; // booting, rendering, shutdown, failed
    std::optional<std::string> family;
    std::optional<std::string> shortId;
    std::optional<std::string> name;
    PaneCapabilities capabilities;
    std::optional<std::string> display; // beyond the original: the device's X display, for with-pane
    std::optional<std::string> xauthority; // beside display: the cookie file its clients need
};

// One booted device, as `devices list` shows it.
struct DeviceRow {
    std::string id;
    std::string kind = "sim";
    std::optional<std::string> name;
    std::optional<std::string> state;
    bool attached = false;
    std::optional<std::string> ownerSessionId;
};

// `pane info`.
struct PaneInfo {
    std::string paneId;
    std::string udid;
    std::optional<std::string> shortId;
    std::optional<std::string> name;
    std::string displayName;
    std::string family;
    std::string linkedSessionId;
};

Json toJson(const PaneCapabilities &caps);
Json toJson(const PaneRow &row); // with target {"sim": {"udid"}}
Json toJson(const DeviceRow &row);
Json toJson(const PaneInfo &info);

} // namespace dt::rpc
