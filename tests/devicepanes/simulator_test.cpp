// Real virtual devices: Xvfb, private buses and the device shell, booted,
// looked at through the mirrored framebuffer, touched through XTest and
// shut down with nothing left behind. What outlives deviceterm (kept
// devices, the watchdog, the start-up sweep): simulator_lifecycle_test.cpp.

#include "devicepanes/accessibility_bridge.h"
#include "devicepanes/private_network.h"
#include "devicepanes/display_cookie.h"
#include "devicepanes/simulator.h"
#include "devicepanes/tuio_frame.h"
#include "simulator_fixture.h"
#include "support/ax_nodes.h"
#include "support/processes.h"
#include "support/shell_buttons.h"
#include "support/wait_until.h"

#include <QTemporaryDir>
#include <QTest>
#include <QUdpSocket>

#include <gtest/gtest.h>

#include <csignal>
#include <sys/types.h>

namespace {

using dt::devices::DeviceDisplay;
using dt::devices::Simulator;
using dt::test::buttonCentre;
using dt::test::flatten;
using dt::test::processesMentioning;
using dt::test::settle;
using dt::test::SimulatorTest;
using dt::test::titleOn;
using dt::test::waitUntil;

QPointF firstButton(const QImage &frame);

TEST_F(SimulatorTest, everyProfileBootsToItsHomeScreenAndShutsDownCompletely)
{
    for (const auto &profile : dt::devices::deviceProfiles()) {
        auto sim = boot(profile.family);
        ASSERT_TRUE(waitUntil([&] { return sim->state() != Simulator::State::Booting; }, 25000)) << profile.family;
        ASSERT_TRUE(rendered(*sim)) << profile.family << ": " << sim->failure().toStdString();
        EXPECT_EQ(sim->display()->size(), QSize(profile.width, profile.height)) << profile.family;
        // The mirror shows the shell's home page.
        EXPECT_TRUE(waitUntil([&] { return pixel(*sim, 3, 3) == home; }, 10000))
            << profile.family << " shows " << pixel(*sim, 3, 3).name().toStdString();
        const QString dir = sim->runtimeDirectory();
        EXPECT_FALSE(processesMentioning(dir).isEmpty());
        const std::vector<qint64> groups = sim->processGroups();
        EXPECT_GE(groups.size(), 3u); // display, bus, app (and the a11y launcher)

        sim->shutdown();
        EXPECT_EQ(sim->state(), Simulator::State::Shutdown);
        EXPECT_TRUE(sim->processGroups().empty());
        // Asked of the kernel, not of the simulator's own records. The
        // accessibility bus's helpers, killed, are zombies until init reaps
        // them (seen: ~1.5 s here), and a zombie still counts as in the group.
        for (qint64 group : groups)
            EXPECT_TRUE(waitUntil([&] { return ::kill(-pid_t(group), 0) != 0; }, 10000))
                << profile.family << ": group " << group << " still has processes";
        EXPECT_TRUE(waitUntil([&] { return processesMentioning(dir).isEmpty(); }, 3000))
            << processesMentioning(dir).join(QLatin1Char('\n')).toStdString();
        EXPECT_FALSE(QFileInfo::exists(dir));
    }
}

TEST_F(SimulatorTest, onlyClientsWithTheDevicesCookieReachItsDisplay)
{
    auto sim = boot("phone");
    ASSERT_TRUE(waitUntil([&] { return rendered(*sim) && titleOn(*sim) == QStringLiteral("Home"); }, 25000))
        << sim->failure().toStdString();
    const QFileInfo cookie(sim->xauthorityPath());
    ASSERT_TRUE(cookie.exists());
    EXPECT_EQ(cookie.permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther), 0);
    EXPECT_EQ(QFileInfo(sim->runtimeDirectory()).permissions() & (QFile::ExeOther | QFile::ReadOther), 0);
    // Without the cookie (as any other user would be) the display refuses.
    EXPECT_EQ(titleOn(*sim, QStringLiteral("/nonexistent"), std::nullopt), QString());
    QTemporaryDir elsewhere;
    const QString wrong = elsewhere.filePath(QStringLiteral("Xauthority"));
    ASSERT_TRUE(dt::devices::writeXauthority(wrong.toStdString(), dt::devices::makeDisplayCookie(), nullptr));
    EXPECT_EQ(titleOn(*sim, wrong, std::nullopt), QString());
    // Another uid, pointed at the real cookie, cannot read it (root only can
    // become another user; as a user, the cases above are that user).
    if (::getuid() == 0) {
        EXPECT_EQ(titleOn(*sim, sim->xauthorityPath(), 65534), QString());
    }
    EXPECT_EQ(titleOn(*sim), QStringLiteral("Home")); // we still can
}

