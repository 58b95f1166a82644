// Each flow command as contract calls (see run_flow.h). Elements are found
// by their text as a regular expression over the whole label or value
// (Maestro's rule), waited for rather than retried, and a tap takes the
// first match in the screen's reading order; after input the screen is
// let settle, as a person would look before the next step.

#include "app/cli/replay/run_flow.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace dt::cli::replay {

namespace {

double clamp(double v)
{
    return std::clamp(v, 0.02, 0.98);
}

// Where a finger moves for a direction, as fractions: Maestro's UP moves
// the finger up (the content scrolls down).
void directionLine(const std::string &direction, double &fromX, double &fromY, double &toX, double &toY)
{
    fromX = toX = 0.5, fromY = toY = 0.5;
    if (direction == "UP")
        fromY = 0.7, toY = 0.3;
    else if (direction == "DOWN")
        fromY = 0.3, toY = 0.7;
    else if (direction == "LEFT")
        fromX = 0.8, toX = 0.2;
    else
        fromX = 0.2, toX = 0.8;
}

std::string opposite(const std::string &direction)
{
    return direction == "UP" ? "DOWN" : direction == "DOWN" ? "UP" : direction == "LEFT" ? "RIGHT" : "LEFT";
}

// Maestro's text rule: a regular expression matching the whole label or
// value, ignoring case, "." matching newlines too; or the text itself,
// literally (so "Count (3)" finds what it says).
dt::rpc::AxFindParams finderOf(const std::string &pane, const std::string &text)
{
    dt::rpc::AxFindParams find;
    find.pane = pane;
    // \z, not $: a text that ends in a line break is not the text without it.
    find.text = "(?is)^(?:" + text + ")\\z";
    if (text.find("\\E") == std::string::npos)
        *find.text += "|^\\Q" + text + "\\E\\z";
    find.match = dt::rpc::AxFindParams::Match::Regex;
    return find;
}

// The text alone, literally (when it is no regular expression at all).
dt::rpc::AxFindParams literalFinderOf(const std::string &pane, const std::string &text)
{
    dt::rpc::AxFindParams find;
    find.pane = pane;
    find.text = text;
    find.match = dt::rpc::AxFindParams::Match::Exact;
    return find;
}

std::string stem(const std::string &path)
{
    const size_t slash = path.rfind('/');
    std::string name = path.substr(slash == std::string::npos ? 0 : slash + 1);
    const size_t dot = name.rfind('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

// The directory of a flow file, absolute (what is written there is named
// in full, whoever reads the report).
std::string directoryOf(const std::string &path)
{
    std::error_code error;
    const auto absolute = std::filesystem::absolute(path, error);
    return error ? std::string(".") : absolute.parent_path().string();
}

} // namespace

FlowRunner::FlowRunner(Context &c, std::string pane, int64_t lookupMillis, std::function<void(const StepReport &)> report)
    : m_c(c), m_pane(std::move(pane)), m_lookupMillis(lookupMillis), m_report(std::move(report))
{
}

std::optional<std::string> FlowRunner::call(const dt::rpc::MethodSpec &method, const Json &params, Json *answer,
                                            int timeoutMillis)
{
    m_c.setCallTimeout(timeoutMillis);
    const auto result = m_c.call(method, params);
    if (!result)
        return m_c.lastFailure().empty() ? std::string("cannot reach deviceterm") : m_c.lastFailure();
    if (answer)
        *answer = *result;
    return std::nullopt;
}

std::optional<std::string> FlowRunner::waitFor(const std::string &text, const std::map<std::string, std::string> &env, bool gone,
                                               Json *found)
{
    const std::string wanted = expand(text, env);
    dt::rpc::AxWaitForParams wait;
    wait.finder = finderOf(m_pane, wanted);
    wait.gone = gone;
    wait.timeoutMillis = m_lookupMillis;
    auto problem = call(wait, found, int(m_lookupMillis) + 10000);
    if (problem && problem->find("not a regular expression") != std::string::npos) {
        wait.finder = literalFinderOf(m_pane, wanted);
        problem = call(wait, found, int(m_lookupMillis) + 10000);
    }
    if (problem && timedOut())
        return "intent.timeout: '" + wanted + "' " + (gone ? "was still shown" : "did not show") + " within "
               + std::to_string(m_lookupMillis) + " ms";
    return problem;
}

bool FlowRunner::timedOut() const
{
    return m_c.lastError() && m_c.lastError()->msg.rfind(dt::rpc::intent::Timeout, 0) == 0;
}

void FlowRunner::settle(int quietMillis, int64_t timeoutMillis, bool *settled)
{
    dt::rpc::WaitIdleParams idle;
    idle.pane = m_pane;
    idle.quietMillis = quietMillis;
    idle.timeoutMillis = timeoutMillis;
    const bool still = !call(idle, nullptr, int(timeoutMillis) + 10000);
    if (settled)
        *settled = still;
}

std::optional<std::string> FlowRunner::locate(const Selector &selector, const std::map<std::string, std::string> &env,
                                              double &x, double &y)
{
    if (selector.point) {
        x = selector.point->first, y = selector.point->second;
        return std::nullopt;
    }
    Json found;
    if (auto problem = waitFor(*selector.text, env, false, &found))
        return problem;
    const Json &matches = found["matches"];
    if (!matches.is_array() || matches.empty() || !matches[0].contains("normalizedCenter"))
        return "the app answered no element for " + selector.describe();
    x = matches[0]["normalizedCenter"].value("x", 0.5);
    y = matches[0]["normalizedCenter"].value("y", 0.5);
    return std::nullopt;
}

std::optional<std::string> FlowRunner::swipe(double fromX, double fromY, double toX, double toY, int durationMillis,
                                             int holdMillis)
{
    dt::rpc::SwipeParams swipe;
    swipe.pane = m_pane;
    swipe.fromX = clamp(fromX), swipe.fromY = clamp(fromY), swipe.toX = clamp(toX), swipe.toY = clamp(toY);
    swipe.durationMs = durationMillis;
    swipe.holdMs = holdMillis;
    return call(swipe);
}

std::optional<std::string> FlowRunner::runStep(const Step &step, const std::map<std::string, std::string> &env, std::string &note)
{
    using K = Step::Kind;
    double x = 0, y = 0;
    switch (step.kind) {
    case K::LaunchApp: {
        // The device's app runs from its boot: ready once it has drawn
        // and stood still.
        bool settled = false;
        settle(300, 30000, &settled);
        if (!settled)
            return m_c.lastFailure().empty() ? std::string("the device's app did not settle within 30 s") : m_c.lastFailure();
        return std::nullopt;
    }
    case K::TapOn:
    case K::LongPressOn: {
        if (auto problem = locate(step.selector, env, x, y))
            return problem;
        std::optional<std::string> problem;
        if (step.kind == K::TapOn)
            problem = call(dt::rpc::TapParams{m_pane, x, y});
        else
            problem = call(dt::rpc::LongPressParams{m_pane, x, y, 800});
        if (problem)
            return problem;
        settle();
        return std::nullopt;
    }
    case K::InputText: {
        if (auto problem = call(dt::rpc::DeviceTextParams{m_pane, expand(step.text, env)}))
            return problem;
        settle();
        return std::nullopt;
    }
    case K::EraseText:
        for (int i = 0; i < step.count; ++i)
            if (auto problem = call(dt::rpc::KeyParams{m_pane, 0xff08}))
                return problem;
        settle();
        return std::nullopt;
    case K::PressKey:
    case K::Back:
    case K::Home: {
        const KeyAction key = step.kind == K::Back ? KeyAction{0, "back"}
                              : step.kind == K::Home ? KeyAction{0, "home"}
                                                     : keyNamed(step.text).value_or(KeyAction{});
        const auto problem = key.button.empty() ? call(dt::rpc::KeyParams{m_pane, key.keysym})
                                                : call(dt::rpc::ButtonParams{m_pane, key.button});
        if (problem)
            return problem;
        settle();
        return std::nullopt;
    }
    case K::Swipe:
    case K::Scroll: {
        double fromX = 0, fromY = 0, toX = 0, toY = 0;
        if (step.start) {
            fromX = step.start->first, fromY = step.start->second, toX = step.end->first, toY = step.end->second;
        } else {
            directionLine(step.kind == K::Scroll ? "UP" : step.direction, fromX, fromY, toX, toY);
            if (step.selector.text || step.selector.point) {
                // From the element, the same way and length.
                if (auto problem = locate(step.selector, env, x, y))
                    return problem;
                toX = x + (toX - fromX), toY = y + (toY - fromY), fromX = x, fromY = y;
            }
        }
        if (auto problem = swipe(fromX, fromY, toX, toY, step.durationMillis > 0 ? step.durationMillis : 400))
            return problem;
        settle();
        return std::nullopt;
    }
    case K::ScrollUntilVisible: {
        // Scrolling DOWN moves the finger up.
        double fromX = 0, fromY = 0, toX = 0, toY = 0;
        directionLine(opposite(step.direction), fromX, fromY, toX, toY);
        const auto find = finderOf(m_pane, expand(*step.selector.text, env));
        const auto started = std::chrono::steady_clock::now();
        auto elapsed = [&started] {
            return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
        };
        for (int swipes = 0;; ++swipes) {
            Json found;
            if (auto problem = call(find, &found))
                return problem;
            for (const Json &m : found["matches"]) {
                const double cy = m["normalizedCenter"]["y"].get<double>(), cx = m["normalizedCenter"]["x"].get<double>();
                if (cx > 0 && cx < 1 && cy > 0 && cy < 1) {
                    note = std::to_string(swipes) + (swipes == 1 ? " swipe" : " swipes");
                    return std::nullopt;
                }
            }
            if (elapsed() >= step.timeoutMillis)
                return "not visible after " + std::to_string(swipes) + " swipes in "
                       + std::to_string(step.timeoutMillis) + " ms: " + step.selector.describe();
            // A finger that rests before it lifts: the list moves as far as
            // the finger did and does not fling past what is looked for.
            if (auto problem = swipe(fromX, fromY, toX, toY, 300, 150))
                return problem;
            settle();
        }
    }
    case K::AssertVisible:
    case K::AssertNotVisible:
        return waitFor(*step.selector.text, env, step.kind == K::AssertNotVisible);
    case K::WaitForAnimationToEnd: {
        bool settled = false;
        settle(300, step.timeoutMillis, &settled);
        if (!settled)
            note = "still moving after " + std::to_string(step.timeoutMillis) + " ms; went on";
        return std::nullopt;
    }
    case K::TakeScreenshot: {
        std::string path = expand(step.text, env);
        if (path.empty())
            return "takeScreenshot: the name is empty (" + step.text + ")";
        if (path.front() != '/')
            path = directoryOf(step.place.file) + "/" + path;
        if (path.size() < 4 || path.compare(path.size() - 4, 4, ".png") != 0)
            path += ".png";
        Json shot;
        if (auto problem = call(dt::rpc::ScreenshotParams{m_pane}, &shot))
            return problem;
        if (auto problem = saveScreenshot(shot, path))
            return problem;
        note = path;
        return std::nullopt;
    }
    case K::Repeat: {
        int times = step.count;
        if (!step.text.empty()) {
            const std::string value = expand(step.text, env);
            char *end = nullptr;
            const long n = std::strtol(value.c_str(), &end, 10);
            if (value.empty() || *end || n < 1 || n > 10000)
                return "repeat: times is '" + value + "', not a whole number from 1 to 10000";
            times = int(n);
        }
        for (int i = 0; i < times; ++i)
            if (!runSteps(step.steps, env))
                return std::string(); // reported by the step that failed
        return std::nullopt;
    }
    case K::RunFlow: {
        std::map<std::string, std::string> inner = env;
        for (const auto &[name, value] : step.env)
            inner[name] = expand(value, env);
        if (!runSteps(step.steps, inner))
            return std::string();
        return std::nullopt;
    }
    }
    return "unknown command";
}

bool FlowRunner::runSteps(const std::vector<Step> &steps, const std::map<std::string, std::string> &env)
{
    for (const Step &step : steps) {
        const auto started = std::chrono::steady_clock::now();
        std::string note;
        const auto problem = runStep(step, env, note);
        // A repeat or runFlow reports the step inside it that failed (an
        // empty problem), or its own (a count that is no number).
        const bool container = step.kind == Step::Kind::Repeat || step.kind == Step::Kind::RunFlow;
        if (container && problem && problem->empty())
            return false;
        if (container && !problem)
            continue;
        StepReport report;
        report.step = &step;
        report.ok = !problem;
        report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        report.note = note;
        if (problem) {
            report.error = *problem;
            // Evidence of what the screen showed when it failed.
            Json shot;
            const std::string path =
                directoryOf(step.place.file) + "/" + stem(step.place.file) + "-failed-line" + std::to_string(step.place.line) + ".png";
            if (!call(dt::rpc::ScreenshotParams{m_pane}, &shot) && !saveScreenshot(shot, path))
                report.screenshot = path;
        }
        m_report(report);
        if (problem)
            return false;
    }
    return true;
}

bool FlowRunner::run(const Flow &flow)
{
    m_c.setQuietCalls(true);
    return runSteps(flow.steps, flow.env);
}

} // namespace dt::cli::replay
