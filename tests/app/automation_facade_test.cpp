// The automation facade on a real workspace with real shells: what a
// caller's request does to the terminals a person sees.

#include "app/core/automation/automation_facade.h"
#include "app/core/typing_queue.h"
#include "app/core/workspace.h"
#include "support/sh_launch.h"
#include "support/wait_until.h"
#include "terminal/shell_integration.h"
#include "terminal/terminal_session.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <QTest>

#include <gtest/gtest.h>

#include <set>

namespace {

using dt::app::AutomationFacade;
using dt::app::Workspace;
using dt::test::waitUntil;

int occurrences(const std::string &text, const std::string &needle)
{
    int n = 0;
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
        ++n;
    return n;
}

// Sets an environment variable for one test and puts the old value back.
class ScopedEnv {
public:
    ScopedEnv(const char *name, const QByteArray &value) : m_name(name), m_old(qgetenv(name)), m_had(qEnvironmentVariableIsSet(name))
    {
        qputenv(name, value);
    }
    ~ScopedEnv() { m_had ? qputenv(m_name, m_old) : qunsetenv(m_name); }

private:
    const char *m_name;
    QByteArray m_old;
    bool m_had;
};

TEST(AutomationFacade, aCommandForANewTabIsTypedOnceItsShellShowsAPrompt)
{
    // bash (readline) is the shell that showed typed-ahead text twice.
    QTemporaryDir home;
    ASSERT_TRUE(home.isValid());
    ScopedEnv shell("SHELL", "/bin/bash");
    ScopedEnv homeVar("HOME", home.path().toLocal8Bit()); // no developer start-up files
    Workspace::Settings s;
    s.runtimeDirectory = home.path();
    QDir(home.path()).mkpath(QStringLiteral("sessions"));
    s.columns = 120;
    Workspace ws(s);
    AutomationFacade facade(ws);

    const auto window = ws.openWindow();
    const auto created = facade.openTab(window, home.path().toStdString(), "echo typed-$((6*7))");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::WorkspacePort::NewTerminal>(created));
    const auto tabs = ws.allTabs();
    ASSERT_EQ(tabs.size(), 1u);
    dt::terminal::TerminalSession *session = ws.session(ws.tab(tabs.front())->primary);
    ASSERT_TRUE(waitUntil([&] { return session->terminal().screenText().find("typed-42") != std::string::npos; }, 10000))
        << session->terminal().screenText();
    const std::string screen = session->terminal().screenText();
    EXPECT_EQ(occurrences(screen, "echo typed-$((6*7))"), 1) << screen;
    // It was typed at the prompt, so the prompt is on the same line.
    const size_t command = screen.find("echo typed-");
    const size_t newline = screen.rfind('\n', command);
    const std::string prompt = screen.substr(newline == std::string::npos ? 0 : newline + 1,
                                             command - (newline == std::string::npos ? 0 : newline + 1));
    EXPECT_TRUE(prompt.size() > 2 && (prompt.substr(prompt.size() - 2) == "$ " || prompt.substr(prompt.size() - 2) == "# "))
        << screen;
}

// Several tabs of sh programs, seen through the facade by different callers.
class FacadeTest : public ::testing::Test {
protected:
    using Handle = dt::rpc::Handle;
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        Workspace::Settings s;
        s.runtimeDirectory = dir.path();
        QDir(dir.path()).mkpath(QStringLiteral("sessions"));
        ws = std::make_unique<Workspace>(s);
        facade = std::make_unique<AutomationFacade>(*ws);
        facade->setAuditLogPath(dir.filePath(QStringLiteral("audit.log")).toStdString());
    }
    dt::app::TerminalLaunch program(const QString &script) { return dt::test::sh(script, dir.path()); }
    std::string sid(dt::app::PaneId p) const { return ws->pane(p)->identity.sessionIdString().toStdString(); }
    std::string shortId(dt::app::PaneId p) const { return ws->pane(p)->identity.shortId().toStdString(); }
    QByteArray file(const QString &name) const
    {
        QFile f(dir.filePath(name));
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }
    static std::string errorOf(const dt::rpc::Resolved &r)
    {
        return std::holds_alternative<dt::rpc::Error>(r) ? std::get<dt::rpc::Error>(r).msg : std::string("(resolved)");
    }

    QTemporaryDir dir;
    std::unique_ptr<Workspace> ws;
    std::unique_ptr<AutomationFacade> facade;
};

