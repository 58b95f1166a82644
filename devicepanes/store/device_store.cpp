// The on-disk set of virtual devices, one JSON file each: listing, creating (fresh upper-case UUID),
// deleting, finding by udid, name or prefix, and which live deviceterm has a device booted.

#include "devicepanes/store/device_store.h"

#include "devicepanes/store/device_profile.h"

#include "base/xdg_paths.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <random>
#include <signal.h>
#include <unistd.h>

namespace dt::devices {

using Json = nlohmann::json;

namespace {

std::string upper(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
    return s;
}

// A random (version 4) UUID, upper case like the devices of other tools.
std::string newUdid()
{
    std::random_device entropy;
    std::uniform_int_distribution<int> nibble(0, 15);
    const char *hex = "0123456789ABCDEF";
    std::string out;
    for (int i = 0; i < 32; ++i) {
        if (i == 8 || i == 12 || i == 16 || i == 20)
            out += '-';
        int v = nibble(entropy);
        if (i == 12)
            v = 4;
        if (i == 16)
            v = 8 | (v & 3);
        out += hex[v];
    }
    return out;
}

std::optional<DeviceRecord> read(const std::string &path)
{
    std::ifstream in(path);
    const Json j = Json::parse(in, nullptr, false);
    if (!j.is_object() || !j.contains("udid") || !j["udid"].is_string() || !j.contains("family"))
        return std::nullopt;
    DeviceRecord r;
    r.udid = j["udid"].get<std::string>();
    r.name = j.value("name", std::string());
    r.family = j.value("family", std::string());
    if (auto it = j.find("app"); it != j.end() && it->is_array())
        for (const Json &a : *it)
            if (a.is_string())
                r.app.push_back(a.get<std::string>());
    if (auto it = j.find("qtTouch"); it != j.end() && it->is_boolean())
        r.qtTouch = it->get<bool>();
    return r;
}

} // namespace

std::string defaultStoreDirectory()
{
    return dt::base::xdgDirectory("XDG_DATA_HOME", ".local/share") + "/deviceterm/devices";
}

std::string programLogOf(const std::string &udid)
{
    return defaultStoreDirectory() + "/" + upper(udid) + ".log";
}

std::string runtimeDirectoryOf(const std::string &udid)
{
    return dt::base::runtimeDirectory() + "/devices/" + upper(udid);
}

std::optional<int> bootedBy(const std::string &udid)
{
    std::ifstream in(runtimeDirectoryOf(udid) + "/owner");
    int pid = 0;
    if (!(in >> pid) || pid <= 0)
        return std::nullopt;
    // A marker left by a deviceterm that died does not make a device booted.
    if (::kill(pid, 0) != 0 && errno == ESRCH)
        return std::nullopt;
    return pid;
}

DeviceStore::DeviceStore(std::string directory) : m_directory(std::move(directory)) {}

std::vector<DeviceRecord> DeviceStore::list() const
{
    std::vector<DeviceRecord> out;
    DIR *dir = ::opendir(m_directory.c_str());
    if (!dir)
        return out;
    while (dirent *e = ::readdir(dir)) {
        const std::string name = e->d_name;
        if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0)
            if (auto r = read(m_directory + "/" + name))
                out.push_back(std::move(*r));
    }
    ::closedir(dir);
    std::sort(out.begin(), out.end(), [](const DeviceRecord &a, const DeviceRecord &b) {
        return a.name != b.name ? a.name < b.name : a.udid < b.udid;
    });
    return out;
}

std::variant<DeviceRecord, std::string> DeviceStore::create(const std::string &name, const std::string &family,
                                                            const std::vector<std::string> &app, bool qtTouch)
{
    if (!profileNamed(family))
        return "unknown profile '" + family + "' (watch, phone, pad or tv)";
    if (name.empty())
        return std::string("a device needs a name");
    if (!dt::base::makePrivateDirectories(m_directory))
        return "cannot create " + m_directory + ": " + std::strerror(errno);
    DeviceRecord r{newUdid(), name, family, app, qtTouch};
    Json j{{"udid", r.udid}, {"name", r.name}, {"family", r.family}};
    if (!app.empty())
        j["app"] = app;
    if (qtTouch)
        j["qtTouch"] = true;
    const std::string path = m_directory + "/" + r.udid + ".json";
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary);
        out << j.dump(2) << "\n";
        if (!out)
            return "cannot write " + temporary;
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0)
        return "cannot write " + path + ": " + std::strerror(errno);
    return r;
}

bool DeviceStore::remove(const std::string &udid, std::string *why)
{
    const std::string path = m_directory + "/" + upper(udid) + ".json";
    if (::unlink(path.c_str()) == 0) {
        // Its programs' log goes with it.
        ::unlink((m_directory + "/" + upper(udid) + ".log").c_str());
        ::unlink((m_directory + "/" + upper(udid) + ".log.1").c_str());
        return true;
    }
    if (why)
        *why = "cannot delete " + path + ": " + std::strerror(errno);
    return false;
}

std::variant<DeviceRecord, std::string> DeviceStore::find(const std::string &ref) const
{
    const std::vector<DeviceRecord> all = list();
    const std::string wanted = upper(ref);
    // Tiers: the whole udid, then a name, then a udid prefix.
    using Tier = bool (*)(const DeviceRecord &, const std::string &, const std::string &);
    const Tier tiers[] = {
        [](const DeviceRecord &r, const std::string &, const std::string &u) { return r.udid == u; },
        [](const DeviceRecord &r, const std::string &n, const std::string &) { return r.name == n; },
        [](const DeviceRecord &r, const std::string &, const std::string &u) {
            return u.size() >= 4 && r.udid.compare(0, u.size(), u) == 0;
        },
    };
    for (Tier matches : tiers) {
        std::vector<DeviceRecord> found;
        for (const DeviceRecord &r : all)
            if (matches(r, ref, wanted))
                found.push_back(r);
        if (found.size() == 1)
            return found.front();
        if (found.size() > 1)
            return "device '" + ref + "' matches " + std::to_string(found.size()) + " devices; use its udid";
    }
    return "device '" + ref + "' not found (see deviceterm sim list)";
}

} // namespace dt::devices
