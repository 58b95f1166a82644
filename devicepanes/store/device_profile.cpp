// The device kinds (watch, phone, pad, tv) and each one's screen size in pixels, looked up by family name.

#include "devicepanes/store/device_profile.h"

namespace dt::devices {

const std::vector<DeviceProfile> &deviceProfiles()
{
    // Sizes of common devices in logical pixels: small enough to mirror
    // cheaply, large enough that an app lays out as it would for real.
    static const std::vector<DeviceProfile> profiles = {
        {"watch", 396, 484},
        {"phone", 390, 844},
        {"pad", 820, 1180},
        {"tv", 1920, 1080},
    };
    return profiles;
}

std::optional<DeviceProfile> profileNamed(const std::string &family)
{
    for (const DeviceProfile &p : deviceProfiles())
        if (p.family == family)
            return p;
    return std::nullopt;
}

} // namespace dt::devices
