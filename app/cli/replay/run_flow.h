#pragma once

// Running a flow (flow.h) against a device pane through the contract: each
// step is the calls an agent would make (wait for the element, tap its
// centre, let the screen settle), reported as it ends. The first step
// that fails ends the run, with a screenshot beside the flow.

#include "app/cli/cli.h"
#include "app/cli/replay/flow.h"

#include <functional>
#include <string>

namespace dt::cli::replay {

struct StepReport {
    const Step *step = nullptr;
    bool ok = true;
    double seconds = 0;
    std::string error; // why it failed
    std::string note; // what else is worth knowing (a screen that never settled)
    std::string screenshot; // the failure's, when taken
};

class FlowRunner {
public:
    // `pane`: "" for the session's only device pane; `lookupMillis`: how
    // long an element is waited for before a tap or an assertion gives up.
    FlowRunner(Context &c, std::string pane, int64_t lookupMillis, std::function<void(const StepReport &)> report);
    // True when every step passed.
    bool run(const Flow &flow);

    // Maestro's own wait for an element (its lookup timeout).
    static constexpr int64_t kLookupMillis = 17000;

private:
    bool runSteps(const std::vector<Step> &steps, const std::map<std::string, std::string> &env);
    // nullopt when the step passed, else why not; `note` for an aside.
    std::optional<std::string> runStep(const Step &step, const std::map<std::string, std::string> &env, std::string &note);
    std::optional<std::string> call(const dt::rpc::MethodSpec &method, const Json &params, Json *answer = nullptr,
                                    int timeoutMillis = 15000);
    template <class P>
    std::optional<std::string> call(const P &params, Json *answer = nullptr, int timeoutMillis = 15000)
    {
        return call(P::kMethod, dt::rpc::encode(params), answer, timeoutMillis);
    }
    // The centre of the element a selector names (waiting for it to show).
    std::optional<std::string> locate(const Selector &selector, const std::map<std::string, std::string> &env, double &x,
                                      double &y);
    std::optional<std::string> swipe(double fromX, double fromY, double toX, double toY, int durationMillis,
                                     int holdMillis = 0);
    void settle(int quietMillis = 150, int64_t timeoutMillis = 5000, bool *settled = nullptr);
    bool timedOut() const; // the last failed call was a wait that ran out
    // Waits until an element with that text shows (or, `gone`, none does).
    std::optional<std::string> waitFor(const std::string &text, const std::map<std::string, std::string> &env, bool gone,
                                       Json *found = nullptr);

    Context &m_c;
    const std::string m_pane;
    const int64_t m_lookupMillis;
    std::function<void(const StepReport &)> m_report;
};

} // namespace dt::cli::replay
