// One deviceterm-gui per socket: a second launch hands its window to the
// running one; stale and foreign sockets; doctor's advice when the owner
// does not answer.

#include "cli_fixture.h"

#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>

#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace {

using namespace dt::test::cli;

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
    // -T and --hold reach the running instance too: a third launch's tab
    // is named and stays after its program ended well (which would close
    // it otherwise: on-exit is keep-on-error).
    QProcess third;
    launchGui(third, QStringLiteral("exit 0"), {QStringLiteral("-T"), QStringLiteral("held logs"), QStringLiteral("--hold")});
    ASSERT_TRUE(third.waitForFinished(10000));
    EXPECT_EQ(third.exitCode(), 0) << third.readAllStandardError().toStdString();
    auto heldTab = [&] {
        const CliRun tabs = cli({QStringLiteral("tabs"), QStringLiteral("list"), QStringLiteral("--json")});
        return tabs.out;
    };
    EXPECT_TRUE(waitUntil([&] { return heldTab().contains("held logs"); }, 10000)) << heldTab().toStdString();
    EXPECT_TRUE(dt::test::nothingHappensFor(1000, [&] { return !heldTab().contains("held logs"); }))
        << "the held tab closed after its program exited";
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

} // namespace
