// Encoding and decoding the device-pane methods' parameters (see the
// header): points, durations, keys, text and the rest, with the words the
// contract answers when they are wrong.

#include "rpc/contract/device_params.h"

#include "rpc/contract/json_fields.h"

#include <algorithm>
#include <iterator>

namespace dt::rpc {

namespace {

void putPane(Json &j, const std::string &pane)
{
    if (!pane.empty())
        j["pane"] = pane;
}

// A fraction of the screen, 0 to 1.
std::optional<double> coordinate(const Json &p, const char *key)
{
    const auto it = p.find(key);
    if (it == p.end() || !it->is_number())
        return std::nullopt;
    const double v = it->get<double>();
    return v >= 0 && v <= 1 ? std::optional<double>(v) : std::nullopt;
}

// Whole milliseconds from 0 to limit::kGestureMillis; `out` keeps its default when absent.
std::optional<Error> milliseconds(const Json &p, const char *key, int &out)
{
    const auto it = p.find(key);
    if (it == p.end())
        return std::nullopt;
    if (!it->is_number_integer() || it->get<int64_t>() < 0 || it->get<int64_t>() > limit::kGestureMillis)
        return invalidParams(std::string(key) + " must be 60000 or less (a whole number of milliseconds)");
    out = it->get<int>();
    return std::nullopt;
}

// Several coordinates at once, or one message naming them all.
std::optional<Error> points(const Json &p, std::initializer_list<std::pair<const char *, double *>> keys,
                            const std::string &message)
{
    for (const auto &[key, into] : keys) {
        const auto v = coordinate(p, key);
        if (!v)
            return invalidParams(message);
        *into = *v;
    }
    return std::nullopt;
}

// Decodes a parameter set that has only the pane.
template <class P>
Decoded<P> paneOnly(const Json &p)
{
    P out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    return out;
}

Json withPane(const std::string &pane)
{
    Json j = Json::object();
    putPane(j, pane);
    return j;
}

} // namespace

Json encode(const PaneInfoParams &p) { return withPane(p.pane); }
Json encode(const AppSwitcherParams &p) { return withPane(p.pane); }
Json encode(const AxTreeParams &p) { return withPane(p.pane); }
template <> Decoded<PaneInfoParams> decode<PaneInfoParams>(const Json &p) { return paneOnly<PaneInfoParams>(p); }
template <> Decoded<AppSwitcherParams> decode<AppSwitcherParams>(const Json &p) { return paneOnly<AppSwitcherParams>(p); }
template <> Decoded<AxTreeParams> decode<AxTreeParams>(const Json &p) { return paneOnly<AxTreeParams>(p); }

Json encode(const TapParams &p)
{
    Json j{{"x", p.x}, {"y", p.y}};
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<TapParams> decode<TapParams>(const Json &p)
{
    TapParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    if (auto e = points(p, {{"x", &out.x}, {"y", &out.y}}, "x and y are fractions of the screen, from 0 to 1"))
        return *e;
    return out;
}

Json encode(const LongPressParams &p)
{
    Json j{{"durationMs", p.durationMs}, {"x", p.x}, {"y", p.y}};
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<LongPressParams> decode<LongPressParams>(const Json &p)
{
    LongPressParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    if (auto e = points(p, {{"x", &out.x}, {"y", &out.y}}, "x and y are fractions of the screen, from 0 to 1"))
        return *e;
    if (auto e = milliseconds(p, "durationMs", out.durationMs))
        return *e;
    return out;
}

Json encode(const SwipeParams &p)
{
    Json j{{"durationMs", p.durationMs}, {"fromX", p.fromX}, {"fromY", p.fromY}, {"toX", p.toX}, {"toY", p.toY}};
    if (p.holdMs > 0)
        j["holdMs"] = p.holdMs;
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<SwipeParams> decode<SwipeParams>(const Json &p)
{
    SwipeParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    if (auto e = points(p, {{"fromX", &out.fromX}, {"fromY", &out.fromY}, {"toX", &out.toX}, {"toY", &out.toY}},
                        "fromX, fromY, toX and toY are fractions of the screen, from 0 to 1"))
        return *e;
    if (auto e = milliseconds(p, "durationMs", out.durationMs))
        return *e;
    if (auto e = milliseconds(p, "holdMs", out.holdMs))
        return *e;
    return out;
}

Json encode(const KeyParams &p)
{
    Json j{{"keyCode", p.keyCode}};
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<KeyParams> decode<KeyParams>(const Json &p)
{
    KeyParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    const auto it = p.find("keyCode");
    if (it == p.end() || !it->is_number_integer() || it->get<int64_t>() <= 0 || it->get<int64_t>() > 0x1fffffff)
        return invalidParams("keyCode must be a positive integer (an X keysym)");
    out.keyCode = it->get<uint32_t>();
    return out;
}

Json encode(const DeviceTextParams &p)
{
    Json j{{"text", p.text}};
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<DeviceTextParams> decode<DeviceTextParams>(const Json &p)
{
    DeviceTextParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    const auto it = p.find("text");
    if (it == p.end() || !it->is_string() || it->get_ref<const std::string &>().empty())
        return invalidParams("text must be a non-empty string");
    // Typed a key at a time: a bound keeps what waits in memory small.
    if (it->get_ref<const std::string &>().size() > limit::kDeviceTextBytes)
        return invalidParams("text must be at most 256 KiB; send it in parts");
    out.text = it->get<std::string>();
    return out;
}

Json encode(const ButtonParams &p)
{
    Json j{{"button", p.button}};
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<ButtonParams> decode<ButtonParams>(const Json &p)
{
    ButtonParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    const auto it = p.find("button");
    if (it == p.end() || !it->is_string() || it->get_ref<const std::string &>().empty())
        return invalidParams("button is required");
    out.button = it->get<std::string>();
    return out;
}

Json encode(const PinchParams &p)
{
    Json j{{"durationMs", p.durationMs}, {"fromF1X", p.fromF1X}, {"fromF1Y", p.fromF1Y}, {"fromF2X", p.fromF2X},
           {"fromF2Y", p.fromF2Y}, {"toF1X", p.toF1X}, {"toF1Y", p.toF1Y}, {"toF2X", p.toF2X}, {"toF2Y", p.toF2Y}};
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<PinchParams> decode<PinchParams>(const Json &p)
{
    PinchParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    if (auto e = points(p,
                        {{"fromF1X", &out.fromF1X}, {"fromF1Y", &out.fromF1Y}, {"fromF2X", &out.fromF2X},
                         {"fromF2Y", &out.fromF2Y}, {"toF1X", &out.toF1X}, {"toF1Y", &out.toF1Y}, {"toF2X", &out.toF2X},
                         {"toF2Y", &out.toF2Y}},
                        "fromF1X, fromF1Y, fromF2X, fromF2Y, toF1X, toF1Y, toF2X and toF2Y are fractions of the "
                        "screen, from 0 to 1"))
        return *e;
    if (auto e = milliseconds(p, "durationMs", out.durationMs))
        return *e;
    return out;
}

Json encode(const CrownParams &p)
{
    Json j{{"delta", p.delta}};
    if (p.velocity)
        j["velocity"] = *p.velocity;
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<CrownParams> decode<CrownParams>(const Json &p)
{
    CrownParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    const auto it = p.find("delta");
    if (it == p.end() || !it->is_number())
        return invalidParams("delta is required (clicks of the crown, negative to turn back)");
    out.delta = it->get<double>();
    if (const auto v = p.find("velocity"); v != p.end())
        out.velocity = *v;
    return out;
}

Json encode(const RotateParams &p)
{
    Json j = Json::object();
    j[p.to == "left" || p.to == "right" ? "direction" : "orientation"] = p.to;
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<RotateParams> decode<RotateParams>(const Json &p)
{
    RotateParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    for (const char *key : {"orientation", "direction"})
        if (const auto it = p.find(key); out.to.empty() && it != p.end() && it->is_string())
            out.to = it->get<std::string>();
    if (out.to.empty())
        return invalidParams("pane.input.rotate needs an orientation or a direction");
    return out;
}

Json encode(const AxPointParams &p)
{
    Json j{{"x", p.x}, {"y", p.y}};
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<AxPointParams> decode<AxPointParams>(const Json &p)
{
    AxPointParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    if (auto e = points(p, {{"x", &out.x}, {"y", &out.y}}, "x and y are fractions of the screen, from 0 to 1"))
        return *e;
    return out;
}

Json encode(const AxSweepParams &p)
{
    Json j = Json::object();
    if (p.step)
        j["step"] = *p.step;
    putPane(j, p.pane);
    return j;
}

template <>
Decoded<AxSweepParams> decode<AxSweepParams>(const Json &p)
{
    AxSweepParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    if (const auto it = p.find("step"); it != p.end()) {
        if (!it->is_number())
            return invalidParams("step must be a number");
        out.step = std::clamp(it->get<double>(), limit::kSweepStepMin, limit::kSweepStepMax);
    }
    return out;
}

} // namespace dt::rpc
