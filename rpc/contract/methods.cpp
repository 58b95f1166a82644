// The method table's list form, for lookups and the agreement test.

#include "rpc/contract/methods.h"

#include <algorithm>
#include <array>

namespace dt::rpc {

namespace {
using namespace method;
constexpr std::array kAll = {
    DaemonPing, DaemonCapabilities, DaemonEvents, DaemonOpenWindow, SessionAuthenticate,
    TabsList, WindowsList, TabInfo,
    TabOpen, TabClose, TabRename, TabSelect, TabMove, TabSetPrivate,
    PaneOpen, PaneClose, PaneRename, PaneMove, WindowOpen, WindowClose, WindowFocus,
    TabSendInput, TabCapture, TabRun, TabWait, TabCommands, TabOutput,
    DeviceBoot, DeviceShutdown, DeviceLaunch, PanesList, DevicesList, PaneInfo,
    PaneInputTap, PaneInputLongPress, PaneInputSwipe, PaneInputAppSwitcher, PaneInputKey, PaneInputText,
    PaneInputButton, PaneInputPinch, PaneInputCrown, PaneInputRotate,
    PaneAxTree, PaneAxPoint, PaneAxSweep, PaneAxSnapshot, PaneAxFind, PaneAxWaitFor, PaneWaitIdle, PaneScreenshot,
    PaneRecordStart, PaneRecordStop, PaneLogs, PanePerf,
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
