#pragma once

// The automation protocol's methods, in one table: each method's wire name,
// who may call it and who sends it. The server registers its handlers by
// these entries, the CLI names what it calls by them, and a test checks
// that the table, the server's registrations, daemon.capabilities and the
// CLI's verbs agree. No Qt.

#include <span>
#include <string_view>

namespace dt::rpc {

// Who may call a method (the dispatcher checks it before any handler runs).
enum class Scope {
    DaemonWide, // any connection
    Session, // an authenticated session whose caller still runs in its terminal
    Orchestration, // a session with a live orchestration grant, checked on every request
};

// Which client sends a method.
enum class Sender {
    Cli, // the deviceterm CLI, a verb or its connection
    SecondLaunch, // deviceterm-gui started again, handing its request to the running one
    None, // in the contract's catalog, answered as unsupported: no client of ours offers it
};

struct MethodSpec {
    std::string_view name;
    Scope scope;
    Sender sender = Sender::Cli;
};

namespace method {
// The daemon and the connection.
inline constexpr MethodSpec DaemonPing{"daemon.ping", Scope::DaemonWide};
inline constexpr MethodSpec DaemonCapabilities{"daemon.capabilities", Scope::DaemonWide};
inline constexpr MethodSpec DaemonEvents{"daemon.events", Scope::Session};
inline constexpr MethodSpec DaemonOpenWindow{"daemon.openWindow", Scope::DaemonWide, Sender::SecondLaunch};
inline constexpr MethodSpec SessionAuthenticate{"session.authenticate", Scope::DaemonWide};
// Reading the workspace.
inline constexpr MethodSpec TabsList{"tabs.list", Scope::DaemonWide};
inline constexpr MethodSpec WindowsList{"windows.list", Scope::DaemonWide};
inline constexpr MethodSpec TabInfo{"tab.info", Scope::Session};
// Changing the workspace.
inline constexpr MethodSpec TabOpen{"tab.open", Scope::Session};
inline constexpr MethodSpec TabClose{"tab.close", Scope::Session};
inline constexpr MethodSpec TabRename{"tab.rename", Scope::Session};
inline constexpr MethodSpec TabSelect{"tab.select", Scope::Session};
inline constexpr MethodSpec TabMove{"tab.move", Scope::Session};
inline constexpr MethodSpec TabSetPrivate{"tab.setPrivate", Scope::Session};
inline constexpr MethodSpec PaneOpen{"pane.open", Scope::Session};
inline constexpr MethodSpec PaneClose{"pane.close", Scope::Session};
inline constexpr MethodSpec PaneRename{"pane.rename", Scope::Session, Sender::None};
inline constexpr MethodSpec PaneMove{"pane.move", Scope::Session, Sender::None};
inline constexpr MethodSpec WindowOpen{"window.open", Scope::Session};
inline constexpr MethodSpec WindowClose{"window.close", Scope::Session};
inline constexpr MethodSpec WindowFocus{"window.focus", Scope::Session};
// Other tabs, with the GUI's grant.
inline constexpr MethodSpec TabSendInput{"tab.sendInput", Scope::Orchestration};
inline constexpr MethodSpec TabCapture{"tab.capture", Scope::Orchestration};
// Commands a shell ran (shell integration): run one and get its record,
// wait for the running one, and read the records and outputs (a session's
// own tab needs no grant for these two).
inline constexpr MethodSpec TabRun{"tab.run", Scope::Orchestration};
inline constexpr MethodSpec TabWait{"tab.wait", Scope::Orchestration};
inline constexpr MethodSpec TabCommands{"tab.commands", Scope::Session};
inline constexpr MethodSpec TabOutput{"tab.output", Scope::Session};
// Devices.
inline constexpr MethodSpec DeviceBoot{"device.boot", Scope::Session};
inline constexpr MethodSpec DeviceShutdown{"device.shutdown", Scope::Session};
inline constexpr MethodSpec DeviceLaunch{"device.launch", Scope::Session};
inline constexpr MethodSpec PanesList{"panes.list", Scope::Session};
inline constexpr MethodSpec DevicesList{"devices.list", Scope::Session};
inline constexpr MethodSpec PaneInfo{"pane.info", Scope::Session};
inline constexpr MethodSpec PaneInputTap{"pane.input.tap", Scope::Session};
inline constexpr MethodSpec PaneInputLongPress{"pane.input.longPress", Scope::Session};
inline constexpr MethodSpec PaneInputSwipe{"pane.input.swipe", Scope::Session};
inline constexpr MethodSpec PaneInputAppSwitcher{"pane.input.appSwitcher", Scope::Session};
inline constexpr MethodSpec PaneInputKey{"pane.input.key", Scope::Session};
inline constexpr MethodSpec PaneInputText{"pane.input.text", Scope::Session};
inline constexpr MethodSpec PaneInputButton{"pane.input.button", Scope::Session};
inline constexpr MethodSpec PaneInputPinch{"pane.input.pinch", Scope::Session};
inline constexpr MethodSpec PaneInputCrown{"pane.input.crown", Scope::Session};
inline constexpr MethodSpec PaneInputRotate{"pane.input.rotate", Scope::Session};
inline constexpr MethodSpec PaneAxTree{"pane.ax.tree", Scope::Session};
inline constexpr MethodSpec PaneAxPoint{"pane.ax.point", Scope::Session};
inline constexpr MethodSpec PaneAxSweep{"pane.ax.sweep", Scope::Session};
inline constexpr MethodSpec PaneAxSnapshot{"pane.ax.snapshot", Scope::Session};
inline constexpr MethodSpec PaneAxFind{"pane.ax.find", Scope::Session};
inline constexpr MethodSpec PaneAxWaitFor{"pane.ax.waitFor", Scope::Session};
inline constexpr MethodSpec PaneWaitIdle{"pane.waitIdle", Scope::Session};
inline constexpr MethodSpec PaneScreenshot{"pane.screenshot", Scope::Session};
// Evidence: the screen recorded into a video file, the device's program
// output.
inline constexpr MethodSpec PaneRecordStart{"pane.record.start", Scope::Session};
inline constexpr MethodSpec PaneRecordStop{"pane.record.stop", Scope::Session};
inline constexpr MethodSpec PaneLogs{"pane.logs", Scope::Session};
inline constexpr MethodSpec PanePerf{"pane.perf", Scope::Session};
} // namespace method

// Every method above, in that order.
std::span<const MethodSpec> allMethods();
// The entry of a wire name, or null.
const MethodSpec *findMethod(std::string_view name);

} // namespace dt::rpc