TEST_F(FacadeTest, aPrivateTabIsHiddenFromEveryoneButItsOwnTerminals)
{
    const auto w1 = ws->openWindow();
    const auto mine = ws->openTab(w1, program(QStringLiteral("sleep 60")));
    const auto secret = ws->openTab(w1, program(QStringLiteral("sleep 60")));
    const auto w2 = ws->openWindow();
    const auto otherSecret = ws->openTab(w2, program(QStringLiteral("sleep 60")));
    const auto w3 = ws->openWindow();
    ws->openTab(w3, program(QStringLiteral("sleep 60")));
    const std::string me = sid(ws->tab(mine)->primary);
    const auto secretPrimary = ws->tab(secret)->primary;

    // The owner makes it private; a split born inside is private at once.
    ASSERT_EQ(std::get<bool>(facade->setTabPrivate(sid(secretPrimary), secret, true)), true);
    ws->setTabPrivate(otherSecret, true);
    const auto secretSplit = ws->splitPane(secretPrimary, dt::app::SplitTree::Orientation::SideBySide,
                                           program(QStringLiteral("sleep 60")));
    const std::string ownerSplit = sid(secretSplit);

    auto sessionsSeenBy = [&](const std::optional<std::string> &caller) {
        std::set<std::string> out;
        for (const auto &row : facade->tabRows(caller))
            out.insert(row.sessionId);
        return out;
    };
    EXPECT_EQ(sessionsSeenBy(me).count(sid(secretPrimary)), 0u);
    EXPECT_EQ(sessionsSeenBy(me).count(ownerSplit), 0u);
    EXPECT_EQ(sessionsSeenBy(me).size(), 2u); // mine and w3's
    EXPECT_EQ(sessionsSeenBy(std::nullopt).size(), 2u); // outside any tab: public only
    EXPECT_EQ(sessionsSeenBy(ownerSplit).count(sid(secretPrimary)), 1u); // the tab's own terminals see it
    EXPECT_EQ(sessionsSeenBy(ownerSplit).count(ownerSplit), 1u);

    // Every reference answers exactly like one that names nothing.
    EXPECT_EQ(errorOf(facade->resolveTab(me, shortId(secretPrimary))), "intent.notFound: tab '" + shortId(secretPrimary) + "' not found");
    EXPECT_EQ(errorOf(facade->resolveTab(me, sid(secretPrimary))), "intent.notFound: tab '" + sid(secretPrimary) + "' not found");
    EXPECT_EQ(errorOf(facade->resolveTerminal(me, shortId(secretSplit))), "intent.notFound: pane '" + shortId(secretSplit) + "' not found");
    EXPECT_EQ(std::get<Handle>(facade->resolveTab(ownerSplit, shortId(secretPrimary))), secret);
    // Only an owner may flip it, and to others it is not there.
    EXPECT_EQ(std::get<dt::rpc::Error>(facade->setTabPrivate(me, secret, false)).msg, "intent.notFound: tab not found");
    EXPECT_TRUE(ws->tab(secret)->isPrivate);

    // Windows: w2 holds only a foreign private tab, so it is gone and w3
    // moves up to index 2; w1 counts only what the caller sees.
    const auto rows = facade->windowRows(me, true);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].index, 1);
    EXPECT_EQ(rows[0].tabCount, 1);
    // The private tab is in front: the caller sees the tab that was in
    // front before it, as if nothing had happened.
    EXPECT_EQ(rows[0].selectedTabShortId, shortId(ws->tab(mine)->primary));
    EXPECT_EQ(rows[1].index, 2);
    EXPECT_EQ(std::get<Handle>(facade->resolveWindow(me, "2")), w3);
    EXPECT_TRUE(std::holds_alternative<dt::rpc::Error>(facade->resolveWindow(me, "3")));
    EXPECT_EQ(facade->windowRows(ownerSplit, true).size(), 2u); // w1 and w3; w2 is someone else's
    EXPECT_EQ(facade->windowRows(ownerSplit, true)[0].tabCount, 2);
    // A window that also holds a tab the caller cannot see stays open.
    const auto refused = facade->closeWindow(me, w1);
    ASSERT_TRUE(refused.has_value());
    EXPECT_EQ(refused->msg.rfind("intent.mutationFailed", 0), 0u);
    EXPECT_NE(ws->window(w1), nullptr);

    // Public again: everyone sees it.
    ASSERT_EQ(std::get<bool>(facade->setTabPrivate(ownerSplit, secret, false)), true);
    EXPECT_EQ(sessionsSeenBy(me).count(sid(secretPrimary)), 1u);
    EXPECT_EQ(std::get<Handle>(facade->resolveTab(me, shortId(secretPrimary))), secret);
}

