#pragma once

// A device's orientation: the four of them, their names on the wire, and
// quarter turns. Pure functions, tested without a display.

#include <optional>
#include <string_view>

namespace dt::devices {

enum class Orientation { Portrait, LandscapeLeft, LandscapeRight, PortraitUpsideDown };

// "portrait", "landscapeLeft", "landscapeRight", "portraitUpsideDown".
const char *orientationName(Orientation o);
std::optional<Orientation> orientationNamed(std::string_view name);
// A quarter turn from `from`: left goes portrait, landscape left, upside
// down, landscape right, and back to portrait.
Orientation quarterTurn(Orientation from, bool left);
// Landscape: the natural size with width and height swapped.
bool isSideways(Orientation o);

} // namespace dt::devices
