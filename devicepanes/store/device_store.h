#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace dt::devices {

// One virtual device the user created: what it is and what it runs. The
// device set lives in $XDG_DATA_HOME/deviceterm/devices/<udid>.json, one file
// each, so the CLI (no Qt, no running app) and the GUI share it.
struct DeviceRecord {
    std::string udid; // upper-case UUID, the device's key everywhere
    std::string name;
    std::string family; // a DeviceProfile's
    std::vector<std::string> app; // program and arguments; empty: the device shell
    // The app is a Qt app that may have real touch input (Qt's TUIO plugin,
    // in a network of its own: it then cannot reach the network).
    bool qtTouch = false;
};

// $XDG_DATA_HOME/deviceterm/devices (or ~/.local/share/...).
std::string defaultStoreDirectory();

// Where a booted device keeps its display, buses and the pid of the app that
// booted it: $XDG_RUNTIME_DIR/deviceterm/devices/<udid> (private, tmpfs).
std::string runtimeDirectoryOf(const std::string &udid);
// Where a device's programs print (kept past its shutdown, with its record):
// "<store>/<UDID>.log", and "<UDID>.log.1" for the older part.
std::string programLogOf(const std::string &udid);
// The pid of the live deviceterm that has the device booted, if any.
std::optional<int> bootedBy(const std::string &udid);

class DeviceStore {
public:
    explicit DeviceStore(std::string directory = defaultStoreDirectory());

    // Every device, by name then udid; unreadable files are skipped.
    std::vector<DeviceRecord> list() const;
    // A new device with a fresh udid; an error message for a bad profile or
    // an unwritable store.
    std::variant<DeviceRecord, std::string> create(const std::string &name, const std::string &family,
                                                   const std::vector<std::string> &app, bool qtTouch = false);
    bool remove(const std::string &udid, std::string *why);
    // By udid (any case, or a unique prefix of at least 4 characters) or by
    // name. An error message ("not found", "matches N devices") otherwise.
    std::variant<DeviceRecord, std::string> find(const std::string &ref) const;

    const std::string &directory() const { return m_directory; }

private:
    std::string m_directory;
};

} // namespace dt::devices
