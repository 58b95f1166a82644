// Orientation names and quarter turns (see the header).

#include "devicepanes/orientation.h"

namespace dt::devices {

namespace {
constexpr std::pair<const char *, Orientation> kNames[] = {
    {"portrait", Orientation::Portrait},
    {"landscapeLeft", Orientation::LandscapeLeft},
    {"landscapeRight", Orientation::LandscapeRight},
    {"portraitUpsideDown", Orientation::PortraitUpsideDown},
};
} // namespace

const char *orientationName(Orientation o)
{
    return kNames[int(o)].first;
}

std::optional<Orientation> orientationNamed(std::string_view name)
{
    for (const auto &[n, o] : kNames)
        if (name == n)
            return o;
    return std::nullopt;
}

Orientation quarterTurn(Orientation from, bool left)
{
    using O = Orientation;
    static const O leftOf[] = {O::LandscapeLeft, O::PortraitUpsideDown, O::Portrait, O::LandscapeRight};
    static const O rightOf[] = {O::LandscapeRight, O::Portrait, O::PortraitUpsideDown, O::LandscapeLeft};
    return left ? leftOf[int(from)] : rightOf[int(from)];
}

bool isSideways(Orientation o)
{
    return o == Orientation::LandscapeLeft || o == Orientation::LandscapeRight;
}

} // namespace dt::devices