TEST_F(SimulatorTest, aTapOpensAnAppAndTheHomeButtonReturns)
{
    auto sim = boot("phone");
    ASSERT_TRUE(waitUntil([&] { return rendered(*sim) && pixel(*sim, 3, 3) == home; }, 25000)) << sim->failure().toStdString();
    // The first light block down the left of the home screen is the Counter button.
    const QImage frame = sim->display()->frame();
    int top = -1, bottom = -1;
    for (int y = 0; y < frame.height(); ++y) {
        const QColor c = frame.pixelColor(40, y);
        const bool light = c.lightness() > 180;
        if (light && top < 0)
            top = y;
        if (!light && top >= 0) {
            bottom = y;
            break;
        }
    }
    ASSERT_GT(bottom - top, 30) << "no button found";
    DeviceDisplay *display = sim->display();
    display->movePointer({frame.width() / 2, (top + bottom) / 2});
    display->pressButton(1, true);
    dt::test::pace(32); // a finger's dwell: what makes a press a tap
    display->pressButton(1, false);
    EXPECT_TRUE(waitUntil([&] { return pixel(*sim, 3, 3) == counter; }, 5000)) << pixel(*sim, 3, 3).name().toStdString();

    // Volume up counts up: the count's pixels change.
    const QImage before = sim->display()->frame();
    ASSERT_TRUE(display->typeKeysym(0x1008ff13, true)); // XF86AudioRaiseVolume
    display->typeKeysym(0x1008ff13, false);
    EXPECT_TRUE(waitUntil([&] { return sim->display()->frame() != before; }, 5000)) << titleOn(*sim).toStdString();
    // The home button (XF86HomePage) goes back.
    ASSERT_TRUE(display->typeKeysym(0x1008ff18, true));
    display->typeKeysym(0x1008ff18, false);
    EXPECT_TRUE(waitUntil([&] { return pixel(*sim, 3, 3) == home; }, 5000));
}

TEST_F(SimulatorTest, gesturesAndTextReachTheAppInOrder)
{
    auto sim = boot("phone");
    // Home, and drawn (the title changes before the picture does).
    ASSERT_TRUE(waitUntil([&] {
        return rendered(*sim) && titleOn(*sim) == QStringLiteral("Home") && pixel(*sim, 3, 3) == home
            && firstButton(sim->display()->frame()).y() > 0;
    }, 25000)) << sim->failure().toStdString() << titleOn(*sim).toStdString();
    settle(*sim); // the rest of the page
    dt::devices::DeviceInput *input = sim->input();
    ASSERT_TRUE(input);
    // Volume up twice, queued behind a tap on nothing: counted in order.
    ASSERT_TRUE(input->key(0x1008ff18)); // home: still home
    ASSERT_FALSE(input->key(0x1234567)); // no such key: refused at once
    // The Form button is the second light block down the left edge.
    const QImage frame = sim->display()->frame();
    const QList<int> centres = dt::test::shellButtonRows(frame);
    ASSERT_GE(centres.size(), 3);
    input->tap({0.5, double(centres.at(1)) / (frame.height() - 1)});
    ASSERT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Form"); }, 5000)) << titleOn(*sim).toStdString();
    // Text with characters the keymap lacks, typed in order.
    ASSERT_TRUE(input->text(QStringLiteral("Zoë ✓ ok")));
    EXPECT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Form: Hello, Zoë ✓ ok"); }, 5000))
        << titleOn(*sim).toStdString();
    // A swipe is a press, moves and a release: it lands on no button, so
    // the page stays; a tap on Home afterwards still works.
    EXPECT_GT(input->swipe({0.5, 0.9}, {0.5, 0.6}, 200), 5);
    input->key(0x1008ff18);
    EXPECT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Home"); }, 5000)) << titleOn(*sim).toStdString();
}

