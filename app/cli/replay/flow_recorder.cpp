// A person's gestures as a replayable flow (see the header).

#include "app/cli/replay/flow_recorder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string_view>

namespace dt::cli::replay {

using nlohmann::json;

namespace {

// A YAML double-quoted scalar: JSON's string escapes are YAML's too.
std::string yamlQuoted(const std::string &text)
{
    return json(text).dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string percent(double fraction)
{
    char out[32];
    std::snprintf(out, sizeof out, "%.2f", std::clamp(fraction, 0.0, 1.0) * 100);
    std::string s = out;
    // 37.50 → 37.5, 40.00 → 40
    while (s.back() == '0')
        s.pop_back();
    if (s.back() == '.')
        s.pop_back();
    return s + "%";
}

std::string pointOf(const json &p)
{
    return yamlQuoted(percent(p.value("x", 0.5)) + "," + percent(p.value("y", 0.5)));
}

// Drops the last UTF-8 character (its continuation bytes and its lead).
void dropLastCharacter(std::string &text)
{
    while (!text.empty()) {
        const auto byte = static_cast<unsigned char>(text.back());
        text.pop_back();
        if ((byte & 0xC0) != 0x80)
            return;
    }
}

// A button's or a turn's name as a comment may hold it: letters and '-'
// only (a line break would start a step of its own).
std::string wordOf(const std::string &name)
{
    std::string out;
    for (char c : name.substr(0, 32))
        if ((c >= 'a' && c <= 'z') || c == '-')
            out += c;
    return out.empty() ? "unnamed" : out;
}

} // namespace

FlowRecorder::FlowRecorder(std::string appId, std::string title) : m_appId(std::move(appId)), m_title(std::move(title)) {}

std::string FlowRecorder::literalPattern(const std::string &text)
{
    std::string out;
    for (char c : text) {
        if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos)
            out += '\\';
        out += c;
    }
    return out;
}

FlowRecorder::Change FlowRecorder::add(const json &event)
{
    if (!event.is_object() || !event.contains("gesture") || !event["gesture"].is_string())
        return {};
    const std::string gesture = event["gesture"].get<std::string>();
    try {
        if (gesture == "tap")
            return addTap(event, "tapOn");
        if (gesture == "longPress")
            return addTap(event, "longPressOn");
        if (gesture == "swipe") {
            const json &from = event.at("at"), &to = event.at("to");
            const int millis = std::clamp(event.value("durationMillis", 400), 1, 60000);
            push("- swipe:\n    start: " + pointOf(from) + "\n    end: " + pointOf(to) + "\n    duration: "
                 + std::to_string(millis));
            return {"swipe from " + percent(from.value("x", 0.5)) + "," + percent(from.value("y", 0.5)) + " to "
                    + percent(to.value("x", 0.5)) + "," + percent(to.value("y", 0.5))};
        }
        if (gesture == "scroll") {
            const int clicks = event.value("clicks", 0);
            return clicks == 0 ? Change{} : addScroll(clicks < 0 ? 1 : -1);
        }
        if (gesture == "key")
            return addKey(event.value("keysym", 0u));
        if (gesture == "text")
            return addText(event.value("text", std::string()));
        if (gesture == "button") {
            static const std::map<std::string, std::string> keys = {
                {"home", "- pressKey: Home"},           {"lock", "- pressKey: Lock"},
                {"back", "- back"},                     {"volume-up", "- pressKey: Volume Up"},
                {"volume-down", "- pressKey: Volume Down"},
            };
            const std::string button = wordOf(event.value("button", std::string()));
            const auto it = keys.find(button);
            if (it == keys.end()) {
                push("# pressed the device's " + button + " button here: replay has no step for it");
                return {"(the " + button + " button, as a comment)"};
            }
            push(it->second);
            return {it->second.substr(2)};
        }
        if (gesture == "rotate") {
            push("# turned the device " + wordOf(event.value("button", std::string())) + " here: replay does not turn devices");
            return {"(a turn, as a comment)"};
        }
        if (gesture == "twoFingers") {
            push("# a two-finger gesture here: replay has no step for it");
            return {"(a two-finger gesture, as a comment)"};
        }
    } catch (const json::exception &) {
        return {}; // a malformed event is not a step
    }
    return {};
}

FlowRecorder::Change FlowRecorder::addTap(const json &event, const char *command)
{
    const json *element = event.contains("element") && event["element"].is_object() ? &event["element"] : nullptr;
    // The flow's app is the one the person worked in (a program launched
    // on the device, say), as the first tap on a named element says.
    if (element && !m_appFromTree && element->contains("app") && (*element)["app"].is_string()
        && !(*element)["app"].get<std::string>().empty()) {
        const std::string app = (*element)["app"].get<std::string>();
        m_appId = app == kShellApplication ? kShellAppId : app;
        m_appFromTree = true;
    }
    if (element && element->contains("text") && (*element)["text"].is_string()) {
        const std::string text = literalPattern((*element)["text"].get<std::string>());
        // What the wheel turns before this tap were for: bring it into view.
        if (!m_steps.empty() && m_steps.back().kind == Step::Kind::Scrolled) {
            const int down = m_steps.back().count;
            m_steps.back() = Step{Step::Kind::Other,
                                  "- scrollUntilVisible:\n    element: " + yamlQuoted(text) + "\n    direction: "
                                      + (down > 0 ? "DOWN" : "UP"),
                                  0};
        }
        push("- " + std::string(command) + ": " + yamlQuoted(text));
        return {std::string(command) + " '" + text + "'"};
    }
    const json &at = event.at("at");
    push("- " + std::string(command) + ":\n    point: " + pointOf(at));
    return {std::string(command) + " point " + percent(at.value("x", 0.5)) + "," + percent(at.value("y", 0.5))};
}

FlowRecorder::Change FlowRecorder::addScroll(int down)
{
    // One step per run of wheel turns the same way.
    Step *last = m_steps.empty() ? nullptr : &m_steps.back();
    const bool sameWay = last && last->kind == Step::Kind::Scrolled && (last->count > 0) == (down > 0);
    if (!sameWay)
        m_steps.push_back(Step{Step::Kind::Scrolled, {}, 0}), last = &m_steps.back();
    last->count += down;
    const int turns = std::abs(last->count);
    return {std::string(down > 0 ? "scroll down" : "scroll up") + (turns > 1 ? " (" + std::to_string(turns) + " turns)" : ""),
            sameWay};
}

FlowRecorder::Change FlowRecorder::addText(const std::string &text)
{
    if (text.empty())
        return {};
    const bool more = !m_steps.empty() && m_steps.back().kind == Step::Kind::Typed;
    if (!more)
        m_steps.push_back(Step{Step::Kind::Typed, {}, 0});
    m_steps.back().text += text;
    return {"inputText '" + m_steps.back().text + "'", more};
}

FlowRecorder::Change FlowRecorder::addKey(uint32_t keysym)
{
    if (keysym == 0x20) // the space bar types a space
        return addText(" ");
    if (keysym == 0xff08) { // Backspace takes back what was just typed
        Step *last = m_steps.empty() ? nullptr : &m_steps.back();
        if (last && last->kind == Step::Kind::Typed) {
            dropLastCharacter(last->text);
            if (last->text.empty()) {
                m_steps.pop_back();
                return {"(typing taken back)", true};
            }
            return {"inputText '" + last->text + "'", true};
        }
        const bool more = last && last->kind == Step::Kind::Erased;
        if (!more)
            m_steps.push_back(Step{Step::Kind::Erased, {}, 0}), last = &m_steps.back();
        last->count += 1;
        return {"eraseText " + std::to_string(last->count), more};
    }
    static const std::map<uint32_t, const char *> names = {
        {0xff0d, "Enter"},           {0xff8d, "Enter"},          {0xff09, "Tab"},
        {0xff1b, "Escape"},          {0xff52, "Remote Dpad Up"}, {0xff54, "Remote Dpad Down"},
        {0xff51, "Remote Dpad Left"}, {0xff53, "Remote Dpad Right"},
    };
    const auto it = names.find(keysym);
    if (it == names.end()) {
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%x", keysym);
        push("# pressed a key replay has no name for here (X keysym " + std::string(hex) + ")");
        return {"(a key without a name, as a comment)"};
    }
    push(std::string("- pressKey: ") + it->second);
    return {std::string("pressKey ") + it->second};
}

void FlowRecorder::push(std::string item)
{
    m_steps.push_back(Step{Step::Kind::Other, std::move(item), 0});
}

std::string FlowRecorder::itemOf(const Step &step)
{
    switch (step.kind) {
    case Step::Kind::Typed: return "- inputText: " + yamlQuoted(step.text);
    case Step::Kind::Erased: return "- eraseText: " + std::to_string(step.count);
    // Turns not followed by a tap on what they brought into view: scroll
    // (Maestro's scroll goes down), or a swipe that scrolls up.
    case Step::Kind::Scrolled: return step.count > 0 ? "- scroll" : "- swipe:\n    direction: DOWN";
    case Step::Kind::Other: return step.text;
    }
    return {};
}

std::string FlowRecorder::yaml() const
{
    std::string out = "# Recorded by deviceterm replay --record from what a person did on a device.\n"
                      "# Run it again with: deviceterm replay FILE\n";
    out += "appId: " + yamlQuoted(m_appId) + "\nname: " + yamlQuoted(m_title) + "\n---\n- launchApp\n";
    for (const Step &step : m_steps)
        out += itemOf(step) + "\n";
    return out;
}

int FlowRecorder::steps() const
{
    int n = 1; // launchApp
    for (const Step &step : m_steps) {
        // Items begin at the start of a line; their arguments are indented.
        const std::string item = "\n" + itemOf(step);
        for (size_t at = item.find("\n- "); at != std::string::npos; at = item.find("\n- ", at + 1))
            ++n;
    }
    return n;
}

} // namespace dt::cli::replay
