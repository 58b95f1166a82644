// What a person does on a real device pane reaches the device's owner as
// pane.gesture events, in order: a click on a button names the button (read
// before the app reacted to it), a drag is a swipe, the wheel scrolls, keys
// and text are typed, the Home button is pressed; input sent through
// automation is not a person's and is not reported, and nothing is told
// when the owner does not follow events.

#include "app/core/automation/automation_facade.h"
#include "app/ui/device_pane_view.h"
#include "devicepanes/store/device_store.h"
#include "device_pane_fixture.h"
#include "support/wait_until.h"

#include <QKeyEvent>
#include <QTest>
#include <QToolButton>
#include <QWheelEvent>

#include <gtest/gtest.h>

namespace {

using dt::devices::DeviceBackend;
using dt::rpc::Json;
using dt::test::DevicePaneTest;
using dt::test::waitUntil;

TEST_F(DevicePaneTest, aPersonsGesturesOnThePaneReachItsOwnerInOrder)
{
    dt::app::AutomationFacade facade(*ws);
    std::vector<Json> gestures;
    std::set<std::string> audience;
    facade.setEventSink([&](const Json &e, const dt::rpc::EventAudience &a) {
        if (e.value("type", "") == "pane.gesture") {
            gestures.push_back(e);
            if (a.sessions)
                audience.insert(a.sessions->begin(), a.sessions->end());
            else
                audience.insert("(everyone)");
        }
    });
    ASSERT_TRUE(std::holds_alternative<dt::devices::DeviceRecord>(dt::devices::DeviceStore().create("Hand", "phone", {})));
    const std::string owner = ws->pane(ws->tab(tab)->primary)->identity.sessionIdString().toStdString();
    const auto booted = facade.bootDevice(owner, "Hand");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::PaneRow>(booted));
    const QString udid = QString::fromStdString(std::get<dt::rpc::PaneRow>(booted).udid);
    const dt::app::PaneId pane = ws->devicePane(udid);
    DeviceBackend *sim = ws->devices().device(udid);
    ASSERT_TRUE(waitUntil([&] { return sim->state() == DeviceBackend::State::Rendering; }, 25000)) << sim->failure().toStdString();
    auto *view = main->findChild<dt::ui::DevicePaneView *>();
    ASSERT_TRUE(view);

    // Where the home page's Counter button is, as the device's tree says.
    std::optional<std::vector<dt::app::AxEntry>> entries;
    ASSERT_TRUE(waitUntil([&] {
        bool answered = false;
        facade.readAxEntries(pane, [&](auto read) { entries = std::move(read), answered = true; });
        waitUntil([&] { return answered; }, 5000);
        return entries && std::any_of(entries->begin(), entries->end(), [](const auto &e) { return e.label == "Counter"; });
    }, 15000));
    const auto counter = std::find_if(entries->begin(), entries->end(), [](const auto &e) { return e.label == "Counter"; });
    const QRect screen = view->screenRect();
    const auto onScreen = [&](QPointF f) {
        return QPoint(screen.left() + int(f.x() * screen.width()), screen.top() + int(f.y() * screen.height()));
    };

    // Input through automation first (a Shift, which changes nothing on
    // screen): not a person's.
    dt::rpc::DevicePort::Gesture shift;
    shift.kind = dt::rpc::DevicePort::Gesture::Kind::Key;
    shift.keysym = 0xffe1;
    ASSERT_TRUE(std::holds_alternative<int>(facade.deviceInput(pane, shift)));

    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, onScreen(counter->frame.center()));
    ASSERT_TRUE(waitUntil([&] { return gestures.size() == 1; }, 5000));
    EXPECT_EQ(gestures[0]["gesture"], "tap");
    ASSERT_TRUE(gestures[0].contains("element")) << gestures[0].dump();
    EXPECT_EQ(gestures[0]["element"]["text"], "Counter") << "read as the finger went down, on the home page";
    EXPECT_EQ(gestures[0]["paneId"], ws->pane(pane)->identity.sessionIdString().toUpper().toStdString());
    EXPECT_EQ(audience, std::set<std::string>{owner}) << "only the device's owner hears it";

    // A drag, the wheel, keys and text, the Home button: each in its turn.
    const QPoint from = onScreen({0.5, 0.8}), to = onScreen({0.5, 0.3});
    QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(view, onScreen({0.5, 0.5}));
    QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, to, 200);
    QWheelEvent wheel(onScreen({0.5, 0.5}), view->mapToGlobal(onScreen({0.5, 0.5})), {}, {0, -120}, Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(view, &wheel);
    QTest::keyClick(view, Qt::Key_Return);
    QKeyEvent accented(QEvent::KeyPress, 0, Qt::NoModifier, QStringLiteral("é"));
    QCoreApplication::sendEvent(view, &accented);
    view->findChild<QToolButton *>(QStringLiteral("deviceHome"))->click();
    ASSERT_TRUE(waitUntil([&] { return gestures.size() == 6; }, 5000)) << gestures.size();
    EXPECT_EQ(gestures[1]["gesture"], "swipe");
    EXPECT_NEAR(gestures[1]["at"]["y"].get<double>(), 0.8, 0.01);
    EXPECT_NEAR(gestures[1]["to"]["y"].get<double>(), 0.3, 0.01);
    EXPECT_GE(gestures[1]["durationMillis"].get<int>(), 200);
    EXPECT_EQ(gestures[2]["gesture"], "scroll");
    EXPECT_EQ(gestures[2]["clicks"], -1);
    EXPECT_EQ(gestures[3]["gesture"], "key");
    EXPECT_EQ(gestures[3]["keysym"], 0xff0d);
    EXPECT_EQ(gestures[4]["gesture"], "text");
    EXPECT_EQ(gestures[4]["text"], "é");
    EXPECT_EQ(gestures[5]["gesture"], "button");
    EXPECT_EQ(gestures[5]["button"], "home");
    for (const Json &g : gestures)
        EXPECT_EQ(g["udid"], udid.toStdString());
    EXPECT_TRUE(dt::test::nothingHappensFor(300, [&] { return gestures.size() != 6; })) << gestures.back().dump();

    // Nobody of the owner's follows events: nothing is read, held or told.
    facade.setFollowing([](const std::string &) { return false; });
    QTest::mouseClick(view, Qt::LeftButton, Qt::NoModifier, onScreen(counter->frame.center()));
    QTest::keyClick(view, Qt::Key_Return);
    EXPECT_TRUE(dt::test::nothingHappensFor(300, [&] { return gestures.size() != 6; })) << gestures.back().dump();
}

} // namespace
