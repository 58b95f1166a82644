// tab.run, tab.wait, tab.commands and tab.output on a real workspace with
// a real, integrated bash: an agent gets a command's status and output
// without polling, and every way a wait can end says what happened.

#include "app/core/automation/automation_facade.h"
#include "app/core/workspace.h"
#include "support/wait_until.h"
#include "terminal/shell_integration.h"
#include "terminal/terminal_session.h"

#include <QDir>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using dt::app::AutomationFacade;
using dt::app::Workspace;
using dt::rpc::CommandInfo;
using dt::rpc::Error;
using dt::test::waitUntil;
using Answer = std::optional<std::variant<CommandInfo, Error>>;

class CommandsTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(home.isValid());
        qputenv("SHELL", "/bin/bash");
        qputenv("HOME", home.path().toLocal8Bit()); // no developer start-up files
        Workspace::Settings s;
        s.runtimeDirectory = home.path();
        QDir(home.path()).mkpath(QStringLiteral("sessions"));
        QString why;
        ASSERT_TRUE(dt::terminal::writeIntegrationScripts(home.filePath(QStringLiteral("scripts")), &why));
        s.shellIntegrationDirectory = home.filePath(QStringLiteral("scripts"));
        ws = std::make_unique<Workspace>(s);
        facade = std::make_unique<AutomationFacade>(*ws);
        facade->setAuditLogPath(home.filePath(QStringLiteral("audit.jsonl")).toStdString());
        const auto window = ws->openWindow();
        tab = ws->openTab(window, dt::app::TerminalLaunch{});
        // The caller: an orchestrator tab beside the one it drives.
        dt::app::TerminalLaunch orchestrator;
        orchestrator.program = QStringLiteral("/bin/sh");
        callerTab = ws->openTab(window, orchestrator);
        ASSERT_TRUE(ws->setOrchestrationGrant(callerTab, true));
        caller = ws->pane(ws->tab(callerTab)->primary)->identity.sessionIdString().toStdString();
        ASSERT_TRUE(waitUntil([&] { return log().integrated() && log().pendingInput(); }, 10000)) << screen();
    }
    void TearDown() override
    {
        facade.reset();
        ws.reset();
    }

    const dt::term::CommandLog &log() { return ws->session(ws->tab(tab)->primary)->terminal().commands(); }
    std::string screen() { return ws->session(ws->tab(tab)->primary)->terminal().screenText(); }
    Answer run(const std::string &command, int64_t timeout = 0, size_t maxBytes = 1 << 20)
    {
        Answer answer;
        facade->runCommand(caller, tab, command, timeout, maxBytes, false, [&](std::variant<CommandInfo, Error> a) { answer = a; });
        waitUntil([&] { return answer.has_value(); }, 20000);
        return answer;
    }
    static const CommandInfo &info(const Answer &a) { return std::get<CommandInfo>(*a); }
    static std::string errorOf(const Answer &a) { return std::get<Error>(*a).msg; }

    QTemporaryDir home;
    std::unique_ptr<Workspace> ws;
    std::unique_ptr<AutomationFacade> facade;
    dt::app::TabId tab = 0;
    dt::app::TabId callerTab = 0;
    std::string caller;
};

TEST_F(CommandsTest, runAnswersWithTheCommandsStatusAndExactlyItsOutput)
{
    const Answer a = run("echo one; echo two >&2; exit_code() { return 3; }; exit_code");
    ASSERT_TRUE(a && std::holds_alternative<CommandInfo>(*a)) << (a ? errorOf(a) : "no answer") << screen();
    EXPECT_EQ(info(a).exitStatus, 3);
    EXPECT_EQ(info(a).output, "one\ntwo");
    EXPECT_FALSE(info(a).running);
    EXPECT_FALSE(info(a).truncated);
    EXPECT_GE(info(a).durationMillis.value_or(-1), 0);

    const Answer b = run("printf 'é\\n%.0s' $(seq 1 3)");
    ASSERT_TRUE(b && std::holds_alternative<CommandInfo>(*b));
    EXPECT_EQ(info(b).exitStatus, 0);
    EXPECT_EQ(info(b).output, "é\né\né");
    EXPECT_EQ(info(b).commandId, info(a).commandId + 1);

    // Only the end, when asked for less.
    const Answer c = run("seq 1 100", 0, 9);
    ASSERT_TRUE(c && std::holds_alternative<CommandInfo>(*c));
    EXPECT_EQ(info(c).output, "98\n99\n100");
    EXPECT_TRUE(info(c).truncated);

    // The records, and one command's output afterwards.
    const auto rows = facade->commands(caller, tab, 2);
    ASSERT_TRUE(std::holds_alternative<std::vector<CommandInfo>>(rows));
    ASSERT_EQ(std::get<std::vector<CommandInfo>>(rows).size(), 2u);
    EXPECT_EQ(std::get<std::vector<CommandInfo>>(rows).back().command, "seq 1 100");
    const auto first = facade->commandOutput(caller, tab, info(a).commandId, 1 << 20);
    ASSERT_TRUE(std::holds_alternative<CommandInfo>(first));
    EXPECT_EQ(std::get<CommandInfo>(first).output, "one\ntwo");
}

