// `deviceterm doctor`: checks the tab's environment, PATH, the server (reachable, knows and accepts this
// session) and the audit log's chain, then reports each check and the session's permissions.

#include "app/cli/cli.h"

#include "app/audit/audit_log.h"
#include "base/instance_lock.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <sys/stat.h>
#include <unistd.h>

namespace dt::cli {

namespace {

struct Check {
    std::string name;
    std::string status; // ok, warn, fail
    std::string detail;
};

std::string env(const char *name)
{
    const char *v = std::getenv(name);
    return v ? v : "";
}

// Where `deviceterm` is found on PATH, or "".
std::string whichDeviceterm()
{
    const std::string path = env("PATH");
    size_t start = 0;
    while (start <= path.size()) {
        const size_t end = path.find(':', start);
        const std::string dir = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
        const std::string candidate = (dir.empty() ? "." : dir) + "/deviceterm";
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return "";
}

} // namespace

// Checks this shell's automation setup and the running deviceterm. Exit 1
// when any check fails (warnings still exit 0).
// Whether this tab's shell reports its commands, and if not, why not.
Check shellIntegrationCheck(const std::string &state)
{
    if (state == "available")
        return {"Shell integration", "ok", "the shell reports prompts, commands and exit statuses"};
    if (state == "unknown")
        return {"Shell integration", "warn", "no prompt mark seen yet (is a program running instead of the shell?)"};
    const char *shell = std::getenv("SHELL");
    const std::string name = shell && *shell ? std::string(shell).substr(std::string(shell).rfind('/') + 1) : "sh";
    return {"Shell integration", "warn",
            "not reported: the tab runs a program of its own, or its shell (" + name
                + ") has none (bash, zsh and fish do), or the config says shell-integration = off"};
}

int runDoctor(Context &c)
{
    if (!c.acceptOnly())
        return 1;
    std::vector<Check> checks;
    const std::string session = env("DEVICETERM_SESSION");
    static const std::regex uuid("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");
    // Outside a tab the session's variables and shim are absent by design:
    // said once, not failed four times over.
    const bool inTab = !session.empty();
    if (!inTab)
        checks.push_back({"Inside a deviceterm tab", "warn",
                          "no: run 'deviceterm doctor' from a deviceterm tab to check its session too"});
    else if (!std::regex_match(session, uuid))
        checks.push_back({"DEVICETERM_SESSION", "fail", "not a UUID: " + session});
    else
        checks.push_back({"DEVICETERM_SESSION", "ok", session});
    const std::string cap = env("DEVICETERM_SESSION_CAP");
    const std::string sock = env("DEVICETERM_DAEMON_SOCK");
    const std::string shim = env("DEVICETERM_SHIM_DIR");
    if (inTab) {
        checks.push_back(cap.empty() ? Check{"DEVICETERM_SESSION_CAP", "warn", "unset"}
                                     : Check{"DEVICETERM_SESSION_CAP", "ok",
                                             "present (" + std::to_string(cap.size()) + " chars)"});
        checks.push_back(sock.empty() ? Check{"DEVICETERM_DAEMON_SOCK", "warn", "unset"}
                                      : Check{"DEVICETERM_DAEMON_SOCK", "ok", sock});
        checks.push_back(shim.empty() ? Check{"DEVICETERM_SHIM_DIR", "warn", "unset"}
                                      : Check{"DEVICETERM_SHIM_DIR", "ok", shim});
    }

    // The session's bin/ must come first on PATH, so `deviceterm` is the one
    // that matches the running GUI.
    if (inTab) {
        const std::string found = whichDeviceterm();
        const char *name = "deviceterm resolves to the session's shim";
        if (found.empty())
            checks.push_back({name, "fail", "deviceterm is not on PATH"});
        else if (shim.empty())
            checks.push_back({name, "warn", found + " (no session shim directory)"});
        else if (found.substr(0, found.rfind('/')) != shim)
            checks.push_back({name, "warn", found + ": the session's bin/ is not first on PATH; open a fresh tab"});
        else
            checks.push_back({name, "ok", found});
    }

    Json report{{"checks", Json::array()}};
    dt::rpc::Connection probe;
    std::string why;
    if (!probe.open(dt::rpc::defaultSocketPath(), &why)) {
        const std::string path = dt::rpc::defaultSocketPath();
        const pid_t holder = dt::base::InstanceLock::holderOf(path);
        checks.push_back({"Daemon socket", "fail",
                          holder > 0 ? "deviceterm-gui (pid " + std::to_string(holder) + ") owns " + path
                                           + " but does not answer on it; quit that instance and start deviceterm-gui again"
                                     : "no deviceterm running at " + path + "; start deviceterm-gui"});
    } else {
        checks.push_back({"Daemon socket", "ok", dt::rpc::defaultSocketPath()});
        const auto ping = probe.call(method::DaemonPing, Json::object(), &why, 3000);
        if (!ping || ping->error || !ping->result) {
            checks.push_back({"Daemon ping", "fail", ping && ping->error ? ping->error->msg : why});
        } else {
            checks.push_back({"Daemon ping", "ok",
                              "wireVersion=" + ping->result->value("version", std::string()) + " pid="
                                  + std::to_string(ping->result->value("pid", 0))});
            if (!session.empty()) {
                const auto tabs = probe.call(method::TabsList, Json::object(), &why, 3000);
                bool live = false;
                std::string integration;
                if (tabs && tabs->result)
                    for (const Json &row : *tabs->result)
                        if (row.value("sessionId", std::string()) == session) {
                            live = true;
                            Json s{{"sessionId", session}};
                            if (row.contains("shortId"))
                                s["shortId"] = row["shortId"];
                            if (row.contains("name"))
                                s["name"] = row["name"];
                            report["session"] = s;
                            integration = row.value("shellIntegration", std::string());
                        }
                checks.push_back(live ? Check{"Session live in daemon", "ok", session}
                                      : Check{"Session live in daemon", "fail",
                                              "deviceterm does not know this session; open a fresh tab"});
                if (live)
                    checks.push_back(shellIntegrationCheck(integration));
                const dt::rpc::SessionAuthenticateParams credentials{session, cap};
                const auto auth = probe.call(credentials.kMethod, dt::rpc::encode(credentials), &why, 3000);
                if (!auth || auth->error) {
                    checks.push_back({"Session authenticates (cap + provenance)", "fail",
                                      auth && auth->error ? auth->error->msg : why});
                } else {
                    checks.push_back({"Session authenticates (cap + provenance)", "ok", "accepted"});
                    if (const auto caps = probe.call(method::DaemonCapabilities, Json::object(), &why, 3000);
                        caps && caps->result) {
                        if (caps->result->contains("role"))
                            report["role"] = (*caps->result)["role"];
                        report["allowedMethods"] = (*caps->result)["allowedMethods"];
                    }
                }
            }
        }
    }

    // Without an answer from the daemon the tab's environment still says
    // which role the GUI gave this terminal.
    if (!report.contains("role")) {
        if (const char *role = std::getenv("DEVICETERM_SESSION_ROLE"); role && *role)
            report["role"] = role;
    }

    // The send-input audit log is local: checked with or without the app.
    const std::string auditPath = dt::audit::defaultPath();
    const dt::audit::Verification audit = dt::audit::verify(auditPath);
    if (!audit.ok)
        checks.push_back({"Audit log chain", "fail", auditPath + ": " + audit.why});
    else
        checks.push_back({"Audit log chain", "ok",
                          (audit.entries ? std::to_string(audit.entries) + " entries intact" : std::string("no entries yet"))
                              + " (" + auditPath + ")"});

    int failed = 0;
    for (const Check &k : checks) {
        report["checks"].push_back({{"name", k.name}, {"status", k.status}, {"detail", k.detail}});
        failed += k.status == "fail";
    }
    report["ok"] = failed == 0;
    if (c.json()) {
        c.printJson(report);
    } else {
        std::printf("deviceterm doctor\n\nChecks\n");
        for (const Check &k : checks)
            std::printf("  %-8s %-42s %s\n", ("[" + k.status + "]").c_str(), k.name.c_str(), k.detail.c_str());
        if (report.contains("role") && report.contains("allowedMethods")) {
            const Json &allowed = report["allowedMethods"];
            const bool granted = std::find(allowed.begin(), allowed.end(), method::TabSendInput.name) != allowed.end();
            std::printf("\nPermissions\n  role: %s, %zu methods allowed\n  orchestration: %s\n",
                        report["role"].get<std::string>().c_str(), allowed.size(),
                        granted ? "granted (tab.sendInput, tab.capture, tab.run, tab.wait)" : "not granted");
        } else if (report.contains("role")) {
            std::printf("\nPermissions\n  role: %s (not confirmed by the app)\n", report["role"].get<std::string>().c_str());
        }
        std::printf("\nResult: %s\n",
                    failed ? ("fail (" + std::to_string(failed) + (failed == 1 ? " check" : " checks") + " failed)").c_str()
                           : "ok");
    }
    return failed ? 1 : 0;
}

} // namespace dt::cli