TEST_F(FacadeTest, noWindowListingTellsThatAHiddenTabIsInFrontOrFocused)
{
    const auto w1 = ws->openWindow();
    const auto mine = ws->openTab(w1, program(QStringLiteral("sleep 60")));
    const auto w2 = ws->openWindow();
    const auto secret = ws->openTab(w2, program(QStringLiteral("sleep 60")));
    ws->setTabPrivate(secret, true);
    const std::string me = sid(ws->tab(mine)->primary);
    ws->focusWindow(w1);
    auto keyOf = [&](const std::string &caller) {
        std::optional<int> key;
        for (const auto &row : facade->windowRows(caller, true))
            if (row.isKey)
                key = row.index;
        return key;
    };
    EXPECT_EQ(keyOf(me), 1);
    // The focus moves to the window holding only the hidden tab: to the
    // caller the key window stays where it saw it last, not "none".
    ws->focusWindow(w2);
    EXPECT_EQ(keyOf(me), 1);
    EXPECT_EQ(keyOf(sid(ws->tab(secret)->primary)), 2); // its owner sees the truth
    // A hidden tab opened in front of the caller's window.
    const auto hiddenInFront = ws->openTab(w1, program(QStringLiteral("sleep 60")));
    ws->setTabPrivate(hiddenInFront, true);
    EXPECT_EQ(ws->window(w1)->selected, hiddenInFront);
    const auto rows = facade->windowRows(me, true);
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].selectedTabShortId, shortId(ws->tab(mine)->primary));
    EXPECT_TRUE(rows[0].isKey);
}

TEST_F(FacadeTest, aSplitAnotherTabOpenedIsNoInsiderWhenTheTabTurnsPrivate)
{
    const auto w = ws->openWindow();
    const auto stranger = ws->openTab(w, program(QStringLiteral("sleep 60")));
    const auto host = ws->openTab(w, program(QStringLiteral("sleep 60")));
    const std::string strangerSid = sid(ws->tab(stranger)->primary);
    const auto created = facade->splitTerminal(strangerSid, host, dir.path().toStdString(), "");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::WorkspacePort::NewTerminal>(created));
    const std::string planted = std::get<dt::rpc::WorkspacePort::NewTerminal>(created).sessionId;
    // It runs in the host tab, but may not change the tab's privacy...
    EXPECT_TRUE(std::holds_alternative<dt::rpc::Error>(facade->setTabPrivate(planted, host, true)));
    // ...and once the tab's own terminal makes it private, it sees nothing
    // of it, nor can its own splits launder it in.
    ASSERT_EQ(std::get<bool>(facade->setTabPrivate(sid(ws->tab(host)->primary), host, true)), true);
    EXPECT_EQ(errorOf(facade->resolveTab(planted, shortId(ws->tab(host)->primary))),
              "intent.notFound: tab '" + shortId(ws->tab(host)->primary) + "' not found");
    for (const auto &row : facade->tabRows(planted))
        EXPECT_NE(row.sessionId, sid(ws->tab(host)->primary));
    EXPECT_TRUE(std::holds_alternative<dt::rpc::Error>(facade->setTabPrivate(planted, host, false)));
    EXPECT_TRUE(ws->tab(host)->isPrivate);
    // Nor does it get the host's grant when a person gives one later.
    ws->setOrchestrationGrant(host, true);
    EXPECT_TRUE(facade->hasOrchestrationGrant(sid(ws->tab(host)->primary)));
    EXPECT_FALSE(facade->hasOrchestrationGrant(planted));
}

