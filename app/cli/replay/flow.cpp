// Reading a flow file (see flow.h) with yaml-cpp: each command is a table
// entry that turns its YAML into a Step or refuses it with its place.

#include "app/cli/replay/flow.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <functional>
#include <set>

namespace dt::cli::replay {

namespace {

// A refusal, carried out of the parser with the place it names.
struct Refusal {
    std::string text;
};

// Bounds on what a flow may ask for, so that no flow (nor an alias that
// names itself) can exhaust the stack, the memory or a lifetime.
constexpr int kMaxNesting = 16; // repeat and runFlow inside each other
constexpr size_t kMaxSteps = 10000; // commands written, flows included
constexpr double kMaxRuns = 1e6; // commands run, repeats multiplied out
constexpr long kMaxFileBytes = 1024 * 1024;

// The command being read: where a refusal about an argument that is not
// there points.
Place g_command;

Place placeOf(const std::string &file, const YAML::Node &node)
{
    if (!node.IsDefined() || node.Mark().is_null())
        return g_command.file.empty() ? Place{file, 1, 1} : g_command;
    const YAML::Mark mark = node.Mark();
    return {file, mark.line + 1, mark.column + 1};
}

[[noreturn]] void refuse(const std::string &file, const YAML::Node &node, const std::string &what)
{
    throw Refusal{placeOf(file, node).text() + ": " + what};
}

std::string scalar(const std::string &file, const YAML::Node &node, const std::string &what)
{
    if (!node.IsDefined() || !node.IsScalar())
        refuse(file, node, what + " must be a single value");
    return node.Scalar();
}

int64_t number(const std::string &file, const YAML::Node &node, const std::string &what, int64_t least, int64_t most)
{
    const std::string text = scalar(file, node, what);
    char *end = nullptr;
    const long long n = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end || n < least || n > most)
        refuse(file, node, what + " must be a whole number from " + std::to_string(least) + " to " + std::to_string(most));
    return n;
}

// "50%,46%": fractions of the screen.
std::pair<double, double> point(const std::string &file, const YAML::Node &node)
{
    const std::string text = scalar(file, node, "point");
    double x = -1, y = -1;
    char tail = 0;
    if (std::sscanf(text.c_str(), " %lf%% , %lf%% %c", &x, &y, &tail) != 2 || !std::isfinite(x) || !std::isfinite(y) || x < 0
        || x > 100 || y < 0 || y > 100)
        refuse(file, node, "a point is written in percent of the screen, like 50%,46% (not '" + text + "')");
    return {x / 100, y / 100};
}

void onlyKeys(const std::string &file, const YAML::Node &map, const std::set<std::string> &allowed, const std::string &command)
{
    for (const auto &entry : map) {
        const std::string key = entry.first.Scalar();
        if (allowed.count(key))
            continue;
        std::string list;
        for (const std::string &k : allowed)
            list += (list.empty() ? "" : ", ") + k;
        refuse(file, entry.first, command + " does not support '" + key + "' (it takes " + list + ")");
    }
}

// tapOn: "Text" | {text, point, id…}
Selector selector(const std::string &file, const YAML::Node &node, const std::string &command,
                  const std::set<std::string> &more = {})
{
    Selector s;
    if (node.IsScalar()) {
        s.text = node.Scalar();
        return s;
    }
    if (!node.IsMap())
        refuse(file, node, command + " needs the element's text, or a map with text or point");
    if (node["id"])
        refuse(file, node["id"], "id is not supported: the device's toolkit (Qt 6.4) exposes no accessible ids; use text");
    std::set<std::string> allowed{"text", "point", "label"};
    allowed.insert(more.begin(), more.end());
    onlyKeys(file, node, allowed, command);
    if (node["text"])
        s.text = scalar(file, node["text"], "text");
    if (node["point"])
        s.point = point(file, node["point"]);
    if (!s.text && !s.point)
        refuse(file, node, command + " needs text or point");
    if (s.text && s.point)
        refuse(file, node, command + " takes text or point, not both");
    return s;
}

std::string direction(const std::string &file, const YAML::Node &node)
{
    std::string d = scalar(file, node, "direction");
    for (char &c : d)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    if (d != "UP" && d != "DOWN" && d != "LEFT" && d != "RIGHT")
        refuse(file, node, "direction must be UP, DOWN, LEFT or RIGHT");
    return d;
}

std::map<std::string, std::string> envMap(const std::string &file, const YAML::Node &node)
{
    if (!node.IsDefined() || !node.IsMap())
        refuse(file, node, "env must be a map of NAME: value");
    std::map<std::string, std::string> out;
    for (const auto &entry : node)
        out[entry.first.Scalar()] = scalar(file, entry.second, entry.first.Scalar());
    return out;
}

std::string directoryOf(const std::string &path)
{
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

class Reader {
public:
    std::vector<std::string> open; // the files being read (canonical): a flow may not run itself
    int depth = 0; // repeat and runFlow being read inside each other
    size_t written = 0; // commands read so far
    double runs = 1; // how many times the commands being read will run
    std::string appId; // the top flow's header's

    std::vector<Step> commands(const std::string &file, const YAML::Node &list, double times = 1)
    {
        if (!list.IsDefined() || !list.IsSequence())
            refuse(file, list, "a flow's commands are a list (each line starting with '- ')");
        if (++depth > kMaxNesting)
            refuse(file, list, "repeat and runFlow are nested more than " + std::to_string(kMaxNesting) + " deep");
        runs *= times;
        if (runs * double(list.size()) > kMaxRuns)
            refuse(file, list, "these commands would run more than a million times");
        std::vector<Step> steps;
        for (const YAML::Node &item : list) {
            if (++written > kMaxSteps)
                refuse(file, item, "a flow may hold at most " + std::to_string(kMaxSteps) + " commands");
            steps.push_back(command(file, item));
        }
        runs /= times;
        --depth;
        return steps;
    }

    std::vector<Step> file(const std::string &path, const YAML::Node &at, const std::string &from, Flow *header)
    {
        auto cannot = [&](const std::string &why) {
            if (from.empty())
                throw Refusal{path + ": " + why};
            refuse(from, at, why + ": " + path);
        };
        std::error_code error;
        const std::string canonical = std::filesystem::weakly_canonical(path, error).string();
        for (const std::string &f : open)
            if (f == canonical)
                refuse(from, at, "runFlow " + path + " runs itself (through the flows it runs)");
        // A regular file of a sensible size only: a directory, a FIFO or
        // /dev/zero is refused, not read.
        struct stat st {};
        if (::stat(path.c_str(), &st) != 0)
            cannot(std::string("cannot read the flow (") + std::strerror(errno) + ")");
        if (!S_ISREG(st.st_mode))
            cannot("the flow is not a regular file");
        if (st.st_size > kMaxFileBytes)
            cannot("the flow is larger than 1 MiB");
        std::ifstream in(path);
        std::stringstream text;
        text << in.rdbuf();
        if (!in)
            cannot("cannot read the flow");
        std::vector<YAML::Node> documents;
        try {
            documents = YAML::LoadAll(text.str());
        } catch (const YAML::DeepRecursion &) {
            throw Refusal{path + ": the flow is nested too deeply to read"};
        } catch (const YAML::Exception &e) {
            throw Refusal{path + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1)
                          + ": syntax error: " + e.msg};
        }
        if (documents.empty() || documents.size() > 2)
            throw Refusal{path + ": a flow is an optional header (appId, env) and a list of commands, separated by ---"};
        const YAML::Node &list = documents.back();
        if (documents.size() == 2) {
            const YAML::Node &head = documents.front();
            if (!head.IsMap())
                refuse(path, head, "the header must be a map (appId, name, env)");
            onlyKeys(path, head, {"appId", "name", "env", "tags", "onFlowStart", "onFlowComplete"}, "the header");
            for (const char *hook : {"onFlowStart", "onFlowComplete"})
                if (head[hook])
                    refuse(path, head[hook], std::string(hook) + " is not supported");
            if (header) {
                if (head["name"])
                    header->name = scalar(path, head["name"], "name");
                if (head["env"])
                    header->env = envMap(path, head["env"]);
                if (head["appId"])
                    header->appId = scalar(path, head["appId"], "appId");
                if (from.empty()) // the flow's own: what launchApp may name
                    appId = header->appId;
            }
        }
        if (list.IsDefined() && list.IsSequence() && list.size() == 0)
            refuse(path, list, "the flow has no commands");
        open.push_back(canonical);
        const Place outer = g_command;
        std::vector<Step> steps = commands(path, list);
        g_command = outer;
        open.pop_back();
        return steps;
    }

private:
    Step command(const std::string &file, const YAML::Node &item);
};

// What each command takes: its YAML (null for a bare "- back") into `step`.
using Build = std::function<void(Reader &, const std::string &file, const YAML::Node &args, Step &step)>;

void noArguments(Reader &, const std::string &file, const YAML::Node &args, Step &step)
{
    if (args && !args.IsNull())
        refuse(file, args, step.command + " takes nothing");
}

const std::map<std::string, std::pair<Step::Kind, Build>> &commandTable()
{
    using K = Step::Kind;
    static const std::map<std::string, std::pair<Step::Kind, Build>> table = {
        // The device's app runs from its boot: launchApp waits until it is
        // ready. Restarting it, or another app, is not what it can do.
        {"launchApp", {K::LaunchApp, [](Reader &r, const std::string &f, const YAML::Node &a, Step &s) {
             YAML::Node appId;
             if (a && a.IsMap()) {
                 onlyKeys(f, a, {"appId", "clearState", "stopApp", "label"}, "launchApp");
                 if (a["clearState"])
                     refuse(f, a["clearState"], "launchApp: clearState is not supported (the device's app runs from boot)");
                 if (a["stopApp"] && scalar(f, a["stopApp"], "stopApp") != "false")
                     refuse(f, a["stopApp"], "launchApp: restarting the app is not supported; write stopApp: false");
                 if (a["appId"])
                     appId = a["appId"];
             } else if (a && !a.IsNull()) {
                 appId = a;
             }
             if (!appId.IsNull() && scalar(f, appId, "appId") != r.appId)
                 refuse(f, appId, "launchApp: '" + appId.Scalar() + "' is not this flow's app (its header's appId), the "
                                  "one the device runs");
             s.text = r.appId;
         }}},
        {"tapOn", {K::TapOn, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) { s.selector = selector(f, a, "tapOn"); }}},
        {"longPressOn", {K::LongPressOn, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) {
             s.selector = selector(f, a, "longPressOn");
         }}},
        {"inputText", {K::InputText, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) {
             s.text = scalar(f, a, "inputText");
             if (s.text.empty())
                 refuse(f, a, "inputText needs the text to type");
         }}},
        {"eraseText", {K::EraseText, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) {
             s.count = 50; // Maestro's default
             if (a && a.IsMap()) {
                 onlyKeys(f, a, {"charactersToErase"}, "eraseText");
                 s.count = int(number(f, a["charactersToErase"], "charactersToErase", 1, 10000));
             } else if (a && !a.IsNull()) {
                 s.count = int(number(f, a, "eraseText", 1, 10000));
             }
         }}},
        {"pressKey", {K::PressKey, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) {
             s.text = scalar(f, a, "pressKey");
             if (!keyNamed(s.text))
                 refuse(f, a, "pressKey: unknown key '" + s.text + "' (Enter, Backspace, Tab, Escape, Space, Home, Back, "
                              "Lock, Power, Volume Up, Volume Down, Remote Dpad Up/Down/Left/Right)");
         }}},
        {"back", {K::Back, noArguments}},
        {"home", {K::Home, noArguments}},
        {"scroll", {K::Scroll, noArguments}},
        {"swipe", {K::Swipe, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) {
             if (!a.IsMap())
                 refuse(f, a, "swipe needs direction, or start and end");
             onlyKeys(f, a, {"direction", "start", "end", "from", "duration", "label"}, "swipe");
             if (a["direction"])
                 s.direction = direction(f, a["direction"]);
             if (a["start"] || a["end"]) {
                 if (!a["start"] || !a["end"] || a["direction"] || a["from"])
                     refuse(f, a, "swipe takes start and end together, or a direction (from an element)");
                 s.start = point(f, a["start"]);
                 s.end = point(f, a["end"]);
             } else if (s.direction.empty()) {
                 refuse(f, a, "swipe needs direction, or start and end");
             }
             if (a["from"])
                 s.selector = selector(f, a["from"], "swipe's from");
             s.durationMillis = a["duration"] ? int(number(f, a["duration"], "duration", 1, 60000)) : 400;
         }}},
        {"scrollUntilVisible", {K::ScrollUntilVisible, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) {
             if (!a.IsMap() || !a["element"])
                 refuse(f, a, "scrollUntilVisible needs element (and may take direction, timeout)");
             onlyKeys(f, a, {"element", "direction", "timeout", "label"}, "scrollUntilVisible");
             s.selector = selector(f, a["element"], "scrollUntilVisible's element");
             if (!s.selector.text)
                 refuse(f, a["element"], "scrollUntilVisible's element needs its text");
             s.direction = a["direction"] ? direction(f, a["direction"]) : "DOWN";
             s.timeoutMillis = a["timeout"] ? number(f, a["timeout"], "timeout", 1, 600000) : 20000;
         }}},
        {"assertVisible", {K::AssertVisible, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) {
             s.selector = selector(f, a, "assertVisible");
             if (!s.selector.text)
                 refuse(f, a, "assertVisible needs the element's text");
         }}},
        {"assertNotVisible", {K::AssertNotVisible, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) {
             s.selector = selector(f, a, "assertNotVisible");
             if (!s.selector.text)
                 refuse(f, a, "assertNotVisible needs the element's text");
         }}},
        {"waitForAnimationToEnd", {K::WaitForAnimationToEnd, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) {
             s.timeoutMillis = 15000;
             if (a && a.IsMap()) {
                 onlyKeys(f, a, {"timeout"}, "waitForAnimationToEnd");
                 s.timeoutMillis = number(f, a["timeout"], "timeout", 1, 600000);
             } else if (a && !a.IsNull()) {
                 refuse(f, a, "waitForAnimationToEnd takes nothing, or timeout");
             }
         }}},
        {"takeScreenshot", {K::TakeScreenshot, [](Reader &, const std::string &f, const YAML::Node &a, Step &s) {
             s.text = a.IsMap() ? (onlyKeys(f, a, {"path"}, "takeScreenshot"), scalar(f, a["path"], "path"))
                                : scalar(f, a, "takeScreenshot");
             if (s.text.empty())
                 refuse(f, a, "takeScreenshot needs a name");
         }}},
        {"repeat", {K::Repeat, [](Reader &r, const std::string &f, const YAML::Node &a, Step &s) {
             if (!a.IsMap() || !a["commands"])
                 refuse(f, a, "repeat needs times and commands");
             if (a["while"])
                 refuse(f, a["while"], "repeat while is not supported; use times");
             onlyKeys(f, a, {"times", "commands"}, "repeat");
             // A number, or ${NAME} (its value checked when it runs).
             if (a["times"] && a["times"].IsScalar() && a["times"].Scalar().find("${") != std::string::npos)
                 s.text = a["times"].Scalar();
             else
                 s.count = a["times"] ? int(number(f, a["times"], "times", 1, 10000)) : 1;
             s.steps = r.commands(f, a["commands"], s.text.empty() ? s.count : 10000);
         }}},
        {"runFlow", {K::RunFlow, [](Reader &r, const std::string &f, const YAML::Node &a, Step &s) {
             YAML::Node file = a;
             if (a.IsDefined() && a.IsMap()) {
                 onlyKeys(f, a, {"file", "commands", "env", "label"}, "runFlow");
                 if (a["env"])
                     s.env = envMap(f, a["env"]);
                 if (a["commands"]) {
                     s.steps = r.commands(f, a["commands"]);
                     return;
                 }
                 file = a["file"];
                 if (!file)
                     refuse(f, a, "runFlow needs file or commands");
             }
             const std::string name = scalar(f, file, "runFlow");
             s.flowFile = !name.empty() && name.front() == '/' ? name : directoryOf(f) + "/" + name;
             // Its own header's env, under what runFlow passes.
             Flow inner;
             ++r.depth;
             if (r.depth > kMaxNesting)
                 refuse(f, file, "runFlow is nested more than " + std::to_string(kMaxNesting) + " deep");
             s.steps = r.file(s.flowFile, file, f, &inner);
             --r.depth;
             for (const auto &[key, value] : inner.env)
                 s.env.emplace(key, value);
         }}},
    };
    return table;
}