TEST_F(SimulatorTest, theAccessibilityTreeNamesTheButtonsWhereTheirPixelsAre)
{
    auto sim = boot("phone");
    ASSERT_TRUE(waitUntil([&] { return rendered(*sim) && pixel(*sim, 3, 3) == home; }, 25000)) << sim->failure().toStdString();
    dt::devices::AccessibilityBridge bridge(sim->sessionBus(), sim->display()->size());
    std::optional<dt::devices::AxNode> tree;
    QString why;
    // The app registers with the accessibility bus shortly after it maps.
    ASSERT_TRUE(waitUntil([&] { return (tree = bridge.tree(&why)).has_value(); }, 10000)) << why.toStdString();
    QList<dt::devices::AxNode> nodes;
    flatten(*tree, nodes);
    QStringList buttons;
    const QImage frame = sim->display()->frame();
    for (const auto &n : nodes) {
        if (n.role != QLatin1String("Button"))
            continue;
        buttons << n.label;
        // Its frame holds its (light) pixels: just inside its left edge,
        // away from the caption.
        const QPointF inside(n.frame.left() + n.frame.width() * 0.08, n.frame.center().y());
        EXPECT_GT(frame.pixelColor(int(inside.x() * frame.width()), int(inside.y() * frame.height())).lightness(), 180)
            << n.label.toStdString();
    }
    EXPECT_EQ(buttons, (QStringList{QStringLiteral("Counter"), QStringLiteral("Form"), QStringLiteral("List"), QStringLiteral("Photo"),
                                QStringLiteral("Timer")}));
    // Hidden pages are not in it.
    for (const auto &n : nodes)
        EXPECT_NE(n.label, QStringLiteral("+1"));

    // At the centre of the Form button: that button.
    const auto form = std::find_if(nodes.begin(), nodes.end(), [](const auto &n) { return n.label == QLatin1String("Form"); });
    ASSERT_NE(form, nodes.end());
    const auto hit = bridge.elementAt(form->frame.center(), &why);
    ASSERT_TRUE(hit) << why.toStdString();
    EXPECT_EQ(hit->role, QStringLiteral("Button"));
    EXPECT_EQ(hit->label, QStringLiteral("Form"));
    EXPECT_TRUE(hit->children.isEmpty());

    // After a tap the tree follows: the counter's buttons, and the count as text.
    sim->input()->tap(form->frame.center());
    ASSERT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Form"); }, 5000));
    sim->input()->text(QStringLiteral("Ada"));
    ASSERT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Form: Hello, Ada"); }, 5000));
    tree = bridge.tree(&why);
    ASSERT_TRUE(tree) << why.toStdString();
    nodes.clear();
    flatten(*tree, nodes);
    const auto field = std::find_if(nodes.begin(), nodes.end(), [](const auto &n) { return n.role == QLatin1String("TextField"); });
    ASSERT_NE(field, nodes.end());
    EXPECT_EQ(field->label, QStringLiteral("Name"));
    EXPECT_EQ(field->value, QStringLiteral("Ada"));
}

TEST_F(SimulatorTest, turningTheDeviceResizesItsScreenAndTheAppFollows)
{
    auto sim = boot("phone");
    ASSERT_TRUE(waitUntil([&] { return rendered(*sim) && pixel(*sim, 3, 3) == home; }, 25000)) << sim->failure().toStdString();
    QString why;
    ASSERT_TRUE(sim->rotate(dt::devices::Orientation::LandscapeLeft, &why)) << why.toStdString();
    EXPECT_EQ(sim->display()->size(), QSize(844, 390));
    EXPECT_EQ(sim->orientation(), dt::devices::Orientation::LandscapeLeft);
    // The app fills the wider screen: its background reaches the far corner.
    EXPECT_TRUE(waitUntil([&] { return pixel(*sim, 840, 386) == home; }, 5000)) << pixel(*sim, 840, 386).name().toStdString();
    // A tap lands where the app now is.
    ASSERT_TRUE(sim->rotate(dt::devices::Orientation::Portrait, &why)) << why.toStdString();
    EXPECT_EQ(sim->display()->size(), QSize(390, 844));
    EXPECT_EQ(sim->orientation(), dt::devices::Orientation::Portrait);
    EXPECT_TRUE(waitUntil([&] { return pixel(*sim, 386, 840) == home; }, 5000)) << pixel(*sim, 386, 840).name().toStdString();
}

