// `deviceterm perf`: what the device's programs (its app and what `sim
// launch` started, with their children) cost: CPU over a short sample and
// resident memory, one row each and a total.

#include "app/cli/cli.h"
#include "app/cli/verbs/ax_target.h"

#include <cstdio>

namespace dt::cli {

int runPerf(Context &c)
{
    if (!c.parseOptions({"--pane", "--sample"}, {}) || !c.positionals().empty()) {
        c.error("usage: deviceterm perf [--sample 500ms] [--pane REF]");
        return 1;
    }
    dt::rpc::PerfParams p;
    p.pane = axPane(c);
    if (const auto sample = c.option("--sample")) {
        const auto ms = durationMillis(c, *sample, "--sample");
        if (!ms)
            return 1;
        if (*ms < dt::rpc::limit::kPerfSampleMillisMin || *ms > dt::rpc::limit::kPerfSampleMillisMax) {
            c.error("perf: --sample must be from 50ms to 10s");
            return 1;
        }
        p.sampleMillis = int(*ms);
    }
    if (!c.inTab())
        return c.notInTab("perf");
    c.setCallTimeout(p.sampleMillis + 15000);
    const auto answer = c.call(p);
    if (!answer)
        return 1;
    if (c.json()) {
        c.printJson(*answer);
        return 0;
    }
    std::printf("%8s %8s %6s %10s  %s\n", "PID", "PARENT", "CPU%", "RSS", "COMMAND");
    for (const Json &row : (*answer)["processes"])
        std::printf("%8d %8d %6.1f %9.1fM  %s\n", row["pid"].get<int>(), row["parent"].get<int>(), row["cpuPercent"].get<double>(),
                    double(row["rssBytes"].get<uint64_t>()) / (1024 * 1024), row["command"].get<std::string>().c_str());
    std::printf("%17s %6.1f %9.1fM  over %d ms\n", "total", (*answer)["cpuPercent"].get<double>(),
                double((*answer)["rssBytes"].get<uint64_t>()) / (1024 * 1024), (*answer)["sampleMillis"].get<int>());
    return 0;
}

} // namespace dt::cli
