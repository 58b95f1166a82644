// An agent's command workflow end to end, for bash, zsh and fish: the real
// CLI in an orchestrator tab of the real GUI opens a tab running the shell
// under test, runs commands there and gets their status and exactly their
// output, times out, waits, lists and reads back, interrupts, and hears
// command events, with nothing polled.

#include "cli_fixture.h"

#include <gtest/gtest.h>

namespace {

using namespace dt::test::cli;

class CliCommandsTest : public CliTest, public ::testing::WithParamInterface<const char *> {
protected:
    Json jsonFile(const char *name) { return Json::parse(fileAfterDone(QLatin1String(name)).toStdString()); }
    QByteArray text(const char *name) { return fileAfterDone(QLatin1String(name)); }
    QByteArray status(const char *name) { return text(name).trimmed(); }
};

TEST_P(CliCommandsTest, anAgentRunsWaitsAndReadsBackCommands)
{
    guiEnvironment.insert(QStringLiteral("SHELL"), QStringLiteral("/usr/bin/") + QLatin1String(GetParam()));
    startGui(QStringLiteral("sh ") + script("orchestrator_runs_commands.sh"), {QStringLiteral("--orchestrator")});
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 60000))
        << "open: " << text("open.err").toStdString() << " run: " << text("run.err").toStdString();

    // tab open --cmd --wait: the first command's record, in the new tab.
    EXPECT_EQ(status("open.status"), "0") << text("open.err").toStdString();
    const Json open = jsonFile("open.json");
    EXPECT_EQ(open["output"], "first-42");
    EXPECT_EQ(open["exitStatus"], 0);
    EXPECT_EQ(open["commandId"], 1);
    EXPECT_EQ(open["cwd"], dir.path().toStdString());
    EXPECT_FALSE(open.value("tab", std::string()).empty());
    EXPECT_FALSE(open.value("sessionId", std::string()).empty());

    // The command's own status is the CLI's, and its output exactly.
    EXPECT_EQ(status("run.status"), "3") << text("run.err").toStdString();
    const Json run = jsonFile("run.json");
    EXPECT_EQ(run["output"], "one\ntwo words");
    EXPECT_EQ(run["exitStatus"], 3);
    EXPECT_EQ(run["running"], false);
    EXPECT_GE(run["durationMillis"].get<int64_t>(), 0);
    EXPECT_EQ(status("plain.status"), "1");
    EXPECT_EQ(text("plain.txt"), "é ✓ HOME\n");

    // 124 after the timeout; busy meanwhile; the wait gets the late end.
    EXPECT_EQ(status("timeout.status"), "124") << text("timeout.err").toStdString();
    EXPECT_TRUE(text("timeout.err").contains("still running")) << text("timeout.err").toStdString();
    EXPECT_EQ(status("busy.status"), "1");
    EXPECT_TRUE(text("busy.err").contains("still running command")) << text("busy.err").toStdString();
    EXPECT_EQ(status("wait.status"), "0") << text("wait.err").toStdString();
    const Json wait = jsonFile("wait.json");
    EXPECT_EQ(wait["output"], "late");
    EXPECT_EQ(wait["command"], "sh -c \"until [ -e go ]; do sleep 0.05; done\"; echo late");
    const Json commands = jsonFile("commands.json");
    ASSERT_TRUE(commands.is_array() && !commands.empty()) << commands.dump();
    EXPECT_EQ(commands.back()["commandId"], wait["commandId"]);
    EXPECT_FALSE(commands.back().contains("output")) << "records without output";
    EXPECT_EQ(text("output.txt"), "late\n");

    // Ctrl+C: 128 + SIGINT.
    EXPECT_EQ(jsonFile("interrupted.json")["exitStatus"], 130) << text("interrupted.err").toStdString();
    EXPECT_EQ(jsonFile("interrupted.json")["command"], "sleep 30");

    EXPECT_EQ(status("multiline.status"), "1");
    EXPECT_TRUE(text("multiline.err").contains("one line")) << text("multiline.err").toStdString();
    // bash and zsh exit without a word: the wait ends in an error that says
    // so. fish reports `exit 5` as a command that ended with 5 first.
    if (std::string(GetParam()) == "fish") {
        EXPECT_EQ(status("exit.status"), "5") << text("exit.err").toStdString();
    } else {
        EXPECT_EQ(status("exit.status"), "1");
        EXPECT_TRUE(text("exit.err").contains("shell exited before the command finished")) << text("exit.err").toStdString();
    }

    // The orchestrator heard each command start and finish, in order, and
    // no line went missing (seq counts up by one).
    const std::vector<Json> events = jsonLines(text("events.jsonl"));
    ASSERT_FALSE(events.empty()) << text("events.err").toStdString();
    for (size_t i = 1; i < events.size(); ++i)
        EXPECT_EQ(events[i]["seq"].get<int64_t>(), events[i - 1]["seq"].get<int64_t>() + 1) << events[i].dump();
    bool started = false, finished = false;
    for (const Json &e : events) {
        if (e.value("commandId", 0) != run["commandId"].get<int>())
            continue;
        EXPECT_EQ(e["tab"], open["tab"]);
        EXPECT_EQ(e["sessionId"], open["sessionId"]);
        if (e["type"] == "command.started") {
            EXPECT_FALSE(finished) << "started before finished";
            started = true;
        } else if (e["type"] == "command.finished") {
            finished = true;
            EXPECT_EQ(e["exitStatus"], 3);
            EXPECT_EQ(e["durationMillis"], run["durationMillis"]);
        }
    }
    EXPECT_TRUE(started && finished) << text("events.jsonl").toStdString();
}

INSTANTIATE_TEST_SUITE_P(Shells, CliCommandsTest, ::testing::Values("bash", "zsh", "fish"),
                         [](const auto &info) { return std::string(info.param); });

} // namespace