// The centre of the first light block down the left edge (a shell button).
QPointF firstButton(const QImage &frame)
{
    int top = -1;
    for (int y = 0; y < frame.height(); ++y) {
        const bool light = frame.pixelColor(40, y).lightness() > 180;
        if (light && top < 0)
            top = y;
        if (!light && top >= 0 && y - top > 20)
            return {0.5, (top + y) / 2.0 / frame.height()};
        if (!light)
            top = -1;
    }
    return {};
}

TEST_F(SimulatorTest, tenTapsCountTen)
{
    auto sim = boot("phone");
    ASSERT_TRUE(waitUntil([&] {
        return rendered(*sim) && titleOn(*sim) == QStringLiteral("Home") && pixel(*sim, 3, 3) == home
            && firstButton(sim->display()->frame()).y() > 0;
    }, 25000)) << sim->failure().toStdString();
    settle(*sim);
    sim->input()->tap(firstButton(sim->display()->frame())); // Counter
    ASSERT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Counter: 0"); }, 5000));
    // The title changes before the page is drawn: wait for its picture.
    ASSERT_TRUE(waitUntil([&] { return pixel(*sim, 3, 3) == counter && !firstButton(sim->display()->frame()).isNull()
                                       && firstButton(sim->display()->frame()).y() > 0.55; },
                          5000));
    const QPointF plus = firstButton(sim->display()->frame()); // +1
    for (int i = 0; i < 10; ++i)
        sim->input()->tap(plus); // queued: each a whole press and release
    EXPECT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Counter: 10"); }, 5000)) << titleOn(*sim).toStdString();
}

TEST_F(SimulatorTest, aWatchCountsWithItsCrown)
{
    auto sim = boot("watch");
    ASSERT_TRUE(waitUntil([&] {
        return rendered(*sim) && titleOn(*sim) == QStringLiteral("Home") && pixel(*sim, 3, 3) == home
            && firstButton(sim->display()->frame()).y() > 0;
    }, 25000)) << sim->failure().toStdString();
    settle(*sim);
    sim->input()->tap(firstButton(sim->display()->frame()));
    ASSERT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Counter: 0"); }, 5000));
    sim->input()->wheel({0.5, 0.3}, 3);
    EXPECT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Counter: 3"); }, 5000)) << titleOn(*sim).toStdString();
    sim->input()->wheel({0.5, 0.3}, -1);
    EXPECT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Counter: 2"); }, 5000)) << titleOn(*sim).toStdString();
}

TEST_F(SimulatorTest, twoRealFingersZoomThePhotoAndNothingFromTheNetworkDoes)
{
    auto sim = boot("phone");
    ASSERT_TRUE(waitUntil([&] { return rendered(*sim) && pixel(*sim, 3, 3) == home; }, 25000)) << sim->failure().toStdString();
    QString why;
    ASSERT_TRUE(sim->multitouch(&why)) << why.toStdString();
    const auto photo = buttonCentre(*sim, QStringLiteral("Photo"));
    ASSERT_TRUE(photo);
    sim->input()->tap(*photo);
    const QColor photoPage(0x20, 0x26, 0x2e);
    ASSERT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("Photo: 100%") && pixel(*sim, 3, 3) == photoPage; }, 5000))
        << titleOn(*sim).toStdString();
    settle(*sim);

    // The touch port is not on this machine's network: the same frames
    // sent to it from outside the device touch nothing.
    QUdpSocket outside;
    for (int frame = 1; frame <= 20; ++frame) {
        const float spread = 0.1f + 0.02f * frame;
        const std::string bytes = dt::devices::tuioCursorFrame({{900, 0.5f - spread, 0.4f}, {901, 0.5f + spread, 0.4f}}, frame);
        outside.writeDatagram(bytes.data(), qint64(bytes.size()), QHostAddress::LocalHost, dt::devices::PrivateNetwork::kTouchPort);
    }
    EXPECT_TRUE(dt::test::nothingHappensFor(300, [&] { return titleOn(*sim) != QStringLiteral("Photo: 100%"); }))
        << titleOn(*sim).toStdString();

    // Fingers spread apart three times as far: about three times the zoom.
    ASSERT_TRUE(sim->input()->pinch({0.4, 0.35}, {0.6, 0.35}, {0.2, 0.35}, {0.8, 0.35}, 300));
    ASSERT_TRUE(waitUntil([&] { return !sim->input()->busy(); }, 3000));
    int zoom = 0;
    EXPECT_TRUE(waitUntil([&] {
        zoom = titleOn(*sim).section(QLatin1Char(' '), 1).chopped(1).toInt();
        return zoom >= 250;
    }, 5000)) << titleOn(*sim).toStdString();
    EXPECT_LE(zoom, 350);
    // The picture shows it: the sun, up and right at 100 %, now fills the
    // page's middle-right (yellow where sky was).
    const QImage frame = sim->display()->frame();
    const QColor sun = frame.pixelColor(frame.width() * 3 / 4, frame.height() / 4);
    EXPECT_GT(sun.red(), 200) << sun.name().toStdString();
    EXPECT_LT(sun.blue(), 120) << sun.name().toStdString();

    // And together again: smaller than before.
    ASSERT_TRUE(sim->input()->pinch({0.2, 0.35}, {0.8, 0.35}, {0.4, 0.35}, {0.6, 0.35}, 300));
    EXPECT_TRUE(waitUntil([&] { return titleOn(*sim).section(QLatin1Char(' '), 1).chopped(1).toInt() < zoom * 2 / 3; }, 5000))
        << titleOn(*sim).toStdString();
}

