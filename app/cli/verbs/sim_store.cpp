// sim create, sim list, sim delete: the device set on disk. They need no
// running deviceterm (booting does).

#include "app/cli/cli.h"
#include "devicepanes/store/device_profile.h"
#include "devicepanes/store/device_store.h"
#include "devicepanes/store/kept_device.h"

#include <cstdio>

namespace dt::cli {

namespace {

Json rowOf(const dt::devices::DeviceRecord &r)
{
    Json row{{"udid", r.udid}, {"name", r.name}, {"family", r.family}};
    if (!r.app.empty())
        row["app"] = r.app;
    if (r.qtTouch)
        row["qtTouch"] = true;
    // Kept running past a deviceterm's quit counts as booted: it is up.
    row["state"] = dt::devices::bootedBy(r.udid) || dt::devices::readKept(r.udid) ? "booted" : "shutdown";
    return row;
}

std::string profileNames()
{
    std::string out;
    for (const auto &p : dt::devices::deviceProfiles())
        out += (out.empty() ? "" : "|") + p.family;
    return out;
}

} // namespace

int runSimCreate(Context &c)
{
    if (!c.parseOptions({"--profile"}, {"--qt-touch"}))
        return 1;
    // NAME, then the app after "--" (parseOptions keeps both as words; the
    // operands say where "--" was).
    std::vector<std::string> before, app;
    bool afterDashes = false;
    for (size_t i = 0; i < c.operands().size(); ++i) {
        const std::string &w = c.operands()[i];
        if (!afterDashes && w == "--") {
            afterDashes = true;
        } else if (afterDashes) {
            app.push_back(w);
        } else if (w == "--profile") {
            ++i;
        } else if (w != "--qt-touch") {
            before.push_back(w);
        }
    }
    const auto profile = c.option("--profile");
    if (before.size() != 1 || !profile) {
        c.error("usage: deviceterm sim create NAME --profile " + profileNames() + " [--qt-touch] [-- APP ARGS…]");
        return 1;
    }
    dt::devices::DeviceStore store;
    auto created = store.create(before.front(), *profile, app, c.flag("--qt-touch"));
    if (auto *why = std::get_if<std::string>(&created)) {
        c.error(*why);
        return 1;
    }
    const auto &r = std::get<dt::devices::DeviceRecord>(created);
    if (c.json())
        c.printJson(rowOf(r));
    else
        c.printLine("created " + r.name + " (" + r.family + ") " + r.udid);
    return 0;
}

int runSimList(Context &c)
{
    if (!c.acceptOnly())
        return 1;
    Json rows = Json::array();
    for (const auto &r : dt::devices::DeviceStore().list())
        rows.push_back(rowOf(r));
    if (c.json()) {
        c.printJson(rows);
        return 0;
    }
    if (rows.empty()) {
        c.printLine("no devices yet; make one with: deviceterm sim create NAME --profile " + profileNames());
        return 0;
    }
    std::printf("%-36s  %-6s  %-8s  %s\n", "UDID", "FAMILY", "STATE", "NAME");
    for (const Json &r : rows)
        std::printf("%-36s  %-6s  %-8s  %s\n", r["udid"].get<std::string>().c_str(), r["family"].get<std::string>().c_str(),
                    r["state"].get<std::string>().c_str(), r["name"].get<std::string>().c_str());
    return 0;
}

int runSimDelete(Context &c)
{
    if (!c.parseOptions({}, {}))
        return 1;
    if (c.positionals().size() != 1) {
        c.error("usage: deviceterm sim delete UDID|NAME");
        return 1;
    }
    dt::devices::DeviceStore store;
    auto found = store.find(c.positionals().front());
    if (auto *why = std::get_if<std::string>(&found)) {
        c.error(*why);
        return 1;
    }
    const auto &r = std::get<dt::devices::DeviceRecord>(found);
    if (dt::devices::bootedBy(r.udid)) {
        c.error(r.name + " is booted; shut it down first (deviceterm sim shutdown " + r.udid + ")");
        return 1;
    }
    if (dt::devices::readKept(r.udid)) {
        c.error(r.name + " is still running (kept when deviceterm quit); attach it with deviceterm sim boot " + r.udid
                + ", then shut it down");
        return 1;
    }
    std::string why;
    if (!store.remove(r.udid, &why)) {
        c.error(why);
        return 1;
    }
    if (c.json())
        c.printJson({{"ok", true}, {"udid", r.udid}});
    else
        c.printLine("deleted " + r.name + " " + r.udid);
    return 0;
}

} // namespace dt::cli
