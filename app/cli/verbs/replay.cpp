// `deviceterm replay FLOW.yaml`: runs a flow written in a subset of
// Maestro's YAML against this session's device pane (see app/cli/replay).
// The whole flow (and the flows it runs) is read and checked first; then
// one line per step as it ends, or JSON lines with --json. Exit 0 when
// every step passed, 1 when one failed (its screenshot beside the flow),
// 2 when the flow was refused before anything ran.

#include "app/cli/cli.h"
#include "app/cli/replay/run_flow.h"
#include "app/cli/verbs/ax_target.h"

#include <chrono>
#include <cstdio>

namespace dt::cli {

namespace {

constexpr int kRefused = 2;

std::string what(const replay::Step &step)
{
    std::string s = step.command;
    if (step.selector.text || step.selector.point)
        s += " " + step.selector.describe();
    else if (!step.text.empty())
        s += " '" + step.text + "'";
    else if (!step.direction.empty())
        s += " " + step.direction;
    return s;
}

} // namespace

int runReplay(Context &c)
{
    // -e NAME=VALUE, as Maestro's CLI takes it; repeatable.
    std::map<std::string, std::string> env;
    std::vector<std::string> rest;
    const auto &words = c.operands();
    for (size_t i = 0; i < words.size(); ++i) {
        if ((words[i] == "-e" || words[i] == "--env") && i + 1 < words.size()) {
            const std::string &pair = words[++i];
            const size_t eq = pair.find('=');
            if (eq == std::string::npos || eq == 0) {
                c.error("replay: -e takes NAME=VALUE, not '" + pair + "'");
                return kRefused;
            }
            env[pair.substr(0, eq)] = pair.substr(eq + 1);
        } else {
            rest.push_back(words[i]);
        }
    }
    Context options(rest, c.json());
    if (!options.parseOptions({"--pane", "--timeout"}, {"--record"}) || options.positionals().size() != 1) {
        c.error("usage: deviceterm replay FLOW.yaml [-e NAME=VALUE]… [--timeout 17s] [--pane REF] [--json]\n"
                "       deviceterm replay --record FLOW.yaml [--pane REF]");
        return kRefused;
    }
    if (options.flag("--record")) {
        if (!env.empty() || options.option("--timeout")) {
            c.error("replay --record takes only the flow's file and --pane");
            return kRefused;
        }
        return runReplayRecord(c, options.positionals().front(), options.option("--pane"));
    }
    int64_t lookupMillis = replay::FlowRunner::kLookupMillis;
    if (const auto timeout = options.option("--timeout")) {
        const auto ms = durationMillis(c, *timeout, "--timeout");
        if (!ms)
            return kRefused;
        lookupMillis = *ms;
    }
    std::string why;
    const auto flow = replay::readFlow(options.positionals().front(), env, &why);
    if (!flow) {
        c.error(why);
        return kRefused;
    }
    if (!c.inTab())
        return c.notInTab("replay") == 0 ? 0 : kRefused;
    const auto started = std::chrono::steady_clock::now();
    int passed = 0;
    std::optional<replay::StepReport> failure;
    replay::FlowRunner runner(c, options.option("--pane").value_or(axPane(c)), lookupMillis, [&](const replay::StepReport &r) {
        if (r.ok)
            ++passed;
        else
            failure = r;
        if (c.json()) {
            Json line{{"step", r.step->command}, {"at", r.step->place.text()}, {"ok", r.ok}, {"seconds", r.seconds}};
            if (!r.error.empty())
                line["error"] = r.error;
            if (!r.note.empty())
                line["note"] = r.note;
            if (!r.screenshot.empty())
                line["screenshot"] = r.screenshot;
            c.printJson(line);
        } else {
            std::printf("%-6s %6.2fs  %s  %s%s\n", r.ok ? "ok" : "FAILED", r.seconds, r.step->place.text().c_str(),
                        what(*r.step).c_str(), r.note.empty() ? "" : ("  (" + r.note + ")").c_str());
            if (!r.ok)
                std::printf("       %s\n%s", r.error.c_str(),
                            r.screenshot.empty() ? "" : ("       screenshot: " + r.screenshot + "\n").c_str());
        }
        std::fflush(stdout);
    });
    const bool ok = runner.run(*flow);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (c.json()) {
        Json summary{{"flow", flow->file}, {"name", flow->name}, {"ok", ok}, {"passed", passed}, {"seconds", seconds}};
        if (failure)
            summary["failedAt"] = failure->step->place.text();
        c.printJson(summary);
    } else {
        std::printf("%s: %s, %d step%s passed in %.1f s\n", flow->name.c_str(), ok ? "passed" : "FAILED", passed,
                    passed == 1 ? "" : "s", seconds);
    }
    return ok ? 0 : 1;
}

} // namespace dt::cli
