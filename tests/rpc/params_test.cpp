// Typed parameters: each encodes to its golden shape (optional keys left
// out), decodes back to itself, and answers bad input with the contract's
// invalid-params error; limits are applied where the contract caps rather
// than refuses.

#include "rpc/contract/params.h"
#include "param_checks.h"

#include <gtest/gtest.h>

#include <set>
#include <string_view>

namespace dt::rpc {
namespace {

using test::decoded;
using test::refusal;

template <class P>
P roundTrip(const P &p)
{
    const Decoded<P> back = decode<P>(encode(p));
    EXPECT_TRUE(std::holds_alternative<P>(back)) << encode(p).dump();
    return std::holds_alternative<P>(back) ? std::get<P>(back) : P{};
}

TEST(Params, eachTypeNamesItsMethod)
{
    EXPECT_EQ(TabSendInputParams::kMethod.name, "tab.sendInput");
    EXPECT_EQ(TabCaptureParams::kMethod.name, "tab.capture");
    EXPECT_EQ(TabSetPrivateParams::kMethod.name, "tab.setPrivate");
    EXPECT_EQ(OpenWindowParams::kMethod.name, "daemon.openWindow");
    EXPECT_EQ(DeviceBootParams::kMethod.name, "device.boot");
    EXPECT_EQ(DeviceShutdownParams::kMethod.name, "device.shutdown");
    EXPECT_EQ(DeviceLaunchParams::kMethod.name, "device.launch");
}

TEST(Params, goldenShapes)
{
    EXPECT_EQ(encode(TabSendInputParams{"", "ls\n", 0}).dump(), R"({"text":"ls\n"})");
    EXPECT_EQ(encode(TabSendInputParams{"build", "x", 20}).dump(), R"({"tab":"build","text":"x","typeDelayMillis":20})");
    EXPECT_EQ(encode(TabCaptureParams{}).dump(), "{}");
    EXPECT_EQ(encode(TabCaptureParams{"a1", 300}).dump(), R"({"scrollback":300,"tab":"a1"})");
    EXPECT_EQ(encode(TabSetPrivateParams{"", true}).dump(), R"({"isPrivate":true})");
    EXPECT_EQ(encode(OpenWindowParams{"/tmp", {}, "", false}).dump(), R"({"cwd":"/tmp"})");
    EXPECT_EQ(encode(OpenWindowParams{"/tmp", {"vim", "a b"}, "", false}).dump(), R"({"command":["vim","a b"],"cwd":"/tmp"})");
    EXPECT_EQ(encode(OpenWindowParams{"/tmp", {}, "logs", true}).dump(), R"({"cwd":"/tmp","hold":true,"title":"logs"})");
    EXPECT_EQ(encode(DeviceBootParams{"Pocket"}).dump(), R"({"device":"Pocket"})");
    EXPECT_EQ(encode(DeviceLaunchParams{"Pocket", {"app"}}).dump(), R"({"command":["app"],"device":"Pocket"})");
}

TEST(Params, roundTrips)
{
    const auto send = roundTrip(TabSendInputParams{"t", "é\n", 999});
    EXPECT_EQ(send.tab, "t");
    EXPECT_EQ(send.text, "é\n");
    EXPECT_EQ(send.typeDelayMillis, 999);
    EXPECT_EQ(roundTrip(TabCaptureParams{"", 5}).scrollback, 5);
    EXPECT_TRUE(roundTrip(TabSetPrivateParams{"x", true}).isPrivate);
    EXPECT_EQ(roundTrip(OpenWindowParams{"/", {"a", "b"}, "", false}).command, (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(roundTrip(OpenWindowParams{"/", {}, "logs", true}).title, "logs");
    EXPECT_TRUE(roundTrip(OpenWindowParams{"/", {}, "logs", true}).hold);
    EXPECT_FALSE(roundTrip(OpenWindowParams{"/", {}, "", false}).hold);
    EXPECT_EQ(roundTrip(DeviceShutdownParams{"D"}).device, "D");
    EXPECT_EQ(roundTrip(DeviceLaunchParams{"D", {"x"}}).command.size(), 1u);
}

TEST(Params, limitsCapWhereTheContractCaps)
{
    const auto delay = decode<TabSendInputParams>(Json{{"text", "x"}, {"typeDelayMillis", 5000}});
    EXPECT_EQ(std::get<TabSendInputParams>(delay).typeDelayMillis, limit::kTypeDelayMillis);
    const auto lines = decode<TabCaptureParams>(Json{{"scrollback", 1LL << 40}});
    EXPECT_EQ(std::get<TabCaptureParams>(lines).scrollback, limit::kCaptureScrollbackLines);
}

TEST(Params, badInputIsRefusedInWords)
{
    EXPECT_EQ(refusal<TabSendInputParams>(Json::object()), "tab.sendInput needs a non-empty text");
    EXPECT_EQ(refusal<TabSendInputParams>(Json{{"text", ""}}), "tab.sendInput needs a non-empty text");
    EXPECT_EQ(refusal<TabSendInputParams>(Json{{"text", "x"}, {"typeDelayMillis", -1}}),
              "typeDelayMillis must be a non-negative integer");
    EXPECT_EQ(refusal<TabSendInputParams>(Json{{"text", "x"}, {"tab", 7}}), "tab must be a reference (a string)");
    EXPECT_EQ(refusal<TabCaptureParams>(Json{{"scrollback", 1.5}}), "scrollback must be a non-negative integer");
    EXPECT_EQ(refusal<TabSetPrivateParams>(Json{{"isPrivate", "yes"}}), "tab.setPrivate needs isPrivate: true or false");
    EXPECT_EQ(refusal<OpenWindowParams>(Json{{"cwd", "relative"}}), "cwd must be an absolute path");
    EXPECT_EQ(refusal<OpenWindowParams>(Json{{"cwd", "/" + std::string(5000, 'a')}}), "cwd is not a usable path");
    EXPECT_EQ(refusal<OpenWindowParams>(Json{{"cwd", "/"}, {"command", Json::array()}}),
              "command must be a list of 1 to 1024 strings");
    EXPECT_EQ(refusal<OpenWindowParams>(Json{{"cwd", "/"}, {"command", {"a", 1}}}),
              "command must be a list of strings without NUL bytes");
    EXPECT_EQ(refusal<OpenWindowParams>(Json{{"cwd", "/"}, {"command", {std::string(300 * 1024, 'a')}}}),
              "command is empty or longer than 256 KiB");
    EXPECT_EQ(refusal<OpenWindowParams>(Json{{"cwd", "/"}, {"title", 7}}), "title must be a string of at most 4096 bytes");
    EXPECT_EQ(refusal<OpenWindowParams>(Json{{"cwd", "/"}, {"title", std::string(5000, 'a')}}),
              "title must be a string of at most 4096 bytes");
    EXPECT_EQ(refusal<OpenWindowParams>(Json{{"cwd", "/"}, {"hold", "yes"}}), "hold must be true or false");
    EXPECT_EQ(refusal<DeviceBootParams>(Json{{"device", ""}}), "device.boot needs a device (udid or name)");
    EXPECT_EQ(refusal<DeviceShutdownParams>(Json{{"device", 3}}), "device.shutdown needs a device (udid or name)");
    EXPECT_EQ(refusal<DeviceLaunchParams>(Json{{"device", "D"}}),
              "device.launch needs a device and a command (an array of words)");
    EXPECT_EQ(refusal<TabRunParams>(Json{{"command", "ls\tx"}}),
              "the command must not contain control characters (a tab, an escape, …)");
    EXPECT_EQ(refusal<TabRunParams>(Json{{"command", "ls\necho"}}), "the command must be one line (join several with ; or &&)");
    EXPECT_EQ(refusal<TabRunParams>(Json::object()), "command must be the command to run (a non-empty string)");
    EXPECT_EQ(refusal<TabRunParams>(Json{{"command", "ls"}, {"queue", "yes"}}), "queue must be true or false");
    EXPECT_TRUE(test::decoded<TabRunParams>(Json{{"command", "ls"}, {"queue", true}}).queue);
    EXPECT_EQ(encode(TabRunParams{"b", "make", 0, limit::kCommandOutputBytes, true}).dump(),
              R"({"command":"make","queue":true,"tab":"b"})");
    // Unknown keys are ignored.
    EXPECT_EQ(refusal<DeviceBootParams>(Json{{"device", "D"}, {"future", true}}), "(accepted)");
}

} // namespace
} // namespace dt::rpc

namespace dt::rpc {
namespace {

TEST(Params, snapshotAndFinderShapesAndRefusals)
{
    EXPECT_EQ(encode(AxSnapshotParams{}).dump(), "{}");
    EXPECT_EQ(encode(AxSnapshotParams{"P", true}).dump(), R"({"interactive":true,"pane":"P"})");
    AxFindParams byLabel;
    byLabel.label = "Count 3";
    byLabel.match = AxFindParams::Match::Contains;
    byLabel.single = true;
    EXPECT_EQ(encode(byLabel).dump(), R"({"label":"Count 3","match":"contains","single":true})");
    const AxFindParams decoded = test::decoded<AxFindParams>(Json{{"ref", "@e12"}});
    EXPECT_EQ(decoded.ref, "@e12");
    EXPECT_EQ(decoded.match, AxFindParams::Match::Exact);
    EXPECT_EQ(test::refusal<AxFindParams>(Json::object()), "pane.ax.find needs a ref, label, role or text");
    EXPECT_EQ(test::refusal<AxFindParams>(Json{{"ref", "e3"}}), "ref must look like @e3 (from ax snapshot)");
    EXPECT_EQ(test::refusal<AxFindParams>(Json{{"ref", "@e0"}}), "ref must look like @e3 (from ax snapshot)");
    EXPECT_EQ(test::refusal<AxFindParams>(Json{{"ref", "@e3"}, {"label", "x"}}),
              "a ref names one element: it takes no label, role or text");
    EXPECT_EQ(test::refusal<AxFindParams>(Json{{"label", "x"}, {"match", "fuzzy"}}), "match must be exact, contains or regex");
    EXPECT_EQ(test::refusal<AxFindParams>(Json{{"label", ""}}), "label must be a non-empty string of at most 4 KiB");
    EXPECT_EQ(test::refusal<AxSnapshotParams>(Json{{"interactive", 1}}), "interactive must be true or false");

    AxWaitForParams wait;
    wait.finder.label = "Count 2";
    wait.gone = true;
    EXPECT_EQ(encode(wait).dump(), R"({"gone":true,"label":"Count 2","timeoutMillis":5000})");
    EXPECT_EQ(test::decoded<AxWaitForParams>(Json{{"text", "x"}, {"timeoutMillis", 250}}).timeoutMillis, 250);
    EXPECT_EQ(test::refusal<AxWaitForParams>(Json::object()), "pane.ax.waitFor needs a ref, label, role or text");
    EXPECT_EQ(test::refusal<AxWaitForParams>(Json{{"text", "x"}, {"timeoutMillis", 0}}),
              "timeoutMillis must be a whole number of milliseconds from 1 to 600000");
    EXPECT_EQ(encode(WaitIdleParams{}).dump(), R"({"quietMillis":300,"timeoutMillis":5000})");
    EXPECT_EQ(test::refusal<WaitIdleParams>(Json{{"quietMillis", "soon"}}),
              "quietMillis must be a whole number of milliseconds from 1 to 60000");
    EXPECT_EQ(encode(ScreenshotParams{"P"}).dump(), R"({"pane":"P"})");
}

TEST(Params, recordingsAndLogs)
{
    EXPECT_EQ(encode(RecordStartParams{"", "/tmp/a.webm", 60}).dump(), R"({"framesPerSecond":60,"path":"/tmp/a.webm"})");
    EXPECT_EQ(test::decoded<RecordStartParams>(Json{{"path", "/x/Clip.MP4"}}).framesPerSecond, 60);
    EXPECT_EQ(test::decoded<RecordStartParams>(Json{{"path", "/x/c.mkv"}, {"framesPerSecond", 30}}).framesPerSecond, 30);
    EXPECT_EQ(test::refusal<RecordStartParams>(Json::object()), "path must be the video file's absolute path");
    EXPECT_EQ(test::refusal<RecordStartParams>(Json{{"path", "a.webm"}}), "path must be an absolute path of at most 4096 bytes");
    EXPECT_EQ(test::refusal<RecordStartParams>(Json{{"path", "/" + std::string(5000, 'a') + ".webm"}}),
              "path must be an absolute path of at most 4096 bytes");
    EXPECT_EQ(test::refusal<RecordStartParams>(Json{{"path", "/a.gif"}}), "path must end in .webm, .mkv or .mp4");
    EXPECT_EQ(test::refusal<RecordStartParams>(Json{{"path", "/a.webm"}, {"framesPerSecond", 0}}),
              "framesPerSecond must be a whole number of frames per second from 1 to 120");
    EXPECT_EQ(test::refusal<RecordStartParams>(Json{{"path", "/a.webm"}, {"pane", 3}}), "pane must be a reference (a string)");
    EXPECT_EQ(encode(RecordStopParams{}).dump(), "{}");

    EXPECT_EQ(encode(LogsParams{}).dump(), R"({"maxBytes":65536})");
    LogsParams follow;
    follow.since = 10;
    follow.waitMillis = 500;
    EXPECT_EQ(encode(follow).dump(), R"({"maxBytes":65536,"since":10,"waitMillis":500})");
    EXPECT_EQ(test::decoded<LogsParams>(Json{{"since", 7}}).since, 7);
    EXPECT_EQ(test::refusal<LogsParams>(Json{{"since", -1}}), "since must be a whole number of bytes from 0 to 9223372036854775807");
    EXPECT_EQ(test::refusal<LogsParams>(Json{{"maxBytes", 0}}), "maxBytes must be a whole number of bytes from 1 to 1048576");
    EXPECT_EQ(test::refusal<LogsParams>(Json{{"waitMillis", 100}}), "waitMillis needs since (the offset to wait past)");
    EXPECT_EQ(test::refusal<LogsParams>(Json{{"since", 0}, {"waitMillis", 60001}}),
              "waitMillis must be a whole number of milliseconds from 0 to 60000");

    EXPECT_EQ(encode(PerfParams{}).dump(), R"({"sampleMillis":500})");
    EXPECT_EQ(test::decoded<PerfParams>(Json{{"sampleMillis", 50}}).sampleMillis, 50);
    EXPECT_EQ(test::refusal<PerfParams>(Json{{"sampleMillis", 49}}),
              "sampleMillis must be a whole number of milliseconds from 50 to 10000");
}

// Every method the contract lists either has a parameter type here or
// takes none: a new method cannot slip in with hand-built JSON.
TEST(Params, everyMethodWithParametersHasAType)
{
    const std::set<std::string_view> typed = {
        SessionAuthenticateParams::kMethod.name, TabSendInputParams::kMethod.name, TabCaptureParams::kMethod.name,
        TabSetPrivateParams::kMethod.name, OpenWindowParams::kMethod.name, DeviceBootParams::kMethod.name,
        DeviceShutdownParams::kMethod.name, DeviceLaunchParams::kMethod.name, PaneInfoParams::kMethod.name,
        TapParams::kMethod.name, LongPressParams::kMethod.name, SwipeParams::kMethod.name,
        AppSwitcherParams::kMethod.name, KeyParams::kMethod.name, DeviceTextParams::kMethod.name,
        ButtonParams::kMethod.name, PinchParams::kMethod.name, CrownParams::kMethod.name, RotateParams::kMethod.name,
        AxTreeParams::kMethod.name, AxPointParams::kMethod.name, AxSweepParams::kMethod.name,
        WindowsListParams::kMethod.name, TabInfoParams::kMethod.name, TabOpenParams::kMethod.name,
        TabCloseParams::kMethod.name, TabRenameParams::kMethod.name, TabSelectParams::kMethod.name,
        TabMoveParams::kMethod.name, PaneOpenParams::kMethod.name, PaneCloseParams::kMethod.name,
        WindowCloseParams::kMethod.name, WindowFocusParams::kMethod.name, TabRunParams::kMethod.name,
        TabWaitParams::kMethod.name, TabCommandsParams::kMethod.name, TabOutputParams::kMethod.name,
        AxSnapshotParams::kMethod.name, AxFindParams::kMethod.name, AxWaitForParams::kMethod.name,
        WaitIdleParams::kMethod.name, ScreenshotParams::kMethod.name, RecordStartParams::kMethod.name,
        RecordStopParams::kMethod.name, LogsParams::kMethod.name, PerfParams::kMethod.name,
    };
    const std::set<std::string_view> none = {
        method::DaemonPing.name, method::DaemonCapabilities.name, method::DaemonEvents.name, method::TabsList.name,
        method::PanesList.name, method::DevicesList.name, method::WindowOpen.name,
        method::PaneRename.name, method::PaneMove.name, // in the catalog, unsupported
    };
    for (const MethodSpec &m : allMethods())
        EXPECT_TRUE(typed.count(m.name) + none.count(m.name) == 1) << m.name;
    EXPECT_EQ(typed.size() + none.size(), allMethods().size());
}

} // namespace
} // namespace dt::rpc