// command.started and command.finished, in order, to the tab's own
// terminals and to orchestrator tabs; a private tab's to nobody outside it,
// and never to an ordinary tab.
TEST_F(CommandsTest, commandEventsReachTheTabAndOrchestratorsOnly)
{
    std::vector<std::pair<dt::rpc::Json, dt::rpc::EventAudience>> events;
    facade->setEventSink([&](const dt::rpc::Json &e, const dt::rpc::EventAudience &a) {
        if (e.value("type", std::string()).rfind("command.", 0) == 0)
            events.emplace_back(e, a);
    });
    dt::app::TerminalLaunch bystanderLaunch;
    bystanderLaunch.program = QStringLiteral("/bin/sh");
    const auto bystanderTab = ws->openTab(ws->windows().front(), bystanderLaunch);
    const std::string bystander = ws->pane(ws->tab(bystanderTab)->primary)->identity.sessionIdString().toStdString();
    const dt::app::Workspace::Pane &target = *ws->pane(ws->tab(tab)->primary);
    const std::string owner = target.identity.sessionIdString().toStdString();

    const Answer a = run("echo hi; false");
    ASSERT_TRUE(a && std::holds_alternative<CommandInfo>(*a)) << (a ? errorOf(a) : "no answer");
    ASSERT_TRUE(waitUntil([&] { return events.size() >= 2; }));
    ASSERT_EQ(events.size(), 2u);
    const auto &[started, startedFor] = events[0];
    const auto &[finished, finishedFor] = events[1];
    EXPECT_EQ(started["type"], "command.started");
    EXPECT_EQ(started["commandId"], info(a).commandId);
    EXPECT_EQ(started["command"], "echo hi; false");
    EXPECT_EQ(started["tab"], target.identity.shortId().toStdString());
    EXPECT_EQ(started["sessionId"], owner);
    EXPECT_FALSE(started.contains("exitStatus"));
    EXPECT_EQ(finished["type"], "command.finished");
    EXPECT_EQ(finished["commandId"], info(a).commandId);
    EXPECT_EQ(finished["exitStatus"], 1);
    EXPECT_EQ(finished["durationMillis"], *info(a).durationMillis);
    EXPECT_FALSE(finished["ts"].get<std::string>().empty());
    for (const auto &audience : {startedFor, finishedFor}) {
        ASSERT_TRUE(audience.sessions);
        EXPECT_EQ(*audience.sessions, (std::set<std::string>{owner, caller})) << "not the bystander " << bystander;
        EXPECT_FALSE(audience.endsStreamOf);
    }

    // Private: the orchestrator hears nothing of it any more.
    ASSERT_TRUE(ws->setTabPrivate(tab, true));
    events.clear();
    ws->session(target.id)->typeText("true\r");
    ASSERT_TRUE(waitUntil([&] { return events.size() >= 2; })) << screen();
    for (const auto &[e, audience] : events)
        EXPECT_EQ(*audience.sessions, std::set<std::string>{owner}) << e.dump();
}