TEST_F(FacadeTest, theGrantBelongsToTheTabsLiveTerminalsAndGoesWithRevocation)
{
    const auto w = ws->openWindow();
    auto launch = program(QStringLiteral("sleep 60"));
    launch.role = QStringLiteral("orchestrator");
    launch.grantOrchestration = true;
    const auto orchestrator = ws->openTab(w, launch);
    const auto agent = ws->openTab(w, program(QStringLiteral("sleep 60")));
    const auto primary = ws->tab(orchestrator)->primary;
    EXPECT_TRUE(facade->hasOrchestrationGrant(sid(primary)));
    EXPECT_FALSE(facade->hasOrchestrationGrant(sid(ws->tab(agent)->primary)));
    const auto split = ws->splitPane(primary, dt::app::SplitTree::Orientation::Stacked, program(QStringLiteral("sleep 60")));
    EXPECT_TRUE(facade->hasOrchestrationGrant(sid(split)));
    EXPECT_EQ(ws->pane(split)->role, QStringLiteral("orchestrator"));
    // A role without a grant is only a word.
    ws->setOrchestrationGrant(orchestrator, false);
    EXPECT_FALSE(facade->hasOrchestrationGrant(sid(primary)));
    EXPECT_FALSE(facade->hasOrchestrationGrant(sid(split)));
    EXPECT_EQ(facade->role(sid(primary)), "orchestrator");
    // And a closed tab takes its sessions (and any grant) with it.
    ws->setOrchestrationGrant(orchestrator, true);
    const std::string gone = sid(primary);
    ws->closeTab(orchestrator);
    EXPECT_FALSE(facade->hasOrchestrationGrant(gone));
}

TEST_F(FacadeTest, noTabCanBorrowAGrantBySplittingAnOrchestratorTab)
{
    const auto w = ws->openWindow();
    auto launch = program(QStringLiteral("sleep 60"));
    launch.grantOrchestration = true;
    const auto orchestrator = ws->openTab(w, launch);
    const auto agent = ws->openTab(w, program(QStringLiteral("sleep 60")));
    const auto refused = facade->splitTerminal(sid(ws->tab(agent)->primary), orchestrator, dir.path().toStdString(), "");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::Error>(refused));
    EXPECT_EQ(std::get<dt::rpc::Error>(refused).code, dt::rpc::code::RoleViolation);
    EXPECT_EQ(ws->tab(orchestrator)->layout.panes().size(), 1);
    // Its own terminals may; and anyone may split an ordinary tab.
    EXPECT_TRUE(std::holds_alternative<dt::rpc::WorkspacePort::NewTerminal>(
        facade->splitTerminal(sid(ws->tab(orchestrator)->primary), orchestrator, dir.path().toStdString(), "")));
    EXPECT_TRUE(std::holds_alternative<dt::rpc::WorkspacePort::NewTerminal>(
        facade->splitTerminal(sid(ws->tab(orchestrator)->primary), agent, dir.path().toStdString(), "")));
}

TEST_F(FacadeTest, aTabIsNamedByItsRenameAndASharedNameIsAmbiguous)
{
    const auto w = ws->openWindow();
    const auto me = ws->openTab(w, program(QStringLiteral("sleep 60")));
    const auto a = ws->openTab(w, program(QStringLiteral("sleep 60")));
    const auto b = ws->openTab(w, program(QStringLiteral("sleep 60")));
    const std::string caller = sid(ws->tab(me)->primary);
    ASSERT_FALSE(facade->renameTab(a, "build"));
    EXPECT_EQ(std::get<Handle>(facade->resolveTab(caller, "build")), a);
    const auto rows = facade->tabRows(caller);
    EXPECT_EQ(std::count_if(rows.begin(), rows.end(), [](const auto &r) { return r.name == "build"; }), 1);
    ASSERT_FALSE(facade->renameTab(b, "build"));
    EXPECT_EQ(errorOf(facade->resolveTab(caller, "build")), "intent.ambiguous: tab 'build' matched 2 entries");
    ASSERT_FALSE(facade->renameTab(b, ""));
    EXPECT_EQ(std::get<Handle>(facade->resolveTab(caller, "build")), a);
}

