// A device booted from the Device menu into a tab: its pane shows the
// device's screen, and a click on the pane is a tap on the device.

#include "app/ui/device_menu.h"
#include "app/ui/device_pane_view.h"
#include "devicepanes/store/device_store.h"
#include "device_pane_fixture.h"
#include "support/shell_buttons.h"
#include "support/wait_until.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>
#include <QTest>
#include <QWheelEvent>

#include <gtest/gtest.h>

#include <csignal>
#include <iostream>

namespace {

using dt::app::Workspace;
using dt::devices::DeviceBackend;
using dt::devices::Simulator;
using dt::test::DevicePaneTest;
using dt::test::waitUntil;

TEST_F(DevicePaneTest, theMenuBootsADeviceBesideTheTerminalAndTheMirrorIsTouchable)
{
    auto created = dt::devices::DeviceStore().create("Pocket", "phone", {});
    ASSERT_TRUE(std::holds_alternative<dt::devices::DeviceRecord>(created));
    auto *menu = main->findChild<dt::ui::DeviceMenu *>();
    ASSERT_TRUE(menu);
    menu->boot(std::get<dt::devices::DeviceRecord>(created));
    ASSERT_EQ(ws->tab(tab)->layout.panes().size(), 2);
    const dt::app::PaneId pane = ws->tab(tab)->layout.panes().at(1);
    EXPECT_TRUE(ws->pane(pane)->isDevice());
    EXPECT_EQ(menu->targetPane(), pane);
    auto *view = main->findChild<dt::ui::DevicePaneView *>();
    ASSERT_TRUE(view);
    DeviceBackend *sim = ws->devices().device(ws->pane(pane)->deviceUdid);
    ASSERT_TRUE(sim);
    ASSERT_TRUE(waitUntil([&] { return sim->state() == DeviceBackend::State::Rendering; }, 25000)) << sim->failure().toStdString();

    // The pane's pixels are the device's: the home page's blue inside the bezel.
    const QColor home(0x1e, 0x3a, 0x5f), counter(0x1f, 0x6f, 0x43);
    auto shown = [&](QPoint at) { return view->grab().toImage().pixelColor(at * view->devicePixelRatioF()); };
    const QRect screen = view->screenRect();
    ASSERT_TRUE(waitUntil([&] { return shown(screen.topLeft() + QPoint(4, 4)) == home; }, 5000))
        << shown(screen.topLeft() + QPoint(4, 4)).name().toStdString();

    // While its screen is recorded, the pane says so: a red mark in its
    // title row, and in words for screen readers and the tooltip.
    auto redInTitle = [&] {
        const QImage title = view->grab(QRect(0, 0, view->width(), screen.top() - 10)).toImage();
        for (int y = 0; y < title.height(); ++y)
            for (int x = 0; x < title.width(); ++x)
                if (const QColor c = title.pixelColor(x, y); c.red() > 200 && c.green() < 100 && c.blue() < 100)
                    return true;
        return false;
    };
    EXPECT_FALSE(redInTitle());
    // A screen reader hears its title row as its name.
    ASSERT_FALSE(ws->pane(pane)->name.isEmpty());
    EXPECT_TRUE(waitUntil([&] { return view->accessibleName().contains(ws->pane(pane)->name); }))
        << view->accessibleName().toStdString();
    EXPECT_TRUE(view->accessibleName().contains(QString::fromStdString(sim->profile().family)));
    EXPECT_EQ(view->accessibleDescription(), QString()); // nothing in place of the screen
    ws->devices().setRecording(ws->pane(pane)->deviceUdid, QStringLiteral("/tmp/run.webm"));
    EXPECT_TRUE(redInTitle());
    EXPECT_EQ(view->accessibleDescription().toStdString(), "The screen is being recorded into /tmp/run.webm");
    ws->devices().setRecording(ws->pane(pane)->deviceUdid, QString());
    EXPECT_FALSE(redInTitle());
    EXPECT_EQ(view->accessibleDescription(), QString());

    // A click where the Counter button is on the device taps it.
    const QImage frame = sim->display()->frame();
    int top = -1, bottom = -1;
    for (int y = 0; y < frame.height() && bottom < 0; ++y) {
        const bool light = frame.pixelColor(40, y).lightness() > 180;
        if (light && top < 0)
            top = y;
        else if (!light && top >= 0)
            bottom = y;
    }
    ASSERT_GT(bottom - top, 30);
    const QPoint onButton(screen.left() + screen.width() / 2, screen.top() + (top + bottom) / 2 * screen.height() / frame.height());
    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, onButton);
    EXPECT_TRUE(waitUntil([&] { return shown(screen.topLeft() + QPoint(4, 4)) == counter; }, 5000))
        << shown(screen.topLeft() + QPoint(4, 4)).name().toStdString();