Step Reader::command(const std::string &file, const YAML::Node &item)
{
    YAML::Node args;
    std::string name;
    if (item.IsScalar()) {
        name = item.Scalar();
    } else if (item.IsMap() && item.size() == 1) {
        name = item.begin()->first.Scalar();
        args = item.begin()->second;
    } else {
        refuse(file, item, "each command is a name, or a name with its arguments (- tapOn: \"Counter\")");
    }
    const auto &table = commandTable();
    const auto it = table.find(name);
    if (it == table.end()) {
        std::string known;
        for (const auto &entry : table)
            known += (known.empty() ? "" : ", ") + entry.first;
        refuse(file, item, "'" + name + "' is not a command deviceterm replays (it replays: " + known + ")");
    }
    Step step;
    step.kind = it->second.first;
    step.command = name;
    step.place = placeOf(file, item);
    g_command = step.place;
    it->second.second(*this, file, args, step);
    return step;
}

} // namespace

std::string Selector::describe() const
{
    if (text)
        return "'" + *text + "'";
    if (point)
        return std::to_string(int(std::lround(point->first * 100))) + "%," + std::to_string(int(std::lround(point->second * 100)))
               + "%";
    return "?";
}

std::optional<KeyAction> keyNamed(const std::string &name)
{
    std::string key;
    for (char c : name)
        if (c != ' ' && c != '_')
            key += char(std::tolower(static_cast<unsigned char>(c)));
    static const std::map<std::string, KeyAction> keys = {
        {"enter", {0xff0d, ""}},          {"backspace", {0xff08, ""}},     {"tab", {0xff09, ""}},
        {"escape", {0xff1b, ""}},         {"space", {0x20, ""}},           {"home", {0, "home"}},
        {"back", {0, "back"}},            {"lock", {0, "lock"}},           {"power", {0, "lock"}},
        {"volumeup", {0, "volume-up"}},   {"volumedown", {0, "volume-down"}},
        {"remotedpadup", {0xff52, ""}},   {"remotedpaddown", {0xff54, ""}}, {"remotedpadleft", {0xff51, ""}},
        {"remotedpadright", {0xff53, ""}}, {"remotedpadcenter", {0xff0d, ""}},
    };
    const auto it = keys.find(key);
    return it == keys.end() ? std::nullopt : std::optional<KeyAction>(it->second);
}

