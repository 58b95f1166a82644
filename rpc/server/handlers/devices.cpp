// The device methods: boot, shut down and launch on a device, list panes and devices, pane info, the
// accessibility queries (answered later, off the GUI thread) and every pane.input gesture with its receipt.

#include "rpc/server/handlers/devices.h"

#include <cstdio>
#include <functional>

namespace dt::rpc {

namespace {

using Gesture = DevicePort::Gesture;
using AxQuery = DevicePort::AxQuery;

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

// A gesture method: its decoded parameters become the gesture and the
// receipt's extra keys; the pane is resolved, the gesture dispatched.
template <class P>
void addGesture(Dispatcher &d, DevicePort &port, std::function<void(const P &, Gesture &, Json &receipt)> build)
{
    d.add<P>([&port, build](CallContext &c, const P &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, p.pane);
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        Gesture g;
        Json extra = Json::object();
        build(p, g, extra);
        const auto dispatched = port.deviceInput(std::get<Handle>(pane), g);
        if (auto *e = std::get_if<Error>(&dispatched))
            return *e;
        Json receipt = receiptBase(port, std::get<Handle>(pane));
        if (g.kind == Gesture::Kind::Swipe && P::kMethod.name == method::PaneInputSwipe.name) {
            const int steps = std::get<int>(dispatched);
            extra["dispatched"] = steps > 0 ? "drag" : "tap";
            extra["steps"] = steps;
        }
        receipt.update(extra);
        return receipt;
    });
}

// An accessibility query: answered when the device has, off the GUI thread.
template <class P>
void addAx(Dispatcher &d, DevicePort &port, std::function<void(const P &, AxQuery &)> build)
{
    d.add<P>([&port, build](CallContext &c, const P &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, p.pane);
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        AxQuery q;
        build(p, q);
        return Later{[&port, pane = std::get<Handle>(pane), q](Answer answer) { port.accessibility(pane, q, std::move(answer)); }};
    });
}

void addDeviceLifecycle(Dispatcher &d, DevicePort &port)
{
    d.add<DeviceBootParams>([&port](CallContext &c, const DeviceBootParams &p) -> HandlerResult {
        auto row = port.bootDevice(*c.sessionId, p.device);
        if (auto *e = std::get_if<Error>(&row))
            return *e;
        Json j = toJson(std::get<PaneRow>(row));
        j["ok"] = true;
        return j;
    });
    d.add<DeviceShutdownParams>([&port](CallContext &c, const DeviceShutdownParams &p) -> HandlerResult {
        if (auto e = port.shutdownDevice(*c.sessionId, p.device))
            return *e;
        return Json{{"ok", true}, {"device", p.device}};
    });
    d.add<DeviceLaunchParams>([&port](CallContext &c, const DeviceLaunchParams &p) -> HandlerResult {
        auto pid = port.launchOnDevice(*c.sessionId, p.device, p.command);
        if (auto *e = std::get_if<Error>(&pid))
            return *e;
        return Json{{"ok", true}, {"device", p.device}, {"pid", std::get<int64_t>(pid)}};
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
    d.add<PaneInfoParams>([&port](CallContext &c, const PaneInfoParams &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, p.pane);
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        const auto info = port.paneInfo(std::get<Handle>(pane));
        if (!info)
            return Error{code::InvalidParams, "unknown paneId"};
        return toJson(*info);
    });
    d.add<RotateParams>([&port](CallContext &c, const RotateParams &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, p.pane);
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        const auto now = port.rotate(std::get<Handle>(pane), p.to);
        if (auto *e = std::get_if<Error>(&now))
            return *e;
        Json receipt = receiptBase(port, std::get<Handle>(pane));
        receipt["orientation"] = std::get<std::string>(now);
        return receipt;
    });
}