    // The pane's rotate button turns the device; the mirror turns with it.
    auto *rotate = view->findChild<QToolButton *>(QStringLiteral("deviceRotateLeft"));
    ASSERT_TRUE(rotate);
    EXPECT_TRUE(rotate->isVisible());
    const QRect upright = view->screenRect();
    rotate->click();
    EXPECT_EQ(sim->display()->size(), QSize(844, 390));
    EXPECT_TRUE(waitUntil([&] { return view->screenRect().width() > view->screenRect().height(); }, 3000));
    EXPECT_GT(view->screenRect().width(), upright.width());
    view->findChild<QToolButton *>(QStringLiteral("deviceRotateRight"))->click();
    EXPECT_EQ(sim->display()->size(), QSize(390, 844));

    // The app dies behind our back: the pane says so and offers Reboot,
    // which brings the same device back in the same place.
    auto *reboot = view->findChild<QPushButton *>(QStringLiteral("deviceReboot"));
    ASSERT_TRUE(reboot);
    EXPECT_FALSE(reboot->isVisible());
    // (its app is the last process the device started; other tests' devices
    // may run beside this one, so not by name)
    const auto groups = qobject_cast<Simulator *>(sim)->processGroups(); // virtual devices: process groups
    ASSERT_FALSE(groups.empty());
    ::kill(pid_t(groups.back()), SIGKILL);
    ASSERT_TRUE(waitUntil([&] { return sim->state() == DeviceBackend::State::Failed; }, 10000));
    EXPECT_TRUE(sim->failure().contains(QStringLiteral("deviceterm-device-shell")));
    EXPECT_TRUE(waitUntil([&] { return reboot->isVisible(); }, 3000));
    reboot->click();
    EXPECT_TRUE(waitUntil([&] { return sim->state() == DeviceBackend::State::Rendering; }, 25000)) << sim->failure().toStdString();
    EXPECT_EQ(ws->devices().device(ws->pane(pane)->deviceUdid), sim); // the same device, the same pane
    EXPECT_FALSE(reboot->isVisible());
    EXPECT_TRUE(waitUntil([&] { return shown(view->screenRect().topLeft() + QPoint(4, 4)) == home; }, 5000));

    // Ctrl+wheel over the pane pinches (two real fingers): the photo zooms.
    const QImage homeFrame = sim->display()->frame();
    const QList<int> buttons = dt::test::shellButtonRows(homeFrame);
    ASSERT_EQ(buttons.size(), 5); // Counter, Form, List, Photo, Timer
    const QRect upAgain = view->screenRect();
    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier,
                      QPoint(upAgain.center().x(), upAgain.top() + buttons.at(3) * upAgain.height() / homeFrame.height()));
    const QColor photo(0x20, 0x26, 0x2e);
    ASSERT_TRUE(waitUntil([&] { return sim->display()->frame().pixelColor(3, 3) == photo; }, 5000));
    auto mirror = [&] { return sim->display()->frame(); };
    ASSERT_TRUE(dt::test::waitUntilStill<QImage>(mirror, 150)); // the page has drawn
    const QImage unzoomed = sim->display()->frame();
    auto wheel = [&](Qt::KeyboardModifiers modifiers) {
        const QPointF at = upAgain.center() - QPoint(0, upAgain.height() / 6);
        QWheelEvent e(at, view->mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(view, &e);
    };
    wheel(Qt::NoModifier); // a plain wheel scrolls; the photo does not zoom
    EXPECT_TRUE(dt::test::nothingHappensFor(300, [&] { return sim->display()->frame() != unzoomed; }));
    ASSERT_TRUE(sim->multitouch());
    wheel(Qt::ControlModifier);
    EXPECT_TRUE(waitUntil([&] { return sim->display()->frame() != unzoomed; }, 5000));

    // Ctrl+drag is two fingers: dragging right spreads them, the photo zooms
    // further (its sun grows into the middle of the picture).
    ASSERT_TRUE(dt::test::waitUntilStill<QImage>(mirror, 150)); // the first zoom has come to rest
    const QImage before = sim->display()->frame();
    const QPoint from = upAgain.center() - QPoint(0, upAgain.height() / 6);
    QTest::mousePress(view, Qt::LeftButton, Qt::ControlModifier, from);
    for (int step = 1; step <= 6; ++step) {
        QMouseEvent move(QEvent::MouseMove, from + QPoint(step * 12, 0), view->mapToGlobal(from + QPoint(step * 12, 0)),
                         Qt::NoButton, Qt::LeftButton, Qt::ControlModifier);
        QCoreApplication::sendEvent(view, &move);
        dt::test::pace(20); // a finger's moves, at about 50 Hz
    }
    QTest::mouseRelease(view, Qt::LeftButton, Qt::ControlModifier, from + QPoint(72, 0));
    EXPECT_TRUE(waitUntil([&] { return sim->display()->frame() != before; }, 5000));

    // Closing the pane shuts the device down and the terminal stays.
    ASSERT_TRUE(ws->closePane(pane));
    EXPECT_EQ(ws->tab(tab)->layout.panes().size(), 1);
    EXPECT_EQ(ws->devices().device(QString::fromStdString(std::get<dt::devices::DeviceRecord>(created).udid)), nullptr);
}

} // namespace

