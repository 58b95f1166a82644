// The real `deviceterm` CLI against the real GUI (offscreen) on a private
// socket: sessions, workspace verbs, events, doctor and the verbs that need
// no app. Orchestration, devices and second launches have files of their
// own (cli_*_test.cpp); the fixture is cli_fixture.h.

#include "cli_fixture.h"

#include <QFileInfo>

#include <gtest/gtest.h>

namespace {

using namespace dt::test::cli;

TEST_F(CliTest, insideATabTheCliKnowsItsOwnSession)
{
    // The tab's shell runs the CLI from its PATH: the session's bin/ links
    // to the CLI built beside the GUI.
    startGui(QStringLiteral(
        "deviceterm tabs list --json > list.json; echo $? > list.status;"
        "deviceterm --json tabs current > current.json; echo $? > current.status;"
        "deviceterm tab info --json > info.json;"
        "deviceterm windows list --json > windows.json;"
        "deviceterm windows list --all --json > windows-all.json;"
        "command -v deviceterm > which.txt;"
        "env | grep '^DEVICETERM_SESSION' > session.env;"
        "touch done; exec sleep 60"));
    ASSERT_EQ(fileAfterDone(QStringLiteral("list.status")).trimmed(), "0");
    const Json list = Json::parse(fileAfterDone(QStringLiteral("list.json")).toStdString());
    ASSERT_TRUE(list.is_array());
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0]["current"], true);
    EXPECT_EQ(list[0]["shortId"].get<std::string>().size(), 6u);
    EXPECT_FALSE(list[0].contains("name")); // absent, not null
    EXPECT_FALSE(list[0].contains("label"));

    const Json current = Json::parse(fileAfterDone(QStringLiteral("current.json")).toStdString());
    EXPECT_EQ(current, list[0]);

    const Json info = Json::parse(fileAfterDone(QStringLiteral("info.json")).toStdString());
    EXPECT_EQ(info["sessionId"], list[0]["sessionId"]);
    EXPECT_EQ(info["role"], "agent");
    EXPECT_EQ(info["isCurrent"], true);
    EXPECT_EQ(info["simPanes"], Json::array());

    const Json windows = Json::parse(fileAfterDone(QStringLiteral("windows.json")).toStdString());
    ASSERT_EQ(windows.size(), 1u);
    EXPECT_EQ(windows[0]["index"], 1);
    EXPECT_EQ(windows[0]["tabCount"], 1);
    EXPECT_EQ(windows[0]["selectedTabShortId"], list[0]["shortId"]);

    EXPECT_TRUE(fileAfterDone(QStringLiteral("which.txt")).contains("/sessions/"));
}

// Inside a tab, completion offers the tabs this shell may name (their
// short ids and names), asked of the running app.
TEST_F(CliTest, completionOffersTheTabsThisShellMayName)
{
    startGui(QStringLiteral("deviceterm tab rename builder > /dev/null;"
                            "deviceterm completions values tabs > values.txt;"
                            "deviceterm tabs current --json > current.json;"
                            "touch done; exec sleep 60"));
    const QByteArray values = fileAfterDone(QStringLiteral("values.txt"));
    const Json current = Json::parse(fileAfterDone(QStringLiteral("current.json")).toStdString());
    const QList<QByteArray> lines = values.trimmed().split('\n');
    EXPECT_TRUE(lines.contains(QByteArray::fromStdString(current["shortId"].get<std::string>()))) << values.toStdString();
    EXPECT_TRUE(lines.contains("builder")) << values.toStdString();
}

