#pragma once

// A replayable flow: a subset of Maestro's YAML flow format, read whole
// (with the flows it runs) and checked before anything runs, so a flow
// with a mistake or a command we do not support is refused with its file,
// line and column instead of failing half-way. No Qt.
//
// A file is an optional header document (name, env, and appId: the app
// the device runs, which launchApp may name) and a list of commands. Supported commands: launchApp, tapOn, longPressOn, inputText,
// eraseText, pressKey, back, home, swipe, scroll, scrollUntilVisible,
// assertVisible, assertNotVisible, waitForAnimationToEnd, takeScreenshot,
// repeat (times), runFlow (a file or inline commands, with env). Strings
// may use ${NAME} from env.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dt::cli::replay {

// Where a step was written.
struct Place {
    std::string file;
    int line = 0, column = 0; // 1-based
    std::string text() const { return file + ":" + std::to_string(line) + ":" + std::to_string(column); }
};

// An element as Maestro names one: by its text (a regular expression that
// must match the whole label or value), or a point on the screen.
struct Selector {
    std::optional<std::string> text;
    std::optional<std::pair<double, double>> point; // fractions of the screen
    std::string describe() const;
};

struct Step {
    enum class Kind {
        LaunchApp,
        TapOn,
        LongPressOn,
        InputText,
        EraseText,
        PressKey,
        Back,
        Home,
        Swipe,
        Scroll,
        ScrollUntilVisible,
        AssertVisible,
        AssertNotVisible,
        WaitForAnimationToEnd,
        TakeScreenshot,
        Repeat,
        RunFlow,
    };
    Kind kind = Kind::Back;
    std::string command; // as written, for messages
    Place place;
    Selector selector; // tapOn, longPressOn, assert*, scrollUntilVisible, swipe's from
    std::string text; // inputText, pressKey's key, takeScreenshot's name, repeat's ${NAME} times
    std::string direction; // swipe, scrollUntilVisible: UP, DOWN, LEFT, RIGHT
    std::optional<std::pair<double, double>> start, end; // swipe by points
    int count = 0; // eraseText's characters, repeat's times
    int64_t timeoutMillis = 0; // scrollUntilVisible, waitForAnimationToEnd, assertions
    int durationMillis = 0; // swipe
    std::vector<Step> steps; // repeat, runFlow
    std::map<std::string, std::string> env; // runFlow's
    std::string flowFile; // runFlow's file, as resolved
};

struct Flow {
    std::string file;
    std::string name; // the header's, or the file's
    std::string appId; // the header's: the app the device runs
    std::map<std::string, std::string> env;
    std::vector<Step> steps;
};

// Reads `path` and every flow it runs. `env` (from the command line)
// overrides the header's. nullopt with `why` ("FILE:LINE:COL: …").
std::optional<Flow> readFlow(const std::string &path, const std::map<std::string, std::string> &env, std::string *why);

// ${NAME} replaced from `env`; unknown names are left as written.
std::string expand(const std::string &text, const std::map<std::string, std::string> &env);

// What pressKey's key names: a key (an X keysym) or a device button.
struct KeyAction {
    uint32_t keysym = 0;
    std::string button; // "home", "back", "lock", "volume-up", "volume-down"
};
// Maestro's key names, any case ("Enter", "Backspace", "Home", "Volume Up"…).
std::optional<KeyAction> keyNamed(const std::string &name);

} // namespace dt::cli::replay
