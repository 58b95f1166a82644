// Writes and reads the `kept` marker of a device left running at quit, trusting it only while the
// recorded display server and app still belong to the device.

#include "devicepanes/store/kept_device.h"

#include "devicepanes/store/device_processes.h"
#include "devicepanes/store/device_store.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>

namespace dt::devices {

using Json = nlohmann::json;

bool writeKept(const std::string &udid, const KeptDevice &k)
{
    const std::string path = runtimeDirectoryOf(udid) + "/kept";
    Json j{{"app", k.app}, {"display", k.display}, {"displayServer", k.displayServer}, {"orientation", k.orientation}};
    if (!k.noMultitouch.empty())
        j["noMultitouch"] = k.noMultitouch;
    std::ofstream out(path + ".tmp");
    out << j.dump() << "\n";
    out.close();
    return out && std::rename((path + ".tmp").c_str(), path.c_str()) == 0;
}

std::optional<KeptDevice> readKept(const std::string &udid)
{
    const std::string dir = runtimeDirectoryOf(udid);
    std::ifstream in(dir + "/kept");
    const Json j = Json::parse(in, nullptr, false);
    if (!j.is_object())
        return std::nullopt;
    KeptDevice k;
    k.display = j.value("display", std::string());
    k.app = j.value("app", 0);
    k.displayServer = j.value("displayServer", 0);
    k.orientation = j.value("orientation", 0);
    k.noMultitouch = j.value("noMultitouch", std::string());
    // Both still the device's: the display server names the directory on
    // its command line (its framebuffer), the app in its environment.
    if (k.display.empty() || !processMentions(k.displayServer, dir.c_str()) || !processMentions(k.app, dir.c_str()))
        return std::nullopt;
    return k;
}

} // namespace dt::devices