// tab open --cmd --wait: any tab may run a command in a tab it just opened
// and get its record, no grant needed; a shell without integration still
// gets the command typed, and the answer says it cannot be waited on.
TEST_F(CommandsTest, aNewTabRunsItsCommandForTheTabThatOpenedItWithoutAGrant)
{
    dt::app::TerminalLaunch plain;
    plain.program = QStringLiteral("/bin/sh");
    const auto openerTab = ws->openTab(ws->windows().front(), plain);
    const std::string opener = ws->pane(ws->tab(openerTab)->primary)->identity.sessionIdString().toStdString();
    ASSERT_FALSE(ws->hasOrchestrationGrant(ws->tab(openerTab)->primary));

    const auto opened = facade->openTab(ws->windows().front(), home.path().toStdString(), "");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::WorkspacePort::NewTerminal>(opened));
    const auto newTab = std::get<dt::rpc::WorkspacePort::NewTerminal>(opened).tab;
    Answer a;
    facade->runInNewTab(opener, newTab, "echo made-$((6*7)); exit_code() { return 4; }; exit_code", 0, 1 << 20,
                        [&](std::variant<CommandInfo, Error> r) { a = r; });
    ASSERT_TRUE(waitUntil([&] { return a.has_value(); }, 15000));
    ASSERT_TRUE(std::holds_alternative<CommandInfo>(*a)) << errorOf(a);
    EXPECT_EQ(info(a).output, "made-42");
    EXPECT_EQ(info(a).exitStatus, 4);
    EXPECT_EQ(info(a).commandId, 1u) << "the first command of the new tab";
    // The opener still has no grant over it afterwards.
    EXPECT_TRUE(std::holds_alternative<Error>(facade->commands(opener, newTab, 5)));

    qputenv("SHELL", "/bin/sh");
    const auto plainOpened = facade->openTab(ws->windows().front(), home.path().toStdString(), "");
    qputenv("SHELL", "/bin/bash");
    const auto plainTab = std::get<dt::rpc::WorkspacePort::NewTerminal>(plainOpened).tab;
    Answer b;
    facade->runInNewTab(opener, plainTab, "echo typed-$((1+1))", 0, 1 << 20, [&](std::variant<CommandInfo, Error> r) { b = r; });
    ASSERT_TRUE(b.has_value()) << "answered at once";
    EXPECT_EQ(std::get<Error>(*b).msg.rfind("intent.notIntegrated: the command was typed", 0), 0u) << errorOf(b);
    dt::terminal::TerminalSession *plainShell = ws->session(ws->tab(plainTab)->primary);
    EXPECT_TRUE(waitUntil([&] { return plainShell->terminal().screenText().find("\ntyped-2") != std::string::npos; }))
        << plainShell->terminal().screenText();
}

TEST_F(CommandsTest, aTimeoutLeavesTheCommandRunningAndWaitPicksItUp)
{
    const Answer slow = run("sleep 1; echo late", 100);
    ASSERT_TRUE(slow && std::holds_alternative<Error>(*slow));
    EXPECT_EQ(errorOf(slow).rfind("intent.timeout", 0), 0u) << errorOf(slow);
    // Busy meanwhile: nothing is typed into a running command.
    const Answer busy = run("echo no");
    ASSERT_TRUE(busy && std::holds_alternative<Error>(*busy));
    EXPECT_EQ(errorOf(busy).rfind("intent.busy", 0), 0u) << errorOf(busy);
    Answer waited;
    facade->waitCommand(caller, tab, 0, 1 << 20, [&](std::variant<CommandInfo, Error> a) { waited = a; });
    ASSERT_TRUE(waitUntil([&] { return waited.has_value(); }, 10000));
    ASSERT_TRUE(std::holds_alternative<CommandInfo>(*waited)) << errorOf(waited);
    EXPECT_EQ(info(waited).output, "late");
    EXPECT_EQ(info(waited).exitStatus, 0);
    EXPECT_EQ(screen().find("echo no"), std::string::npos) << screen();
}

TEST_F(CommandsTest, aLineTheShellDoesNotRunEndsTheRunAtItsNextPrompt)
{
    // History expansion fails: bash prints why and a new prompt, runs nothing.
    const Answer a = run("echo !no-such-event-here");
    ASSERT_TRUE(a && std::holds_alternative<Error>(*a)) << screen();
    EXPECT_EQ(errorOf(a).rfind("intent.mutationFailed", 0), 0u) << errorOf(a);
    // Whitespace alone runs nothing either.
    const Answer b = run("   ");
    ASSERT_TRUE(b && std::holds_alternative<Error>(*b)) << screen();
    EXPECT_EQ(errorOf(b).rfind("intent.mutationFailed", 0), 0u) << errorOf(b);
    // And the tab still works.
    const Answer c = run("echo fine");
    ASSERT_TRUE(c && std::holds_alternative<CommandInfo>(*c)) << screen();
    EXPECT_EQ(info(c).output, "fine");
}

