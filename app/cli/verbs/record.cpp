// `deviceterm record start -o FILE` / `record stop`: the device's screen as
// a video. The app writes the file (it must keep writing after this CLI
// has exited), so the path is made absolute here, in the caller's own
// directory; stop waits until the file is complete and prints its summary.

#include "app/cli/cli.h"
#include "app/cli/verbs/ax_target.h"

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace dt::cli {

namespace {

std::string absolute(const std::string &path)
{
    if (!path.empty() && path.front() == '/')
        return path;
    char here[4096];
    if (!::getcwd(here, sizeof here))
        return path;
    return std::string(here) + "/" + path;
}

int recordStart(Context &c)
{
    const auto path = c.option("-o") ? c.option("-o") : c.option("--output");
    if (!path || path->empty() || c.positionals().size() != 1) {
        c.error("usage: deviceterm record start -o FILE.webm|.mkv|.mp4 [--fps N] [--pane REF]");
        return 1;
    }
    dt::rpc::RecordStartParams p;
    p.pane = axPane(c);
    p.path = absolute(*path);
    if (const auto fps = c.option("--fps")) {
        char *end = nullptr;
        const long rate = std::strtol(fps->c_str(), &end, 10);
        if (fps->empty() || *end || rate < 1 || rate > dt::rpc::limit::kRecordFramesPerSecondMax) {
            c.error("record: --fps must be a whole number from 1 to "
                    + std::to_string(dt::rpc::limit::kRecordFramesPerSecondMax));
            return 1;
        }
        p.framesPerSecond = int(rate);
    }
    c.setCallTimeout(15000);
    const auto answer = c.call(p);
    if (!answer)
        return 1;
    if (c.json())
        c.printJson(*answer);
    else
        std::printf("recording path=%s width=%d height=%d fps=%d (deviceterm record stop ends it)\n", p.path.c_str(),
                    (*answer)["width"].get<int>(), (*answer)["height"].get<int>(), (*answer)["framesPerSecond"].get<int>());
    return 0;
}

int recordStop(Context &c)
{
    if (c.positionals().size() != 1 || c.option("-o") || c.option("--output") || c.option("--fps")) {
        c.error("usage: deviceterm record stop [--pane REF]");
        return 1;
    }
    dt::rpc::RecordStopParams p;
    p.pane = axPane(c);
    c.setCallTimeout(60000); // the encoder drains what is queued first
    const auto answer = c.call(p);
    if (!answer)
        return 1;
    const Json &a = *answer;
    if (c.json()) {
        c.printJson(a);
    } else {
        std::printf("%s path=%s frames=%lld duration=%.1fs size=%dx%d%s\n", a["ok"].get<bool>() ? "ok" : "incomplete",
                    a["path"].get<std::string>().c_str(), a["frames"].get<long long>(),
                    double(a["durationMillis"].get<int64_t>()) / 1000, a["width"].get<int>(), a["height"].get<int>(),
                    a["ended"] == "deviceShutDown" ? " (the device shut down first)" : "");
        if (a.contains("problem"))
            c.error("record: " + a["problem"].get<std::string>());
        if (a["droppedFrames"].get<int64_t>() > 0)
            c.error("record: " + std::to_string(a["droppedFrames"].get<int64_t>())
                    + " changes of the screen were not recorded (the encoder fell behind)");
    }
    return a["ok"].get<bool>() ? 0 : 1;
}

} // namespace

int runRecord(Context &c)
{
    if (!c.parseOptions({"--pane", "-o", "--output", "--fps"}, {}))
        return 1;
    const std::string what = c.positionals().empty() ? "" : c.positionals().front();
    if (what != "start" && what != "stop") {
        c.error("usage: deviceterm record start -o FILE.webm [--fps N] [--pane REF] | record stop [--pane REF]");
        return 1;
    }
    if (!c.inTab())
        return c.notInTab("record");
    return what == "start" ? recordStart(c) : recordStop(c);
}

} // namespace dt::cli