#include "app/core/automation/automation_facade.h"
#include "terminal/terminal_session.h"

#include <QAction>

namespace {

// A device whose app went down is no longer anybody's: another session's
// boot takes it over (the old pane, which only said why, goes), everyone
// hears device.shutdown with the reason, and a stop signal is not called a
// crash.
TEST_F(DevicePaneTest, aDeviceWhoseAppWasStoppedIsDownForEveryoneAndAnotherTabMayBootIt)
{
    dt::app::AutomationFacade facade(*ws);
    std::vector<dt::rpc::Json> events;
    facade.setEventSink([&](const dt::rpc::Json &e, const dt::rpc::EventAudience &) {
        events.push_back(e);
    });
    ASSERT_TRUE(std::holds_alternative<dt::devices::DeviceRecord>(dt::devices::DeviceStore().create("Crashy", "watch", {})));
    dt::app::TerminalLaunch l;
    l.program = QStringLiteral("/bin/sh");
    l.arguments = {QStringLiteral("-c"), QStringLiteral("sleep 60")};
    const auto other = ws->openTab(window, l);
    const std::string first = ws->pane(ws->tab(tab)->primary)->identity.sessionIdString().toStdString();
    const std::string second = ws->pane(ws->tab(other)->primary)->identity.sessionIdString().toStdString();
    const auto booted = facade.bootDevice(first, "Crashy");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::PaneRow>(booted));
    const QString udid = QString::fromStdString(std::get<dt::rpc::PaneRow>(booted).udid);
    DeviceBackend *sim = ws->devices().device(udid);
    ASSERT_TRUE(waitUntil([&] { return sim->state() == DeviceBackend::State::Rendering; }, 25000)) << sim->failure().toStdString();
    EXPECT_TRUE(std::holds_alternative<dt::rpc::Error>(facade.bootDevice(second, "Crashy"))); // up: the first tab's

    ::kill(pid_t(qobject_cast<Simulator *>(sim)->processGroups().back()), SIGTERM); // the app, from outside
    ASSERT_TRUE(waitUntil([&] { return sim->state() == DeviceBackend::State::Failed; }, 10000));
    EXPECT_TRUE(sim->failure().contains(QStringLiteral("was stopped by SIGTERM"))) << sim->failure().toStdString();
    EXPECT_FALSE(sim->failure().contains(QStringLiteral("crash")));
    const auto shutdown = std::find_if(events.begin(), events.end(), [](const dt::rpc::Json &e) { return e["type"] == "device.shutdown"; });
    ASSERT_NE(shutdown, events.end());
    EXPECT_NE((*shutdown)["reason"].get<std::string>().find("SIGTERM"), std::string::npos);

    const auto taken = facade.bootDevice(second, "Crashy");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::PaneRow>(taken)) << std::get<dt::rpc::Error>(taken).msg;
    EXPECT_EQ(ws->devices().owner(udid).toStdString(), second);
    EXPECT_EQ(ws->tab(tab)->layout.panes().size(), 1); // the first tab's dead pane went
    EXPECT_EQ(ws->pane(ws->devicePane(udid))->tab, other);
    ASSERT_TRUE(waitUntil([&] { return ws->devices().device(udid)
                                    && ws->devices().device(udid)->state() == DeviceBackend::State::Rendering; }, 25000))
        << (ws->devices().device(udid) ? ws->devices().device(udid)->failure().toStdString() : "no device");
    ws->closeTab(other);
    EXPECT_TRUE(waitUntil([&] { return !ws->devices().device(udid); }, 5000));
}

