// The device methods: boot, shut down and launch on a device, list panes and devices, pane info, the
// accessibility queries (answered later, off the GUI thread) and every pane.input gesture with its receipt.

#include "rpc/server/handlers/devices.h"

#include "rpc/server/handlers/handler_params.h"
#include "rpc/contract/limits.h"

#include <algorithm>
#include <cstdio>

namespace dt::rpc {

namespace {

using Gesture = DevicePort::Gesture;

// A normalised coordinate: 0 (left, top) to 1 (right, bottom).
std::optional<double> coordinate(const Json &p, const char *key)
{
    auto it = p.find(key);
    if (it == p.end() || !it->is_number())
        return std::nullopt;
    const double v = it->get<double>();
    return v >= 0 && v <= 1 ? std::optional<double>(v) : std::nullopt;
}

std::optional<int> duration(const Json &p, int fallback, std::string *why)
{
    auto it = p.find("durationMs");
    if (it == p.end())
        return fallback;
    if (!it->is_number_integer() || it->get<int64_t>() < 0 || it->get<int64_t>() > 60000) {
        *why = "durationMs must be 60000 or less (a whole number of milliseconds)";
        return std::nullopt;
    }
    return it->get<int>();
}

// The receipt every input answer starts with: which pane it went to.
Json receiptBase(DevicePort &port, Handle pane)
{
    Json j{{"ok", true}};
    if (const auto row = port.paneRow(pane)) {
        j["paneId"] = row->paneId;
        j["udid"] = row->udid;
        if (row->shortId)
            j["shortId"] = *row->shortId;
    }
    return j;
}

// Resolves the pane, builds the gesture from the params and dispatches it.
using GestureBuilder = std::function<std::optional<Error>(const Json &params, Gesture &gesture, Json &receipt)>;

void addGesture(Dispatcher &d, DevicePort &port, const MethodSpec &method, GestureBuilder build)
{
    const bool swipe = method.name == method::PaneInputSwipe.name;
    d.add(method, [&port, swipe, build](CallContext &c, const Json &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, stringParam(p, "pane"));
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        Gesture g;
        Json extra = Json::object();
        if (auto e = build(p, g, extra))
            return *e;
        const auto dispatched = port.deviceInput(std::get<Handle>(pane), g);
        if (auto *e = std::get_if<Error>(&dispatched))
            return *e;
        Json receipt = receiptBase(port, std::get<Handle>(pane));
        if (swipe) {
            const int steps = std::get<int>(dispatched);
            extra["dispatched"] = steps > 0 ? "drag" : "tap";
            extra["steps"] = steps;
        }
        receipt.update(extra);
        return receipt;
    });
}

std::optional<Error> point(const Json &p, Gesture &g, Json &receipt)
{
    const auto x = coordinate(p, "x");
    const auto y = coordinate(p, "y");
    if (!x || !y)
        return Error{code::InvalidParams, "x and y are fractions of the screen, from 0 to 1"};
    g.x = *x;
    g.y = *y;
    receipt["x"] = *x;
    receipt["y"] = *y;
    return std::nullopt;
}

} // namespace

