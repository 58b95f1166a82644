#pragma once

// The hardware buttons a device pane offers, in one table: the GUI's
// buttons and Device menu, the automation server's pane.input.button and
// the CLI's `button` all name them from here.

#include <optional>
#include <span>
#include <string_view>

namespace dt::devices {

enum class DeviceButton { Home, Lock, VolumeUp, VolumeDown, Back };

struct DeviceButtonName {
    DeviceButton button;
    std::string_view name; // as the wire and the CLI spell it
};

// Every button with its name, in the order menus show them.
std::span<const DeviceButtonName> deviceButtons();
const char *deviceButtonName(DeviceButton button);
// A name, or the alias "power" for lock.
std::optional<DeviceButton> deviceButtonNamed(std::string_view name);

} // namespace dt::devices
