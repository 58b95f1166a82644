#pragma once

#include <optional>
#include <string>

namespace dt::devices {

// A device the user chose to keep running when deviceterm quit: what the
// next deviceterm needs to attach it again. Kept as `kept` (JSON) in the
// device's runtime directory; its presence also tells the device's
// watchdog to let it be.
struct KeptDevice {
    std::string display; // ":N"
    int app = 0; // pids
    int displayServer = 0;
    int orientation = 0; // as Simulator::Orientation
    std::string noMultitouch; // why not, or empty
};

bool writeKept(const std::string &udid, const KeptDevice &kept);
// The marker, only while the device's display server still runs (its pid
// is checked against the device's directory: pids get reused).
std::optional<KeptDevice> readKept(const std::string &udid);

} // namespace dt::devices
