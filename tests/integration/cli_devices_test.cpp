// Devices from the CLI in real tabs: the device set, booting and driving a
// phone, and what becomes of devices when the app quits, dies or keeps them.

#include "cli_fixture.h"

#include <QFileInfo>
#include <QThread>

#include <set>

#include <gtest/gtest.h>

namespace {

using namespace dt::test::cli;

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

TEST_F(CliTest, aTabBootsAPhoneBesideItAndDrivesIt)
{
    startGui(QStringLiteral("sh ") + script("device_pane.sh"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 80000))
        << "the script got as far as: " << QDir(dir.path()).entryList(QDir::Files, QDir::Time).join(u' ').toStdString()
        << "\nwaits that gave up: " << fileAfterDone(QStringLiteral("waits.err"), 0).toStdString();
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
    EXPECT_EQ(buttons, (std::vector<std::string>{"Counter", "Form", "List", "Photo", "Timer"}));
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