void addAccessibility(Dispatcher &d, DevicePort &port)
{
    addAx<AxTreeParams>(d, port, [](const AxTreeParams &, AxQuery &q) { q.kind = AxQuery::Kind::Tree; });
    addAx<AxPointParams>(d, port, [](const AxPointParams &p, AxQuery &q) {
        q.kind = AxQuery::Kind::Point;
        q.x = p.x;
        q.y = p.y;
    });
    addAx<AxSnapshotParams>(d, port, [](const AxSnapshotParams &p, AxQuery &q) {
        q.kind = AxQuery::Kind::Snapshot;
        q.interactiveOnly = p.interactive;
    });
    addAx<AxFindParams>(d, port, [](const AxFindParams &p, AxQuery &q) {
        q.kind = AxQuery::Kind::Find;
        q.ref = p.ref;
        q.label = p.label;
        q.role = p.role;
        q.text = p.text;
        q.match = matchName(p.match);
        q.single = p.single;
    });
    d.add<AxWaitForParams>([&port](CallContext &c, const AxWaitForParams &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, p.finder.pane);
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        AxQuery q;
        q.kind = AxQuery::Kind::Find;
        q.ref = p.finder.ref;
        q.label = p.finder.label;
        q.role = p.finder.role;
        q.text = p.finder.text;
        q.match = matchName(p.finder.match);
        return Later{[&port, pane = std::get<Handle>(pane), q, p](Answer answer) {
            port.waitForElement(pane, q, p.gone, p.timeoutMillis, std::move(answer));
        }};
    });
    d.add<WaitIdleParams>([&port](CallContext &c, const WaitIdleParams &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, p.pane);
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        return Later{[&port, pane = std::get<Handle>(pane), p](Answer answer) {
            port.waitIdle(pane, p.quietMillis, p.timeoutMillis, std::move(answer));
        }};
    });
    d.add<ScreenshotParams>([&port](CallContext &c, const ScreenshotParams &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, p.pane);
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        return Later{[&port, pane = std::get<Handle>(pane)](Answer answer) { port.screenshot(pane, std::move(answer)); }};
    });
    addAx<AxSweepParams>(d, port, [](const AxSweepParams &p, AxQuery &q) {
        q.kind = AxQuery::Kind::Sweep;
        if (p.step)
            q.step = *p.step;
    });
}

void addGestures(Dispatcher &d, DevicePort &port)
{
    using Kind = Gesture::Kind;
    addGesture<TapParams>(d, port, [](const TapParams &p, Gesture &g, Json &r) {
        g.kind = Kind::Tap, g.x = p.x, g.y = p.y;
        r["x"] = p.x, r["y"] = p.y;
    });
    addGesture<LongPressParams>(d, port, [](const LongPressParams &p, Gesture &g, Json &r) {
        g.kind = Kind::LongPress, g.x = p.x, g.y = p.y, g.durationMs = p.durationMs;
        r["x"] = p.x, r["y"] = p.y, r["durationMs"] = p.durationMs;
    });
    addGesture<SwipeParams>(d, port, [](const SwipeParams &p, Gesture &g, Json &r) {
        g.kind = Kind::Swipe, g.x = p.fromX, g.y = p.fromY, g.toX = p.toX, g.toY = p.toY;
        g.durationMs = p.durationMs, g.holdMs = p.holdMs;
        r["durationMs"] = p.durationMs;
    });
    // The system's "all apps" gesture: a swipe up from the bottom edge.
    addGesture<AppSwitcherParams>(d, port, [](const AppSwitcherParams &, Gesture &g, Json &r) {
        g.kind = Kind::Swipe, g.x = 0.5, g.y = 0.99, g.toX = 0.5, g.toY = 0.55, g.durationMs = 300;
        r["x"] = 0.5, r["y"] = 0.99;
    });
    addGesture<KeyParams>(d, port, [](const KeyParams &p, Gesture &g, Json &r) {
        g.kind = Kind::Key, g.keysym = p.keyCode;
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%x", p.keyCode);
        r["keyCode"] = hex;
        r["down"] = false; // pressed and released: nothing is left held
    });
    addGesture<DeviceTextParams>(d, port, [](const DeviceTextParams &p, Gesture &g, Json &r) {
        g.kind = Kind::Text, g.text = p.text;
        r["bytes"] = p.text.size(); // never the text itself
    });
    addGesture<ButtonParams>(d, port, [](const ButtonParams &p, Gesture &g, Json &r) {
        g.kind = Kind::Button, g.text = p.button;
        r["button"] = p.button;
    });
    // Two fingers, each from one point to another (the app must take real
    // touches: the pane's multitouch capability).
    addGesture<PinchParams>(d, port, [](const PinchParams &p, Gesture &g, Json &r) {
        g.kind = Kind::Pinch, g.x = p.fromF1X, g.y = p.fromF1Y, g.x2 = p.fromF2X, g.y2 = p.fromF2Y;
        g.toX = p.toF1X, g.toY = p.toF1Y, g.toX2 = p.toF2X, g.toY2 = p.toF2Y, g.durationMs = p.durationMs;
        r["durationMs"] = p.durationMs;
    });
    addGesture<CrownParams>(d, port, [](const CrownParams &p, Gesture &g, Json &r) {
        g.kind = Kind::Crown, g.delta = p.delta;
        r["delta"] = p.delta;
        if (p.velocity)
            r["velocity"] = *p.velocity; // echoed, not used
    });
}

} // namespace

void addDevices(Dispatcher &d, DevicePort &port)
{
    addDeviceLifecycle(d, port);
    addAccessibility(d, port);
    addGestures(d, port);
}

} // namespace dt::rpc
