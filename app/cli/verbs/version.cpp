// `deviceterm version`: the CLI's, the running app's (if it answers) and the wire protocol's versions,
// plus the OS from os-release.

#include "app/cli/cli.h"

#include "rpc/contract/wire_version.h"

#include <fstream>

namespace dt::cli {

namespace {
// The distribution's name and version, from os-release(5).
std::string operatingSystem()
{
    for (const char *path : {"/etc/os-release", "/usr/lib/os-release"}) {
        std::ifstream in(path);
        std::string line;
        while (std::getline(in, line)) {
            if (line.rfind("PRETTY_NAME=", 0) == 0) {
                std::string v = line.substr(12);
                if (v.size() >= 2 && v.front() == '"' && v.back() == '"')
                    v = v.substr(1, v.size() - 2);
                return v;
            }
        }
    }
    return "Linux";
}
} // namespace

int runVersion(Context &c)
{
    if (!c.acceptOnly())
        return 1;
    Json report{{"deviceterm", DEVICETERM_VERSION}, {"rpcWire", dt::rpc::kWireVersion}, {"os", operatingSystem()}};
    // The daemon's version is optional: the probe may fail for any reason.
    dt::rpc::Connection probe;
    std::string why;
    if (probe.open(dt::rpc::defaultSocketPath(), &why)) {
        const auto r = probe.call(method::DaemonPing, Json::object(), &why, 2000);
        if (r && r->result && r->result->contains("version"))
            report["daemon"] = (*r->result)["version"];
    }
    if (c.json()) {
        c.printJson(report);
    } else {
        c.printLine("deviceterm " + report["deviceterm"].get<std::string>());
        c.printLine("daemon     " + (report.contains("daemon") ? report["daemon"].get<std::string>() : std::string("(not reachable)")));
        c.printLine("rpcWire    " + report["rpcWire"].get<std::string>());
        c.printLine("os         " + report["os"].get<std::string>());
    }
    return 0;
}

} // namespace dt::cli