TEST_F(FacadeTest, indicesCountOnlyWhatTheCallerSees)
{
    const auto w1 = ws->openWindow();
    const auto mine = ws->openTab(w1, program(QStringLiteral("sleep 60")));
    const auto hidden = ws->openTab(w1, program(QStringLiteral("sleep 60")));
    const auto other = ws->openTab(w1, program(QStringLiteral("sleep 60")));
    const auto w2 = ws->openWindow();
    const auto hiddenWindowTab = ws->openTab(w2, program(QStringLiteral("sleep 60")));
    ws->setTabPrivate(hidden, true);
    ws->setTabPrivate(hiddenWindowTab, true);
    const std::string me = sid(ws->tab(mine)->primary);
    // Strip [mine, hidden, other]; the caller sees [mine, other]. Moving
    // `other` to place 0 puts it before `mine`.
    ASSERT_FALSE(facade->moveTab(me, other, 0, std::nullopt));
    EXPECT_EQ(ws->window(w1)->tabs, (QList<dt::app::TabId>{other, mine, hidden}));
    // And `mine` to place 1 (the end, as the caller sees it).
    ASSERT_FALSE(facade->moveTab(me, mine, 1, std::nullopt));
    const QList<dt::app::TabId> strip = ws->window(w1)->tabs;
    EXPECT_LT(strip.indexOf(other), strip.indexOf(mine));
    // A new window is number 2 for a caller that cannot see window 2.
    EXPECT_EQ(std::get<int>(facade->openWindow(me)), 2);
    EXPECT_EQ(ws->windows().size(), 3);
}

TEST_F(FacadeTest, queuedTypingStopsWhenTheGrantGoesOrTheTargetTurnsPrivate)
{
    const auto w = ws->openWindow();
    auto launch = program(QStringLiteral("sleep 60"));
    launch.grantOrchestration = true;
    const auto orchestrator = ws->openTab(w, launch);
    const auto target = ws->openTab(w, program(QStringLiteral("exec cat")));
    auto *session = ws->session(ws->tab(target)->primary);
    auto screen = [&] { return session->terminal().screenText(); };
    auto typedCount = [&](char c) {
        const std::string text = screen();
        return static_cast<size_t>(std::count(text.begin(), text.end(), c));
    };
    const std::string me = sid(ws->tab(orchestrator)->primary);

    ASSERT_FALSE(facade->sendInput(me, target, std::string(100, 'a'), 20));
    ASSERT_TRUE(waitUntil([&] { return screen().find("aaaa") != std::string::npos; }, 5000)); // under way
    ws->setOrchestrationGrant(orchestrator, false);
    // What was already written to the tty still echoes; then nothing more.
    ASSERT_TRUE(dt::test::waitUntilStill<size_t>([&] { return typedCount('a'); }, 150));
    const size_t typed = typedCount('a');
    EXPECT_TRUE(dt::test::nothingHappensFor(400, [&] { return typedCount('a') != typed; }));
    EXPECT_LT(typed, 60u);

    ws->setOrchestrationGrant(orchestrator, true);
    ASSERT_FALSE(facade->sendInput(me, target, std::string(100, 'b'), 20));
    ASSERT_TRUE(waitUntil([&] { return screen().find("bbbb") != std::string::npos; }, 5000));
    ws->setTabPrivate(target, true);
    ASSERT_TRUE(dt::test::waitUntilStill<size_t>([&] { return typedCount('b'); }, 150));
    const size_t typedB = typedCount('b');
    EXPECT_TRUE(dt::test::nothingHappensFor(400, [&] { return typedCount('b') != typedB; }));
    EXPECT_LT(typedB, 60u);
}

TEST_F(FacadeTest, pacedSendsTypeInOrderAsKeysAndAreAudited)
{
    const auto w = ws->openWindow();
    const auto source = ws->openTab(w, program(QStringLiteral("sleep 60")));
    // Canonical mode without echo: what arrives is exactly what was typed,
    // with Enter (CR) read as a newline.
    const auto target = ws->openTab(w, program(QStringLiteral("stty -echo; exec cat > typed.txt")));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("typed.txt"))); }, 5000));
    const std::string caller = sid(ws->tab(source)->primary);
    ASSERT_FALSE(facade->sendInput(caller, target, "first line\n", 3));
    ASSERT_FALSE(facade->sendInput(caller, target, "sécond ✓\n", 3));
    ASSERT_FALSE(facade->sendInput(caller, target, "at once\n", 0)); // queued behind, not ahead
    ASSERT_FALSE(facade->sendInput(caller, target, "third\n", 3));
    const QByteArray expected = "first line\nsécond ✓\nat once\nthird\n";
    EXPECT_TRUE(waitUntil([&] { return file(QStringLiteral("typed.txt")) == expected; }, 10000))
        << file(QStringLiteral("typed.txt")).toStdString();

    const QList<QByteArray> audit = file(QStringLiteral("audit.log")).trimmed().split('\n');
    ASSERT_EQ(audit.size(), 4);
    EXPECT_FALSE(file(QStringLiteral("audit.log")).contains("first line"));
    EXPECT_TRUE(audit[0].contains(QByteArray::fromStdString(caller)));
    EXPECT_TRUE(audit[0].contains(QByteArray::fromStdString(sid(ws->tab(target)->primary))));
}