TEST_F(CommandsTest, aTabCannotWaitForItself)
{
    // The caller is the tab's own shell, which is running (the caller).
    ws->session(ws->tab(tab)->primary)->sendBytes("sleep 5\r");
    ASSERT_TRUE(waitUntil([&] { return log().running() != nullptr; }, 10000));
    const std::string itself = ws->pane(ws->tab(tab)->primary)->identity.sessionIdString().toStdString();
    Answer waited;
    facade->waitCommand(itself, tab, 0, 1024, [&](std::variant<CommandInfo, Error> w) { waited = w; });
    ASSERT_TRUE(waited.has_value());
    EXPECT_EQ(errorOf(waited).rfind("intent.busy", 0), 0u) << errorOf(waited);
}

TEST_F(CommandsTest, aWaitEndsWhenTheTabCloses)
{
    Answer answer;
    facade->runCommand(caller, tab, "sleep 30", 0, 1024, false, [&](std::variant<CommandInfo, Error> a) { answer = a; });
    ASSERT_TRUE(waitUntil([&] { return log().running() != nullptr; }, 10000));
    EXPECT_FALSE(answer.has_value());
    ASSERT_TRUE(ws->closeTab(tab, false));
    ASSERT_TRUE(waitUntil([&] { return answer.has_value(); }, 5000));
    ASSERT_TRUE(std::holds_alternative<Error>(*answer));
    EXPECT_EQ(errorOf(answer).rfind("intent.notFound", 0), 0u) << errorOf(answer);
}

TEST_F(CommandsTest, aShellWithoutIntegrationIsRefusedInWords)
{
    dt::app::TerminalLaunch sh;
    sh.program = QStringLiteral("/bin/sh");
    const auto plain = ws->openTab(ws->tab(tab)->window, sh);
    Answer answer;
    facade->runCommand(caller, plain, "true", 0, 1024, false, [&](std::variant<CommandInfo, Error> a) { answer = a; });
    ASSERT_TRUE(answer.has_value());
    EXPECT_EQ(errorOf(answer).rfind("intent.notIntegrated", 0), 0u) << errorOf(answer);
    // And another tab's records are not this session's to read without a grant.
    const auto rows = facade->commands(ws->pane(ws->tab(plain)->primary)->identity.sessionIdString().toStdString(), tab, 5);
    ASSERT_TRUE(std::holds_alternative<Error>(rows));
    // Its own, yes.
    const std::string own = ws->pane(ws->tab(tab)->primary)->identity.sessionIdString().toStdString();
    EXPECT_TRUE((std::holds_alternative<std::vector<CommandInfo>>(facade->commands(own, tab, 5))));
    ASSERT_TRUE(std::holds_alternative<Error>(rows));
    EXPECT_EQ(std::get<Error>(rows).code, dt::rpc::code::RoleViolation);
}

// Output far beyond the bound: the end of it, said to be cut, never text
// from elsewhere; and history trimming says so too.
TEST_F(CommandsTest, twoHundredThousandLinesComeBackAsTheirBoundedEnd)
{
    const Answer a = run("seq 1 200000", 0, 64 * 1024);
    ASSERT_TRUE(a && std::holds_alternative<CommandInfo>(*a)) << (a ? errorOf(a) : "no answer");
    EXPECT_TRUE(info(a).truncated);
    const std::string &out = *info(a).output;
    EXPECT_LE(out.size(), 64u * 1024);
    EXPECT_EQ(out.substr(out.size() - 13), "199999\n200000");
    // Whole lines from the start of what is kept: a number cut in half is
    // the only partial line, and it is the first.
    const size_t firstBreak = out.find('\n');
    EXPECT_EQ(std::stoi(out.substr(firstBreak + 1)) + static_cast<int>(std::count(out.begin() + firstBreak + 1, out.end(), '\n')), 200000);
}

TEST_F(CommandsTest, escapesAndUnicodeInTheCommandLineAndItsOutput)
{
    const Answer a = run("printf '\\033[31m%s\\033[0m %s\\n' red 'Grüße ✓ 日本'");
    ASSERT_TRUE(a && std::holds_alternative<CommandInfo>(*a)) << (a ? errorOf(a) : "no answer");
    EXPECT_EQ(info(a).command, "printf '\\033[31m%s\\033[0m %s\\n' red 'Grüße ✓ 日本'");
    EXPECT_EQ(info(a).output, "red Grüße ✓ 日本") << "the colour is not text";
}

