#pragma once

#include <optional>
#include <string>
#include <vector>

namespace dt::devices {

// The kinds of virtual device, and the portrait size of each display.
struct DeviceProfile {
    std::string family; // "watch", "phone", "pad", "tv" (the wire's family)
    int width = 0; // pixels, portrait (tv: landscape, as it is mounted)
    int height = 0;
};

const std::vector<DeviceProfile> &deviceProfiles();
std::optional<DeviceProfile> profileNamed(const std::string &family);

} // namespace dt::devices