TEST(DeviceEnd, aStopSignalIsNotACrash)
{
    EXPECT_EQ(Simulator::howItEnded(3, QProcess::NormalExit), QStringLiteral("exited with status 3"));
    EXPECT_EQ(Simulator::howItEnded(SIGTERM, QProcess::CrashExit), QStringLiteral("was stopped by SIGTERM"));
    EXPECT_EQ(Simulator::howItEnded(SIGKILL, QProcess::CrashExit), QStringLiteral("was stopped by SIGKILL"));
    EXPECT_EQ(Simulator::howItEnded(SIGSEGV, QProcess::CrashExit), QStringLiteral("crashed (SIGSEGV)"));
}

// Device ▸ Boot offers a device that runs without a pane and attaches it.
TEST_F(DevicePaneTest, theBootMenuAttachesADetachedRunningDevice)
{
    auto created = dt::devices::DeviceStore().create("Loose", "watch", {});
    ASSERT_TRUE(std::holds_alternative<dt::devices::DeviceRecord>(created));
    const auto record = std::get<dt::devices::DeviceRecord>(created);
    auto *menu = main->findChild<dt::ui::DeviceMenu *>();
    ASSERT_TRUE(menu);
    menu->boot(record);
    const QString udid = QString::fromStdString(record.udid);
    ASSERT_TRUE(waitUntil([&] { return ws->devices().device(udid)->state() == DeviceBackend::State::Rendering; }, 25000));
    auto bootAction = [&] {
        emit menu->aboutToShow(); // as opening it does
        return menu->findChild<QAction *>(QStringLiteral("boot-") + udid);
    };
    ASSERT_TRUE(bootAction());
    EXPECT_FALSE(bootAction()->isEnabled()); // on screen already
    ASSERT_TRUE(ws->closePane(ws->devicePane(udid), true)); // detached, still running
    ASSERT_TRUE(bootAction()->isEnabled());
    EXPECT_TRUE(bootAction()->text().contains(QStringLiteral("attach")));
    bootAction()->trigger();
    ASSERT_NE(ws->devicePane(udid), 0u);
    EXPECT_EQ(ws->devices().device(udid)->state(), DeviceBackend::State::Rendering); // the same running device
    EXPECT_EQ(ws->pane(ws->devicePane(udid))->tab, tab);
}

} // namespace

#include <QElapsedTimer>