TEST_F(FacadeTest, pacedTypingKeepsTheTextNotAnObjectPerCharacterAndCapsWhatWaits)
{
    const auto w = ws->openWindow();
    const auto source = ws->openTab(w, program(QStringLiteral("sleep 60")));
    const auto target = ws->openTab(w, program(QStringLiteral("stty -echo; exec cat > typed.txt")));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("typed.txt"))); }, 5000));
    const std::string caller = sid(ws->tab(source)->primary);
    auto &queue = dt::app::TypingQueue::of(*ws->session(ws->tab(target)->primary));
    // A whole mebibyte may wait (it took ~94 bytes of memory per byte when
    // each character was its own queued object); one byte more may not.
    const std::string mebibyte(dt::app::TypingQueue::kMaxPendingBytes - 1, 'm');
    ASSERT_FALSE(facade->sendInput(caller, target, mebibyte + "\n", 1000));
    EXPECT_EQ(queue.pendingBytes(), dt::app::TypingQueue::kMaxPendingBytes);
    const auto refused = facade->sendInput(caller, target, "x", 1000);
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->code, dt::rpc::code::IntentError);
    EXPECT_NE(refused->msg.find("at most 1 MiB"), std::string::npos) << refused->msg;
    // Instant input cannot jump the queue: it would wait, so it is refused too.
    EXPECT_TRUE(facade->sendInput(caller, target, "y", 0));
    // Refused input is not in the audit log: only the accepted send is.
    EXPECT_EQ(file(QStringLiteral("audit.log")).trimmed().split('\n').size(), 1);
    // Withdrawing it frees the room at once.
    ws->setTabPrivate(target, true);
    EXPECT_EQ(queue.pendingBytes(), 0);
}

TEST(TypingSteps, aStepIsOneWholeGraphemeAndAStrayByteGoesAlone)
{
    using dt::app::firstGraphemeBytes;
    EXPECT_EQ(firstGraphemeBytes("abc"), 1);
    EXPECT_EQ(firstGraphemeBytes("é!"), 2);
    EXPECT_EQ(firstGraphemeBytes("e\xcc\x81x"), 3); // e + combining acute
    EXPECT_EQ(firstGraphemeBytes("\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd."), 8); // thumbs up, skin tone
    EXPECT_EQ(firstGraphemeBytes("\xff\xfe"), 1);
    EXPECT_EQ(firstGraphemeBytes("\r\n"), 2);
    EXPECT_EQ(firstGraphemeBytes(""), 0);
}

TEST_F(FacadeTest, closingTheTargetMidTypingStopsItAndNothingReachesItsSibling)
{
    const auto w = ws->openWindow();
    const auto source = ws->openTab(w, program(QStringLiteral("sleep 60")));
    // The target echoes what it gets (so the test sees typing under way);
    // the sibling records only what it reads.
    const auto target = ws->openTab(w, program(QStringLiteral("exec cat > target.txt")));
    const auto sibling = ws->splitPane(ws->tab(target)->primary, dt::app::SplitTree::Orientation::SideBySide,
                                       program(QStringLiteral("stty -echo; exec cat > sibling.txt")));
    ASSERT_TRUE(waitUntil([&] {
        return QFile::exists(dir.filePath(QStringLiteral("target.txt"))) && QFile::exists(dir.filePath(QStringLiteral("sibling.txt")));
    }, 5000));
    const std::string text(200, 'x');
    ASSERT_FALSE(facade->sendInput(sid(ws->tab(source)->primary), target, text + "\n", 10));
    auto *targetSession = ws->session(ws->tab(target)->primary);
    ASSERT_TRUE(waitUntil([&] { return targetSession->terminal().screenText().find("xxxxx") != std::string::npos; }, 5000));
    ASSERT_TRUE(ws->closePane(ws->tab(target)->primary)); // most of it still queued
    ASSERT_NE(ws->pane(sibling), nullptr);
    // The sibling is now the tab's only terminal; none of it goes there.
    EXPECT_TRUE(dt::test::nothingHappensFor(500, [&] { return !file(QStringLiteral("sibling.txt")).isEmpty(); }));
    ws->session(sibling)->sendBytes("end\r");
    ASSERT_TRUE(waitUntil([&] { return file(QStringLiteral("sibling.txt")) == "end\n"; }, 5000))
        << file(QStringLiteral("sibling.txt")).toStdString();
}

