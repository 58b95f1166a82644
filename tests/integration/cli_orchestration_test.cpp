// Orchestrator tabs typing into and reading other tabs, the audit log that
// records it, and private tabs hidden from them: the real CLI in real tabs.

#include "cli_fixture.h"

#include "app/audit/audit_log.h"

#include <set>

#include <gtest/gtest.h>

namespace {

using namespace dt::test::cli;

TEST_F(CliTest, anOrchestratorTabTypesIntoAndReadsAnotherTab)
{
    startGui(QStringLiteral("sh ") + script("orchestrator_drives_a_tab.sh"), {QStringLiteral("--orchestrator")});
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 50000));
    EXPECT_EQ(fileAfterDone(QStringLiteral("waits.err")), "");

    // The grant shows in what the session may call.
    const Json doctor = Json::parse(fileAfterDone(QStringLiteral("doctor.json")).toStdString());
    EXPECT_EQ(doctor["role"], "orchestrator");
    const Json &allowed = doctor["allowedMethods"];
    EXPECT_NE(std::find(allowed.begin(), allowed.end(), "tab.sendInput"), allowed.end());
    EXPECT_NE(std::find(allowed.begin(), allowed.end(), "tab.capture"), allowed.end());

    // A receipt counts the bytes and never carries the text.
    EXPECT_EQ(fileAfterDone(QStringLiteral("send.status")).trimmed(), "0");
    const Json send = Json::parse(fileAfterDone(QStringLiteral("send.json")).toStdString());
    const std::string open = Json::parse(fileAfterDone(QStringLiteral("open.json")).toStdString())["shortId"];
    EXPECT_EQ(send, Json({{"ok", true}, {"tab", open}, {"bytes", 18}}));

    // Text without a newline waited at the prompt, unexecuted.
    const QByteArray waiting = fileAfterDone(QStringLiteral("waiting.txt"));
    EXPECT_TRUE(waiting.contains("target$ echo waited-$((1+1))")) << waiting.toStdString();
    EXPECT_FALSE(waiting.contains("waited-2")) << waiting.toStdString();
    // Two lines ran in order.
    const QByteArray lines = fileAfterDone(QStringLiteral("lines.txt"));
    ASSERT_TRUE(lines.contains("\none-1\n")) << lines.toStdString();
    EXPECT_LT(lines.indexOf("\none-1\n"), lines.indexOf("\ntwo-2\n"));

    // NUL, TAB and ESC reached cat as themselves (its output shows ^@ ^I ^[).
    const QByteArray catv = fileAfterDone(QStringLiteral("catv.txt"));
    EXPECT_EQ(count(catv, "a^@b"), 2) << catv.toStdString(); // the tty's echo and cat's output
    EXPECT_TRUE(catv.contains("\nx^Iy^[z\n")) << catv.toStdString();

    // Paced input typed during `sleep` is echoed raw: no bracketed paste.
    const Json paced = Json::parse(fileAfterDone(QStringLiteral("paced.json")).toStdString());
    EXPECT_EQ(paced["typeDelayMillis"], 20);
    const QByteArray pacedScreen = fileAfterDone(QStringLiteral("paced.txt"));
    EXPECT_FALSE(pacedScreen.contains("200~")) << pacedScreen.toStdString();
    EXPECT_FALSE(pacedScreen.contains("201~")) << pacedScreen.toStdString();
    EXPECT_EQ(count(pacedScreen, "\npaced-5\n"), 1) << pacedScreen.toStdString();
    EXPECT_TRUE(pacedScreen.contains("echo paced-$((2+3))")) << pacedScreen.toStdString();

    // The visible screen only, ending in one newline; history on request.
    const QByteArray viewport = fileAfterDone(QStringLiteral("viewport.txt"));
    EXPECT_TRUE(viewport.contains("n-200\n")) << viewport.toStdString();
    EXPECT_FALSE(viewport.contains("n-100\n")) << viewport.toStdString();
    EXPECT_TRUE(viewport.endsWith("target$\n") && !viewport.endsWith("\n\n")) << viewport.toStdString();
    const Json viewportJson = Json::parse(fileAfterDone(QStringLiteral("viewport.json")).toStdString());
    ASSERT_EQ(viewportJson.size(), 1u);
    EXPECT_EQ(QByteArray::fromStdString(viewportJson["text"].get<std::string>()), viewport);
    EXPECT_TRUE(fileAfterDone(QStringLiteral("history.txt")).contains("\nn-001\n"));

    // Kept literally; capped; refused.
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("capped.json")).toStdString())["typeDelayMillis"], 1000);
    for (const char *bad : {"negative", "empty", "fraction", "invalid"}) {
        EXPECT_EQ(fileAfterDone(QLatin1String(bad) + QStringLiteral(".status")).trimmed(), "1") << bad;
        EXPECT_FALSE(fileAfterDone(QLatin1String(bad) + QStringLiteral(".err")).isEmpty()) << bad;
    }
    EXPECT_TRUE(fileAfterDone(QStringLiteral("negative.err")).contains("--type-delay"));

    // An ordinary tab is refused, whatever it asks.
    EXPECT_EQ(fileAfterDone(QStringLiteral("agent.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("agent.err")).contains("no live orchestration grant"));
    EXPECT_EQ(fileAfterDone(QStringLiteral("agent-send.status")).trimmed(), "1");
    EXPECT_EQ(fileAfterDone(QStringLiteral("agent-split.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("agent-split.err")).contains("only an orchestrator tab's own terminals"));
    const Json agentDoctor = Json::parse(fileAfterDone(QStringLiteral("agent-doctor.json")).toStdString());
    EXPECT_EQ(agentDoctor["role"], "agent");
    EXPECT_EQ(std::find(agentDoctor["allowedMethods"].begin(), agentDoctor["allowedMethods"].end(), "tab.sendInput"),
              agentDoctor["allowedMethods"].end());

    // The typing died with its terminal; the sibling got none of it.
    const QByteArray sibling = fileAfterDone(QStringLiteral("sibling.txt"));
    EXPECT_TRUE(sibling.contains("sibling$")) << sibling.toStdString();
    EXPECT_FALSE(sibling.contains("xx")) << sibling.toStdString();
    EXPECT_EQ(gui.state(), QProcess::Running);

    // Every send is in the audit log (never its text), and the chain holds.
    QFile audit(dir.filePath(QStringLiteral("state/deviceterm/audit.log")));
    ASSERT_TRUE(audit.open(QIODevice::ReadOnly));
    const QByteArray log = audit.readAll();
    EXPECT_GE(count(log, "\n"), 14);
    EXPECT_FALSE(log.contains("ran-")) << "the audit log holds text";
    const CliRun check = cli({QStringLiteral("doctor"), QStringLiteral("--json")},
                             {{QStringLiteral("XDG_STATE_HOME"), dir.filePath(QStringLiteral("state"))}});
    bool chainOk = false;
    const Json report = Json::parse(check.out.toStdString());
    for (const Json &c : report["checks"])
        chainOk = chainOk || (c["name"] == "Audit log chain" && c["status"] == "ok");
    EXPECT_TRUE(chainOk) << check.out.toStdString();
}

TEST_F(CliTest, doctorFailsOnATamperedAuditLog)
{
    // A real chain of three entries, then the middle one edited.
    const QString log = dir.filePath(QStringLiteral("state/deviceterm/audit.log"));
    for (int i = 0; i < 3; ++i) {
        std::string why;
        ASSERT_TRUE(dt::audit::append(log.toStdString(), {"2026-11-30T00:00:00Z", "a", "b", "ls\n", 0}, &why)) << why;
    }
    const CliRun intact = cli({QStringLiteral("doctor")}, {{QStringLiteral("XDG_STATE_HOME"), dir.filePath(QStringLiteral("state"))}});
    EXPECT_TRUE(intact.out.contains("[ok]     Audit log chain")) << intact.out.toStdString();
    EXPECT_TRUE(intact.out.contains("3 entries intact")) << intact.out.toStdString();
    QFile f(log);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = f.readAll().split('\n');
    f.close();
    lines[1].replace("\"bytes\":3", "\"bytes\":4");
    ASSERT_TRUE(writeFile(log, lines.join('\n')));
    const CliRun check = cli({QStringLiteral("doctor")}, {{QStringLiteral("XDG_STATE_HOME"), dir.filePath(QStringLiteral("state"))}});
    EXPECT_EQ(check.status, 1);
    EXPECT_TRUE(check.out.contains("[fail]   Audit log chain")) << check.out.toStdString();
    EXPECT_TRUE(check.out.contains("line 2: its contents were changed")) << check.out.toStdString();
}

TEST_F(CliTest, aPrivateTabIsInvisibleToAnotherTabEvenAnOrchestrator)
{
    startGui(QStringLiteral("sh ") + script("privacy_observer.sh") + QStringLiteral(" " DT_SCRIPTS_DIR),
             {QStringLiteral("--orchestrator")});
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 40000));
    auto json = [&](const char *name) { return Json::parse(fileAfterDone(QLatin1String(name)).toStdString()); };
    const Json aOpen = json("a-open.json");
    const std::string aSession = aOpen["sessionId"];
    const std::string aSplit = json("a-split.json")["sessionId"];

    // A's own view: the receipt, and A (both terminals) in its lists.
    EXPECT_EQ(json("a-private.json"), Json({{"committed", true}, {"isPrivate", true}, {"ok", true}, {"tab", "current"}}));
    EXPECT_EQ(fileAfterDone(QStringLiteral("a-yes.txt")), "ok tab=current private=true\n");
    auto sessions = [](const Json &rows) {
        std::set<std::string> out;
        for (const Json &r : rows)
            out.insert(r["sessionId"].get<std::string>());
        return out;
    };
    EXPECT_EQ(sessions(json("a-list.json")).count(aSession), 1u);
    EXPECT_EQ(sessions(json("a-list.json")).count(aSplit), 1u);
    EXPECT_EQ(sessions(json("a-split-list.json")).count(aSession), 1u); // a split born private sees its tab
    EXPECT_EQ(json("a-windows.json").size(), 2u);

    // B's view: neither of A's terminals; every reference is "not found",
    // word for word what an unknown one gets.
    const Json bList = json("b-list.json");
    EXPECT_EQ(bList.size(), 2u); // B and the tab `window open` made
    EXPECT_EQ(sessions(bList).count(aSession), 0u);
    EXPECT_EQ(sessions(bList).count(aSplit), 0u);
    const std::string a = aOpen["shortId"];
    for (const char *verb : {"select", "close", "rename", "capture", "send", "unprivate"}) {
        EXPECT_EQ(fileAfterDone(QStringLiteral("b-%1.status").arg(QLatin1String(verb))).trimmed(), "1") << verb;
        EXPECT_EQ(fileAfterDone(QStringLiteral("b-%1.err").arg(QLatin1String(verb))),
                  QByteArray::fromStdString("deviceterm: tab '" + a + "' not found\n"))
            << verb;
    }
    EXPECT_EQ(fileAfterDone(QStringLiteral("b-unknown.err")), "deviceterm: tab 'nosuch' not found\n");
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("leaked.txt"))));
    // Window 2 co-hosts A: B sees one tab there and may not close it.
    const Json before = json("b-windows-before.json");
    ASSERT_EQ(before.size(), 2u);
    EXPECT_EQ(before[1]["tabCount"], 1);
    EXPECT_EQ(fileAfterDone(QStringLiteral("b-window-close.status")).trimmed(), "1");
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("b-window-close.err")).toStdString())["error"]["intent"],
              "intent.mutationFailed");
    // With its public tab gone, window 2 holds only A and vanishes for B.
    const Json after = json("b-windows-after.json");
    ASSERT_EQ(after.size(), 1u);
    EXPECT_EQ(after[0]["index"], 1);
    EXPECT_EQ(after[0]["tabCount"], 1);

    // Spellings.
    EXPECT_EQ(fileAfterDone(QStringLiteral("b-maybe.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("b-maybe.err")).contains("neither true"));
    EXPECT_EQ(fileAfterDone(QStringLiteral("b-on.txt")), "ok tab=current private=true\n");
    EXPECT_EQ(json("b-off.json")["isPrivate"], false);
}

} // namespace
