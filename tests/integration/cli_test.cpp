// The real `deviceterm` CLI against the real GUI (offscreen) on a private
// socket: run inside one of its tabs (the tab's own shell runs it, with the
// environment the GUI gave that shell) and from outside any tab.

#include "app/audit/audit_log.h"
#include "rpc/contract/envelope.h"
#include "support/processes.h"
#include "support/wait_until.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QProcess>
#include <QThread>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace {

using dt::rpc::Json;
using dt::test::processesMentioning;
using dt::test::waitUntil;

struct CliRun {
    int status = -1;
    QByteArray out;
    QByteArray err;
};

class CliTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        socket = dir.filePath(QStringLiteral("gui.sock"));
    }
    void TearDown() override
    {
        // Asked to quit (SIGTERM), so it shuts its devices down; killed
        // only if it will not.
        if (gui.state() != QProcess::NotRunning) {
            gui.terminate();
            if (!gui.waitForFinished(5000)) {
                gui.kill();
                gui.waitForFinished(5000);
            }
        }
        // Whatever this test started and a failure left behind (devices,
        // stuck subscribers) names the test's directory: it goes too.
        dt::test::killProcessesMentioning(dir.path());
    }

    // The config file the GUI and the CLI read ($XDG_CONFIG_HOME is `dir`).
    void writeConfig(const QByteArray &text)
    {
        ASSERT_TRUE(QDir().mkpath(dir.filePath(QStringLiteral("deviceterm"))));
        QFile config(dir.filePath(QStringLiteral("deviceterm/config")));
        ASSERT_TRUE(config.open(QIODevice::WriteOnly));
        config.write(text);
    }

    // Starts the GUI whose first tab runs `script` in sh, in `dir`.
    void startGui(const QString &script, const QStringList &options = {})
    {
        launchGui(gui, script, options);
        ASSERT_TRUE(gui.waitForStarted(5000));
    }

    // Starts deviceterm-gui in `process` with the test's environment.
    void launchGui(QProcess &process, const QString &script, const QStringList &options = {})
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());
        // Shells opened by `tab open` read ~/.bashrc and write history:
        // neither the developer's start-up files nor their home are ours.
        env.insert(QStringLiteral("HOME"), dir.path());
        env.insert(QStringLiteral("XDG_STATE_HOME"), dir.filePath(QStringLiteral("state"))); // the audit log
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data"))); // the device set
        env.remove(QStringLiteral("DEVICETERM_SESSION"));
        env.remove(QStringLiteral("DEVICETERM_SESSION_CAP"));
        process.setProcessEnvironment(env);
        process.setWorkingDirectory(dir.path());
        if (&process == &gui)
            process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process.start(QStringLiteral(DT_GUI_BINARY),
                      options + QStringList{QStringLiteral("--socket"), socket, QStringLiteral("-e"), QStringLiteral("sh"),
                                            QStringLiteral("-c"), script});
    }

    QByteArray fileAfterDone(const QString &name, int timeoutMs = 15000)
    {
        waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, timeoutMs);
        QFile f(dir.filePath(name));
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }

    // Runs the CLI outside any tab, optionally with extra environment.
    CliRun cli(const QStringList &args, const QMap<QString, QString> &extra = {})
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DEVICETERM_SESSION"));
        env.remove(QStringLiteral("DEVICETERM_SESSION_CAP"));
        env.insert(QStringLiteral("DEVICETERM_DAEMON_SOCK"), socket);
        for (auto it = extra.cbegin(); it != extra.cend(); ++it)
            env.insert(it.key(), it.value());
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(DT_CLI_BINARY), args);
        p.waitForFinished(10000);
        return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
    }

    static bool writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    }

    QTemporaryDir dir;
    QString socket;
    QProcess gui;
};

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
    EXPECT_EQ(fileAfterDone(QStringLiteral("pane-rename.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("pane-rename.err")).contains("intent.internalError"));
    EXPECT_EQ(fileAfterDone(QStringLiteral("select.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("select.err")).contains("intent.notFound"));
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

std::vector<Json> jsonLines(const QByteArray &text)
{
    std::vector<Json> out;
    for (const QByteArray &line : text.split('\n'))
        if (!line.isEmpty())
            out.push_back(Json::parse(line.toStdString()));
    return out;
}

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
    // Both of B's subscribers got B's close as their one and last line, and
    // the CLI took the end of the stream as success.
    for (const char *name : {"b1", "b2"}) {
        const std::vector<Json> events = jsonLines(fileAfterDone(QStringLiteral("%1.jsonl").arg(QLatin1String(name))));
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
        EXPECT_EQ(check["status"], "ok") << check.dump();
    EXPECT_EQ(inside["role"], "agent");
    EXPECT_TRUE(inside["session"].contains("shortId"));
    const auto &allowed = inside["allowedMethods"];
    EXPECT_NE(std::find(allowed.begin(), allowed.end(), "tab.open"), allowed.end());
    // The capability is never printed.
    EXPECT_EQ(inside.dump().find("CAP\":\"0"), std::string::npos);

    const CliRun outside = cli({QStringLiteral("doctor"), QStringLiteral("--json")}, {{QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin")}});
    EXPECT_EQ(outside.status, 1);
    const Json report = Json::parse(outside.out.toStdString());
    EXPECT_EQ(report["ok"], false);
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
    EXPECT_TRUE(text.contains("complete -F _deviceterm deviceterm"));
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

TEST_F(CliTest, aSecondLaunchOpensAWindowInTheFirstInsteadOfTakingItsSocket)
{
    startGui(QStringLiteral("touch done; exec sleep 60"));
    fileAfterDone(QStringLiteral("done"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(socket); }, 10000));
    // What the desktop file's New Window does, here asking for a grant it
    // must not get.
    QProcess second;
    launchGui(second, QStringLiteral("deviceterm tab info --json > second-info.json; touch second-done; exec sleep 60"),
              {QStringLiteral("--orchestrator")});
    ASSERT_TRUE(second.waitForFinished(10000));
    EXPECT_EQ(second.exitCode(), 0) << second.readAllStandardError().toStdString();
    EXPECT_TRUE(second.readAllStandardError().contains("ordinary window"));
    // The command ran in a new window of the first instance, as an agent.
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("second-done"))); }, 15000));
    QFile info(dir.filePath(QStringLiteral("second-info.json")));
    ASSERT_TRUE(info.open(QIODevice::ReadOnly));
    EXPECT_EQ(Json::parse(info.readAll().toStdString())["role"], "agent");
    const CliRun all = cli({QStringLiteral("windows"), QStringLiteral("list"), QStringLiteral("--all"), QStringLiteral("--json")});
    ASSERT_EQ(all.status, 0) << all.err.toStdString();
    EXPECT_EQ(Json::parse(all.out.toStdString()).size(), 2u);
    // The first instance still owns its socket, and removes it when it quits.
    EXPECT_TRUE(QFileInfo(socket).exists());
    EXPECT_EQ(cli({QStringLiteral("tabs"), QStringLiteral("list")}).status, 0);
    gui.terminate();
    ASSERT_TRUE(gui.waitForFinished(10000));
    EXPECT_FALSE(QFileInfo(socket).exists());
}

TEST_F(CliTest, whenTheRunningInstanceLostItsSocketDoctorAndASecondLaunchSaySo)
{
    startGui(QStringLiteral("touch done; exec sleep 60"));
    fileAfterDone(QStringLiteral("done"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(socket); }, 10000));
    ASSERT_TRUE(QFile::remove(socket)); // as an older deviceterm used to do on its way out
    const CliRun doctor = cli({QStringLiteral("doctor"), QStringLiteral("--json")});
    EXPECT_EQ(doctor.status, 1);
    const std::string pid = std::to_string(gui.processId());
    EXPECT_TRUE(doctor.out.contains(("deviceterm-gui (pid " + pid + ") owns").c_str())) << doctor.out.toStdString();
    EXPECT_TRUE(doctor.out.contains("quit that instance")) << doctor.out.toStdString();
    QProcess second;
    launchGui(second, QStringLiteral("exec sleep 60"));
    ASSERT_TRUE(second.waitForFinished(10000));
    EXPECT_EQ(second.exitCode(), 1);
    const QByteArray err = second.readAllStandardError();
    EXPECT_TRUE(err.contains(("deviceterm (pid " + pid + ") holds").c_str())) << err.toStdString();
}

TEST_F(CliTest, aStaleSocketIsReplacedButALiveForeignServerIsLeftAlone)
{
    {
        // What a crashed instance leaves: a socket file nobody listens on.
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        std::strncpy(addr.sun_path, socket.toLocal8Bit().constData(), sizeof addr.sun_path - 1);
        ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
        ::close(fd);
    }
    startGui(QStringLiteral("touch done; exec sleep 60"));
    fileAfterDone(QStringLiteral("done"));
    ASSERT_TRUE(waitUntil([&] { return cli({QStringLiteral("tabs"), QStringLiteral("list")}).status == 0; }, 10000));
    gui.terminate();
    ASSERT_TRUE(gui.waitForFinished(10000));

    // Someone else's server on the path (no lock of ours): deviceterm runs
    // without automation rather than unlinking it.
    QLocalServer foreign;
    ASSERT_TRUE(foreign.listen(socket));
    QProcess other;
    launchGui(other, QStringLiteral("touch done2; exec sleep 60"));
    QByteArray said;
    ASSERT_TRUE(waitUntil([&] {
        said += other.readAllStandardError();
        return said.contains("another server is listening there") || other.state() == QProcess::NotRunning;
    }, 15000)) << said.toStdString();
    EXPECT_NE(other.state(), QProcess::NotRunning);
    other.terminate();
    other.waitForFinished(10000);
    QLocalSocket probe;
    probe.connectToServer(socket);
    EXPECT_TRUE(probe.waitForConnected(2000));
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

// The scripts live beside this file; each runs in a tab, in `dir`.
QString script(const char *name)
{
    return QStringLiteral(DT_SCRIPTS_DIR "/") + QLatin1String(name);
}

int count(const QByteArray &text, const QByteArray &needle)
{
    return static_cast<int>(text.count(needle));
}

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

TEST_F(CliTest, theDeviceSetIsMadeListedAndDeletedWithoutTheApp)
{
    const QMap<QString, QString> env{{QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data"))},
                                     {QStringLiteral("XDG_RUNTIME_DIR"), dir.path()}};
    const CliRun empty = cli({QStringLiteral("sim"), QStringLiteral("list"), QStringLiteral("--json")}, env);
    EXPECT_EQ(empty.status, 0);
    EXPECT_EQ(empty.out, "[]\n");
    const CliRun made = cli({QStringLiteral("sim"), QStringLiteral("create"), QStringLiteral("Wrist"), QStringLiteral("--profile"),
                             QStringLiteral("watch"), QStringLiteral("--json")},
                            env);
    ASSERT_EQ(made.status, 0) << made.err.toStdString();
    const Json watch = Json::parse(made.out.toStdString());
    EXPECT_EQ(watch["name"], "Wrist");
    EXPECT_EQ(watch["family"], "watch");
    EXPECT_EQ(watch["state"], "shutdown");
    EXPECT_FALSE(watch.contains("app")); // the device shell
    EXPECT_EQ(watch["udid"].get<std::string>().size(), 36u);
    const CliRun withApp = cli({QStringLiteral("sim"), QStringLiteral("create"), QStringLiteral("Board"), QStringLiteral("--profile"),
                                QStringLiteral("pad"), QStringLiteral("--json"), QStringLiteral("--"), QStringLiteral("/usr/bin/xeyes"),
                                QStringLiteral("--json")},
                               env);
    ASSERT_EQ(withApp.status, 0) << withApp.err.toStdString();
    EXPECT_EQ(Json::parse(withApp.out.toStdString())["app"], Json({"/usr/bin/xeyes", "--json"})); // after --: the app's
    const CliRun badProfile = cli({QStringLiteral("sim"), QStringLiteral("create"), QStringLiteral("X"), QStringLiteral("--profile"),
                                   QStringLiteral("toaster")},
                                  env);
    EXPECT_EQ(badProfile.status, 1);
    EXPECT_TRUE(badProfile.err.contains("unknown profile 'toaster'"));

    const Json list = Json::parse(cli({QStringLiteral("sim"), QStringLiteral("list"), QStringLiteral("--json")}, env).out.toStdString());
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[0]["name"], "Board"); // by name
    const CliRun human = cli({QStringLiteral("sim"), QStringLiteral("list")}, env);
    EXPECT_TRUE(human.out.contains("Wrist")) << human.out.toStdString();
    const CliRun deleted = cli({QStringLiteral("sim"), QStringLiteral("delete"), QStringLiteral("Wrist")}, env);
    EXPECT_EQ(deleted.status, 0) << deleted.err.toStdString();
    const CliRun again = cli({QStringLiteral("sim"), QStringLiteral("delete"), QStringLiteral("Wrist")}, env);
    EXPECT_EQ(again.status, 1);
    EXPECT_TRUE(again.err.contains("not found"));
    EXPECT_EQ(Json::parse(cli({QStringLiteral("sim"), QStringLiteral("list"), QStringLiteral("--json")}, env).out.toStdString()).size(), 1u);
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
                  QByteArray::fromStdString("deviceterm: intent.notFound: tab '" + a + "' not found\n"))
            << verb;
    }
    EXPECT_EQ(fileAfterDone(QStringLiteral("b-unknown.err")), "deviceterm: intent.notFound: tab 'nosuch' not found\n");
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("leaked.txt"))));
    // Window 2 co-hosts A: B sees one tab there and may not close it.
    const Json before = json("b-windows-before.json");
    ASSERT_EQ(before.size(), 2u);
    EXPECT_EQ(before[1]["tabCount"], 1);
    EXPECT_EQ(fileAfterDone(QStringLiteral("b-window-close.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("b-window-close.err")).contains("intent.mutationFailed"));
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

TEST_F(CliTest, aTabBootsAPhoneBesideItAndDrivesIt)
{
    startGui(QStringLiteral("sh ") + script("device_pane.sh"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 80000));
    EXPECT_EQ(fileAfterDone(QStringLiteral("waits.err")).toStdString(), "");
    auto json = [&](const char *name) { return Json::parse(fileAfterDone(QLatin1String(name)).toStdString()); };
    const Json created = json("create.json");
    const std::string udid = created["udid"];
    const Json boot = json("boot.json");
    EXPECT_EQ(boot["ok"], true);
    EXPECT_EQ(boot["udid"], udid);
    EXPECT_EQ(boot["state"], "booting");

    // The pane row, the roster and the info: the contract's keys.
    const Json panes = json("panes.json");
    ASSERT_EQ(panes.size(), 1u);
    const Json &pane = panes[0];
    EXPECT_EQ(pane["state"], "rendering");
    EXPECT_EQ(pane["family"], "phone");
    EXPECT_EQ(pane["name"], "Phone");
    EXPECT_EQ(pane["target"], Json({{"sim", {{"udid", udid}}}}));
    EXPECT_EQ(pane["capabilities"]["touch"], true);
    EXPECT_EQ(pane["capabilities"]["crown"], false);
    EXPECT_EQ(pane["capabilities"]["accessibility"], true);
    EXPECT_EQ(pane["capabilities"]["rotate"], true);
    const std::string paneId = pane["paneId"];
    const Json info = json("info.json");
    EXPECT_EQ(info["paneId"], paneId);
    EXPECT_EQ(info["family"], "phone");
    EXPECT_TRUE(info.contains("linkedSessionId") && info.contains("displayName"));
    const Json devices = json("devices.json");
    ASSERT_EQ(devices.size(), 1u);
    EXPECT_EQ(devices[0]["id"], udid);
    EXPECT_EQ(devices[0]["kind"], "sim");
    EXPECT_EQ(devices[0]["attached"], true);
    EXPECT_EQ(devices[0]["ownerSessionId"], info["linkedSessionId"]);
    EXPECT_EQ(json("simlist.json")[0]["state"], "booted");

    // Accessibility: the home screen's buttons, the one at a point, a sweep.
    const Json tree = json("ax-tree.json")["tree"];
    EXPECT_EQ(tree["role"], "Application");
    std::vector<std::string> buttons;
    std::function<void(const Json &)> walk = [&](const Json &n) {
        if (n["role"] == "Button")
            buttons.push_back(n["label"]);
        EXPECT_TRUE(n.contains("frame") && n["frame"].contains("w"));
        for (const Json &c : n.value("children", Json::array()))
            walk(c);
    };
    walk(tree);
    EXPECT_EQ(buttons, (std::vector<std::string>{"Counter", "Form", "List", "Photo"}));
    const Json element = json("ax-point.json")["element"];
    EXPECT_EQ(element["role"], "Button");
    EXPECT_EQ(element["label"], "Counter");
    EXPECT_FALSE(element.contains("children"));
    const Json sweep = json("ax-sweep.json")["tree"];
    EXPECT_EQ(sweep["role"], "AXSweepRoot");
    EXPECT_EQ(sweep["step"], 0.25);
    EXPECT_EQ(sweep["sweepedPoints"], 16);
    EXPECT_FALSE(sweep["children"].empty());
    // A pinch: two real fingers on the shell's photo, which zooms in.
    const Json pinch = json("pinch.json");
    EXPECT_EQ(pinch["paneId"], paneId);
    EXPECT_EQ(pinch["durationMs"], 250);
    EXPECT_TRUE(fileAfterDone(QStringLiteral("pinch-title.txt")).startsWith("Photo: "));
    EXPECT_TRUE(fileAfterDone(QStringLiteral("nodashes-title.txt")).startsWith("Photo: "))
        << fileAfterDone(QStringLiteral("nodashes-title.txt")).toStdString();
    EXPECT_EQ(fileAfterDone(QStringLiteral("pinch-short.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("pinch-short.err")).contains("usage: deviceterm pinch F1X"))
        << fileAfterDone(QStringLiteral("pinch-short.err")).toStdString();

    // Receipts name the pane and echo what was done, never typed text.
    const Json tap = json("tap.json");
    EXPECT_EQ(tap["paneId"], paneId);
    EXPECT_EQ(tap["udid"], udid);
    EXPECT_EQ(tap["x"], element["normalizedCenter"]["x"]);
    EXPECT_EQ(json("button.json")["button"], "volume-up");
    EXPECT_EQ(json("key.json")["keyCode"], "0x1008ff13");
    const Json swipe = json("swipe.json");
    EXPECT_EQ(swipe["dispatched"], "drag");
    EXPECT_EQ(swipe["durationMs"], 200);
    EXPECT_GE(swipe["steps"].get<int>(), 10);
    EXPECT_EQ(json("flick.json")["dispatched"], "tap");
    EXPECT_EQ(json("flick31.json")["dispatched"], "tap");
    EXPECT_EQ(json("held.json")["dispatched"], "drag");
    EXPECT_EQ(fileAfterDone(QStringLiteral("badhold.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("badhold.err")).contains("--hold must be a whole number of milliseconds"));
    EXPECT_EQ(json("longpress.json")["durationMs"], 300);
    const Json appSwitcher = json("appswitcher.json");
    EXPECT_EQ(appSwitcher["x"], 0.5);
    EXPECT_EQ(appSwitcher["y"], 0.99);
    EXPECT_FALSE(appSwitcher.contains("dispatched"));
    EXPECT_EQ(json("rotate.json")["orientation"], "landscapeLeft");
    EXPECT_EQ(json("rotate-again.json")["orientation"], "landscapeLeft");
    EXPECT_EQ(json("rotate-right.json")["orientation"], "portrait");
    EXPECT_EQ(fileAfterDone(QStringLiteral("rotate.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("rotate.err")).contains("not an orientation"));
    const Json text = json("text.json");
    EXPECT_EQ(text["bytes"], 8); // "Zoë ✓" in UTF-8
    EXPECT_FALSE(fileAfterDone(QStringLiteral("text.json")).contains("Zo"));

    // Refusals, each saying why.
    for (const char *bad : {"crown", "badtap", "foreign", "badbutton", "badkey"})
        EXPECT_EQ(fileAfterDone(QLatin1String(bad) + QStringLiteral(".status")).trimmed(), "1") << bad;
    EXPECT_TRUE(fileAfterDone(QStringLiteral("crown.err")).contains("only watches have a crown"));
    EXPECT_TRUE(fileAfterDone(QStringLiteral("badtap.err")).contains("from 0 to 1"));
    EXPECT_TRUE(fileAfterDone(QStringLiteral("foreign.err")).contains("unknown paneId 'nosuch'"));
    EXPECT_TRUE(fileAfterDone(QStringLiteral("badbutton.err")).contains("unknown button 'teleport'"));
    EXPECT_TRUE(fileAfterDone(QStringLiteral("badkey.err")).contains("no such key"));

    // Another session cannot reach this one's pane, and cannot tell it from
    // one that does not exist.
    auto withoutRef = [](QByteArray text, const std::string &ref) { return text.replace(QByteArray::fromStdString(ref), "REF"); };
    const std::string shortId = pane["shortId"];
    EXPECT_EQ(withoutRef(fileAfterDone(QStringLiteral("other-tap.err")), shortId),
              withoutRef(fileAfterDone(QStringLiteral("other-unknown.err")), "zzzzzz"));
    EXPECT_TRUE(fileAfterDone(QStringLiteral("other-tap.err")).contains("unknown paneId"));
    EXPECT_TRUE(fileAfterDone(QStringLiteral("other-info.err")).contains("unknown paneId"));
    EXPECT_EQ(fileAfterDone(QStringLiteral("other-shutdown.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("other-shutdown.err")).contains("not booted by this session"));
    // A launched program runs on the device's display, and a missing one
    // is reported, not fatal to the device.
    EXPECT_GT(json("launch.json")["pid"].get<int64_t>(), 0);
    EXPECT_EQ(fileAfterDone(QStringLiteral("launched.txt")).trimmed().toStdString(), pane["display"].get<std::string>());
    EXPECT_EQ(fileAfterDone(QStringLiteral("launch-bad.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("launch-bad.err")).contains("cannot start /nonexistent/program"));
    // Two panes: say which.
    EXPECT_EQ(json("boot-watch.json")["family"], "watch");
    EXPECT_EQ(fileAfterDone(QStringLiteral("twopanes.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("twopanes.err")).contains("2 device panes; name one with --pane"));
    EXPECT_EQ(json("crown-watch.json")["delta"], 2);
    // The watch runs a program that is no Qt touch app: no multitouch, and
    // a pinch on it says why.
    for (const Json &row : json("panes-two.json"))
        EXPECT_EQ(row["capabilities"]["multitouch"], row["family"] == "phone") << row.dump();
    // People get columns, not JSON.
    const QList<QByteArray> panesHuman = fileAfterDone(QStringLiteral("panes-human.txt")).trimmed().split('\n');
    ASSERT_EQ(panesHuman.size(), 3);
    EXPECT_TRUE(panesHuman[0].startsWith("SHORT")) << panesHuman[0].toStdString();
    EXPECT_TRUE(panesHuman[1].contains("rendering") && !panesHuman[1].contains('{')) << panesHuman[1].toStdString();
    const QByteArray devicesHuman = fileAfterDone(QStringLiteral("devices-human.txt"));
    EXPECT_TRUE(devicesHuman.startsWith("NAME")) << devicesHuman.toStdString();
    EXPECT_TRUE(devicesHuman.contains("Wrist") && devicesHuman.contains("yes")) << devicesHuman.toStdString();
    EXPECT_EQ(json("crown-by-name.json")["udid"], json("boot-watch.json")["udid"]);
    EXPECT_EQ(json("crown-by-prefix.json")["udid"], json("boot-watch.json")["udid"]);
    EXPECT_EQ(fileAfterDone(QStringLiteral("pinch-watch.status")).trimmed(), "1");
    EXPECT_TRUE(fileAfterDone(QStringLiteral("pinch-watch.err")).contains("no multitouch (the app was not created with Qt touch"))
        << fileAfterDone(QStringLiteral("pinch-watch.err")).toStdString();

    // The tab lists its device pane; a detached device runs on unattached
    // and comes back, app state and all, when attached.
    EXPECT_EQ(json("tabinfo.json")["simPanes"].size(), 1u);
    EXPECT_EQ(json("tabinfo.json")["simPanes"][0]["paneId"], paneId);
    EXPECT_EQ(json("detach.json")["mode"], "detach");
    EXPECT_EQ(json("detached-panes.json"), Json::array());
    const Json detached = json("detached-devices.json");
    ASSERT_EQ(detached.size(), 1u);
    EXPECT_EQ(detached[0]["attached"], false);
    EXPECT_EQ(detached[0]["ownerSessionId"], info["linkedSessionId"]); // ours, so we may know
    EXPECT_EQ(json("attach.json")["udid"], udid);

    // Shut down: the pane is gone, and so is every process of the device.
    EXPECT_EQ(json("shutdown.json")["ok"], true);
    EXPECT_EQ(json("after.json"), Json::array());
    EXPECT_EQ(json("simlist-after.json")[0]["state"], "shutdown");
    EXPECT_TRUE(waitUntil([&] { return processesMentioning(QString::fromStdString(udid)).isEmpty(); }, 5000))
        << processesMentioning(QString::fromStdString(udid)).join(QLatin1Char('\n')).toStdString();

    // The subscriber saw its pane's states in order, and the global events.
    std::vector<std::string> states, globals;
    for (const Json &e : jsonLines(fileAfterDone(QStringLiteral("events.jsonl")))) {
        if (e["type"] == "pane.stateChanged") {
            if (states.empty()) { // a pane attached later has an id of its own
                EXPECT_EQ(e["paneId"], paneId);
            }
            states.push_back(e["state"]);
        } else if ((e["type"] == "device.booted" || e["type"] == "device.shutdown") && e["udid"] == udid) {
            globals.push_back(e["type"]); // (the watch's come too)
        }
    }
    // (detached and attached again in between: the device kept rendering)
    EXPECT_EQ(states.front(), "booting");
    EXPECT_EQ(states.at(1), "rendering");
    EXPECT_EQ(states.back(), "shutdown");
    EXPECT_EQ(globals, (std::vector<std::string>{"device.booted", "device.shutdown"}));
}

TEST_F(CliTest, quittingTheAppShutsItsDevicesDown)
{
    startGui(QStringLiteral("deviceterm sim create Pad --profile pad > /dev/null; deviceterm sim boot Pad > /dev/null;"
                            "until deviceterm panes list --json | grep -q rendering; do sleep 0.1; done; touch done; exec sleep 60"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 30000));
    const QString devices = dir.filePath(QStringLiteral("deviceterm/devices"));
    ASSERT_FALSE(processesMentioning(devices).isEmpty());
    const QStringList running = QDir(devices).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    ASSERT_EQ(running.size(), 1);
    gui.terminate(); // what a desktop session's logout sends
    ASSERT_TRUE(gui.waitForFinished(10000));
    // Shut down in order (which removes its directory), not merely killed
    // with the app.
    EXPECT_FALSE(QFileInfo::exists(devices + QLatin1Char('/') + running.first()));
    EXPECT_TRUE(waitUntil([&] { return processesMentioning(devices).isEmpty(); }, 5000))
        << processesMentioning(devices).join(QLatin1Char('\n')).toStdString();
}

// However deviceterm ends, its devices end with it: killed outright, it
// cannot shut them down itself, and each device's watchdog does.
TEST_F(CliTest, aDeviceTermKilledOutrightTakesItsDevicesWithIt)
{
    startGui(QStringLiteral("deviceterm sim create Pad --profile pad > /dev/null; deviceterm sim boot Pad > /dev/null;"
                            "until deviceterm panes list --json | grep -q rendering; do sleep 0.1; done; touch done; exec sleep 60"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 30000));
    const QString devices = dir.filePath(QStringLiteral("deviceterm/devices"));
    ASSERT_GE(processesMentioning(devices).size(), 4);
    gui.kill(); // SIGKILL: no handler, no clean-up of its own
    ASSERT_TRUE(gui.waitForFinished(5000));
    EXPECT_TRUE(waitUntil([&] { return processesMentioning(devices).isEmpty(); }, 5000))
        << processesMentioning(devices).join(QLatin1Char('\n')).toStdString();
}

// quit-with-sims-default = keep: quitting leaves the device running (sim
// list says booted), and the next deviceterm attaches it on boot.
TEST_F(CliTest, aDeviceKeptAtQuitRunsOnAndTheNextDeviceTermAttachesIt)
{
    writeConfig("quit-with-sims-default = keep\n");
    startGui(QStringLiteral("deviceterm sim create Phone --profile phone > /dev/null; deviceterm sim boot Phone > /dev/null;"
                            "until deviceterm panes list --json | grep -q rendering; do sleep 0.1; done;"
                            "deviceterm with-pane -- xdotool search --sync --onlyvisible --classname deviceterm-device-shell"
                            " getwindowpid > app-pid.txt; touch done; exec sleep 60"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 30000));
    const QString devices = dir.filePath(QStringLiteral("deviceterm/devices"));
    const QStringList before = processesMentioning(devices);
    ASSERT_GE(before.size(), 4);
    gui.terminate();
    ASSERT_TRUE(gui.waitForFinished(10000));
    // Anything that were to stop them has had its chance.
    EXPECT_TRUE(dt::test::nothingHappensFor(500, [&] { return processesMentioning(devices).size() != before.size(); }))
        << processesMentioning(devices).join(QLatin1Char('\n')).toStdString();
    const QMap<QString, QString> env{{QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data"))},
                                     {QStringLiteral("XDG_RUNTIME_DIR"), dir.path()}};
    const CliRun list = cli({QStringLiteral("sim"), QStringLiteral("list"), QStringLiteral("--json")}, env);
    EXPECT_EQ(Json::parse(list.out.toStdString())[0]["state"], "booted") << list.out.toStdString();

    const QByteArray appPid = fileAfterDone(QStringLiteral("app-pid.txt")).trimmed();
    ASSERT_FALSE(appPid.isEmpty());
    // The next deviceterm: its start-up sweep leaves the kept device alone,
    // booting attaches it (the same app process), and shutting it down
    // ends it.
    QFile::remove(dir.filePath(QStringLiteral("done")));
    startGui(QStringLiteral("deviceterm sim boot Phone --json > boot.json;"
                            "until deviceterm panes list --json | grep -q rendering; do sleep 0.1; done;"
                            "deviceterm with-pane -- xdotool search --onlyvisible --classname deviceterm-device-shell getwindowpid"
                            " > app-pid.txt; deviceterm panes list --json > panes.json;"
                            "deviceterm sim shutdown Phone > /dev/null; touch done; exec sleep 60"));
    QFile::remove(dir.filePath(QStringLiteral("app-pid.txt")));
    EXPECT_EQ(fileAfterDone(QStringLiteral("app-pid.txt"), 30000).trimmed(), appPid);
    const Json panes = Json::parse(fileAfterDone(QStringLiteral("panes.json")).toStdString());
    ASSERT_EQ(panes.size(), 1u);
    EXPECT_EQ(panes[0]["state"], "rendering");
    EXPECT_EQ(panes[0]["capabilities"]["multitouch"], true);
    EXPECT_TRUE(waitUntil([&] { return processesMentioning(devices).isEmpty(); }, 5000))
        << processesMentioning(devices).join(QLatin1Char('\n')).toStdString();
}

// Without --mode, `pane close` does what the user told the GUI to do for
// good (tab-close-default); it never asks.
TEST_F(CliTest, paneCloseWithoutAModeFollowsTheConfiguredCloseDefault)
{
    writeConfig("tab-close-default = shutdown\n");
    startGui(QStringLiteral("deviceterm sim create Tiny --profile watch > /dev/null; deviceterm sim boot Tiny > /dev/null;"
                            "until deviceterm panes list --json | grep -q rendering; do sleep 0.1; done;"
                            "deviceterm pane close --pane \"$(deviceterm panes list --json | sed 's/.*\"shortId\":\"\\([^\"]*\\)\".*/\\1/')\" --json"
                            " > close.json; deviceterm devices list --json > after.json;"
                            "touch done; exec sleep 60"));
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("close.json"), 30000).toStdString())["mode"], "shutdown");
    EXPECT_EQ(Json::parse(fileAfterDone(QStringLiteral("after.json")).toStdString()), Json::array());
    EXPECT_TRUE(waitUntil([&] { return processesMentioning(dir.filePath(QStringLiteral("deviceterm/devices"))).isEmpty(); }, 5000));
}

} // namespace
