// The rosters the automation server's own thread answers from: emptied the
// moment the workspace changes anything they show, published again once the
// turn is over, and then the same as what the GUI thread would answer.

#include "app/core/automation/roster_publisher.h"
#include "app/core/automation/automation_facade.h"
#include "app/core/workspace.h"
#include "support/sh_launch.h"
#include "support/wait_until.h"
#include "terminal/terminal_session.h"

#include <QDir>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <functional>

namespace {

using dt::app::Workspace;
using dt::test::waitUntil;

class RosterPublisherTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        Workspace::Settings s;
        s.runtimeDirectory = dir.path();
        QDir(dir.path()).mkpath(QStringLiteral("sessions"));
        ws = std::make_unique<Workspace>(s);
        facade = std::make_unique<dt::app::AutomationFacade>(*ws);
        publisher = std::make_unique<dt::app::RosterPublisher>(*ws, board);
    }
    dt::app::TerminalLaunch program(const QString &script) { return dt::test::sh(script, dir.path()); }
    std::string sid(dt::app::PaneId p) const { return ws->pane(p)->identity.sessionIdString().toStdString(); }

    // What the published roster shows `caller`, as JSON (the wire's form).
    dt::rpc::Json published(const std::optional<std::string> &caller) const
    {
        dt::rpc::Json out = dt::rpc::Json::array();
        if (auto roster = board.current()) {
            for (const auto &row : dt::rpc::tabRowsFor(*roster, caller))
                out.push_back(toJson(row));
            for (const auto &row : dt::rpc::windowRowsFor(*roster, caller, true))
                out.push_back(toJson(row));
        }
        return out;
    }
    // What the GUI thread answers `caller` now.
    dt::rpc::Json fresh(const std::optional<std::string> &caller) const
    {
        dt::rpc::Json out = dt::rpc::Json::array();
        for (const auto &row : facade->tabRows(caller))
            out.push_back(toJson(row));
        for (const auto &row : facade->windowRows(caller, true))
            out.push_back(toJson(row));
        return out;
    }
    // `change` empties the board at once; the next turns publish a roster
    // that shows each caller what a fresh answer would.
    void expectFollowed(const char *what, const std::function<void()> &change,
                        const std::vector<std::optional<std::string>> &callers)
    {
        ASSERT_TRUE(waitUntil([&] { return board.current() != nullptr; })) << what;
        change();
        EXPECT_EQ(board.current(), nullptr) << what << ": still showing the roster from before";
        ASSERT_TRUE(waitUntil([&] { return board.current() != nullptr; })) << what << ": never published again";
        for (const auto &caller : callers)
            EXPECT_EQ(published(caller), fresh(caller)) << what << " as seen by " << caller.value_or("(no tab)");
    }

    QTemporaryDir dir;
    std::unique_ptr<Workspace> ws;
    std::unique_ptr<dt::app::AutomationFacade> facade;
    dt::rpc::RosterBoard board;
    std::unique_ptr<dt::app::RosterPublisher> publisher;
};

TEST_F(RosterPublisherTest, everyChangeTheRostersShowEmptiesTheBoardUntilItIsPublishedAgain)
{
    ASSERT_NE(board.current(), nullptr) << "published from the start";
    dt::app::WindowId w1 = 0, w2 = 0;
    dt::app::TabId first = 0, second = 0;
    dt::app::PaneId split = 0;
    expectFollowed("a window", [&] { w1 = ws->openWindow(); }, {std::nullopt});
    expectFollowed("a tab", [&] { first = ws->openTab(w1, program(QStringLiteral("sleep 60"))); }, {std::nullopt});
    expectFollowed("a second tab", [&] { second = ws->openTab(w1, program(QStringLiteral("sleep 60"))); }, {std::nullopt});
    const std::string insider = sid(ws->tab(second)->primary);
    const std::string outsider = sid(ws->tab(first)->primary);
    const std::vector<std::optional<std::string>> callers{std::nullopt, insider, outsider};
    expectFollowed("a split", [&] {
        split = ws->splitPane(ws->tab(second)->primary, dt::app::SplitTree::Orientation::SideBySide,
                              program(QStringLiteral("sleep 60")));
    }, callers);
    expectFollowed("a tab renamed", [&] { ws->renameTab(first, QStringLiteral("build")); }, callers);
    expectFollowed("a terminal named", [&] { ws->setPaneName(split, QStringLiteral("logs")); }, callers);
    expectFollowed("a tab turned private", [&] { ws->setTabPrivate(second, true); }, callers);
    expectFollowed("a tab selected", [&] { ws->selectTab(first); }, callers);
    expectFollowed("a second window", [&] { w2 = ws->openWindow(); }, callers);
    expectFollowed("a tab moved", [&] { ws->moveTab(first, w2, 0); }, callers);
    expectFollowed("a window focused", [&] { ws->focusWindow(w1); }, callers);
    expectFollowed("a tab made public", [&] { ws->setTabPrivate(second, false); }, callers);
    expectFollowed("a terminal closed", [&] { ws->closePane(split); }, callers);
    expectFollowed("a tab closed", [&] { ws->closeTab(first); }, {std::nullopt, insider});
}

// A terminal's own changes, which the workspace does not announce: a
// split's title, and what its shell reports of its commands. Nothing but
// such a change publishes the roster again, so a missed one would leave it
// stale for good.
TEST_F(RosterPublisherTest, aTerminalsTitleAndCommandsArePublishedAsTheyChange)
{
    const auto window = ws->openWindow();
    const auto tab = ws->openTab(window, program(QStringLiteral("sleep 60")));
    // Changes only when told to, after the roster has been published.
    const auto split = ws->splitPane(
        ws->tab(tab)->primary, dt::app::SplitTree::Orientation::SideBySide,
        program(QStringLiteral("read go; printf '\\033]2;compiling\\007'; read go; "
                               "printf '\\033]133;A\\007$ \\033]133;B\\007make\\r\\n\\033]133;C\\007\\033]133;D;3\\007'; sleep 60")));
    dt::terminal::TerminalSession *session = ws->session(split);
    ASSERT_NE(session, nullptr);
    const std::string me = sid(split);
    const auto myRow = [&]() -> std::optional<dt::rpc::TabRow> {
        if (auto roster = board.current())
            for (const auto &row : dt::rpc::tabRowsFor(*roster, me))
                if (row.current)
                    return row;
        return std::nullopt;
    };
    ASSERT_TRUE(waitUntil([&] { return myRow().has_value(); }));
    EXPECT_FALSE(myRow()->displayTitle == std::optional<std::string>("compiling"));

    session->sendBytes("go\n");
    ASSERT_TRUE(waitUntil([&] { return myRow() && myRow()->displayTitle == std::optional<std::string>("compiling"); }))
        << "the split's title never reached the roster";
    EXPECT_FALSE(myRow()->commands.lastExitStatus.has_value());

    session->sendBytes("go\n");
    ASSERT_TRUE(waitUntil([&] { return myRow() && myRow()->commands.lastExitStatus == std::optional<int>(3); }))
        << "the command's exit status never reached the roster";
    EXPECT_EQ(myRow()->commands.shellIntegration, "available");
    EXPECT_EQ(dt::rpc::Json(published(me)), fresh(me));
}

} // namespace
