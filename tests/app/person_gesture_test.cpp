// A person's gestures on a device pane: how a press becomes a tap, a long
// press or a swipe (the slop measured the same across and down on a tall
// screen), which element a touch meant and whether its text names it
// alone, and the pane.gesture event each gesture makes.

#include "app/core/automation/gesture_adaptor.h"
#include "app/core/person_gesture.h"

#include <gtest/gtest.h>

namespace {

using dt::app::PersonGesture;
using dt::app::PressTracker;
using K = PersonGesture::Kind;

TEST(PressTracker, aStillFingerTapsOrPressesLongAndAMovingOneSwipes)
{
    PressTracker t;
    EXPECT_FALSE(t.release({0.5, 0.5}, 10)) << "no press, no gesture";

    t.press({0.5, 0.5}, 1000, 0.5);
    t.move({0.505, 0.505});
    auto g = t.release({0.51, 0.505}, 1080);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->kind, K::Tap);
    EXPECT_EQ(g->at, QPointF(0.5, 0.5)) << "where the finger went down";
    EXPECT_EQ(g->durationMillis, 80);
    EXPECT_FALSE(t.pressed());

    t.press({0.5, 0.5}, 0, 0.5);
    g = t.release({0.5, 0.5}, PressTracker::kLongPressMillis);
    EXPECT_EQ(g->kind, K::LongPress);

    t.press({0.5, 0.8}, 0, 0.5);
    g = t.release({0.5, 0.3}, 200);
    EXPECT_EQ(g->kind, K::Swipe);
    EXPECT_EQ(g->to, QPointF(0.5, 0.3));

    // Out and back: the list moved, so it swiped.
    t.press({0.5, 0.5}, 0, 0.5);
    t.move({0.5, 0.7});
    g = t.release({0.5, 0.5}, 900);
    EXPECT_EQ(g->kind, K::Swipe);
}

TEST(PressTracker, theSlopIsAsWideAsItIsTallOnATallScreen)
{
    // Half as wide as tall: 0.015 of the width across is 0.015 of the
    // short side (a tap), 0.015 of the height down is 0.03 of it (a swipe).
    PressTracker t;
    t.press({0.5, 0.5}, 0, 0.5);
    EXPECT_EQ(t.release({0.515, 0.5}, 50)->kind, K::Tap);
    t.press({0.5, 0.5}, 0, 0.5);
    EXPECT_EQ(t.release({0.5, 0.515}, 50)->kind, K::Swipe);
    // And the other way round on a wide screen.
    t.press({0.5, 0.5}, 0, 2);
    EXPECT_EQ(t.release({0.5, 0.515}, 50)->kind, K::Tap);
    t.press({0.5, 0.5}, 0, 2);
    EXPECT_EQ(t.release({0.515, 0.5}, 50)->kind, K::Swipe);
}

dt::app::AxEntry entry(const char *role, const char *label, QRectF frame, bool interactive, const char *value = "")
{
    dt::app::AxEntry e;
    e.role = QString::fromUtf8(role);
    e.label = QString::fromUtf8(label);
    e.value = QString::fromUtf8(value);
    e.frame = frame;
    e.interactive = interactive;
    return e;
}

TEST(TouchedElement, theSmallestTouchableElementUnderTheFingerByATextOnlyItHas)
{
    const std::vector<dt::app::AxEntry> entries = {
        entry("Window", "Shell", {0, 0, 1, 1}, false),
        entry("Group", "Counter page", {0, 0, 1, 1}, false),
        entry("StaticText", "Count 3", {0.1, 0.1, 0.8, 0.1}, false),
        entry("Button", "+1", {0.1, 0.5, 0.8, 0.1}, true),
        entry("Button", "OK", {0.1, 0.7, 0.4, 0.1}, true),
        entry("Button", "ok", {0.5, 0.7, 0.4, 0.1}, true),
        entry("TextField", "", {0.1, 0.85, 0.4, 0.1}, true, "my secret draft"),
        entry("Cell", "", {0.5, 0.85, 0.4, 0.1}, true, "Item 7"),
        entry("Button", QString(201, u'x').toUtf8().constData(), {0.1, 0.3, 0.8, 0.05}, true),
    };
    auto at = [&](double x, double y) {
        const auto t = dt::app::touchedElement(entries, {x, y});
        return t ? t->text : QStringLiteral("(none)");
    };
    EXPECT_EQ(at(0.5, 0.55), "+1");
    EXPECT_EQ(at(0.9, 0.6), "+1") << "the far edge is the button's too";
    EXPECT_EQ(at(0.5, 0.15), "Count 3") << "text a person can see";
    EXPECT_EQ(at(0.5, 0.45), "(none)") << "the page around the controls is not what was tapped";
    EXPECT_EQ(at(0.2, 0.75), "(none)") << "OK and ok are one text to replay: neither names a button alone";
    EXPECT_EQ(at(0.2, 0.9), "(none)") << "what was typed into a field is not its name";
    EXPECT_EQ(at(0.7, 0.9), "Item 7") << "a cell without a label, by its value";
    EXPECT_EQ(at(0.5, 0.32), "(none)") << "a text too long to write down";
    EXPECT_EQ(dt::app::touchedElement(entries, {0.5, 0.55})->app, "") << "no application in this tree";
}

