// What of a virtual device outlives the deviceterm that booted it: a kept
// device runs on and the next boot attaches it; the watchdog stops one its
// deviceterm left unless it was kept; the start-up sweep kills what a dead
// deviceterm left and nothing else; and an app that cannot start fails the
// boot with the reason. Real devices, as in simulator_test.cpp.

#include "devicepanes/lifeline.h"
#include "devicepanes/simulator.h"
#include "devicepanes/store/device_store.h"
#include "devicepanes/store/kept_device.h"
#include "simulator_fixture.h"
#include "support/processes.h"
#include "support/wait_until.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <sys/types.h>

namespace {

using dt::devices::Simulator;
using dt::test::buttonCentre;
using dt::test::processesMentioning;
using dt::test::settle;
using dt::test::SimulatorTest;
using dt::test::titleOn;
using dt::test::waitUntil;

TEST_F(SimulatorTest, aKeptDeviceRunsOnAndTheNextBootAttachesItAsItWas)
{
    auto first = boot("phone");
    ASSERT_TRUE(waitUntil([&] { return rendered(*first) && pixel(*first, 3, 3) == home; }, 25000)) << first->failure().toStdString();
    const auto counterButton = buttonCentre(*first, QStringLiteral("Counter"));
    ASSERT_TRUE(counterButton);
    first->input()->tap(*counterButton);
    ASSERT_TRUE(waitUntil([&] { return titleOn(*first) == QStringLiteral("Counter: 0"); }, 5000));
    first->input()->key(0x1008ff13); // volume up
    ASSERT_TRUE(waitUntil([&] { return titleOn(*first) == QStringLiteral("Counter: 1"); }, 5000));
    const dt::devices::DeviceRecord record = first->record();
    const auto groups = first->processGroups();
    ASSERT_GE(groups.size(), 4u); // display, bus, accessibility, app

    // This deviceterm goes, keeping the device: every process runs on.
    ASSERT_TRUE(first->keepRunning());
    first.reset();
    // Anything that were to stop them has had its chance.
    EXPECT_TRUE(dt::test::nothingHappensFor(300, [&] {
        return std::any_of(groups.begin(), groups.end(), [](qint64 group) { return ::kill(-pid_t(group), 0) != 0; });
    }));
    for (qint64 group : groups)
        EXPECT_EQ(::kill(-pid_t(group), 0), 0) << group;
    EXPECT_TRUE(dt::devices::readKept(record.udid));

    // The next one boots it: attached as it was (the same app, its count),
    // and it takes input, a pinch too.
    Simulator::Tools tools;
    tools.deviceShell = QStringLiteral(DT_DEVICE_SHELL);
    Simulator second(record, tools);
    second.boot();
    ASSERT_TRUE(waitUntil([&] { return rendered(second); }, 5000)) << second.failure().toStdString();
    EXPECT_EQ(titleOn(second), QStringLiteral("Counter: 1"));
    EXPECT_EQ(second.display()->size(), QSize(390, 844)); // its screen, not the square framebuffer behind it
    EXPECT_TRUE(waitUntil([&] { return pixel(second, 3, 3) == counter; }, 3000)); // and its picture
    EXPECT_FALSE(dt::devices::readKept(record.udid)); // ours again
    second.input()->key(0x1008ff13);
    EXPECT_TRUE(waitUntil([&] { return titleOn(second) == QStringLiteral("Counter: 2"); }, 5000)) << titleOn(second).toStdString();
    QString why;
    ASSERT_TRUE(second.multitouch(&why)) << why.toStdString();
    second.input()->key(0x1008ff18); // home
    ASSERT_TRUE(waitUntil([&] { return titleOn(second) == QStringLiteral("Home"); }, 5000));
    settle(second);
    const auto photo = buttonCentre(second, QStringLiteral("Photo"));
    ASSERT_TRUE(photo);
    second.input()->tap(*photo);
    ASSERT_TRUE(waitUntil([&] { return titleOn(second) == QStringLiteral("Photo: 100%"); }, 5000));
    settle(second);
    second.input()->pinch({0.4, 0.35}, {0.6, 0.35}, {0.3, 0.35}, {0.7, 0.35}, 200);
    EXPECT_TRUE(waitUntil([&] { return titleOn(second) != QStringLiteral("Photo: 100%"); }, 5000));

    // And shut down, it is gone, processes and all.
    second.shutdown();
    EXPECT_TRUE(waitUntil([&] { return processesMentioning(QString::fromStdString(record.udid)).isEmpty(); }, 5000))
        << processesMentioning(QString::fromStdString(record.udid)).join(QLatin1Char('\n')).toStdString();
}

TEST_F(SimulatorTest, theWatchdogStopsADeviceItsDeviceTermLeftUnlessItWasKept)
{
    // A device directory with three recorded process groups: two of the
    // device's (they name its directory, as a device's processes do), and
    // a stranger's (a recorded pid reused since).
    QTemporaryDir device;
    auto startInGroup = [](QProcess &p, const QString &runtime) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime);
        p.setProcessEnvironment(env);
        p.setChildProcessModifier([] { ::setpgid(0, 0); });
        p.start(QStringLiteral("sleep"), {QStringLiteral("60")});
        return p.waitForStarted(3000);
    };
    QProcess one, two, stranger;
    ASSERT_TRUE(startInGroup(one, device.path()) && startInGroup(two, device.path()));
    ASSERT_TRUE(startInGroup(stranger, QStringLiteral("/elsewhere")));
    QFile groups(device.filePath(QStringLiteral("groups")));
    ASSERT_TRUE(groups.open(QIODevice::WriteOnly));
    groups.write(QByteArray::number(one.processId()) + '\n' + QByteArray::number(two.processId()) + '\n'
                 + QByteArray::number(stranger.processId()) + '\n');
    groups.close();

    // Kept: the watchdog lets them be when our end closes.
    QFile kept(device.filePath(QStringLiteral("kept")));
    ASSERT_TRUE(kept.open(QIODevice::WriteOnly));
    kept.close();
    {
        dt::devices::Lifeline lifeline(device.path().toStdString());
        EXPECT_GT(lifeline.watchdog(), 0);
    }
    EXPECT_FALSE(one.waitForFinished(300));
    EXPECT_EQ(two.state(), QProcess::Running);

    // Not kept: stopped (SIGTERM) the moment our end closes.
    ASSERT_TRUE(QFile::remove(device.filePath(QStringLiteral("kept"))));
    {
        dt::devices::Lifeline lifeline(device.path().toStdString());
    }
    EXPECT_TRUE(one.waitForFinished(3000));
    EXPECT_TRUE(two.waitForFinished(3000));
    EXPECT_EQ(one.exitStatus(), QProcess::CrashExit);
    EXPECT_EQ(stranger.state(), QProcess::Running); // not the device's: left alone
    stranger.kill();
    stranger.waitForFinished(3000);
}

