// `deviceterm logs [--follow]`: what the device's programs printed (its
// app and what `sim launch` started), kept past a crash. Following asks
// the app for "more past what I have", which it answers when the log
// grows, so nothing polls.

#include "app/cli/cli.h"
#include "app/cli/verbs/ax_target.h"

#include <cstdio>
#include <cstdlib>

namespace dt::cli {

namespace {

constexpr int64_t kFollowWaitMillis = 30000;

void print(const Json &slice)
{
    const std::string &text = slice["text"].get_ref<const std::string &>();
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

} // namespace

int runLogs(Context &c)
{
    if (!c.parseOptions({"--pane", "--bytes"}, {"--follow", "-f"}) || !c.positionals().empty()) {
        c.error("usage: deviceterm logs [--follow] [--bytes N] [--pane REF]");
        return 1;
    }
    if (!c.inTab())
        return c.notInTab("logs");
    dt::rpc::LogsParams p;
    p.pane = axPane(c);
    p.maxBytes = dt::rpc::limit::kLogBytes;
    if (const auto bytes = c.option("--bytes")) {
        char *end = nullptr;
        const long long n = std::strtoll(bytes->c_str(), &end, 10);
        if (bytes->empty() || *end || n < 1 || n > dt::rpc::limit::kLogBytesMax) {
            c.error("logs: --bytes must be a whole number from 1 to " + std::to_string(dt::rpc::limit::kLogBytesMax));
            return 1;
        }
        p.maxBytes = n;
    }
    auto answer = c.call(p);
    if (!answer)
        return 1;
    if (c.json() && !c.flag("--follow") && !c.flag("-f")) {
        c.printJson(*answer);
        return 0;
    }
    if (c.json())
        std::printf("%s\n", answer->dump(-1, ' ', false, Json::error_handler_t::replace).c_str());
    else
        print(*answer);
    if (!c.flag("--follow") && !c.flag("-f"))
        return 0;
    // From where the first answer ended, for as long as the user watches;
    // what rotated away meanwhile is reported, not silently missed.
    p.maxBytes = dt::rpc::limit::kLogBytesMax;
    p.waitMillis = kFollowWaitMillis;
    c.setCallTimeout(int(kFollowWaitMillis) + 10000);
    for (;;) {
        p.since = (*answer)["next"].get<int64_t>();
        answer = c.call(p);
        if (!answer)
            return 1;
        if (answer->contains("skipped"))
            c.error("logs: " + std::to_string((*answer)["skipped"].get<int64_t>())
                    + " bytes were written and rotated away before they could be shown");
        if (c.json() && !(*answer)["text"].get_ref<const std::string &>().empty())
            std::printf("%s\n", answer->dump(-1, ' ', false, Json::error_handler_t::replace).c_str()), std::fflush(stdout);
        else if (!c.json())
            print(*answer);
    }
}

} // namespace dt::cli
