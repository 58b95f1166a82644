#pragma once

#include "rpc/contract/device_shapes.h"
#include "rpc/contract/envelope.h"

#include <optional>
#include <string>
#include <vector>

namespace dt::rpc {

// What a terminal knows of its shell's commands (shell integration).
struct CommandState {
    // "available": the shell reports prompt marks; "unavailable": it cannot
    // (a shell without integration, or integration is off); "unknown": not
    // yet seen either way (the shell is still starting).
    std::string shellIntegration = "unknown";
    std::optional<std::string> cwd; // as the shell reported it (OSC 7)
    bool commandRunning = false;
    std::optional<int> lastExitStatus;
};

// One live terminal session, as `tabs list` shows it.
struct TabRow {
    bool current = false;
    std::string sessionId;
    std::optional<std::string> shortId;
    std::optional<std::string> name;
    std::optional<std::string> displayTitle;
    std::optional<std::string> label;
    CommandState commands;
};

// One window, as `windows list` shows it (index counts from 1).
struct WindowRow {
    int index = 0;
    bool isKey = false;
    int tabCount = 0;
    std::optional<std::string> selectedTabShortId;
};

// `tab info`: the caller's own session.
struct TabInfo {
    std::string sessionId;
    std::optional<std::string> shortId;
    std::optional<std::string> name;
    std::string role;
    bool isCurrent = true;
    std::vector<PaneRow> simPanes; // the tab's device panes
    CommandState commands; // of the tab's primary terminal
};

// Optional fields are left out, never written as null.
Json toJson(const TabRow &row);
Json toJson(const WindowRow &row);
Json toJson(const TabInfo &info);

} // namespace dt::rpc
