// Notices for long commands that finish out of sight: which commands get
// one, what it says, and that clicking it brings the tab forward; programs'
// own notifications (OSC 9, OSC 777) from tabs out of sight; and the
// D-Bus notifier against a notification server on a private bus of a real
// dbus-daemon.

#include "support/wait_until.h"
#include "app/core/config.h"
#include "app/desktop/desktop_notifier.h"
#include "app/ui/command_notices.h"
#include "app/ui/window_manager.h"
#include "terminal/terminal_session.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

namespace {

using dt::app::Workspace;
using dt::test::waitUntil;

struct Notice {
    QString summary;
    QString body;
    std::function<void()> activate;
};

class RecordingNotifier : public dt::desktop::DesktopNotifier {
public:
    void notify(const QString &summary, const QString &body, std::function<void()> onActivated) override
    {
        notices.push_back({summary, body, std::move(onActivated)});
    }
    std::vector<Notice> notices;
};

// A program that reports one command (`line`) taking `seconds`, ending
// with `status`, then shows a prompt and stays.
dt::app::TerminalLaunch reporting(const QString &line, const QString &seconds, int status)
{
    dt::app::TerminalLaunch l;
    l.program = QStringLiteral("/bin/sh");
    l.arguments = {QStringLiteral("-c"),
                   QStringLiteral("printf '\\033]133;A\\007$ \\033]133;B\\007%1\\r\\n\\033]133;C\\007'; sleep %2;"
                                  "printf '\\033]133;D;%3\\007\\033]133;A\\007$ \\033]133;B\\007'; exec sleep 60")
                       .arg(line, seconds)
                       .arg(status)};
    return l;
}

class CommandNoticesTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        qputenv("SHELL", "/bin/sh");
        QFile file(dir.filePath(QStringLiteral("config")));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("notify-after-seconds = 1\n");
        file.close();
        config = std::make_unique<dt::app::Config>(file.fileName());
        config->load();
        ws = std::make_unique<Workspace>(Workspace::Settings{});
        windows = std::make_unique<dt::ui::WindowManager>(*ws, dt::ui::MainWindow::Appearance{}, QSize(80, 24));
        notices = std::make_unique<dt::ui::CommandNotices>(*ws, *windows, notifier, config.get());
        window = ws->openWindow();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(windows->window(window)));
    }
    void TearDown() override
    {
        notices.reset();
        windows.reset();
        ws.reset();
    }
    bool finished(dt::app::TabId tab)
    {
        return waitUntil([&] { return ws->session(ws->tab(tab)->primary)->terminal().commands().lastFinished() != nullptr; });
    }

    QTemporaryDir dir;
    std::unique_ptr<dt::app::Config> config;
    RecordingNotifier notifier;
    std::unique_ptr<Workspace> ws;
    std::unique_ptr<dt::ui::WindowManager> windows;
    std::unique_ptr<dt::ui::CommandNotices> notices;
    dt::app::WindowId window = 0;
};

TEST_F(CommandNoticesTest, aLongCommandInABackgroundTabIsAnnouncedAndTheNoticeRevealsIt)
{
    const auto slow = ws->openTab(window, reporting(QStringLiteral("make test"), QStringLiteral("1.2"), 3));
    const auto quick = ws->openTab(window, reporting(QStringLiteral("ls"), QStringLiteral("0"), 0));
    ws->renameTab(slow, QStringLiteral("build"));
    ASSERT_EQ(ws->window(window)->selected, quick) << "the slow tab is in the background";
    ASSERT_TRUE(finished(slow) && finished(quick));
    ASSERT_EQ(notifier.notices.size(), 1u) << "only the long one";
    const Notice &n = notifier.notices.front();
    EXPECT_EQ(n.summary, QStringLiteral("build: command failed with exit status 3"));
    EXPECT_TRUE(n.body.startsWith(QStringLiteral("make test\n"))) << n.body.toStdString();
    EXPECT_TRUE(n.body.contains(QStringLiteral("second"))) << n.body.toStdString();
    // Clicking it brings the tab forward.
    n.activate();
    EXPECT_EQ(ws->window(window)->selected, slow);
}