namespace {

// The GUI thread never waits on a device: a fine accessibility sweep (which
// takes seconds of AT-SPI calls) and 100,000 characters of device text are
// under way while another tab's terminal still echoes what is typed.
// A tab holding a device says so on its tab, and the pane around the
// device follows the theme as the rest of the window does.
TEST_F(DevicePaneTest, aDeviceTabHasAMarkerAndItsPaneFollowsTheLightTheme)
{
    auto created = dt::devices::DeviceStore().create("Marked", "phone", {});
    ASSERT_TRUE(std::holds_alternative<dt::devices::DeviceRecord>(created));
    QTabBar *bar = main->tabWidget()->tabBar();
    EXPECT_FALSE(bar->tabButton(0, QTabBar::LeftSide));
    main->findChild<dt::ui::DeviceMenu *>()->boot(std::get<dt::devices::DeviceRecord>(created));
    ASSERT_TRUE(waitUntil([&] { return bar->tabButton(0, QTabBar::LeftSide) != nullptr; }));
    auto *marker = qobject_cast<QLabel *>(bar->tabButton(0, QTabBar::LeftSide));
    ASSERT_TRUE(marker);
    EXPECT_EQ(marker->property("markers").toStringList(), QStringList{QStringLiteral(":/icons/device-tab.svg")});
    EXPECT_TRUE(bar->tabToolTip(0).contains(QStringLiteral("1 device")));
    auto *view = main->findChild<dt::ui::DevicePaneView *>();
    ASSERT_TRUE(view);
    auto corner = [&] { return view->grab().toImage().pixelColor(QPoint(1, 1) * view->devicePixelRatioF()); };
    EXPECT_LT(corner().lightnessF(), 0.3);
    dt::ui::MainWindow::Appearance light;
    light.theme = dt::ui::TerminalTheme::light();
    // The device pane keeps the keyboard across the rebuild a new theme
    // makes (taking it out of its splitter moves Qt's focus elsewhere).
    const auto devicePane = ws->tab(tab)->layout.panes().at(1);
    ws->focusPane(devicePane);
    ASSERT_TRUE(waitUntil([&] { return QApplication::focusWidget() == view; })) << QApplication::focusWidget();
    manager->setAppearance(light);
    EXPECT_TRUE(waitUntil([&] { return corner().lightnessF() > 0.8; })) << corner().name().toStdString();
    EXPECT_EQ(ws->tab(tab)->focused, devicePane);
    EXPECT_EQ(QApplication::focusWidget(), view);
    // Closing the device pane takes the marker away.
    ws->closePane(ws->tab(tab)->layout.panes().at(1), false);
    EXPECT_TRUE(waitUntil([&] { return bar->tabButton(0, QTabBar::LeftSide) == nullptr; }));
}

TEST_F(DevicePaneTest, aSweepAndALongTextNeverHoldTheGuiThread)
{
    dt::app::AutomationFacade facade(*ws);
    ASSERT_TRUE(std::holds_alternative<dt::devices::DeviceRecord>(dt::devices::DeviceStore().create("Busy", "phone", {})));
    dt::app::TerminalLaunch cat;
    cat.program = QStringLiteral("/bin/cat");
    const auto echoTab = ws->openTab(window, cat);
    auto *echo = ws->session(ws->tab(echoTab)->primary);
    const std::string owner = ws->pane(ws->tab(tab)->primary)->identity.sessionIdString().toStdString();
    const auto booted = facade.bootDevice(owner, "Busy");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::PaneRow>(booted));
    const QString udid = QString::fromStdString(std::get<dt::rpc::PaneRow>(booted).udid);
    ASSERT_TRUE(waitUntil([&] { return ws->devices().device(udid)->state() == DeviceBackend::State::Rendering; }, 25000));
    const auto pane = ws->devicePane(udid);

    QElapsedTimer call;
    call.start();
    std::optional<std::variant<dt::rpc::Json, dt::rpc::Error>> swept;
    dt::rpc::DevicePort::AxQuery sweep;
    sweep.kind = dt::rpc::DevicePort::AxQuery::Kind::Sweep;
    sweep.step = 0.02;
    facade.accessibility(pane, sweep, [&](std::variant<dt::rpc::Json, dt::rpc::Error> answer) { swept = std::move(answer); });
    dt::rpc::DevicePort::Gesture text;
    text.kind = dt::rpc::DevicePort::Gesture::Kind::Text;
    text.text = std::string(100000, 'a');
    ASSERT_TRUE(std::holds_alternative<int>(facade.deviceInput(pane, text)));
    const qint64 returned = call.elapsed();
    EXPECT_FALSE(swept.has_value()); // still under way
    EXPECT_LT(returned, 1000) << "the calls waited for the device";
    // What waits to be typed is bounded: more is refused, with why.
    text.text = std::string(250000, 'b');
    std::optional<dt::rpc::Error> refused;
    for (int i = 0; i < 4 && !refused; ++i)
        if (auto r = facade.deviceInput(pane, text); std::holds_alternative<dt::rpc::Error>(r))
            refused = std::get<dt::rpc::Error>(r);
    ASSERT_TRUE(refused);
    EXPECT_NE(refused->msg.find("still typing"), std::string::npos) << refused->msg;

    // Meanwhile: keys typed into the other tab come back.
    qint64 slowest = 0;
    for (int i = 0; i < 10 && !swept; ++i) {
        const std::string word = "echo" + std::to_string(i);
        QElapsedTimer round;
        round.start();
        echo->sendBytes(QByteArray::fromStdString(word + "\r"));
        ASSERT_TRUE(waitUntil([&] { return echo->terminal().screenText().find(word) != std::string::npos; }, 5000));
        slowest = std::max(slowest, round.elapsed());
    }
    std::cout << "echo while a sweep and 100k characters run: slowest " << slowest << " ms\n";
    EXPECT_LT(slowest, 1000); // it used to wait for the whole sweep (5-6 s)
    ASSERT_TRUE(waitUntil([&] { return swept.has_value(); }, 20000));
    ASSERT_TRUE(std::holds_alternative<dt::rpc::Json>(*swept)) << std::get<dt::rpc::Error>(*swept).msg;
    EXPECT_FALSE(std::get<dt::rpc::Json>(*swept)["tree"]["children"].empty());
}

} // namespace