TEST_F(CliTest, workspaceVerbsChangeTheWorkspaceAndEchoTheirReferences)
{
    startGui(QStringLiteral(
        "mkdir sub; deviceterm tab open --json --cwd sub --cmd 'echo typed-by-cmd > cmd.out' > open.json;"
        "new=$(sed 's/.*\"shortId\":\"\\([^\"]*\\)\".*/\\1/' open.json);"
        "deviceterm tab rename --help > rename-help.txt;"
        "deviceterm tab rename --json -- --help > rename-literal.json;"
        "deviceterm tab rename --json hello world > rename.json;"
        "deviceterm tab rename --tab $new --json > rename-other.json;"
        "deviceterm tab move --tab $new --to 0 --json > move.json;"
        "deviceterm tabs list --json > moved.json;"
        "deviceterm tab select --tab 'hello world' --json > select-by-name.json;"
        "deviceterm tab info --tab $new --json > info-other.json;"
        "deviceterm tab info --json > info.json;"
        "deviceterm pane open --terminal --json --cwd . --cmd 'deviceterm tab info --json > split-info.json' > pane.json;"
        "deviceterm tab close abc123 2> stray.err; echo $? > stray.status;"
        "deviceterm tabs list --bogus 2> bogus.err; echo $? > bogus.status;"
        "deviceterm windows list --al 2> al.err; echo $? > al.status;"
        "deviceterm tab close --mode shutdwn 2> mode.err; echo $? > mode.status;"
        "deviceterm window open --json > window.json;"
        "deviceterm tab move --tab $new --to-window 2 --json > move-window.json;"
        "deviceterm panes list --json > panes.json;"
        "deviceterm pane rename x 2> pane-rename.err; echo $? > pane-rename.status;"
        "deviceterm tab select --tab nosuchtab 2> select.err; echo $? > select.status;"
        "deviceterm tab move --tab $new --to zero 2> bad-move.err; echo $? > bad-move.status;"
        "deviceterm tabs list --json > after.json;"
        "deviceterm windows list --all --json > windows.json;"
        "touch done; exec sleep 60"));
    const Json open = Json::parse(fileAfterDone(QStringLiteral("open.json")).toStdString());
    EXPECT_EQ(open["ok"], true);
    EXPECT_EQ(open["window"], "current");
    EXPECT_EQ(open["shortId"].get<std::string>().size(), 6u);
    EXPECT_TRUE(fileAfterDone(QStringLiteral("rename-help.txt")).startsWith("usage: deviceterm tab rename"));
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("rename-literal.json")).toStdString())["name"], "--help");
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("rename.json")).toStdString()),
              Json({{"ok", true}, {"tab", "current"}, {"name", "hello world"}}));
    EXPECT_FALSE(Json::parse(fileAfterDone(QStringLiteral("rename-other.json")).toStdString()).contains("name"));
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("move.json")).toStdString())["toIndex"], 0);
    // Place 0 is the first: the new tab now leads the list. The renamed
    // tab is named by its name.
    const Json moved = Json::parse(fileAfterDone(QStringLiteral("moved.json")).toStdString());
    ASSERT_EQ(moved.size(), 2u);
    EXPECT_EQ(moved[0]["shortId"], open["shortId"]);
    EXPECT_EQ(moved[1]["name"], "hello world");
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("select-by-name.json")).toStdString())["tab"], "hello world");
    const Json other = Json::parse(fileAfterDone(QStringLiteral("info-other.json")).toStdString());
    EXPECT_EQ(other["shortId"], open["shortId"]);
    EXPECT_EQ(other["isCurrent"], false);
    const Json pane = Json::parse(fileAfterDone(QStringLiteral("pane.json")).toStdString());
    EXPECT_EQ(pane["tab"], "current");
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("window.json")).toStdString())["index"], 2);
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("move-window.json")).toStdString())["toWindow"], "2");
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("panes.json")).toStdString()), Json::array());
    // Unsupported by the app: no verb offers it.
    EXPECT_EQ(fileAfterDone(QStringLiteral("pane-rename.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("pane-rename.err")).contains("unknown pane subcommand 'rename'"));
    EXPECT_EQ(fileAfterDone(QStringLiteral("select.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("select.err")).contains("deviceterm: tab 'nosuchtab' not found"))
        << fileAfterDone(QStringLiteral("select.err")).toStdString();
    EXPECT_EQ(fileAfterDone(QStringLiteral("bad-move.status")).trimmed(), "1");
    // A stray word, an unknown option or a misspelt mode is a usage error,
    // and our tab survived them (the script went on).
    EXPECT_EQ(fileAfterDone(QStringLiteral("stray.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("stray.err")).contains("unexpected argument 'abc123'"));
    EXPECT_EQ(fileAfterDone(QStringLiteral("bogus.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("bogus.err")).contains("unknown option --bogus"));
    EXPECT_EQ(fileAfterDone(QStringLiteral("al.status")).trimmed(), "1");
    EXPECT_EQ(fileAfterDone(QStringLiteral("mode.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("mode.err")).contains("detach or shutdown"));
    // A split describes its tab by the tab's primary terminal.
    const QString splitInfo = dir.filePath(QStringLiteral("split-info.json"));
    ASSERT_TRUE(waitUntil([&] { // whole: the CLI ends its JSON with a newline
        QFile f(splitInfo);
        return f.open(QIODevice::ReadOnly) && f.readAll().endsWith('\n');
    }, 10000));
    const Json primaryInfo = Json::parse(fileAfterDone(QStringLiteral("info.json")).toStdString());
    const Json fromSplit = Json::parse(fileAfterDone(QStringLiteral("split-info.json")).toStdString());
    EXPECT_EQ(fromSplit["sessionId"], primaryInfo["sessionId"]);
    EXPECT_EQ(fromSplit["isCurrent"], true);
    EXPECT_NE(fromSplit["sessionId"], pane["sessionId"]);

    // Sessions: ours, its split, the tab we opened, the new window's tab.
    const Json after = Json::parse(fileAfterDone(QStringLiteral("after.json")).toStdString());
    EXPECT_EQ(after.size(), 4u);
    int current = 0;
    bool renamed = false;
    for (const Json &row : after) {
        current += row["current"].get<bool>();
        renamed = renamed || row.value("displayTitle", std::string()) == "hello world";
    }
    EXPECT_EQ(current, 1);
    EXPECT_TRUE(renamed);
    const Json windows = Json::parse(fileAfterDone(QStringLiteral("windows.json")).toStdString());
    ASSERT_EQ(windows.size(), 2u);
    EXPECT_EQ(windows[0]["tabCount"], 1); // ours (with its split)
    EXPECT_EQ(windows[1]["tabCount"], 2); // the new window's tab and the one moved there
    // --cmd was typed into the new tab's shell, which ran it in --cwd
    // (given relative, resolved by the CLI against its own directory).
    const QString cmdOut = dir.filePath(QStringLiteral("sub/cmd.out"));
    ASSERT_TRUE(waitUntil([&] { return QFile(cmdOut).size() > 0; }, 10000));
    QFile f(cmdOut);
    f.open(QIODevice::ReadOnly);
    EXPECT_EQ(f.readAll().trimmed(), "typed-by-cmd");
}

// Subscribers ignore SIGHUP so that closing their tab (or killing the GUI)
// ends their stream by the server's doing, and record their exit status.
// (Under the sanitizer build, LeakSanitizer's check at exit ptrace-stops
// the process; once the killed app's terminal is gone the subscriber's
// process group is orphaned, and that check was seen spinning for good, a
// tracer child waiting beside it: so no leak check for these subscribers.)
constexpr char kSubscriber[] = "trap '' HUP\n"
                               "export ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\"\n"
                               "deviceterm events > \"$1.jsonl\" 2> \"$1.err\"\n"
                               "echo $? > \"$1.status\"\n";

TEST_F(CliTest, eventsCarryOnlyTheSubscribersOwnLifecycleAndEndWithItsClose)
{
    ASSERT_TRUE(writeFile(dir.filePath(QStringLiteral("subscribe.sh")), kSubscriber));
    // Tab A subscribes, opens tab B (two subscribers of its own), opens and
    // closes a split, then closes tab B.
    startGui(QStringLiteral(
        "sh subscribe.sh a & sleep 0.5;"
        "deviceterm tab open --json --cwd . --cmd 'sh subscribe.sh b1 & sh subscribe.sh b2 &' > open.json;"
        "b=$(sed 's/.*\"shortId\":\"\\([^\"]*\\)\".*/\\1/' open.json);"
        // No readiness record exists: wait for the subscribers' files, then
        // give them a moment to connect.
        "i=0; until [ -e b1.jsonl ] && [ -e b2.jsonl ] || [ $i -gt 200 ]; do sleep 0.1; i=$((i+1)); done; sleep 1;"
        "deviceterm pane open --terminal --json > pane.json;"
        "p=$(sed 's/.*\"shortId\":\"\\([^\"]*\\)\".*/\\1/' pane.json);"
        "deviceterm pane close --pane $p --json > close.json;"
        "deviceterm tab close --tab $b --json > close-b.json;"
        "touch done; exec sleep 60"));
    // One bounded wait, so a stuck script fails here and not in every check.
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 40000))
        << "open.json: " << fileAfterDone(QStringLiteral("open.json"), 0).toStdString();
    const Json open = Json::parse(fileAfterDone(QStringLiteral("open.json")).toStdString());
    // `echo $? > x.status` creates the file before it writes the status.
    const auto written = [&](const char *name) { return QFileInfo(dir.filePath(QLatin1String(name))).size() > 0; };
    ASSERT_TRUE(waitUntil([&] { return written("b1.status") && written("b2.status"); }, 10000));
    // Both of B's subscribers got B's close as their one lifecycle line and
    // their last, and the CLI took the end of the stream as success. (B's
    // shell may report the command that started them: its own tab's
    // commands are theirs to hear, and nobody else's are.)
    for (const char *name : {"b1", "b2"}) {
        const std::vector<Json> all = jsonLines(fileAfterDone(QStringLiteral("%1.jsonl").arg(QLatin1String(name))));
        std::vector<Json> events;
        for (const Json &e : all) {
            if (e.value("type", std::string()).rfind("command.", 0) == 0)
                EXPECT_EQ(e["sessionId"], open["sessionId"]) << name << " heard another tab's command: " << e.dump();
            else
                events.push_back(e);
        }
        ASSERT_FALSE(all.empty());
        EXPECT_EQ(all.back()["type"], "session.closed") << name;
        ASSERT_EQ(events.size(), 1u) << name << fileAfterDone(QStringLiteral("%1.err").arg(QLatin1String(name))).toStdString()
                                     << fileAfterDone(QStringLiteral("%1.status").arg(QLatin1String(name))).toStdString();
        EXPECT_EQ(events[0]["type"], "session.closed");
        EXPECT_EQ(events[0]["sessionId"], open["sessionId"]);
        const std::string ts = events[0]["ts"];
        EXPECT_EQ(ts.size(), 24u) << ts; // 2026-11-29T23:59:59.123Z
        EXPECT_EQ(ts.back(), 'Z');
        EXPECT_EQ(ts[19], '.');
        EXPECT_EQ(fileAfterDone(QStringLiteral("%1.status").arg(QLatin1String(name))).trimmed(), "0");
    }
    // A saw none of the other sessions come and go, and its stream is open.
    EXPECT_TRUE(fileAfterDone(QStringLiteral("a.jsonl")).isEmpty());
    EXPECT_FALSE(written("a.status"));

    // The server going away ends the stream; that is not an error. (On
    // failure: who is still around, what each waits in, which files each
    // holds. That is how the LeakSanitizer hang above was found.)
    gui.kill();
    ASSERT_TRUE(gui.waitForFinished(5000));
    ASSERT_TRUE(waitUntil([&] { return written("a.status"); }, 30000))
        << "still running with this test's directory:\n" << dt::test::describeProcessesMentioning(dir.path()).toStdString();
    EXPECT_EQ(fileAfterDone(QStringLiteral("a.status")).trimmed(), "0");
}

TEST_F(CliTest, eventsLostToAnOverflowAreAFailure)
{
    // A stand-in server: the real one only overflows a subscriber with far
    // more events than a session can cause before device panes exist.
    QProcess server;
    server.setProcessChannelMode(QProcess::ForwardedChannels);
    server.start(QStringLiteral("python3"), {QStringLiteral(DT_OVERFLOWING_SERVER), socket});
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(socket); }, 10000));
    const CliRun r = cli({QStringLiteral("events")}, {{QStringLiteral("DEVICETERM_SESSION"), QStringLiteral("s1")},
                                                      {QStringLiteral("DEVICETERM_SESSION_CAP"), QStringLiteral("c1")}});
    server.waitForFinished(5000);
    EXPECT_EQ(r.status, 1);
    const std::vector<Json> lines = jsonLines(r.out);
    ASSERT_EQ(lines.size(), 2u) << r.out.toStdString();
    EXPECT_EQ(lines[0]["type"], "device.booted");
    EXPECT_EQ(lines[1]["type"], "stream.overflow");
    EXPECT_TRUE(r.err.contains("events were lost")) << r.err.toStdString();
}

TEST_F(CliTest, eventsOutsideATabOrWithoutAServerFail)
{
    const CliRun noServer = cli({QStringLiteral("events")},
                                {{QStringLiteral("DEVICETERM_SESSION"), QStringLiteral("0123456789abcdef")},
                                 {QStringLiteral("DEVICETERM_SESSION_CAP"), QStringLiteral("x")}});
    EXPECT_EQ(noServer.status, 1);
    EXPECT_TRUE(noServer.out.isEmpty());
    startGui(QStringLiteral("touch done; exec sleep 60"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(socket); }, 10000));
    const CliRun outside = cli({QStringLiteral("events")});
    EXPECT_EQ(outside.status, 1);
    EXPECT_TRUE(outside.err.contains("inside a deviceterm tab")) << outside.err.toStdString();
}

TEST_F(CliTest, doctorPassesInsideATabAndSaysWhatIsWrongOutside)
{
    startGui(QStringLiteral("deviceterm doctor --json > doctor.json; echo $? > doctor.status; touch done; exec sleep 60"));
    EXPECT_EQ(fileAfterDone(QStringLiteral("doctor.status")).trimmed(), "0");
    const Json inside = Json::parse(fileAfterDone(QStringLiteral("doctor.json")).toStdString());
    EXPECT_EQ(inside["ok"], true);
    for (const Json &check : inside["checks"])
        if (check["name"] == "Shell integration") // this tab runs a script, not a shell
            EXPECT_EQ(check["status"], "warn") << check.dump();
        else
            EXPECT_EQ(check["status"], "ok") << check.dump();
    EXPECT_EQ(inside["role"], "agent");
    EXPECT_TRUE(inside["session"].contains("shortId"));
    const auto &allowed = inside["allowedMethods"];
    EXPECT_NE(std::find(allowed.begin(), allowed.end(), "tab.open"), allowed.end());
    // The capability is never printed.
    EXPECT_EQ(inside.dump().find("CAP\":\"0"), std::string::npos);

    const CliRun outside = cli({QStringLiteral("doctor"), QStringLiteral("--json")}, {{QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin")}});
    // Outside a tab is said once, as a warning: not a failure of its own.
    EXPECT_EQ(outside.status, 0) << outside.out.toStdString();
    const Json report = Json::parse(outside.out.toStdString());
    EXPECT_EQ(report["ok"], true);
    EXPECT_EQ(report["checks"][0]["name"], "Inside a deviceterm tab");
    EXPECT_EQ(report["checks"][0]["status"], "warn");
    EXPECT_FALSE(report.contains("session"));
    EXPECT_FALSE(report.contains("role"));

    // A refused session still reports the role its tab's environment names.
    const CliRun refused = cli({QStringLiteral("doctor"), QStringLiteral("--json")},
                               {{QStringLiteral("DEVICETERM_SESSION"), inside["session"]["sessionId"].get<std::string>().c_str()},
                                {QStringLiteral("DEVICETERM_SESSION_CAP"), QStringLiteral("not-the-capability")},
                                {QStringLiteral("DEVICETERM_SESSION_ROLE"), QStringLiteral("agent")}});
    EXPECT_EQ(refused.status, 1);
    const Json refusedReport = Json::parse(refused.out.toStdString());
    EXPECT_EQ(refusedReport["role"], "agent");
    EXPECT_FALSE(refusedReport.contains("allowedMethods"));
}

TEST_F(CliTest, localVerbsWorkWithoutTheApp)
{
    const QString config = dir.filePath(QStringLiteral("cfg/deviceterm"));
    QDir().mkpath(config);
    ASSERT_TRUE(writeFile(config + QStringLiteral("/config"), "theme = light\nno-such-key = 1\n"));
    const CliRun dump = cli({QStringLiteral("dump-config"), QStringLiteral("--json")},
                            {{QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("cfg"))}});
    ASSERT_EQ(dump.status, 0) << dump.err.toStdString();
    const Json report = Json::parse(dump.out.toStdString());
    ASSERT_TRUE(report.contains("entries") && report.contains("warnings"));
    std::string previous;
    for (const Json &e : report["entries"]) {
        EXPECT_LT(previous, e["key"].get<std::string>()); // sorted
        previous = e["key"];
        if (e["key"] == "theme") {
            EXPECT_EQ(e["source"], "file");
        }
        if (e["key"] == "tab-close-default") {
            EXPECT_EQ(e["source"], "unset");
            EXPECT_EQ(e["value"], "");
            EXPECT_TRUE(e.contains("note"));
        }
        if (e["source"] != "unset") {
            EXPECT_FALSE(e.contains("note"));
        }
    }
    EXPECT_NE(report["warnings"].dump().find("no-such-key"), std::string::npos);

    const CliRun agents = cli({QStringLiteral("agents")});
    EXPECT_EQ(agents.status, 0);
    EXPECT_TRUE(agents.out.contains("DEVICETERM_SESSION_CAP"));

    const CliRun install = cli({QStringLiteral("completions"), QStringLiteral("install"), QStringLiteral("bash")},
                               {{QStringLiteral("HOME"), dir.path()}, {QStringLiteral("XDG_DATA_HOME"), QString()}});
    EXPECT_EQ(install.status, 0) << install.err.toStdString();
    QFile script(dir.filePath(QStringLiteral(".local/share/bash-completion/completions/deviceterm")));
    ASSERT_TRUE(script.open(QIODevice::ReadOnly));
    const QByteArray text = script.readAll();
    EXPECT_TRUE(text.contains("complete -o default -F _deviceterm deviceterm"));
    EXPECT_TRUE(text.contains("open close rename select move"));
    EXPECT_EQ(cli({QStringLiteral("completions"), QStringLiteral("install"), QStringLiteral("tcsh")}).status, 1);

    const CliRun help = cli({QStringLiteral("help"), QStringLiteral("tab")});
    EXPECT_EQ(help.status, 0);
    EXPECT_TRUE(help.out.contains("tab open"));
    EXPECT_TRUE(help.out.contains("tabs list"));
    EXPECT_FALSE(help.out.contains("windows list"));
    EXPECT_EQ(cli({QStringLiteral("help"), QStringLiteral("nonsense")}).status, 1);
    const CliRun typo = cli({QStringLiteral("help"), QStringLiteral("tabb")});
    EXPECT_EQ(typo.status, 1);
    EXPECT_TRUE(typo.out.isEmpty());
    EXPECT_TRUE(typo.err.contains("did you mean: tab, tabs, tap?")) << typo.err.toStdString();
    const CliRun allFlag = cli({QStringLiteral("help"), QStringLiteral("--all")});
    EXPECT_EQ(allFlag.status, 1);
    EXPECT_TRUE(allFlag.err.contains("usage: deviceterm help [TOPIC]")) << allFlag.err.toStdString();
}

TEST_F(CliTest, withPaneNeedsADevicePaneAndSaysSo)
{
    startGui(QStringLiteral("deviceterm --json with-pane -- sh -c 'echo ran' 2> with-pane.err > with-pane.out;"
                            "echo $? > with-pane.status; touch done; exec sleep 60"));
    EXPECT_EQ(fileAfterDone(QStringLiteral("with-pane.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("with-pane.err")).contains("no device pane in this session"));
    EXPECT_TRUE(fileAfterDone(QStringLiteral("with-pane.out")).isEmpty()); // the child never ran
    const CliRun outside = cli({QStringLiteral("with-pane"), QStringLiteral("--"), QStringLiteral("true")});
    EXPECT_EQ(outside.status, 1);
    EXPECT_TRUE(outside.err.contains("inside a deviceterm tab"));
}

TEST_F(CliTest, aSetsidChildIsTrustedThroughItsParentUntilOrphaned)
{
    startGui(QStringLiteral("python3 '%1'; sleep 1; touch done; exec sleep 60").arg(QStringLiteral(DT_ORPHAN_SCRIPT)));
    const Json before = Json::parse(fileAfterDone(QStringLiteral("before.json")).toStdString());
    EXPECT_EQ(before[0]["result"]["ok"], true) << before.dump();
    EXPECT_EQ(before[1]["result"]["role"], "agent") << before.dump();
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("after.json"))); }, 10000));
    const Json after = Json::parse(fileAfterDone(QStringLiteral("after.json")).toStdString());
    EXPECT_EQ(after["error"]["code"], -32001) << after.dump();
}

TEST_F(CliTest, outsideATabDaemonWideVerbsWorkAndSessionVerbsSaySo)
{
    startGui(QStringLiteral("touch done; exec sleep 60"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(socket); }, 10000));
    fileAfterDone(QStringLiteral("done"));

    const CliRun list = cli({QStringLiteral("tabs"), QStringLiteral("list"), QStringLiteral("--json")});
    ASSERT_EQ(list.status, 0) << list.err.toStdString();
    const Json rows = Json::parse(list.out.toStdString());
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0]["current"], false);
    EXPECT_TRUE(list.out.endsWith('\n'));

    const CliRun windows = cli({QStringLiteral("windows"), QStringLiteral("list"), QStringLiteral("--json")});
    EXPECT_EQ(windows.status, 0);
    EXPECT_EQ(Json::parse(windows.out.toStdString()), Json::array());
    const CliRun all = cli({QStringLiteral("--json"), QStringLiteral("windows"), QStringLiteral("list"), QStringLiteral("--all")});
    EXPECT_EQ(Json::parse(all.out.toStdString()).size(), 1u);

    for (const QStringList &verb : {QStringList{QStringLiteral("tabs"), QStringLiteral("current")},
                                    QStringList{QStringLiteral("tab"), QStringLiteral("info")}}) {
        const CliRun r = cli(verb + QStringList{QStringLiteral("--json")});
        EXPECT_EQ(r.status, 1);
        EXPECT_TRUE(r.out.isEmpty());
        EXPECT_TRUE(r.err.contains("inside a deviceterm tab")) << r.err.toStdString();
    }
}

TEST_F(CliTest, aCapabilityCopiedOutOfTheTabIsRefused)
{
    startGui(QStringLiteral("env | grep '^DEVICETERM_SESSION' > session.env; touch done; exec sleep 60"));
    const QList<QByteArray> lines = fileAfterDone(QStringLiteral("session.env")).split('\n');
    QMap<QString, QString> stolen;
    for (const QByteArray &line : lines) {
        const int eq = line.indexOf('=');
        if (eq > 0)
            stolen.insert(QString::fromLatin1(line.left(eq)), QString::fromLatin1(line.mid(eq + 1)));
    }
    ASSERT_TRUE(stolen.contains(QStringLiteral("DEVICETERM_SESSION_CAP")));
    const CliRun r = cli({QStringLiteral("tab"), QStringLiteral("info"), QStringLiteral("--json")}, stolen);
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(r.out.isEmpty());
    EXPECT_TRUE(r.err.contains("refused")) << r.err.toStdString();
}

TEST_F(CliTest, versionReportsTheDaemonOnlyWhenItAnswers)
{
    const CliRun offline = cli({QStringLiteral("version"), QStringLiteral("--json")});
    EXPECT_EQ(offline.status, 0);
    const Json a = Json::parse(offline.out.toStdString());
    EXPECT_FALSE(a.contains("daemon"));
    EXPECT_TRUE(a.contains("deviceterm") && a.contains("rpcWire") && a.contains("os"));
    EXPECT_FALSE(a.contains("macOS"));

    startGui(QStringLiteral("touch done; exec sleep 60"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(socket); }, 10000));
    const Json b = Json::parse(cli({QStringLiteral("version"), QStringLiteral("--json")}).out.toStdString());
    EXPECT_EQ(b["daemon"], b["rpcWire"]);
}

TEST_F(CliTest, unknownCommandsAndAMissingServerFailWithExitStatusOne)
{
    const CliRun bogus = cli({QStringLiteral("frobnicate")});
    EXPECT_EQ(bogus.status, 1);
    EXPECT_TRUE(bogus.err.contains("unknown command"));
    const CliRun down = cli({QStringLiteral("tabs"), QStringLiteral("list")});
    EXPECT_EQ(down.status, 1);
    EXPECT_TRUE(down.err.contains("is deviceterm running?")) << down.err.toStdString();
    const CliRun help = cli({QStringLiteral("help")});
    EXPECT_EQ(help.status, 0);
    EXPECT_TRUE(help.out.contains("tabs list"));
}

} // namespace