// The same text twice: fine when the other is the button's own label
// inside it (replay taps the first match's centre, which is on the
// button); not when it is the tab list around a tab, named after the
// current tab, whose centre is elsewhere.
TEST(TouchedElement, aTextSharedWithWhatIsInsideItStillNamesIt)
{
    std::vector<dt::app::AxEntry> entries = {
        entry("Button", "Save", {0.1, 0.1, 0.4, 0.1}, true),
        entry("StaticText", "Save", {0.2, 0.12, 0.2, 0.06}, false),
        entry("page tab list", "Fonts", {0.0, 0.5, 0.9, 0.05}, false),
        entry("page tab", "Appearance", {0.0, 0.5, 0.2, 0.05}, true),
        entry("page tab", "Fonts", {0.2, 0.5, 0.2, 0.05}, true),
    };
    EXPECT_EQ(dt::app::touchedElement(entries, {0.15, 0.15})->text, "Save");
    EXPECT_FALSE(dt::app::touchedElement(entries, {0.3, 0.52})) << "Fonts is the tab list's name too";
    EXPECT_EQ(dt::app::touchedElement(entries, {0.1, 0.52})->text, "Appearance");
}

TEST(TouchedElement, namesTheApplicationTheElementBelongsTo)
{
    // Two applications on the device's bus: the shell, and a program
    // launched over it.
    std::vector<dt::app::AxEntry> entries = {
        entry("Application", "deviceterm-device-shell", {0, 0, 1, 1}, false),
        entry("Button", "Counter", {0.1, 0.8, 0.8, 0.1}, true),
        entry("Application", "qt6ct", {0, 0, 0.6, 0.5}, false),
        entry("page tab", "Fonts", {0.1, 0.05, 0.1, 0.02}, true),
    };
    entries[1].depth = entries[3].depth = 1;
    EXPECT_EQ(dt::app::touchedElement(entries, {0.15, 0.06})->app, "qt6ct");
    EXPECT_EQ(dt::app::touchedElement(entries, {0.5, 0.85})->app, "deviceterm-device-shell");
}

TEST(GestureEvent, eachGestureSaysWhatReplayNeeds)
{
    PersonGesture tap(K::Tap);
    tap.at = {0.123456, 0.5};
    tap.durationMillis = 70;
    dt::app::AxEntry counter = entry("Button", "Counter", {0, 0, 1, 1}, true);
    auto e = dt::app::GestureAdaptor::eventOf(tap, dt::app::TouchedElement{&counter, QStringLiteral("Counter"), QStringLiteral("shell")});
    EXPECT_EQ(e.dump(), R"({"at":{"x":0.1235,"y":0.5},"durationMillis":70,"element":{"app":"shell","role":"Button","text":"Counter"},)"
                        R"("gesture":"tap","type":"pane.gesture"})");
    e = dt::app::GestureAdaptor::eventOf(tap, std::nullopt);
    EXPECT_FALSE(e.contains("element")) << "omitted, never null";

    PersonGesture swipe(K::Swipe);
    swipe.at = {0.5, 0.8}, swipe.to = {0.5, 0.2}, swipe.durationMillis = 300;
    EXPECT_EQ(dt::app::GestureAdaptor::eventOf(swipe, std::nullopt).dump(),
              R"({"at":{"x":0.5,"y":0.8},"durationMillis":300,"gesture":"swipe","to":{"x":0.5,"y":0.2},"type":"pane.gesture"})");
    PersonGesture wheel(K::Scroll);
    wheel.at = {0.5, 0.5}, wheel.clicks = -2;
    EXPECT_EQ(dt::app::GestureAdaptor::eventOf(wheel, std::nullopt)["clicks"], -2);
    PersonGesture key(K::Key);
    key.keysym = 0xff0d;
    EXPECT_EQ(dt::app::GestureAdaptor::eventOf(key, std::nullopt).dump(), R"({"gesture":"key","keysym":65293,"type":"pane.gesture"})");
    PersonGesture typed(K::Text);
    typed.text = QStringLiteral("é");
    EXPECT_EQ(dt::app::GestureAdaptor::eventOf(typed, std::nullopt)["text"], "é");
    EXPECT_EQ(dt::app::GestureAdaptor::eventOf(PersonGesture(K::Button, QStringLiteral("home")), std::nullopt)["button"], "home");
    EXPECT_EQ(dt::app::GestureAdaptor::eventOf(PersonGesture(K::Rotate, QStringLiteral("left")), std::nullopt)["gesture"], "rotate");
    EXPECT_EQ(dt::app::GestureAdaptor::eventOf(PersonGesture(K::TwoFingers), std::nullopt).dump(),
              R"({"gesture":"twoFingers","type":"pane.gesture"})");
}

} // namespace
