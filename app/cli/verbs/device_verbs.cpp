// The device verbs: booting and shutting down virtual devices, and the
// gestures that drive a device pane. Each maps its words onto one server
// method; table-driven, as they differ only in that mapping.

#include "app/cli/cli.h"
#include "app/cli/verbs/ax_target.h"
#include "rpc/contract/limits.h"

#include <cctype>
#include <cstdlib>
#include <cstring>

namespace dt::cli {

namespace {

// --then-wait-idle: the input went in, the screen did not settle in time.
constexpr int kDeliveredNotSettled = 3;

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
    // X Y may instead be a ref (@e3) or finder options: the element's centre.
    bool takesTarget = false;
};

// What the human form of a device receipt shows.
const std::vector<const char *> kShown = {"paneId", "shortId", "udid", "state", "x", "y", "dispatched", "steps",
                                          "durationMs", "keyCode", "bytes", "button", "delta", "orientation", "pid"};

bool swipeFromElement(Context &c);

int run(Context &c, const Spec &s)
{
    const bool isText = s.words[0] == "text";
    if (isText) {
        // Everything but --pane is the text, options included: `text
        // --duration 5` types those words. The first "--" ends options
        // (and is not typed): `text -- --pane x` types "--pane x".
        std::vector<std::string> words;
        std::string pane;
        std::optional<std::string> into;
        bool thenIdle = false;
        bool afterDashes = false;
        for (size_t i = 0; i < c.operands().size(); ++i) {
            const std::string &w = c.operands()[i];
            if (!afterDashes && w == "--")
                afterDashes = true;
            else if (!afterDashes && w == "--pane" && i + 1 < c.operands().size())
                pane = c.operands()[++i];
            else if (!afterDashes && w == "--into" && i + 1 < c.operands().size())
                into = c.operands()[++i];
            else if (!afterDashes && w == "--then-wait-idle")
                thenIdle = true;
            else
                words.push_back(w);
        }
        if (into && !isRef(*into)) {
            c.error("--into takes a ref from `deviceterm ax snapshot` (@e5), not '" + *into + "'");
            return 1;
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
        dt::rpc::DeviceTextParams params;
        params.text = text;
        const char *chosen = std::getenv("DEVICETERM_TARGET_PANE");
        params.pane = !pane.empty() ? pane : chosen ? chosen : "";
        if (into) {
            // Focus the field first: a tap on its centre.
            const auto element = resolveElement(c, params.pane, into);
            if (!element)
                return 1;
            dt::rpc::TapParams tap;
            tap.pane = params.pane;
            tap.x = (*element)["normalizedCenter"]["x"].get<double>();
            tap.y = (*element)["normalizedCenter"]["y"].get<double>();
            // Typed only once the field has taken the focus.
            if (!c.call(tap) || !waitUntilIdle(c, params.pane))
                return 1;
        }
        const auto r = c.call(params);
        if (!r)
            return 1;
        c.printReceipt(*r, kShown);
        return thenIdle && !waitUntilIdle(c, params.pane) ? kDeliveredNotSettled : 0;
    }
    std::vector<std::string> valued = s.valued;
    std::vector<std::string> switches;
    if (s.targetsPane)
        valued.push_back("--pane");
    if (s.takesTarget) {
        valued.insert(valued.end(), finderOptions().begin(), finderOptions().end());
        switches = finderSwitches();
    }
    const bool isInput = std::string_view(s.method.name).rfind("pane.input.", 0) == 0;
    if (isInput)
        switches.push_back("--then-wait-idle");
    if (!c.parseOptions(valued, switches))
        return 1;
    if (s.words[0] == "swipe" && (c.option("--direction") || c.option("--from") || hasFinder(c))) {
        if (!swipeFromElement(c))
            return 1;
    } else if (s.takesTarget && (hasFinder(c) || (c.positionals().size() == 1 && isRef(c.positionals()[0])))) {
        if (!c.inTab())
            return c.notInTab(s.words[0]);
        const std::optional<std::string> ref =
            c.positionals().empty() ? std::nullopt : std::optional<std::string>(c.positionals()[0]);
        const auto element = resolveElement(c, targetPane(c), ref);
        if (!element)
            return 1;
        const Json &centre = (*element)["normalizedCenter"];
        c.setPositionals({std::to_string(centre["x"].get<double>()), std::to_string(centre["y"].get<double>())});
    }
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
    // The app's answer to the input settles before the command ends: the
    // next read sees it. The input was delivered either way (the receipt
    // says so); a screen that never settled is its own exit status, so a
    // script does not send it again.
    if (s.alwaysJson)
        c.printJson(*r);
    else
        c.printReceipt(*r, kShown);
    if (isInput && c.flag("--then-wait-idle") && !waitUntilIdle(c, params.value("pane", std::string())))
        return kDeliveredNotSettled;
    return 0;
}

// swipe --from @REF (or a finder) --direction up|down|left|right
// [--distance F]: from the element's centre, F of the screen that way
// (0.3 by default), as the four coordinates of a plain swipe.
bool swipeFromElement(Context &c)
{
    const auto direction = c.option("--direction");
    const auto from = c.option("--from");
    if (!direction || (!from && !hasFinder(c)) || (from && hasFinder(c)) || !c.positionals().empty()) {
        c.error("usage: deviceterm swipe --from @REF | --label L… --direction up|down|left|right [--distance F]");
        return false;
    }
    if (from && !isRef(*from)) {
        c.error("--from takes a ref from `deviceterm ax snapshot` (@e5), not '" + *from + "'");
        return false;
    }
    double distance = 0.3;
    if (const auto d = c.option("--distance")) {
        const auto v = fraction(c, *d, "--distance");
        if (!v || *v <= 0)
            return false;
        distance = *v;
    }
    double dx = 0, dy = 0;
    if (*direction == "up")
        dy = -distance;
    else if (*direction == "down")
        dy = distance;
    else if (*direction == "left")
        dx = -distance;
    else if (*direction == "right")
        dx = distance;
    else {
        c.error("--direction must be up, down, left or right, not '" + *direction + "'");
        return false;
    }
    if (!c.inTab()) {
        c.notInTab("swipe");
        return false;
    }
    const auto element = resolveElement(c, targetPane(c), from);
    if (!element)
        return false;
    const double x = (*element)["normalizedCenter"]["x"].get<double>(), y = (*element)["normalizedCenter"]["y"].get<double>();
    auto onScreen = [](double v) { return std::to_string(std::clamp(v, 0.0, 1.0)); };
    c.setPositionals({onScreen(x), onScreen(y), onScreen(x + dx), onScreen(y + dy)});
    return true;
}

bool point(Context &c, size_t first, double &x, double &y, const char *nx, const char *ny)
{
    const auto vx = fraction(c, c.positionals()[first], nx);
    const auto vy = vx ? fraction(c, c.positionals()[first + 1], ny) : std::nullopt;
    if (!vx || !vy)
        return false;
    x = *vx;
    y = *vy;
    return true;
}

// --duration MS (or --hold MS: the finger rests at the end that long
// before it lifts); `out` keeps the contract's default when absent.
bool millisecondsOption(Context &c, const char *option, int &out)
{
    if (auto d = c.option(option)) {
        const auto ms = milliseconds(c, *d, option);
        if (!ms)
            return false;
        out = *ms;
    }
    return true;
}

// A verb whose parameters are a type of the contract (rpc/contract/
// params.h): the type names the method, and its encoder the keys.
template <class P>
Spec typed(std::vector<std::string> words, const char *usage, const char *summary, std::vector<std::string> valued,
           size_t positionals, std::function<bool(Context &, P &)> build, bool targetsPane = true, bool alwaysJson = false,
           bool takesTarget = false)
{
    return Spec{std::move(words), usage, summary, P::kMethod, std::move(valued), positionals,
                [build](Context &c, Json &p) {
                    P params;
                    if (build && !build(c, params))
                        return false;
                    p.update(dt::rpc::encode(params));
                    return true;
                },
                targetsPane, alwaysJson, takesTarget};
}

const std::vector<Spec> &specs()
{
    static const std::vector<Spec> table = {
        typed<dt::rpc::DeviceBootParams>({"sim", "boot"}, "sim boot DEVICE", "boot a virtual device and mirror it beside this terminal",
                                         {}, 1,
                                         [](Context &c, dt::rpc::DeviceBootParams &p) {
                                             p.device = c.positionals()[0];
                                             return true;
                                         },
                                         false),
        typed<dt::rpc::DeviceLaunchParams>({"sim", "launch"}, "sim launch DEVICE -- PROGRAM [ARGS…]",
                                           "start another program on a running device of yours", {}, SIZE_MAX,
                                           [](Context &c, dt::rpc::DeviceLaunchParams &p) {
                                               if (c.positionals().size() < 2) {
                                                   c.error("usage: deviceterm sim launch DEVICE -- PROGRAM [ARGS…]");
                                                   return false;
                                               }
                                               p.device = c.positionals()[0];
                                               p.command.assign(c.positionals().begin() + 1, c.positionals().end());
                                               return true;
                                           },
                                           false),
        typed<dt::rpc::DeviceShutdownParams>({"sim", "shutdown"}, "sim shutdown DEVICE",
                                             "shut down a device this session booted (its pane closes)", {}, 1,
                                             [](Context &c, dt::rpc::DeviceShutdownParams &p) {
                                                 p.device = c.positionals()[0];
                                                 return true;
                                             },
                                             false),
        typed<dt::rpc::DeviceBootParams>({"device", "attach"}, "device attach DEVICE",
                                         "mirror a device of this session here again (booting it if needed)", {}, 1,
                                         [](Context &c, dt::rpc::DeviceBootParams &p) {
                                             p.device = c.positionals()[0];
                                             return true;
                                         },
                                         false),
        typed<dt::rpc::PaneInfoParams>({"pane", "info"}, "pane info [--pane REF]", "a device pane: ids, family, the tab's session",
                                       {}, 0, nullptr),
        typed<dt::rpc::TapParams>({"tap"}, "tap X Y | @REF | --label L|--role R|--text T [--contains|--regex] [--pane REF]",
                                  "tap at a point (fractions of the screen, 0 to 1) or on an element", {}, 2,
                                  [](Context &c, dt::rpc::TapParams &p) { return point(c, 0, p.x, p.y, "x", "y"); }, true, false,
                                  true),
        typed<dt::rpc::LongPressParams>({"long-press"}, "long-press X Y | @REF | --label L… [--duration MS] [--pane REF]",
                                        "press and hold at a point or on an element", {"--duration"}, 2,
                                        [](Context &c, dt::rpc::LongPressParams &p) {
                                            return point(c, 0, p.x, p.y, "x", "y") && millisecondsOption(c, "--duration", p.durationMs);
                                        },
                                        true, false, true),
        typed<dt::rpc::SwipeParams>({"swipe"},
                                    "swipe X1 Y1 X2 Y2 | --from @REF|--label L… --direction up|down|left|right [--distance F] "
                                    "[--duration MS] [--hold MS] [--pane REF]",
                                    "drag from one point to another, or from an element that way (under 32 ms: one "
                                    "tap-shaped press and release)",
                                    {"--duration", "--hold", "--from", "--direction", "--distance"}, 4, [](Context &c, dt::rpc::SwipeParams &p) {
                                        return point(c, 0, p.fromX, p.fromY, "fromX", "fromY") && point(c, 2, p.toX, p.toY, "toX", "toY")
                                            && millisecondsOption(c, "--duration", p.durationMs)
                                            && millisecondsOption(c, "--hold", p.holdMs);
                                    },
                                    true, false, true),
        typed<dt::rpc::AppSwitcherParams>({"app-switcher"}, "app-switcher [--pane REF]",
                                          "swipe up from the bottom edge (the shell goes home)", {}, 0, nullptr),
        // Sent by run() itself: its words are the text, options included.
        {{"text"}, "text [--into @REF] TEXT… [--pane REF]", "type text into the device (any Unicode); --into taps the field first", method::PaneInputText, {}, SIZE_MAX, nullptr},
        typed<dt::rpc::KeyParams>({"key"}, "key CODE [--pane REF]", "press and release a key by X keysym (48 or 0x30 is '0')", {}, 1,
                                  [](Context &c, dt::rpc::KeyParams &p) {
                                      const std::string &w = c.positionals()[0];
                                      char *end = nullptr;
                                      const long v = std::strtol(w.c_str(), &end, 0);
                                      if (w.empty() || *end != '\0' || v <= 0 || v > 0x1fffffff) {
                                          c.error("key: '" + w + "' is not a key code (decimal, or hex with 0x)");
                                          return false;
                                      }
                                      p.keyCode = static_cast<uint32_t>(v);
                                      return true;
                                  }),
        typed<dt::rpc::ButtonParams>({"button"}, "button home|lock|volume-up|volume-down|back [--pane REF]", "press a hardware button",
                                     {}, 1,
                                     [](Context &c, dt::rpc::ButtonParams &p) {
                                         p.button = c.positionals()[0];
                                         return true;
                                     }),
        typed<dt::rpc::RotateParams>(
            {"rotate"}, "rotate portrait|landscape-left|landscape-right|portrait-upside-down|left|right [--pane REF]",
            "turn the device to an orientation, or a quarter left or right", {}, 1, [](Context &c, dt::rpc::RotateParams &p) {
                // Any spelling: landscape-left, landscape_left, landscapeLeft, landscapeleft.
                std::string word;
                for (char ch : c.positionals()[0])
                    if (ch != '-' && ch != '_')
                        word += char(std::tolower(static_cast<unsigned char>(ch)));
                static const std::pair<const char *, const char *> names[] = {
                    {"portrait", "portrait"}, {"landscapeleft", "landscapeLeft"}, {"landscaperight", "landscapeRight"},
                    {"portraitupsidedown", "portraitUpsideDown"}, {"upsidedown", "portraitUpsideDown"},
                    {"left", "left"}, {"right", "right"}};
                for (const auto &[spelling, wire] : names)
                    if (word == spelling) {
                        p.to = wire;
                        return true;
                    }
                c.error("rotate: '" + c.positionals()[0] + "' is not an orientation (portrait, landscape-left, landscape-right, "
                        "portrait-upside-down) or a direction (left, right)");
                return false;
            }),
        typed<dt::rpc::AxTreeParams>({"ax", "tree"}, "ax tree [--pane REF]",
                                     "the device app's accessibility tree (JSON; frames are fractions of the screen)", {}, 0, nullptr,
                                     true, true),
        typed<dt::rpc::AxPointParams>({"ax", "point"}, "ax point X Y [--pane REF]", "the element at a point (JSON)", {}, 2,
                                      [](Context &c, dt::rpc::AxPointParams &p) { return point(c, 0, p.x, p.y, "x", "y"); }, true,
                                      true),
        typed<dt::rpc::AxSweepParams>({"ax", "sweep"}, "ax sweep [--step S] [--pane REF]",
                                      "elements found on a grid of points, each once (JSON)", {"--step"}, 0,
                                      [](Context &c, dt::rpc::AxSweepParams &p) {
                                          if (auto s = c.option("--step")) {
                                              char *end = nullptr;
                                              const double v = std::strtod(s->c_str(), &end);
                                              if (s->empty() || *end != '\0' || !(v > 0)) {
                                                  c.error("--step must be a positive fraction, not '" + *s + "'");
                                                  return false;
                                              }
                                              p.step = v;
                                          }
                                          return true;
                                      },
                                      true, true),
        typed<dt::rpc::PinchParams>({"pinch"}, "pinch F1X F1Y F2X F2Y TF1X TF1Y TF2X TF2Y [--duration MS] [--pane REF]",
                                    "two fingers, each from one point to another (spread: zoom in); needs a multitouch pane",
                                    {"--duration"}, 8, [](Context &c, dt::rpc::PinchParams &p) {
                                        return point(c, 0, p.fromF1X, p.fromF1Y, "fromF1X", "fromF1Y")
                                            && point(c, 2, p.fromF2X, p.fromF2Y, "fromF2X", "fromF2Y")
                                            && point(c, 4, p.toF1X, p.toF1Y, "toF1X", "toF1Y")
                                            && point(c, 6, p.toF2X, p.toF2Y, "toF2X", "toF2Y")
                                            && millisecondsOption(c, "--duration", p.durationMs);
                                    }),
        typed<dt::rpc::CrownParams>({"crown"}, "crown DELTA [--pane REF]", "turn a watch's crown by DELTA clicks (negative: back)", {},
                                    1, [](Context &c, dt::rpc::CrownParams &p) {
                                        char *end = nullptr;
                                        const double v = std::strtod(c.positionals()[0].c_str(), &end);
                                        if (*end != '\0') {
                                            c.error("crown: '" + c.positionals()[0] + "' is not a number");
                                            return false;
                                        }
                                        p.delta = v;
                                        return true;
                                    }),
    };
    return table;
}

} // namespace

void addDeviceVerbs(std::vector<Verb> &verbs)
{
    for (const Spec &s : specs())
    {
        std::vector<MethodSpec> sends{s.method};
        if (s.takesTarget || s.words[0] == "text")
            sends.push_back(method::PaneAxFind);
        if (std::string_view(s.method.name).rfind("pane.input.", 0) == 0)
            sends.push_back(method::PaneWaitIdle); // --then-wait-idle
        verbs.push_back({s.words, s.usage, s.summary, [&s](Context &c) { return run(c, s); }, sends});
    }
}

} // namespace dt::cli