std::string expand(const std::string &text, const std::map<std::string, std::string> &env)
{
    std::string out;
    for (size_t i = 0; i < text.size();) {
        const size_t start = text.find("${", i);
        const size_t end = start == std::string::npos ? start : text.find('}', start);
        if (end == std::string::npos) {
            out += text.substr(i);
            break;
        }
        out += text.substr(i, start - i);
        const auto it = env.find(text.substr(start + 2, end - start - 2));
        out += it != env.end() ? it->second : text.substr(start, end - start + 1);
        i = end + 1;
    }
    return out;
}

std::optional<Flow> readFlow(const std::string &path, const std::map<std::string, std::string> &env, std::string *why)
{
    Flow flow;
    flow.file = path;
    flow.name = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
    g_command = Place{};
    try {
        Reader reader;
        flow.steps = reader.file(path, YAML::Node(), "", &flow);
    } catch (const Refusal &r) {
        if (why)
            *why = r.text;
        return std::nullopt;
    } catch (const std::exception &e) { // a node of a shape nothing checked
        if (why)
            *why = g_command.file.empty() ? path + ": " + e.what() : g_command.text() + ": " + e.what();
        return std::nullopt;
    }
    for (const auto &[name, value] : env)
        flow.env[name] = value;
    return flow;
}

} // namespace dt::cli::replay
