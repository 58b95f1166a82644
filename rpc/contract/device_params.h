#pragma once

// Typed parameters of the device-pane methods: gestures, rotation,
// accessibility queries and pane info (see params.h for the scheme). Every
// one names its pane the same way: empty for the session's only device
// pane, else a paneId, shortId or udid. Points are fractions of the screen,
// 0 (left, top) to 1 (right, bottom); durations whole milliseconds up to
// limit::kGestureMillis.

#include "rpc/contract/envelope.h"
#include "rpc/contract/limits.h"
#include "rpc/contract/methods.h"
#include "rpc/contract/param_codec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace dt::rpc {


struct PaneInfoParams {
    static constexpr const MethodSpec &kMethod = method::PaneInfo;
    std::string pane;
};
struct TapParams {
    static constexpr const MethodSpec &kMethod = method::PaneInputTap;
    std::string pane;
    double x = 0.5, y = 0.5;
};
struct LongPressParams {
    static constexpr const MethodSpec &kMethod = method::PaneInputLongPress;
    std::string pane;
    double x = 0.5, y = 0.5;
    int durationMs = 800;
};
struct SwipeParams {
    static constexpr const MethodSpec &kMethod = method::PaneInputSwipe;
    std::string pane;
    double fromX = 0.5, fromY = 0.5, toX = 0.5, toY = 0.5;
    int durationMs = 250; // under 32: one tap-shaped press and release
    int holdMs = 0; // the finger rests at the end before it lifts
};
struct AppSwitcherParams {
    static constexpr const MethodSpec &kMethod = method::PaneInputAppSwitcher;
    std::string pane;
};
struct KeyParams {
    static constexpr const MethodSpec &kMethod = method::PaneInputKey;
    std::string pane;
    uint32_t keyCode = 0; // an X keysym, 1 to 0x1fffffff
};
struct DeviceTextParams {
    static constexpr const MethodSpec &kMethod = method::PaneInputText;
    std::string pane;
    std::string text; // not empty, at most limit::kDeviceTextBytes
};
struct ButtonParams {
    static constexpr const MethodSpec &kMethod = method::PaneInputButton;
    std::string pane;
    std::string button; // checked against the device's table by the app
};
struct PinchParams {
    static constexpr const MethodSpec &kMethod = method::PaneInputPinch;
    std::string pane;
    double fromF1X = 0.5, fromF1Y = 0.5, fromF2X = 0.5, fromF2Y = 0.5;
    double toF1X = 0.5, toF1Y = 0.5, toF2X = 0.5, toF2Y = 0.5;
    int durationMs = 300;
};
struct CrownParams {
    static constexpr const MethodSpec &kMethod = method::PaneInputCrown;
    std::string pane;
    double delta = 0; // clicks, negative to turn back
    std::optional<Json> velocity; // accepted and echoed, not used
};
struct RotateParams {
    static constexpr const MethodSpec &kMethod = method::PaneInputRotate;
    std::string pane;
    std::string to; // an orientation name, or "left" / "right"; sent as orientation or direction
};
struct AxTreeParams {
    static constexpr const MethodSpec &kMethod = method::PaneAxTree;
    std::string pane;
};
struct AxPointParams {
    static constexpr const MethodSpec &kMethod = method::PaneAxPoint;
    std::string pane;
    double x = 0.5, y = 0.5;
};
struct AxSweepParams {
    static constexpr const MethodSpec &kMethod = method::PaneAxSweep;
    std::string pane;
    std::optional<double> step; // clamped to limit::kSweepStepMin..Max
};

Json encode(const PaneInfoParams &p);
Json encode(const TapParams &p);
Json encode(const LongPressParams &p);
Json encode(const SwipeParams &p);
Json encode(const AppSwitcherParams &p);
Json encode(const KeyParams &p);
Json encode(const DeviceTextParams &p);
Json encode(const ButtonParams &p);
Json encode(const PinchParams &p);
Json encode(const CrownParams &p);
Json encode(const RotateParams &p);
Json encode(const AxTreeParams &p);
Json encode(const AxPointParams &p);
Json encode(const AxSweepParams &p);

template <> Decoded<PaneInfoParams> decode<PaneInfoParams>(const Json &);
template <> Decoded<TapParams> decode<TapParams>(const Json &);
template <> Decoded<LongPressParams> decode<LongPressParams>(const Json &);
template <> Decoded<SwipeParams> decode<SwipeParams>(const Json &);
template <> Decoded<AppSwitcherParams> decode<AppSwitcherParams>(const Json &);
template <> Decoded<KeyParams> decode<KeyParams>(const Json &);
template <> Decoded<DeviceTextParams> decode<DeviceTextParams>(const Json &);
template <> Decoded<ButtonParams> decode<ButtonParams>(const Json &);
template <> Decoded<PinchParams> decode<PinchParams>(const Json &);
template <> Decoded<CrownParams> decode<CrownParams>(const Json &);
template <> Decoded<RotateParams> decode<RotateParams>(const Json &);
template <> Decoded<AxTreeParams> decode<AxTreeParams>(const Json &);
template <> Decoded<AxPointParams> decode<AxPointParams>(const Json &);
template <> Decoded<AxSweepParams> decode<AxSweepParams>(const Json &);

} // namespace dt::rpc