// A here-doc typed at the prompt is one command: its first line is the
// command line, and what it prints is its output.
TEST_F(CommandsTest, aHereDocTypedAtThePromptIsOneCommand)
{
    dt::terminal::TerminalSession *shell = ws->session(ws->tab(tab)->primary);
    const size_t before = log().records().size();
    shell->sendBytes("cat <<EOF\rfirst line\rsecond line\rEOF\r");
    ASSERT_TRUE(waitUntil([&] { return log().records().size() > before && log().records().back().finished; }, 10000))
        << screen();
    const auto &r = log().records().back();
    EXPECT_EQ(r.commandLine.rfind("cat <<EOF", 0), 0u) << r.commandLine;
    EXPECT_EQ(shell->terminal().commandOutput(r), "first line\nsecond line");
    EXPECT_EQ(r.exitStatus, 0);
}

// A program may print the marks itself: they are trusted as printed (a
// forged D ends the record with the status it claims), and only ever in
// the tab where it runs.
TEST_F(CommandsTest, aForgedFinishMarkIsTrustedAsPrintedAndStaysInItsTab)
{
    const Answer a = run("printf '\\033]133;D;42\\007'; sleep 0.3; echo after");
    ASSERT_TRUE(a && std::holds_alternative<CommandInfo>(*a)) << (a ? errorOf(a) : "no answer");
    EXPECT_EQ(info(a).exitStatus, 42);
    EXPECT_EQ(ws->session(ws->tab(callerTab)->primary)->terminal().commands().records().size(), 0u);
    // The real end follows; the next run goes on normally.
    ASSERT_TRUE(waitUntil([&] { return log().pendingInput() && !log().running(); }, 5000));
    const Answer b = run("echo next");
    ASSERT_TRUE(b && std::holds_alternative<CommandInfo>(*b)) << (b ? errorOf(b) : "no answer") << screen();
    EXPECT_EQ(info(b).output, "next");
}

TEST_F(CommandsTest, aWaitEndsWhenTheGrantIsRevokedOrTheTabTurnsPrivate)
{
    Answer revoked;
    facade->runCommand(caller, tab, "sleep 30", 0, 1024, false, [&](std::variant<CommandInfo, Error> a) { revoked = a; });
    ASSERT_TRUE(waitUntil([&] { return log().running() != nullptr; }, 10000));
    ASSERT_TRUE(ws->setOrchestrationGrant(callerTab, false));
    ASSERT_TRUE(revoked.has_value()) << "at once";
    EXPECT_EQ(std::get<Error>(*revoked).code, dt::rpc::code::RoleViolation);
    EXPECT_NE(errorOf(revoked).find("grant ended"), std::string::npos) << errorOf(revoked);

    ASSERT_TRUE(ws->setOrchestrationGrant(callerTab, true));
    Answer hidden;
    facade->waitCommand(caller, tab, 0, 1024, [&](std::variant<CommandInfo, Error> a) { hidden = a; });
    EXPECT_FALSE(hidden.has_value());
    ASSERT_TRUE(ws->setTabPrivate(tab, true));
    ASSERT_TRUE(hidden.has_value()) << "at once";
    EXPECT_EQ(errorOf(hidden).rfind("intent.notFound", 0), 0u) << errorOf(hidden);
}

// --queue: runs wait their turn in the order they came, each typed only
// at a free prompt; without it a busy tab is refused.
TEST_F(CommandsTest, queuedRunsTakeTurnsAndNeverTypeIntoEachOther)
{
    std::vector<Answer> answers(3);
    facade->runCommand(caller, tab, "sleep 0.3; echo first", 0, 1024, false,
                       [&](std::variant<CommandInfo, Error> a) { answers[0] = a; });
    facade->runCommand(caller, tab, "echo second", 0, 1024, true, [&](std::variant<CommandInfo, Error> a) { answers[1] = a; });
    facade->runCommand(caller, tab, "echo third", 0, 1024, true, [&](std::variant<CommandInfo, Error> a) { answers[2] = a; });
    Answer refused;
    facade->runCommand(caller, tab, "echo not-queued", 0, 1024, false, [&](std::variant<CommandInfo, Error> a) { refused = a; });
    ASSERT_TRUE(refused.has_value()) << "refused at once";
    EXPECT_EQ(errorOf(refused).rfind("intent.busy", 0), 0u) << errorOf(refused);
    ASSERT_TRUE(waitUntil([&] { return answers[2].has_value(); }, 10000)) << screen();
    const char *outputs[] = {"first", "second", "third"};
    for (size_t i = 0; i < answers.size(); ++i) {
        ASSERT_TRUE(answers[i] && std::holds_alternative<CommandInfo>(*answers[i])) << i << ": " << errorOf(answers[i]);
        EXPECT_EQ(info(answers[i]).output, outputs[i]);
    }
    EXPECT_EQ(info(answers[1]).commandId, info(answers[0]).commandId + 1);
    EXPECT_EQ(info(answers[2]).commandId, info(answers[1]).commandId + 1);
    EXPECT_EQ(screen().find("not-queued"), std::string::npos) << screen();
}

