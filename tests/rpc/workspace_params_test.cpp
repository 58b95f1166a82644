// The workspace methods' typed parameters: golden shapes (references left
// out mean "current"), close modes, and the words bad input gets.

#include "rpc/contract/params.h"
#include "param_checks.h"

#include <gtest/gtest.h>

namespace dt::rpc {
namespace {

using test::decoded;
using test::refusal;

TEST(WorkspaceParams, goldenShapes)
{
    EXPECT_EQ(encode(TabOpenParams{}).dump(), "{}");
    EXPECT_EQ(encode(TabOpenParams{"2", "/tmp", "make", ""}).dump(), R"({"cmd":"make","cwd":"/tmp","window":"2"})");
    EXPECT_EQ(encode(TabOpenParams{"", "", "make", "", true}).dump(), R"({"cmd":"make","wait":true})");
    EXPECT_EQ(encode(TabOpenParams{"", "", "make", "", true, 5000, 10}).dump(),
              R"({"cmd":"make","maxBytes":10,"timeoutMillis":5000,"wait":true})");
    EXPECT_EQ(encode(TabCloseParams{"", CloseMode::Detach}).dump(), "{}");
    EXPECT_EQ(encode(TabCloseParams{"b", CloseMode::Shutdown}).dump(), R"({"mode":"shutdown","tab":"b"})");
    EXPECT_EQ(encode(TabRenameParams{"", "build"}).dump(), R"({"name":"build"})");
    EXPECT_EQ(encode(TabMoveParams{"", 0, std::nullopt}).dump(), R"({"toIndex":0})");
    EXPECT_EQ(encode(TabMoveParams{"t", std::nullopt, "2"}).dump(), R"({"tab":"t","toWindow":"2"})");
    EXPECT_EQ(encode(PaneOpenParams{"", true, "", ""}).dump(), R"({"terminal":true})");
    EXPECT_EQ(encode(PaneCloseParams{"AB", CloseMode::Shutdown}).dump(), R"({"mode":"shutdown","pane":"AB"})");
    EXPECT_EQ(encode(WindowCloseParams{}).dump(), "{}");
    EXPECT_EQ(encode(WindowFocusParams{"1"}).dump(), R"({"window":"1"})");
    EXPECT_EQ(encode(WindowsListParams{true}).dump(), R"({"all":true})");
    EXPECT_EQ(encode(TabInfoParams{}).dump(), "{}");
}

TEST(WorkspaceParams, closeModesAndDefaults)
{
    EXPECT_EQ(decoded<TabCloseParams>(Json::object()).mode, CloseMode::Detach);
    EXPECT_EQ(decoded<TabCloseParams>(Json{{"mode", "detach"}}).mode, CloseMode::Detach);
    EXPECT_EQ(decoded<WindowCloseParams>(Json{{"mode", "shutdown"}}).mode, CloseMode::Shutdown);
    EXPECT_STREQ(closeModeName(CloseMode::Shutdown), "shutdown");
    EXPECT_FALSE(decoded<WindowsListParams>(Json::object()).all);
    EXPECT_EQ(decoded<TabMoveParams>(Json{{"toIndex", 3}}).toIndex, 3);
    EXPECT_EQ(decoded<TabOpenParams>(Json{{"role", "orchestrator"}}).role, "orchestrator"); // the handler refuses it
    const TabOpenParams waiting = decoded<TabOpenParams>(Json{{"cmd", "make"}, {"wait", true}, {"timeoutMillis", 250}});
    EXPECT_TRUE(waiting.wait);
    EXPECT_EQ(waiting.timeoutMillis, 250);
    EXPECT_EQ(waiting.maxBytes, limit::kCommandOutputBytes);
    // Without wait, the wait's fields mean nothing and a cmd may be any text.
    EXPECT_EQ(decoded<TabOpenParams>(Json{{"cmd", "a\nb"}, {"timeoutMillis", "x"}}).cmd, "a\nb");
}

TEST(WorkspaceParams, badInputIsRefusedInWords)
{
    EXPECT_EQ(refusal<TabCloseParams>(Json{{"mode", "shutdwn"}}), "mode must be detach or shutdown, not 'shutdwn'");
    EXPECT_EQ(refusal<PaneCloseParams>(Json{{"mode", 1}}), "mode must be a string");
    EXPECT_EQ(refusal<TabMoveParams>(Json::object()), "tab.move needs toIndex or toWindow");
    EXPECT_EQ(refusal<TabMoveParams>(Json{{"toIndex", -1}}), "toIndex must be a non-negative integer (0 is the first place)");
    EXPECT_EQ(refusal<TabMoveParams>(Json{{"toWindow", 2}}), "toWindow must be a string");
    EXPECT_EQ(refusal<PaneOpenParams>(Json::object()), "pane.open supports terminal panes only (terminal: true)");
    EXPECT_EQ(refusal<PaneOpenParams>(Json{{"terminal", false}}), "pane.open supports terminal panes only (terminal: true)");
    EXPECT_EQ(refusal<TabOpenParams>(Json{{"cwd", 5}}), "cwd must be a string");
    EXPECT_EQ(refusal<TabOpenParams>(Json{{"wait", 1}, {"cmd", "make"}}), "wait must be true or false");
    EXPECT_EQ(refusal<TabOpenParams>(Json{{"wait", true}}), "cmd must be the command to run (a non-empty string)");
    EXPECT_EQ(refusal<TabOpenParams>(Json{{"wait", true}, {"cmd", "a\nb"}}),
              "the command must be one line (join several with ; or &&)");
    EXPECT_EQ(refusal<TabOpenParams>(Json{{"wait", true}, {"cmd", "make"}, {"timeoutMillis", -1}}),
              "timeoutMillis must be a non-negative integer (0: no timeout but the daily limit)");
    EXPECT_EQ(refusal<TabInfoParams>(Json{{"tab", true}}), "tab must be a string");
    EXPECT_EQ(refusal<WindowsListParams>(Json{{"all", "yes"}}), "all must be true or false");
}

} // namespace
} // namespace dt::rpc
