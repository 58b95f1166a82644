// `deviceterm replay --record FLOW.yaml`: writes a flow of what a person
// does on the device pane, to replay later as a check. The app reports
// the person's gestures (pane.gesture events, with the element under the
// finger read as it went down); each one rewrites the file at once, whole
// and in one rename, so Ctrl+C, a closed tab or a device that shuts down
// never leave half a flow. Ends on Ctrl+C (exit 0), when the device shuts
// down (0), or when the app ends the stream (1).

#include "app/cli/cli.h"
#include "app/cli/replay/flow_recorder.h"
#include "app/cli/text_escapes.h"
#include "devicepanes/store/device_store.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace dt::cli {

namespace {

// What Ctrl+C prints and removes: set while the signals are blocked,
// read only by the signal handler.
char g_goodbye[1024];
char g_partial[4096]; // a new version of the flow on its way, or ""

void finishOnSignal(int)
{
    if (g_partial[0])
        ::unlink(g_partial);
    const ssize_t ignored = ::write(STDERR_FILENO, g_goodbye, std::strlen(g_goodbye));
    (void)ignored;
    ::_exit(0);
}

// Holds off Ctrl+C (and SIGTERM, SIGHUP) while the flow's file changes,
// so the handler sees it whole, old or new.
class SignalsHeld {
public:
    SignalsHeld()
    {
        sigset_t held;
        sigemptyset(&held);
        sigaddset(&held, SIGINT), sigaddset(&held, SIGTERM), sigaddset(&held, SIGHUP);
        ::sigprocmask(SIG_BLOCK, &held, &m_was);
    }
    ~SignalsHeld() { ::sigprocmask(SIG_SETMASK, &m_was, nullptr); }

private:
    sigset_t m_was;
};

// Writes `text` to a new file beside `path` (a name nobody else has) and
// renames it over `path`: a reader, or an interruption, sees the old flow
// or the new one, never half. Called with the signals held.
bool writeWhole(const std::string &path, const std::string &text, std::string *why)
{
    std::string partial = path + ".XXXXXX";
    const int fd = ::mkstemp(partial.data());
    if (fd < 0) {
        *why = std::strerror(errno);
        return false;
    }
    std::snprintf(g_partial, sizeof g_partial, "%s", partial.c_str());
    const auto fail = [&] {
        *why = std::strerror(errno);
        ::close(fd);
        ::unlink(partial.c_str());
        g_partial[0] = 0;
        return false;
    };
    if (::fchmod(fd, 0644) != 0)
        return fail();
    for (size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return fail();
        done += size_t(n);
    }
    if (::close(fd) != 0 || ::rename(partial.c_str(), path.c_str()) != 0) {
        *why = std::strerror(errno);
        ::unlink(partial.c_str());
        g_partial[0] = 0;
        return false;
    }
    g_partial[0] = 0;
    return true;
}

std::string baseName(const std::string &path)
{
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

int runReplayRecord(Context &c, const std::string &file, const std::optional<std::string> &paneRef)
{
    std::error_code unknown;
    const std::string path = std::filesystem::absolute(file, unknown).string();
    if (path.size() < 6 || (path.compare(path.size() - 5, 5, ".yaml") != 0 && path.compare(path.size() - 4, 4, ".yml") != 0)) {
        c.error("replay --record: the flow's file must end in .yaml or .yml (not '" + file + "')");
        return 2;
    }
    if (!c.inTab())
        return c.notInTab("replay --record") == 0 ? 0 : 2;

    dt::rpc::PaneInfoParams which;
    which.pane = paneRef.value_or(axPane(c));
    const auto info = c.call(which);
    if (!info)
        return 1;
    const std::string paneId = info->value("paneId", std::string()), udid = info->value("udid", std::string());
    if (udid.empty()) {
        c.error("replay --record: " + which.pane + " is not a device's pane");
        return 2;
    }
    // The flow names the device's app as its header's appId (the device
    // shell, or the program the device was made with) until a tap names
    // the application the person works in.
    std::string appId = replay::FlowRecorder::kShellAppId;
    if (const auto record = dt::devices::DeviceStore().find(udid); std::holds_alternative<dt::devices::DeviceRecord>(record))
        if (const auto &app = std::get<dt::devices::DeviceRecord>(record).app; !app.empty())
            appId = baseName(app.front());
    std::string title = baseName(path);
    title = title.substr(0, title.find_last_of('.'));
    replay::FlowRecorder recorder(appId, title);
    const auto goodbye = [&] {
        std::snprintf(g_goodbye, sizeof g_goodbye, "\nRecorded %d steps into %s; replay it with: deviceterm replay %s\n",
                      recorder.steps(), file.c_str(), file.c_str());
    };

    std::string why;
    {
        SignalsHeld held;
        struct sigaction finish {};
        finish.sa_handler = finishOnSignal;
        sigemptyset(&finish.sa_mask);
        ::sigaction(SIGINT, &finish, nullptr);
        ::sigaction(SIGTERM, &finish, nullptr);
        ::sigaction(SIGHUP, &finish, nullptr);
        // The name is claimed first, so a file that is there (or comes
        // meanwhile) is never written over.
        const int claimed = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (claimed < 0) {
            c.error("replay --record: " + file + (errno == EEXIST ? " already exists; pick another name or remove it"
                                                                   : ": " + std::string(std::strerror(errno))));
            return 2;
        }
        ::close(claimed);
        if (!writeWhole(path, recorder.yaml(), &why) || !c.call(method::DaemonEvents)) {
            ::unlink(path.c_str());
            if (!why.empty())
                c.error("replay --record: cannot write " + file + ": " + why);
            return 2;
        }
        goodbye();
    }
    dt::rpc::Connection *connection = c.connect();
    const std::string device = printableOnTerminal(info->value("name", info->value("displayName", udid)));
    std::fprintf(stderr, "Recording what you do on %s into %s. Press Ctrl+C here to finish.\n", device.c_str(), file.c_str());

    const bool terminal = ::isatty(STDOUT_FILENO) == 1;
    bool lineOpen = false;
    while (auto event = connection->nextEvent(&why)) {
        const Json &e = event->params;
        if (e.value("paneId", std::string()) != paneId)
            continue;
        const std::string type = e.value("type", std::string());
        if (type == "pane.stateChanged") {
            const std::string state = e.value("state", std::string());
            if (state == "shutdown" || state == "failed") {
                if (lineOpen)
                    std::printf("\n"), std::fflush(stdout);
                std::fprintf(stderr, "The device %s; recorded %d steps into %s.\n",
                             state == "failed" ? "failed" : "shut down", recorder.steps(), file.c_str());
                return 0;
            }
            continue;
        }
        if (type != "pane.gesture")
            continue;
        const replay::FlowRecorder::Change change = recorder.add(e);
        if (change.words.empty())
            continue;
        bool written = false;
        {
            SignalsHeld held; // Ctrl+C meanwhile waits for the new version
            written = writeWhole(path, recorder.yaml(), &why);
            goodbye();
        }
        if (!written) {
            c.error("replay --record: cannot write " + file + ": " + why);
            return 1;
        }
        if (c.json()) {
            c.printJson(Json{{"step", change.words}, {"amended", change.amended}, {"steps", recorder.steps()}, {"file", path}});
        } else if (terminal) {
            // On a terminal a step that goes on (typing, the wheel) is
            // rewritten in place; the line ends when the next step begins.
            std::printf("%s  %s", change.amended && lineOpen ? "\r\033[K" : lineOpen ? "\n" : "",
                        printableOnTerminal(change.words).c_str());
            lineOpen = true;
        } else {
            std::printf("  %s\n", printableOnTerminal(change.words).c_str());
        }
        std::fflush(stdout);
    }
    if (lineOpen)
        std::printf("\n"), std::fflush(stdout);
    c.error(why.empty() ? "the app ended the event stream; the flow so far is in " + file : why);
    return 1;
}

} // namespace dt::cli