TEST_F(FacadeTest, captureShowsTheVisibleRowsAndOnRequestTheNewestHistory)
{
    const auto w = ws->openWindow();
    const auto target = ws->openTab(w, program(QStringLiteral("i=1; while [ $i -le 60 ]; do echo row-$i; i=$((i+1)); done; exec sleep 60")));
    auto *session = ws->session(ws->tab(target)->primary);
    ASSERT_TRUE(waitUntil([&] { return session->terminal().screenText().find("row-60") != std::string::npos; }, 5000));
    const std::string screen = std::get<std::string>(facade->capture(target, 0));
    // Every row down to the last with text; the empty one under it is left out.
    EXPECT_EQ(screen.substr(screen.size() - 7), "row-60\n");
    EXPECT_EQ(screen.find("row-30\n"), std::string::npos); // scrolled into history: not on screen
    EXPECT_EQ(std::count(screen.begin(), screen.end(), '\n'), session->terminal().rows() - 1);
    const std::string withHistory = std::get<std::string>(facade->capture(target, 5));
    EXPECT_EQ(withHistory.substr(withHistory.size() - screen.size()), screen);
    const std::string history = withHistory.substr(0, withHistory.size() - screen.size());
    EXPECT_EQ(std::count(history.begin(), history.end(), '\n'), 5);
    // The last row is the empty one the cursor sits on.
    EXPECT_EQ(history.substr(history.size() - 7), "row-" + std::to_string(61 - session->terminal().rows()) + "\n");
}

} // namespace

namespace {

// With shell integration, tab rows and tab info say what the shell did:
// integrated, its directory, whether a command runs, the last status. A
// shell without integration says so.
TEST(AutomationFacade, tabRowsReportTheShellsCommands)
{
    QTemporaryDir home;
    ASSERT_TRUE(home.isValid());
    ScopedEnv shell("SHELL", "/bin/bash");
    ScopedEnv homeVar("HOME", home.path().toLocal8Bit());
    Workspace::Settings s;
    s.runtimeDirectory = home.path();
    QDir(home.path()).mkpath(QStringLiteral("sessions"));
    QString why;
    ASSERT_TRUE(dt::terminal::writeIntegrationScripts(home.filePath(QStringLiteral("scripts")), &why)) << why.toStdString();
    s.shellIntegrationDirectory = home.filePath(QStringLiteral("scripts"));
    Workspace ws(s);
    AutomationFacade facade(ws);
    const auto window = ws.openWindow();
    ASSERT_TRUE(std::holds_alternative<dt::rpc::WorkspacePort::NewTerminal>(facade.openTab(window, "/tmp", "")));
    const auto tab = ws.allTabs().front();
    const std::string caller = ws.pane(ws.tab(tab)->primary)->identity.sessionIdString().toStdString();
    auto info = [&] { return *facade.tabInfo(caller, tab); };
    ASSERT_TRUE(waitUntil([&] { return info().commands.shellIntegration == "available" && info().commands.cwd; }, 10000));
    EXPECT_EQ(info().commands.cwd, "/tmp");
    EXPECT_FALSE(info().commands.lastExitStatus.has_value());
    ws.session(ws.tab(tab)->primary)->sendBytes("cd / && (exit 7)\r");
    // The status comes first, then the new directory with the next prompt.
    ASSERT_TRUE(waitUntil([&] { return info().commands.lastExitStatus == 7 && info().commands.cwd == "/"; }, 10000))
        << info().commands.cwd.value_or("(none)");
    EXPECT_FALSE(info().commands.commandRunning);
    EXPECT_EQ(facade.tabRows(caller).front().commands.lastExitStatus, 7);

    // sh has no integration: unavailable, from the start.
    dt::app::TerminalLaunch sh;
    sh.program = QStringLiteral("/bin/sh");
    const auto plain = ws.openTab(window, sh);
    EXPECT_EQ(facade.tabInfo(caller, plain)->commands.shellIntegration, "unavailable");
}

} // namespace