TEST_F(CommandNoticesTest, zeroSecondsTurnsNoticesOff)
{
    QFile file(config->path());
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("notify-after-seconds = 0\n");
    file.close();
    config->load();
    const auto slow = ws->openTab(window, reporting(QStringLiteral("sleep 1"), QStringLiteral("1.2"), 0));
    ws->openTab(window, reporting(QStringLiteral("ls"), QStringLiteral("0"), 0));
    ASSERT_TRUE(finished(slow));
    EXPECT_TRUE(notifier.notices.empty());
}

// A program that asks for notifications (OSC 777 and OSC 9) after `delay`
// seconds, then stays.
dt::app::TerminalLaunch notifying(const QString &printfFormat)
{
    dt::app::TerminalLaunch l;
    l.program = QStringLiteral("/bin/sh");
    l.arguments = {QStringLiteral("-c"), QStringLiteral("sleep 0.3; printf '%1'; exec sleep 60").arg(printfFormat)};
    return l;
}

TEST_F(CommandNoticesTest, aProgramInABackgroundTabNotifiesOnceInAWhileAndNotWhenShown)
{
    const auto background = ws->openTab(
        window, notifying(QStringLiteral("\\033]777;notify;Tests;all passed\\033\\\\\\033]9;spam\\007\\033]9;more spam\\007")));
    ws->renameTab(background, QStringLiteral("ci"));
    const auto shown = ws->openTab(window, notifying(QStringLiteral("\\033]9;seen anyway\\007")));
    ASSERT_EQ(ws->window(window)->selected, shown);
    ASSERT_TRUE(waitUntil([&] { return !notifier.notices.empty(); }));
    // The others in the flood and the shown tab's stay quiet.
    EXPECT_TRUE(dt::test::nothingHappensFor(800, [&] { return notifier.notices.size() > 1; }));
    ASSERT_EQ(notifier.notices.size(), 1u);
    EXPECT_EQ(notifier.notices.front().summary, QStringLiteral("ci: Tests"));
    EXPECT_EQ(notifier.notices.front().body, QStringLiteral("all passed"));
    notifier.notices.front().activate();
    EXPECT_EQ(ws->window(window)->selected, background);
}

// The freedesktop notification service, as far as the notifier uses it.
class FakeNotificationServer : public QObject {
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")
public:
    QStringList summaries, bodies, actions;
    QStringList capabilities{QStringLiteral("body"), QStringLiteral("body-markup"), QStringLiteral("actions")};
public slots:
    QStringList GetCapabilities() { return capabilities; }
    uint Notify(const QString &, uint, const QString &, const QString &summary, const QString &body,
                const QStringList &actionList, const QVariantMap &, int)
    {
        summaries << summary;
        bodies << body;
        actions = actionList;
        return uint(summaries.size() + 40);
    }
};

// A session bus of our own (a real dbus-daemon), gone with the test.
struct PrivateBus {
    QProcess daemon;
    QString address;
    bool start()
    {
        daemon.start(QStringLiteral("dbus-daemon"),
                     {QStringLiteral("--session"), QStringLiteral("--nofork"), QStringLiteral("--print-address=1")});
        if (!daemon.waitForStarted(5000) || !waitUntil([&] { return daemon.canReadLine(); }, 5000))
            return false;
        address = QString::fromUtf8(daemon.readLine()).trimmed();
        return !address.isEmpty();
    }
    ~PrivateBus()
    {
        daemon.terminate();
        if (!daemon.waitForFinished(5000))
            daemon.kill();
    }
};

