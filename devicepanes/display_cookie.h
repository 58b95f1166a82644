#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace dt::devices {

// The MIT-MAGIC-COOKIE-1 that guards a device's X display. Xvfb without
// one accepts every local user; with `-auth FILE` only clients presenting
// the cookie get in. The file lives in the device's private (0700)
// directory, mode 0600, in the Xauthority format every X client reads
// through $XAUTHORITY.
using DisplayCookie = std::array<uint8_t, 16>;

DisplayCookie makeDisplayCookie(); // from the kernel's random source

// Writes `path` (0600, replacing it atomically) with one entry that matches
// any display and host (FamilyWild, no display number): the number is only
// known once the server has started.
bool writeXauthority(const std::string &path, const DisplayCookie &cookie, std::string *why);

// The MIT-MAGIC-COOKIE-1 of the first such entry in `path`.
std::optional<DisplayCookie> readXauthority(const std::string &path);

inline constexpr const char *kCookieName = "MIT-MAGIC-COOKIE-1";

} // namespace dt::devices