void addDevices(Dispatcher &d, DevicePort &port)
{
    d.add(method::DeviceBoot, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const std::string device = stringParam(p, "device");
        if (device.empty())
            return Error{code::InvalidParams, "device.boot needs a device (udid or name)"};
        auto row = port.bootDevice(*c.sessionId, device);
        if (auto *e = std::get_if<Error>(&row))
            return *e;
        Json j = toJson(std::get<PaneRow>(row));
        j["ok"] = true;
        return j;
    });
    d.add(method::DeviceShutdown, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const std::string device = stringParam(p, "device");
        if (device.empty())
            return Error{code::InvalidParams, "device.shutdown needs a device (udid or name)"};
        if (auto e = port.shutdownDevice(*c.sessionId, device))
            return *e;
        return Json{{"ok", true}, {"device", device}};
    });
    d.add(method::DeviceLaunch, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const std::string device = stringParam(p, "device");
        if (device.empty() || !p.contains("command"))
            return Error{code::InvalidParams, "device.launch needs a device and a command (an array of words)"};
        std::vector<std::string> command;
        if (auto e = commandParam(p, command))
            return *e;
        auto pid = port.launchOnDevice(*c.sessionId, device, command);
        if (auto *e = std::get_if<Error>(&pid))
            return *e;
        return Json{{"ok", true}, {"device", device}, {"pid", std::get<int64_t>(pid)}};
    });
    d.add(method::PanesList, [&port](CallContext &c, const Json &) -> HandlerResult {
        Json rows = Json::array();
        for (const PaneRow &row : port.paneRows(*c.sessionId))
            rows.push_back(toJson(row));
        return rows;
    });
    d.add(method::DevicesList, [&port](CallContext &c, const Json &) -> HandlerResult {
        Json rows = Json::array();
        for (const DeviceRow &row : port.deviceRows(c.sessionId))
            rows.push_back(toJson(row));
        return rows;
    });
    d.add(method::PaneInfo, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, stringParam(p, "pane"));
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        const auto info = port.paneInfo(std::get<Handle>(pane));
        if (!info)
            return Error{code::InvalidParams, "unknown paneId"};
        return toJson(*info);
    });

    d.add(method::PaneInputRotate, [&port](CallContext &c, const Json &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, stringParam(p, "pane"));
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        std::string to = stringParam(p, "orientation");
        if (to.empty())
            to = stringParam(p, "direction");
        if (to.empty())
            return Error{code::InvalidParams, "pane.input.rotate needs an orientation or a direction"};
        const auto now = port.rotate(std::get<Handle>(pane), to);
        if (auto *e = std::get_if<Error>(&now))
            return *e;
        Json receipt = receiptBase(port, std::get<Handle>(pane));
        receipt["orientation"] = std::get<std::string>(now);
        return receipt;
    });
    using AxQuery = DevicePort::AxQuery;
    auto addAx = [&d, &port](const MethodSpec &method, std::function<std::optional<Error>(const Json &, AxQuery &)> build) {
        d.add(method, [&port, build](CallContext &c, const Json &p) -> HandlerResult {
            const auto pane = port.resolveDevicePane(*c.sessionId, stringParam(p, "pane"));
            if (auto *e = std::get_if<Error>(&pane))
                return *e;
            AxQuery q;
            if (auto e = build(p, q))
                return *e;
            // Answered when the device has: the GUI thread goes on meanwhile.
            return Later{[&port, pane = std::get<Handle>(pane), q](Answer answer) {
                port.accessibility(pane, q, std::move(answer));
            }};
        });
    };
    addAx(method::PaneAxTree, [](const Json &, AxQuery &q) -> std::optional<Error> {
        q.kind = AxQuery::Kind::Tree;
        return std::nullopt;
    });
    addAx(method::PaneAxPoint, [](const Json &p, AxQuery &q) -> std::optional<Error> {
        q.kind = AxQuery::Kind::Point;
        const auto x = coordinate(p, "x"), y = coordinate(p, "y");
        if (!x || !y)
            return Error{code::InvalidParams, "x and y are fractions of the screen, from 0 to 1"};
        q.x = *x;
        q.y = *y;
        return std::nullopt;
    });
    addAx(method::PaneAxSweep, [](const Json &p, AxQuery &q) -> std::optional<Error> {
        q.kind = AxQuery::Kind::Sweep;
        if (auto it = p.find("step"); it != p.end()) {
            if (!it->is_number())
                return Error{code::InvalidParams, "step must be a number"};
            q.step = std::clamp(it->get<double>(), limit::kSweepStepMin, limit::kSweepStepMax);
        }
        return std::nullopt;
    });

    addGesture(d, port, method::PaneInputTap, [](const Json &p, Gesture &g, Json &r) {
        g.kind = Gesture::Kind::Tap;
        return point(p, g, r);
    });
    addGesture(d, port, method::PaneInputLongPress, [](const Json &p, Gesture &g, Json &r) -> std::optional<Error> {
        g.kind = Gesture::Kind::LongPress;
        if (auto e = point(p, g, r))
            return e;
        std::string why;
        const auto ms = duration(p, 800, &why);
        if (!ms)
            return Error{code::InvalidParams, why};
        g.durationMs = *ms;
        r["durationMs"] = *ms;
        return std::nullopt;
    });
    addGesture(d, port, method::PaneInputSwipe, [](const Json &p, Gesture &g, Json &r) -> std::optional<Error> {
        g.kind = Gesture::Kind::Swipe;
        const auto x1 = coordinate(p, "fromX"), y1 = coordinate(p, "fromY"), x2 = coordinate(p, "toX"), y2 = coordinate(p, "toY");
        if (!x1 || !y1 || !x2 || !y2)
            return Error{code::InvalidParams, "fromX, fromY, toX and toY are fractions of the screen, from 0 to 1"};
        std::string why;
        const auto ms = duration(p, 250, &why);
        if (!ms)
            return Error{code::InvalidParams, why};
        g.x = *x1, g.y = *y1, g.toX = *x2, g.toY = *y2, g.durationMs = *ms;
        if (auto hold = p.find("holdMs"); hold != p.end()) {
            if (!hold->is_number_integer() || hold->get<int64_t>() < 0 || hold->get<int64_t>() > 60000)
                return Error{code::InvalidParams, "holdMs must be 60000 or less (a whole number of milliseconds)"};
            g.holdMs = hold->get<int>();
        }
        r["durationMs"] = *ms;
        return std::nullopt;
    });
    // The system's "all apps" gesture: a swipe up from the bottom edge.
    addGesture(d, port, method::PaneInputAppSwitcher, [](const Json &, Gesture &g, Json &r) -> std::optional<Error> {
        g.kind = Gesture::Kind::Swipe;
        g.x = 0.5, g.y = 0.99, g.toX = 0.5, g.toY = 0.55, g.durationMs = 300;
        r["x"] = 0.5;
        r["y"] = 0.99;
        return std::nullopt;
    });
    addGesture(d, port, method::PaneInputKey, [](const Json &p, Gesture &g, Json &r) -> std::optional<Error> {
        g.kind = Gesture::Kind::Key;
        auto it = p.find("keyCode");
        if (it == p.end() || !it->is_number_integer() || it->get<int64_t>() <= 0 || it->get<int64_t>() > 0x1fffffff)
            return Error{code::InvalidParams, "keyCode must be a positive integer (an X keysym)"};
        g.keysym = it->get<uint32_t>();
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%x", g.keysym);
        r["keyCode"] = hex;
        r["down"] = false; // pressed and released: nothing is left held
        return std::nullopt;
    });
    addGesture(d, port, method::PaneInputText, [](const Json &p, Gesture &g, Json &r) -> std::optional<Error> {
        g.kind = Gesture::Kind::Text;
        auto it = p.find("text");
        if (it == p.end() || !it->is_string() || it->get_ref<const std::string &>().empty())
            return Error{code::InvalidParams, "text must be a non-empty string"};
        // Typed a key at a time: a bound keeps what waits in memory small.
        if (it->get_ref<const std::string &>().size() > limit::kDeviceTextBytes)
            return Error{code::InvalidParams, "text must be at most 256 KiB; send it in parts"};
        g.text = it->get<std::string>();
        r["bytes"] = g.text.size(); // never the text itself
        return std::nullopt;
    });
    addGesture(d, port, method::PaneInputButton, [](const Json &p, Gesture &g, Json &r) -> std::optional<Error> {
        g.kind = Gesture::Kind::Button;
        g.text = stringParam(p, "button");
        if (g.text.empty())
            return Error{code::InvalidParams, "button is required"};
        r["button"] = g.text;
        return std::nullopt;
    });
    // Two fingers, each from one point to another (the app must take real
    // touches: the pane's multitouch capability).
    addGesture(d, port, method::PaneInputPinch, [](const Json &p, Gesture &g, Json &r) -> std::optional<Error> {
        g.kind = Gesture::Kind::Pinch;
        const char *keys[] = {"fromF1X", "fromF1Y", "fromF2X", "fromF2Y", "toF1X", "toF1Y", "toF2X", "toF2Y"};
        double *into[] = {&g.x, &g.y, &g.x2, &g.y2, &g.toX, &g.toY, &g.toX2, &g.toY2};
        for (size_t i = 0; i < std::size(keys); ++i) {
            const auto v = coordinate(p, keys[i]);
            if (!v)
                return Error{code::InvalidParams, "fromF1X, fromF1Y, fromF2X, fromF2Y, toF1X, toF1Y, toF2X and toF2Y are "
                                                  "fractions of the screen, from 0 to 1"};
            *into[i] = *v;
        }
        std::string why;
        const auto ms = duration(p, 300, &why);
        if (!ms)
            return Error{code::InvalidParams, why};
        g.durationMs = *ms;
        r["durationMs"] = *ms;
        return std::nullopt;
    });
    addGesture(d, port, method::PaneInputCrown, [](const Json &p, Gesture &g, Json &r) -> std::optional<Error> {
        g.kind = Gesture::Kind::Crown;
        auto it = p.find("delta");
        if (it == p.end() || !it->is_number())
            return Error{code::InvalidParams, "delta is required (clicks of the crown, negative to turn back)"};
        g.delta = it->get<double>();
        r["delta"] = g.delta;
        if (auto v = p.find("velocity"); v != p.end())
            r["velocity"] = *v; // echoed, not used
        return std::nullopt;
    });
}

} // namespace dt::rpc
