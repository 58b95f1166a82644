// The method table's list form, for lookups and the agreement test.

#include "rpc/contract/methods.h"

#include <algorithm>
#include <array>

namespace dt::rpc {

namespace {
// Qualified names: a unity build can put a type of the same name beside them.
constexpr std::array kAll = {
    method::DaemonPing, method::DaemonCapabilities, method::DaemonEvents, method::DaemonOpenWindow, method::SessionAuthenticate,
    method::TabsList, method::WindowsList, method::TabInfo,
    method::TabOpen, method::TabClose, method::TabRename, method::TabSelect, method::TabMove, method::TabSetPrivate,
    method::PaneOpen, method::PaneClose, method::PaneRename, method::PaneMove, method::WindowOpen, method::WindowClose, method::WindowFocus,
    method::TabSendInput, method::TabCapture, method::TabRun, method::TabWait, method::TabCommands, method::TabOutput,
    method::DeviceBoot, method::DeviceShutdown, method::DeviceLaunch, method::PanesList, method::DevicesList, method::PaneInfo,
    method::PaneInputTap, method::PaneInputLongPress, method::PaneInputSwipe, method::PaneInputAppSwitcher, method::PaneInputKey, method::PaneInputText,
    method::PaneInputButton, method::PaneInputPinch, method::PaneInputCrown, method::PaneInputRotate,
    method::PaneAxTree, method::PaneAxPoint, method::PaneAxSweep, method::PaneAxSnapshot, method::PaneAxFind, method::PaneAxWaitFor, method::PaneWaitIdle, method::PaneScreenshot,
    method::PaneRecordStart, method::PaneRecordStop, method::PaneLogs, method::PanePerf,
};
} // namespace

std::span<const MethodSpec> allMethods()
{
    return kAll;
}

const MethodSpec *findMethod(std::string_view name)
{
    const auto it = std::find_if(kAll.begin(), kAll.end(), [name](const MethodSpec &m) { return m.name == name; });
    return it == kAll.end() ? nullptr : &*it;
}

} // namespace dt::rpc
