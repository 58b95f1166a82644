// The hardware button table (see the header).

#include "devicepanes/device_button.h"

#include <array>

namespace dt::devices {

namespace {
constexpr std::array<DeviceButtonName, 5> kButtons = {{
    {DeviceButton::Home, "home"},
    {DeviceButton::Lock, "lock"},
    {DeviceButton::VolumeUp, "volume-up"},
    {DeviceButton::VolumeDown, "volume-down"},
    {DeviceButton::Back, "back"},
}};
} // namespace

std::span<const DeviceButtonName> deviceButtons()
{
    return kButtons;
}

const char *deviceButtonName(DeviceButton button)
{
    for (const DeviceButtonName &b : kButtons)
        if (b.button == button)
            return b.name.data();
    return "";
}

std::optional<DeviceButton> deviceButtonNamed(std::string_view name)
{
    if (name == "power")
        return DeviceButton::Lock;
    for (const DeviceButtonName &b : kButtons)
        if (b.name == name)
            return b.button;
    return std::nullopt;
}

} // namespace dt::devices