TEST_F(SimulatorTest, aSwipeScrollsTheListLikeAFinger)
{
    auto sim = boot("phone");
    ASSERT_TRUE(waitUntil([&] { return rendered(*sim) && pixel(*sim, 3, 3) == home; }, 25000)) << sim->failure().toStdString();
    const auto list = buttonCentre(*sim, QStringLiteral("List"));
    ASSERT_TRUE(list);
    sim->input()->tap(*list);
    ASSERT_TRUE(waitUntil([&] { return titleOn(*sim) == QStringLiteral("List: Item 1"); }, 5000)) << titleOn(*sim).toStdString();
    settle(*sim);
    // Up the screen: the list moves with it (and on, after the release).
    EXPECT_GT(sim->input()->swipe({0.5, 0.75}, {0.5, 0.25}, 300), 5);
    int top = 0;
    EXPECT_TRUE(waitUntil([&] {
        top = titleOn(*sim).section(QStringLiteral("Item "), 1).toInt();
        return top >= 6;
    }, 5000)) << titleOn(*sim).toStdString();
    // And back down: towards the first item again.
    ASSERT_TRUE(dt::test::waitUntilStill<QString>([&] { return titleOn(*sim); }, 300, 8000)); // the fling comes to rest
    top = titleOn(*sim).section(QStringLiteral("Item "), 1).toInt();
    sim->input()->swipe({0.5, 0.25}, {0.5, 0.75}, 300);
    EXPECT_TRUE(waitUntil([&] { return titleOn(*sim).section(QStringLiteral("Item "), 1).toInt() < top; }, 5000))
        << titleOn(*sim).toStdString();
}

TEST_F(SimulatorTest, multitouchIsOnlyClaimedForQtAppsThatLoadedTheTouchPlugin)
{
    // A Qt app the user did not mark for touch: it keeps the network, no
    // multitouch.
    auto plain = boot("phone", {DT_DEVICE_SHELL});
    // Marked, but not a Qt app (xterm-like: any X program): observed, not assumed.
    auto notQt = boot("phone", {"sh", "-c", "exec xmessage -geometry 300x200+0+0 hello"}, true);
    auto marked = boot("phone", {DT_DEVICE_SHELL}, true);
    for (auto *sim : {plain.get(), notQt.get(), marked.get()})
        ASSERT_TRUE(waitUntil([&] { return rendered(*sim); }, 25000)) << sim->failure().toStdString();
    QString why;
    EXPECT_FALSE(plain->multitouch(&why));
    EXPECT_TRUE(why.contains(QStringLiteral("--qt-touch"))) << why.toStdString();
    EXPECT_FALSE(plain->input()->pinch({0.4, 0.5}, {0.6, 0.5}, {0.3, 0.5}, {0.7, 0.5}, 100));
    EXPECT_FALSE(notQt->multitouch(&why));
    EXPECT_TRUE(why.contains(QStringLiteral("touch plugin"))) << why.toStdString();
    EXPECT_TRUE(marked->multitouch(&why)) << why.toStdString();
}

} // namespace
