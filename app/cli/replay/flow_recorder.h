#pragma once

// Writes what a person did on a device pane as a flow `deviceterm replay`
// runs again: each `pane.gesture` event becomes a step in Maestro's YAML.
// Taps and long presses name the element by the text the app gave it
// (when no other element has that text), else the point; typed characters
// join one inputText (Backspace takes back what was just typed); wheel
// turns that bring an element into view before it is tapped become
// scrollUntilVisible, so the flow does not depend on how far a wheel
// turned (drags stay the swipes they were: they may be more than
// scrolling). What replay cannot do (turning the device, two fingers) is
// kept as a comment in its place. No Qt.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace dt::cli::replay {

class FlowRecorder {
public:
    // `appId`: the device's app, until a tap names the application of
    // what it touched; `title`: the flow's name.
    FlowRecorder(std::string appId, std::string title);
    // The device shell's name on the accessibility bus, and its appId.
    static constexpr const char *kShellApplication = "deviceterm-device-shell";
    static constexpr const char *kShellAppId = "deviceterm.shell";

    // What one event did to the flow, in words for the person watching
    // ("tapOn 'Counter'"): a new step, or the last one amended (typing
    // goes on, the wheel turns again). Empty words: nothing changed (an
    // event it does not know).
    struct Change {
        std::string words;
        bool amended = false;
    };
    Change add(const nlohmann::json &event);
    // The whole file as it stands (scrolls still waiting for a tap are
    // written as scrolls).
    std::string yaml() const;
    int steps() const;

    // Text as a regular expression that matches exactly that text
    // (replay reads tapOn's text as one, as Maestro does).
    static std::string literalPattern(const std::string &text);

private:
    struct Step {
        enum class Kind { Typed, Erased, Scrolled, Other };
        Kind kind = Kind::Other;
        std::string text; // Typed: the characters; Other: the YAML item or a # comment
        int count = 0; // Erased: characters; Scrolled: wheel turns, down (>0) or up (<0)
    };
    Change addTap(const nlohmann::json &event, const char *command);
    Change addScroll(int down);
    Change addKey(uint32_t keysym);
    Change addText(const std::string &text);
    void push(std::string yamlItem);
    static std::string itemOf(const Step &step);

    std::string m_appId, m_title;
    bool m_appFromTree = false; // m_appId is the application a tap touched
    std::vector<Step> m_steps;
};

} // namespace dt::cli::replay