TEST_F(SimulatorTest, theStartUpSweepKillsWhatADeadDeviceTermLeftAndNothingElse)
{
    // What a crashed deviceterm leaves: a device directory whose owner is
    // dead, and a recorded process group still running in it.
    const std::string udid = "5EE9D000-0000-4000-8000-000000000001";
    const QString dir = QString::fromStdString(dt::devices::runtimeDirectoryOf(udid));
    ASSERT_TRUE(QDir().mkpath(dir));
    QProcess dead;
    dead.start(QStringLiteral("true"), {});
    ASSERT_TRUE(dead.waitForFinished(3000));
    auto startInGroup = [](QProcess &p, const QProcessEnvironment &env) {
        p.setProcessEnvironment(env);
        p.setChildProcessModifier([] { ::setpgid(0, 0); });
        p.start(QStringLiteral("sleep"), {QStringLiteral("60")});
        return p.waitForStarted(3000);
    };
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir);
    QProcess leftOver, stranger; // the stranger's group is on record too (a reused id), but it is not the device's
    ASSERT_TRUE(startInGroup(leftOver, env));
    ASSERT_TRUE(startInGroup(stranger, QProcessEnvironment::systemEnvironment()));
    QFile owner(dir + QStringLiteral("/owner")), groups(dir + QStringLiteral("/groups"));
    ASSERT_TRUE(owner.open(QIODevice::WriteOnly) && groups.open(QIODevice::WriteOnly));
    owner.write(QByteArray::number(dead.processId()) + '\n');
    groups.write(QByteArray::number(leftOver.processId()) + '\n' + QByteArray::number(stranger.processId()) + '\n');
    owner.close();
    groups.close();
    ASSERT_FALSE(dt::devices::bootedBy(udid)); // its owner is gone

    Simulator::sweepOrphans();
    EXPECT_TRUE(leftOver.waitForFinished(3000));
    EXPECT_EQ(leftOver.exitStatus(), QProcess::CrashExit); // killed
    EXPECT_FALSE(QFileInfo::exists(dir));
    EXPECT_EQ(stranger.state(), QProcess::Running);
    stranger.kill();
    stranger.waitForFinished(3000);
}

TEST_F(SimulatorTest, anAppThatCannotStartFailsWithTheReason)
{
    Simulator::Tools tools;
    tools.deviceShell = QStringLiteral("/nonexistent/app");
    Simulator sim(dt::devices::DeviceRecord{"0A1B2C3D-0000-4000-8000-0000000000FF", "Broken", "phone", {}}, tools);
    sim.boot();
    ASSERT_TRUE(waitUntil([&] { return sim.state() == Simulator::State::Failed; }, 15000));
    EXPECT_TRUE(sim.failure().contains(QStringLiteral("/nonexistent/app"))) << sim.failure().toStdString();
    EXPECT_TRUE(sim.processGroups().empty());
    // The display and buses it had started went down with it, by the kernel's account.
    EXPECT_TRUE(waitUntil([&] { return processesMentioning(QStringLiteral("0A1B2C3D-0000-4000-8000-0000000000FF")).isEmpty(); }, 3000))
        << processesMentioning(QStringLiteral("0A1B2C3D-0000-4000-8000-0000000000FF")).join(QLatin1Char('\n')).toStdString();
}

} // namespace
