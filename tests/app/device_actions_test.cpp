// A device pane's hardware actions have one code path: the pane's buttons
// (and the Device menu) and the automation server's pane.input.button and
// pane.input.rotate all run DeviceManager's press and rotate, with the same
// effect on the device.

#include "app/core/automation/automation_facade.h"
#include "app/ui/device_pane_view.h"
#include "device_pane_fixture.h"
#include "devicepanes/device_display.h"
#include "devicepanes/store/device_store.h"
#include "support/shell_buttons.h"
#include "support/wait_until.h"

#include <QToolButton>

namespace {

using dt::devices::DeviceBackend;
using dt::devices::Orientation;
using dt::test::DevicePaneTest;
using dt::test::waitUntil;
using Gesture = dt::rpc::DevicePort::Gesture;

TEST_F(DevicePaneTest, theGuiButtonsAndTheAutomationServerRunTheSameDeviceActions)
{
    dt::app::AutomationFacade facade(*ws);
    ASSERT_TRUE(std::holds_alternative<dt::devices::DeviceRecord>(dt::devices::DeviceStore().create("Twin", "phone", {})));
    const std::string owner = ws->pane(ws->tab(tab)->primary)->identity.sessionIdString().toStdString();
    const auto booted = facade.bootDevice(owner, "Twin");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::PaneRow>(booted));
    const QString udid = QString::fromStdString(std::get<dt::rpc::PaneRow>(booted).udid);
    DeviceBackend *device = ws->devices().device(udid);
    ASSERT_TRUE(waitUntil([&] { return device->state() == DeviceBackend::State::Rendering; }, 25000)) << device->failure().toStdString();
    const auto pane = ws->devicePane(udid);
    auto *view = main->findChild<dt::ui::DevicePaneView *>();
    ASSERT_TRUE(view);

    QStringList acted;
    QObject::connect(&ws->devices(), &dt::app::DeviceManager::acted, view, [&](const QString &u, const QString &action) {
        EXPECT_EQ(u, udid);
        acted << action;
    });
    const QColor homePage(0x1e, 0x3a, 0x5f), counterPage(0x1f, 0x6f, 0x43);
    auto page = [&] { return device->display()->frame().pixelColor(3, 3); };
    ASSERT_TRUE(waitUntil([&] { return page() == homePage; }, 5000));
    const QList<int> rows = dt::test::shellButtonRows(device->display()->frame());
    ASSERT_EQ(rows.size(), 5); // Counter, Form, List, Photo, Timer
    auto openCounter = [&] {
        Gesture tap;
        tap.y = double(rows.at(0)) / device->display()->size().height();
        ASSERT_TRUE(std::holds_alternative<int>(facade.deviceInput(pane, tap)));
        ASSERT_TRUE(waitUntil([&] { return page() == counterPage; }, 5000));
    };

    // Home, from the pane's button…
    openCounter();
    view->findChild<QToolButton *>(QStringLiteral("deviceHome"))->click();
    EXPECT_TRUE(waitUntil([&] { return page() == homePage; }, 5000));
    // …and from the automation server: the same action, the same page.
    openCounter();
    Gesture home;
    home.kind = Gesture::Kind::Button;
    home.text = "home";
    ASSERT_TRUE(std::holds_alternative<int>(facade.deviceInput(pane, home)));
    EXPECT_TRUE(waitUntil([&] { return page() == homePage; }, 5000));
    EXPECT_EQ(acted, QStringList({QStringLiteral("home"), QStringLiteral("home")}));

    // Turning: the pane's button, then the server, each a quarter turn.
    acted.clear();
    view->findChild<QToolButton *>(QStringLiteral("deviceRotateLeft"))->click();
    EXPECT_EQ(device->orientation(), Orientation::LandscapeLeft);
    const auto turned = facade.rotate(pane, "left");
    ASSERT_TRUE(std::holds_alternative<std::string>(turned));
    EXPECT_EQ(std::get<std::string>(turned), "portraitUpsideDown");
    view->findChild<QToolButton *>(QStringLiteral("deviceRotateRight"))->click();
    EXPECT_EQ(std::get<std::string>(facade.rotate(pane, "right")), "portrait");
    EXPECT_EQ(acted, QStringList({QStringLiteral("rotate:landscapeLeft"), QStringLiteral("rotate:portraitUpsideDown"),
                                  QStringLiteral("rotate:landscapeLeft"), QStringLiteral("rotate:portrait")}));

    // A device that is down refuses both the same way: nothing happens.
    ws->devices().shutdown(udid);
    const auto refused = facade.deviceInput(pane, home);
    ASSERT_TRUE(std::holds_alternative<dt::rpc::Error>(refused));
    EXPECT_EQ(std::get<dt::rpc::Error>(refused).code, dt::rpc::code::InvalidParams);
    const auto refusal = ws->devices().press(udid, dt::devices::DeviceButton::Home);
    ASSERT_TRUE(refusal);
    EXPECT_EQ(refusal->reason, dt::app::DeviceRefusal::Reason::NotRunning);
    EXPECT_EQ(acted.size(), 4);
}

} // namespace
