#pragma once

// Methods' parameters as types, for the methods whose parameters carry
// rules (limits, required words, shapes): the CLI and the second launch
// build and encode one, the server decodes one, and the names, checks and
// limits live here only. Each type names its method (kMethod), so a client
// cannot send it to another. decode() ignores unknown keys and answers the
// contract's invalid-params error for anything else it cannot use.

#include "rpc/contract/command_params.h" // the command methods' parameters
#include "rpc/contract/device_params.h" // the device-pane methods' parameters
#include "rpc/contract/ax_params.h" // snapshots with refs and finders
#include "rpc/contract/evidence_params.h" // recordings and logs
#include "rpc/contract/workspace_params.h" // the workspace methods' parameters
#include "rpc/contract/envelope.h"
#include "rpc/contract/limits.h"
#include "rpc/contract/methods.h"
#include "rpc/contract/param_codec.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace dt::rpc {


// session.authenticate: the session id and capability a tab's shell got
// in its environment.
struct SessionAuthenticateParams {
    static constexpr const MethodSpec &kMethod = method::SessionAuthenticate;
    std::string sessionId;
    std::string cap;
};
// tab.sendInput: `text` typed into the tab (not empty), paced when
// typeDelayMillis > 0 (capped at limit::kTypeDelayMillis).
struct TabSendInputParams {
    static constexpr const MethodSpec &kMethod = method::TabSendInput;
    std::string tab; // a reference; empty: "current"
    std::string text;
    int typeDelayMillis = 0;
};
// tab.capture: the visible screen after `scrollback` lines of history
// (capped at limit::kCaptureScrollbackLines).
struct TabCaptureParams {
    static constexpr const MethodSpec &kMethod = method::TabCapture;
    std::string tab;
    int scrollback = 0;
};
// tab.setPrivate.
struct TabSetPrivateParams {
    static constexpr const MethodSpec &kMethod = method::TabSetPrivate;
    std::string tab;
    bool isPrivate = false;
};
// daemon.openWindow: a window whose one tab starts in `cwd` (absolute),
// running `command` (empty: the user's shell).
struct OpenWindowParams {
    static constexpr const MethodSpec &kMethod = method::DaemonOpenWindow;
    std::string cwd;
    std::vector<std::string> command;
    std::string title; // -T: the new tab's name; empty: automatic
    bool hold = false; // --hold: the tab stays after its program exits
};
// device.boot and device.shutdown: a device by udid, prefix or name.
struct DeviceBootParams {
    static constexpr const MethodSpec &kMethod = method::DeviceBoot;
    std::string device;
};
struct DeviceShutdownParams {
    static constexpr const MethodSpec &kMethod = method::DeviceShutdown;
    std::string device;
};
// device.launch: a program and its arguments on a running device.
struct DeviceLaunchParams {
    static constexpr const MethodSpec &kMethod = method::DeviceLaunch;
    std::string device;
    std::vector<std::string> command;
};

Json encode(const SessionAuthenticateParams &p);
Json encode(const TabSendInputParams &p);
Json encode(const TabCaptureParams &p);
Json encode(const TabSetPrivateParams &p);
Json encode(const OpenWindowParams &p);
Json encode(const DeviceBootParams &p);
Json encode(const DeviceShutdownParams &p);
Json encode(const DeviceLaunchParams &p);

template <> Decoded<SessionAuthenticateParams> decode<SessionAuthenticateParams>(const Json &params);
template <> Decoded<TabSendInputParams> decode<TabSendInputParams>(const Json &params);
template <> Decoded<TabCaptureParams> decode<TabCaptureParams>(const Json &params);
template <> Decoded<TabSetPrivateParams> decode<TabSetPrivateParams>(const Json &params);
template <> Decoded<OpenWindowParams> decode<OpenWindowParams>(const Json &params);
template <> Decoded<DeviceBootParams> decode<DeviceBootParams>(const Json &params);
template <> Decoded<DeviceShutdownParams> decode<DeviceShutdownParams>(const Json &params);
template <> Decoded<DeviceLaunchParams> decode<DeviceLaunchParams>(const Json &params);

} // namespace dt::rpc