// Someone typing at the prompt: a run would glue its command to their
// text, so it is refused and types nothing.
TEST_F(CommandsTest, textWaitingAtThePromptIsNotRunAsPartOfACommand)
{
    dt::terminal::TerminalSession *shell = ws->session(ws->tab(tab)->primary);
    shell->sendBytes("echo half-typed");
    ASSERT_TRUE(waitUntil([&] { return screen().find("half-typed") != std::string::npos; })) << screen();
    const Answer a = run("echo agent");
    ASSERT_TRUE(a && std::holds_alternative<Error>(*a));
    EXPECT_EQ(errorOf(a).rfind("intent.busy: there is text at the tab's prompt", 0), 0u) << errorOf(a);
    EXPECT_EQ(screen().find("agent"), std::string::npos) << screen();
    // Once the line is cleared (Ctrl+U), the prompt is free again.
    shell->sendBytes("\x15");
    ASSERT_TRUE(waitUntil([&] { return screen().find("half-typed") == std::string::npos; })) << screen();
    const Answer b = run("echo agent");
    ASSERT_TRUE(b && std::holds_alternative<CommandInfo>(*b)) << (b ? errorOf(b) : "no answer");
    EXPECT_EQ(info(b).output, "agent");
}

// A queued run is held like a wait: the tab closing answers it at once;
// and a queued run on the caller's own busy terminal would wait for
// itself, so it is refused.
TEST_F(CommandsTest, aQueuedRunEndsWithItsTabAndNeverWaitsForItself)
{
    Answer first, queued;
    facade->runCommand(caller, tab, "sleep 30", 0, 1024, false, [&](std::variant<CommandInfo, Error> a) { first = a; });
    ASSERT_TRUE(waitUntil([&] { return log().running() != nullptr; }, 10000));
    facade->runCommand(caller, tab, "echo later", 0, 1024, true, [&](std::variant<CommandInfo, Error> a) { queued = a; });
    EXPECT_FALSE(queued.has_value()) << "waiting its turn";
    const std::string itself = ws->pane(ws->tab(tab)->primary)->identity.sessionIdString().toStdString();
    ASSERT_TRUE(ws->setOrchestrationGrant(tab, true));
    Answer own;
    facade->runCommand(itself, tab, "echo me", 0, 1024, true, [&](std::variant<CommandInfo, Error> a) { own = a; });
    ASSERT_TRUE(own.has_value()) << "refused at once";
    EXPECT_EQ(errorOf(own).rfind("intent.busy: this is the caller's own terminal", 0), 0u) << errorOf(own);
    ASSERT_TRUE(ws->closeTab(tab, false));
    ASSERT_TRUE(queued.has_value() && first.has_value()) << "both answered at once";
    EXPECT_EQ(errorOf(queued), "intent.notFound: the tab's terminal closed while its command ran");
}

// An unclosed quote: the shell waits for more and never starts it; the
// run says so instead of holding the tab for good.
TEST_F(CommandsTest, aCommandTheShellNeverStartsEndsTheRunAndFreesTheTab)
{
    const Answer a = run("echo \"unclosed", 0);
    ASSERT_TRUE(a && std::holds_alternative<Error>(*a)) << screen();
    EXPECT_EQ(errorOf(a).rfind("intent.mutationFailed: the shell did not start the command within 10 s", 0), 0u)
        << errorOf(a);
    // The line is abandoned by hand, and the tab runs commands again.
    const uint64_t inputs = log().inputCount();
    ws->session(ws->tab(tab)->primary)->sendBytes("\x03");
    ASSERT_TRUE(waitUntil([&] { return log().inputCount() > inputs; })) << screen();
    const Answer b = run("echo again");
    ASSERT_TRUE(b && std::holds_alternative<CommandInfo>(*b)) << (b ? errorOf(b) : "no answer") << screen();
    EXPECT_EQ(info(b).output, "again");
}

} // namespace
