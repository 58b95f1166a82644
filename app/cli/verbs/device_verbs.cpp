// The device verbs: booting and shutting down virtual devices, and the
// gestures that drive a device pane. Each maps its words onto one server
// method; table-driven, as they differ only in that mapping.

#include "app/cli/cli.h"
#include "rpc/contract/limits.h"

#include <cctype>
#include <cstdlib>
#include <cstring>

namespace dt::cli {

namespace {

// The pane a gesture goes to: --pane, else the one with-pane chose, else
// the session's only pane (the server decides).
std::string targetPane(Context &c)
{
    if (auto ref = c.option("--pane"))
        return *ref;
    const char *chosen = std::getenv("DEVICETERM_TARGET_PANE");
    return chosen ? chosen : "";
}

std::optional<double> fraction(Context &c, const std::string &word, const char *what)
{
    char *end = nullptr;
    const double v = std::strtod(word.c_str(), &end);
    if (word.empty() || *end != '\0' || !(v >= 0 && v <= 1)) {
        c.error(std::string(what) + " must be a fraction of the screen from 0 to 1, not '" + word + "'");
        return std::nullopt;
    }
    return v;
}

std::optional<int> milliseconds(Context &c, const std::string &word, const char *option = "--duration")
{
    char *end = nullptr;
    const long v = std::strtol(word.c_str(), &end, 10);
    if (word.empty() || *end != '\0' || v < 0 || v > 60000) {
        c.error(std::string(option) + " must be a whole number of milliseconds up to 60000, not '" + word + "'");
        return std::nullopt;
    }
    return int(v);
}

struct Spec {
    std::vector<std::string> words;
    const char *usage;
    const char *summary;
    MethodSpec method;
    std::vector<std::string> valued;
    size_t positionals; // exactly this many words (SIZE_MAX: one or more)
    std::function<bool(Context &, Json &)> params;
    bool targetsPane = true;
    bool alwaysJson = false; // answers that only make sense as JSON
};

// What the human form of a device receipt shows.
const std::vector<const char *> kShown = {"paneId", "shortId", "udid", "state", "x", "y", "dispatched", "steps",
                                          "durationMs", "keyCode", "bytes", "button", "delta", "orientation", "pid"};

int run(Context &c, const Spec &s)
{
    const bool isText = s.words[0] == "text";
    if (isText) {
        // Everything but --pane is the text, options included: `text
        // --duration 5` types those words. The first "--" ends options
        // (and is not typed): `text -- --pane x` types "--pane x".
        std::vector<std::string> words;
        std::string pane;
        bool afterDashes = false;
        for (size_t i = 0; i < c.operands().size(); ++i) {
            const std::string &w = c.operands()[i];
            if (!afterDashes && w == "--")
                afterDashes = true;
            else if (!afterDashes && w == "--pane" && i + 1 < c.operands().size())
                pane = c.operands()[++i];
            else
                words.push_back(w);
        }
        std::string text;
        for (const std::string &w : words)
            text += (text.empty() ? "" : " ") + w;
        if (text.empty()) {
            c.error(std::string("usage: deviceterm ") + s.usage);
            return 1;
        }
        if (text.size() > dt::rpc::limit::kDeviceTextBytes) {
            c.error("text: at most 256 KiB per call; send it in parts");
            return 1;
        }
        if (!c.inTab())
            return c.notInTab("text");
        Json params{{"text", text}};
        if (!pane.empty())
            params["pane"] = pane;
        else if (const char *chosen = std::getenv("DEVICETERM_TARGET_PANE"))
            params["pane"] = chosen;
        const auto r = c.call(s.method, params);
        if (!r)
            return 1;
        c.printReceipt(*r, kShown);
        return 0;
    }
    std::vector<std::string> valued = s.valued;
    if (s.targetsPane)
        valued.push_back("--pane");
    if (!c.parseOptions(valued, {}))
        return 1;
    const size_t n = c.positionals().size();
    if (s.positionals == SIZE_MAX ? n == 0 : n != s.positionals) {
        c.error(std::string("usage: deviceterm ") + s.usage);
        return 1;
    }
    if (!c.inTab())
        return c.notInTab(s.words.size() > 1 ? s.words[0] + " " + s.words[1] : s.words[0]);
    Json params = Json::object();
    if (s.targetsPane)
        if (const std::string pane = targetPane(c); !pane.empty())
            params["pane"] = pane;
    if (s.params && !s.params(c, params))
        return 1;
    const auto r = c.call(s.method, params);
    if (!r)
        return 1;
    if (s.alwaysJson)
        c.printJson(*r);
    else
        c.printReceipt(*r, kShown);
    return 0;
}

bool point(Context &c, Json &p, size_t first, const char *x, const char *y)
{
    const auto vx = fraction(c, c.positionals()[first], x);
    const auto vy = vx ? fraction(c, c.positionals()[first + 1], y) : std::nullopt;
    if (!vx || !vy)
        return false;
    p[x] = *vx;
    p[y] = *vy;
    return true;
}

bool durationOption(Context &c, Json &p)
{
    if (auto d = c.option("--duration")) {
        const auto ms = milliseconds(c, *d);
        if (!ms)
            return false;
        p["durationMs"] = *ms;
    }
    return true;
}

// swipe --hold MS: the finger rests at the end that long before it lifts.
bool holdOption(Context &c, Json &p)
{
    if (auto h = c.option("--hold")) {
        const auto ms = milliseconds(c, *h, "--hold");
        if (!ms)
            return false;
        p["holdMs"] = *ms;
    }
    return true;
}

const std::vector<Spec> &specs()
{
    static const std::vector<Spec> table = {
        {{"sim", "boot"}, "sim boot DEVICE", "boot a virtual device and mirror it beside this terminal", method::DeviceBoot, {}, 1,
         [](Context &c, Json &p) {
             p["device"] = c.positionals()[0];
             return true;
         },
         false},
        {{"sim", "launch"}, "sim launch DEVICE -- PROGRAM [ARGS…]", "start another program on a running device of yours",
         method::DeviceLaunch, {}, SIZE_MAX,
         [](Context &c, Json &p) {
             if (c.positionals().size() < 2) {
                 c.error("usage: deviceterm sim launch DEVICE -- PROGRAM [ARGS…]");
                 return false;
             }
             p["device"] = c.positionals()[0];
             p["command"] = std::vector<std::string>(c.positionals().begin() + 1, c.positionals().end());
             return true;
         },
         false},
        {{"sim", "shutdown"}, "sim shutdown DEVICE", "shut down a device this session booted (its pane closes)",
         method::DeviceShutdown, {}, 1,
         [](Context &c, Json &p) {
             p["device"] = c.positionals()[0];
             return true;
         },
         false},
        {{"device", "attach"}, "device attach DEVICE", "mirror a device of this session here again (booting it if needed)",
         method::DeviceBoot, {}, 1,
         [](Context &c, Json &p) {
             p["device"] = c.positionals()[0];
             return true;
         },
         false},
        {{"pane", "info"}, "pane info [--pane REF]", "a device pane: ids, family, the tab's session", method::PaneInfo, {}, 0, nullptr},
        {{"tap"}, "tap X Y [--pane REF]", "tap at a point (fractions of the screen, 0 to 1)", method::PaneInputTap, {}, 2,
         [](Context &c, Json &p) { return point(c, p, 0, "x", "y"); }},
        {{"long-press"}, "long-press X Y [--duration MS] [--pane REF]", "press and hold at a point", method::PaneInputLongPress,
         {"--duration"}, 2, [](Context &c, Json &p) { return point(c, p, 0, "x", "y") && durationOption(c, p); }},
        {{"swipe"}, "swipe X1 Y1 X2 Y2 [--duration MS] [--hold MS] [--pane REF]",
         "drag from one point to another (under 32 ms: one tap-shaped press and release)", method::PaneInputSwipe, {"--duration", "--hold"}, 4,
         [](Context &c, Json &p) {
             return point(c, p, 0, "fromX", "fromY") && point(c, p, 2, "toX", "toY") && durationOption(c, p)
                 && holdOption(c, p);
         }},
        {{"app-switcher"}, "app-switcher [--pane REF]", "swipe up from the bottom edge (the shell goes home)",
         method::PaneInputAppSwitcher, {}, 0, nullptr},
        {{"text"}, "text TEXT… [--pane REF]", "type text into the device (any Unicode)", method::PaneInputText, {}, SIZE_MAX, nullptr},
        {{"key"}, "key CODE [--pane REF]", "press and release a key by X keysym (48 or 0x30 is '0')", method::PaneInputKey, {}, 1,
         [](Context &c, Json &p) {
             const std::string &w = c.positionals()[0];
             char *end = nullptr;
             const long v = std::strtol(w.c_str(), &end, 0);
             if (w.empty() || *end != '\0' || v <= 0) {
                 c.error("key: '" + w + "' is not a key code (decimal, or hex with 0x)");
                 return false;
             }
             p["keyCode"] = v;
             return true;
         }},
        {{"button"}, "button home|lock|volume-up|volume-down|back [--pane REF]", "press a hardware button", method::PaneInputButton, {},
         1,
         [](Context &c, Json &p) {
             p["button"] = c.positionals()[0];
             return true;
         }},
        {{"rotate"}, "rotate portrait|landscape-left|landscape-right|portrait-upside-down|left|right [--pane REF]",
         "turn the device to an orientation, or a quarter left or right", method::PaneInputRotate, {}, 1,
         [](Context &c, Json &p) {
             // Any spelling: landscape-left, landscape_left, landscapeLeft, landscapeleft.
             std::string word;
             for (char ch : c.positionals()[0])
                 if (ch != '-' && ch != '_')
                     word += char(std::tolower(static_cast<unsigned char>(ch)));
             static const std::pair<const char *, const char *> names[] = {
                 {"portrait", "portrait"}, {"landscapeleft", "landscapeLeft"}, {"landscaperight", "landscapeRight"},
                 {"portraitupsidedown", "portraitUpsideDown"}, {"upsidedown", "portraitUpsideDown"}};
             if (word == "left" || word == "right") {
                 p["direction"] = word;
                 return true;
             }
             for (const auto &[spelling, wire] : names)
                 if (word == spelling) {
                     p["orientation"] = wire;
                     return true;
                 }
             c.error("rotate: '" + c.positionals()[0] + "' is not an orientation (portrait, landscape-left, landscape-right, "
                     "portrait-upside-down) or a direction (left, right)");
             return false;
         }},
        {{"ax", "tree"}, "ax tree [--pane REF]", "the device app's accessibility tree (JSON; frames are fractions of the screen)",
         method::PaneAxTree, {}, 0, nullptr, true, true},
        {{"ax", "point"}, "ax point X Y [--pane REF]", "the element at a point (JSON)", method::PaneAxPoint, {}, 2,
         [](Context &c, Json &p) { return point(c, p, 0, "x", "y"); }, true, true},
        {{"ax", "sweep"}, "ax sweep [--step S] [--pane REF]", "elements found on a grid of points, each once (JSON)",
         method::PaneAxSweep, {"--step"}, 0,
         [](Context &c, Json &p) {
             if (auto s = c.option("--step")) {
                 char *end = nullptr;
                 const double v = std::strtod(s->c_str(), &end);
                 if (s->empty() || *end != '\0' || !(v > 0)) {
                     c.error("--step must be a positive fraction, not '" + *s + "'");
                     return false;
                 }
                 p["step"] = v;
             }
             return true;
         },
         true, true},
        {{"pinch"}, "pinch F1X F1Y F2X F2Y TF1X TF1Y TF2X TF2Y [--duration MS] [--pane REF]",
         "two fingers, each from one point to another (spread: zoom in); needs a multitouch pane", method::PaneInputPinch,
         {"--duration"}, 8,
         [](Context &c, Json &p) {
             return point(c, p, 0, "fromF1X", "fromF1Y") && point(c, p, 2, "fromF2X", "fromF2Y")
                 && point(c, p, 4, "toF1X", "toF1Y") && point(c, p, 6, "toF2X", "toF2Y") && durationOption(c, p);
         }},
        {{"crown"}, "crown DELTA [--pane REF]", "turn a watch's crown by DELTA clicks (negative: back)", method::PaneInputCrown, {},
         1,
         [](Context &c, Json &p) {
             char *end = nullptr;
             const double v = std::strtod(c.positionals()[0].c_str(), &end);
             if (*end != '\0') {
                 c.error("crown: '" + c.positionals()[0] + "' is not a number");
                 return false;
             }
             p["delta"] = v;
             return true;
         }},
    };
    return table;
}

} // namespace

void addDeviceVerbs(std::vector<Verb> &verbs)
{
    for (const Spec &s : specs())
        verbs.push_back({s.words, s.usage, s.summary, [&s](Context &c) { return run(c, s); }, {s.method}});
}

} // namespace dt::cli
