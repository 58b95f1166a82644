// Replaying Maestro flows through the real CLI in a real tab, on a real
// phone: a flow that counts, types (a value given with -e), scrolls a
// list and waits for a late label passes step by step; one that fails
// stops there with its place and a screenshot of the screen; one with a
// command we do not replay is refused before anything runs.

#include "cli_fixture.h"

#include <QDir>
#include <QImage>

#include <gtest/gtest.h>

namespace {

using namespace dt::test::cli;

TEST_F(CliTest, aTabReplaysFlowsOnItsPhone)
{
    startGui(QStringLiteral("sh ") + script("replay.sh"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 80000))
        << "the script got as far as: " << QDir(dir.path()).entryList(QDir::Files, QDir::Time).join(u' ').toStdString();
    const auto text = [&](const char *name) { return fileAfterDone(QLatin1String(name)).toStdString(); };
    const auto status = [&](const char *name) { return fileAfterDone(QLatin1String(name)).trimmed().toStdString(); };

    // Every step of the passing flow, in order, each with its place.
    ASSERT_EQ(status("counter.status"), "0") << text("counter.txt") << text("counter.err");
    const std::string passed = text("counter.txt");
    for (const char *line : {"counter.yaml:9:3  launchApp", "counter.yaml:10:3  tapOn 'Counter'",
                             "counter.yaml:14:9  tapOn '\\+1'", "counter.yaml:15:3  assertVisible 'Count 3'",
                             "go_home.yaml:1:3  tapOn 'Home'", "counter.yaml:22:3  assertVisible 'Hello, ${WHO}'",
                             "scrollUntilVisible 'Item 40'", "assertVisible 'Ready'", "Counter counts: passed, 24 steps passed"})
        EXPECT_NE(passed.find(line), std::string::npos) << line << "\n" << passed;
    EXPECT_EQ(passed.find("FAILED"), std::string::npos) << passed;
    EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("flows/counted.png"))));

    // The failing flow: its first step passes, the second fails with
    // what it waited for, and nothing after it runs.
    EXPECT_EQ(status("fails.status"), "1") << text("fails.err");
    std::vector<Json> lines;
    for (const QByteArray &line : fileAfterDone(QStringLiteral("fails.json")).trimmed().split('\n'))
        lines.push_back(Json::parse(line.toStdString()));
    ASSERT_EQ(lines.size(), 3u) << text("fails.json");
    EXPECT_EQ(lines[0]["ok"], true);
    EXPECT_EQ(lines[1]["ok"], false);
    EXPECT_EQ(lines[1]["step"], "assertVisible");
    EXPECT_NE(lines[1]["at"].get<std::string>().find("fails.yaml:3:3"), std::string::npos) << lines[1].dump();
    EXPECT_EQ(lines[1]["error"], "intent.timeout: 'Count 9' did not show within 3000 ms");
    const QString shot = QString::fromStdString(lines[1]["screenshot"].get<std::string>());
    EXPECT_TRUE(shot.endsWith(QStringLiteral("flows/fails-failed-line3.png"))) << shot.toStdString();
    EXPECT_FALSE(QImage(shot).isNull());
    EXPECT_EQ(lines[2]["ok"], false);
    EXPECT_EQ(lines[2]["passed"], 1);

    // Refused before anything ran: exit 2, the place, nothing printed.
    EXPECT_EQ(status("bad.status"), "2");
    EXPECT_EQ(text("bad.txt"), "");
    EXPECT_NE(text("bad.err").find("flows/bad.yaml:2:3: 'travel' is not a command deviceterm replays"), std::string::npos)
        << text("bad.err");
    EXPECT_EQ(status("missing.status"), "2");
    EXPECT_NE(text("missing.err").find("flows/nowhere.yaml: cannot read the flow"), std::string::npos) << text("missing.err");
}

} // namespace