TEST(DbusNotifierTest, noticesReachTheServiceAndAClickComesBack)
{
    PrivateBus bus;
    ASSERT_TRUE(bus.start());
    const QString address = bus.address;
    {
        QDBusConnection server = QDBusConnection::connectToBus(address, QStringLiteral("notification-server"));
        QDBusConnection client = QDBusConnection::connectToBus(address, QStringLiteral("notification-client"));
        ASSERT_TRUE(server.isConnected() && client.isConnected());
        FakeNotificationServer fake;
        ASSERT_TRUE(server.registerObject(QStringLiteral("/org/freedesktop/Notifications"), &fake,
                                          QDBusConnection::ExportAllSlots));
        ASSERT_TRUE(server.registerService(QStringLiteral("org.freedesktop.Notifications")));

        dt::desktop::DbusNotifier notifier(client);
        int clicked = 0;
        notifier.notify(QStringLiteral("build: command succeeded"), QStringLiteral("make <all>"), [&] { ++clicked; });
        ASSERT_TRUE(waitUntil([&] { return fake.summaries.size() == 1; }));
        EXPECT_EQ(fake.summaries.front(), QStringLiteral("build: command succeeded"));
        EXPECT_EQ(fake.bodies.front(), QStringLiteral("make &lt;all&gt;")) << "text, not markup, for a server that reads markup";
        EXPECT_TRUE(fake.actions.contains(QStringLiteral("default")));

        // Another notice's click, and other actions, are not ours to act on;
        // the default action of ours is.
        const auto signal = [&](const char *name, uint id, const QVariant &second) {
            QDBusMessage m = QDBusMessage::createSignal(QStringLiteral("/org/freedesktop/Notifications"),
                                                        QStringLiteral("org.freedesktop.Notifications"),
                                                        QLatin1String(name));
            m << id << second;
            server.send(m);
        };
        // (The bus keeps the server's order: Notify's reply, with the id,
        // reaches the notifier before these signals do.)
        signal("ActionInvoked", 99, QStringLiteral("default"));
        signal("ActionInvoked", 41, QStringLiteral("other"));
        signal("ActionInvoked", 41, QStringLiteral("default"));
        ASSERT_TRUE(waitUntil([&] { return clicked > 0; }));
        EXPECT_EQ(clicked, 1);
        // Once closed, a late click does nothing.
        signal("NotificationClosed", 41, uint(2));
        signal("ActionInvoked", 41, QStringLiteral("default"));
        notifier.notify(QStringLiteral("second"), QString(), {});
        ASSERT_TRUE(waitUntil([&] { return fake.summaries.size() == 2; }));
        EXPECT_EQ(clicked, 1);
    }
    QDBusConnection::disconnectFromBus(QStringLiteral("notification-server"));
    QDBusConnection::disconnectFromBus(QStringLiteral("notification-client"));
}

TEST(DbusNotifierTest, aServerThatReadsNoMarkupGetsTheTextAsIs)
{
    PrivateBus bus;
    ASSERT_TRUE(bus.start());
    const QString address = bus.address;
    {
        QDBusConnection client = QDBusConnection::connectToBus(address, QStringLiteral("plain-client"));
        QDBusConnection server = QDBusConnection::connectToBus(address, QStringLiteral("plain-server"));
        {
            dt::desktop::DbusNotifier second(client);
            FakeNotificationServer fake;
            fake.capabilities = {QStringLiteral("body")};
            ASSERT_TRUE(server.registerObject(QStringLiteral("/org/freedesktop/Notifications"), &fake,
                                              QDBusConnection::ExportAllSlots));
            ASSERT_TRUE(server.registerService(QStringLiteral("org.freedesktop.Notifications")));
            second.notify(QStringLiteral("now"), QStringLiteral("a <b> & c"), {});
            ASSERT_TRUE(waitUntil([&] { return !fake.summaries.isEmpty(); }));
            EXPECT_EQ(fake.summaries, QStringList{QStringLiteral("now")});
            EXPECT_EQ(fake.bodies.front(), QStringLiteral("a <b> & c"));
            server.unregisterObject(QStringLiteral("/org/freedesktop/Notifications"));
        }
    }
    QDBusConnection::disconnectFromBus(QStringLiteral("plain-client"));
    QDBusConnection::disconnectFromBus(QStringLiteral("plain-server"));
}

} // namespace

#include "command_notices_test.moc"
