// A person's clicks become a flow that replays green: the real GUI on a
// real X server (Xvfb), a device pane beside the tab, the real CLI
// recording in that tab, and clicks and typing sent as a person's through
// XTest (xdotool) onto the pane's mirror of the device. The flow names
// what was clicked by its text, ends on Ctrl+C with every step on disk,
// and passes when replayed on the device booted afresh: on the device
// shell, and on another Qt app (qt6ct, from Debian) launched on a pad.

#include "cli_fixture.h"
#include "support/virtual_display.h"

#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

namespace {

using namespace dt::test::cli;
using dt::test::VirtualDisplay;

class ReplayRecordTest : public CliTest {
protected:
    VirtualDisplay display;

    void startGuiOnX(const char *scriptName)
    {
        ASSERT_TRUE(display.isRunning()) << "Xvfb did not start";
        guiEnvironment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        guiEnvironment.insert(QStringLiteral("DISPLAY"), display.name());
        startGui(QStringLiteral("sh ") + script(scriptName), {QStringLiteral("--size"), QStringLiteral("80x30")});
    }
    bool waitForFile(const char *name, int timeoutMs)
    {
        return waitUntil([&] { return QFile::exists(dir.filePath(QLatin1String(name))); }, timeoutMs);
    }
    std::string progress() const
    {
        return "the script got as far as: " + QDir(dir.path()).entryList(QDir::Files, QDir::Time).join(u' ').toStdString();
    }

    QImage screenshot()
    {
        const QString path = dir.filePath(QStringLiteral("root.png"));
        display.run(QStringLiteral("import"), {QStringLiteral("-window"), QStringLiteral("root"), path});
        return QImage(path);
    }

    // Where the phone's screen is drawn on the X screen: the rectangle its
    // home page's own blue fills (nothing else on screen is that colour).
    QRect phoneOnScreen()
    {
        const QImage shot = screenshot();
        QRect found;
        for (int y = 0; y < shot.height(); ++y)
            for (int x = 0; x < shot.width(); ++x)
                if (shot.pixel(x, y) == qRgb(0x1e, 0x3a, 0x5f))
                    found |= QRect(x, y, 1, 1);
        return found;
    }

    bool showsColourAt(QPoint at, QRgb colour)
    {
        const QImage shot = screenshot();
        return shot.valid(at) && (shot.pixel(at) & 0xffffff) == (colour & 0xffffff);
    }

    // The centre of the element a `find --json` file names, on the X screen.
    QPoint centreOf(const char *file, QRect phone)
    {
        const QJsonObject answer = QJsonDocument::fromJson(fileAfterDone(QLatin1String(file), 0)).object();
        const QJsonObject centre = answer[QStringLiteral("matches")].toArray().at(0).toObject()[QStringLiteral("normalizedCenter")].toObject();
        EXPECT_FALSE(centre.isEmpty()) << file;
        return {phone.left() + int(centre[QStringLiteral("x")].toDouble() * phone.width()),
                phone.top() + int(centre[QStringLiteral("y")].toDouble() * phone.height())};
    }

    void click(QPoint at)
    {
        display.run(QStringLiteral("xdotool"), {QStringLiteral("mousemove"), QString::number(at.x()), QString::number(at.y()),
                                                QStringLiteral("click"), QStringLiteral("1")});
    }

    int stepsRecorded() { return count(fileAfterDone(QStringLiteral("rec.txt"), 0), "\n"); }
};

TEST_F(ReplayRecordTest, aPersonsClicksOnThePaneBecomeAFlowThatReplaysGreen)
{
    startGuiOnX("replay_record.sh");
    ASSERT_TRUE(waitForFile("ready", 60000)) << progress();

    QRect phone;
    ASSERT_TRUE(waitUntil([&] { return (phone = phoneOnScreen()).width() > 100; }, 10000)) << "the phone is not on screen";
    const QPoint corner = phone.topLeft() + QPoint(6, 6);
    const QRgb home = qRgb(0x1e, 0x3a, 0x5f), counter = qRgb(0x1f, 0x6f, 0x43), form = qRgb(0x6b, 0x3f, 0x1d);

    // Counter, +1 twice, Home, Form, the Name field, then "Ada" typed:
    // each after the screen showed what the last one did, as a person
    // would see it.
    click(centreOf("counter.json", phone));
    ASSERT_TRUE(waitUntil([&] { return showsColourAt(corner, counter); }, 5000));
    for (int i = 0; i < 2; ++i) {
        click(centreOf("plus.json", phone));
        ASSERT_TRUE(waitUntil([&] { return stepsRecorded() == 2 + i; }, 5000)) << fileAfterDone(QStringLiteral("rec.txt"), 0).toStdString();
    }
    click(centreOf("home.json", phone));
    ASSERT_TRUE(waitUntil([&] { return showsColourAt(corner, home); }, 5000));
    click(centreOf("form.json", phone));
    ASSERT_TRUE(waitUntil([&] { return showsColourAt(corner, form); }, 5000));
    click(centreOf("name.json", phone));
    ASSERT_TRUE(waitUntil([&] { return stepsRecorded() == 6; }, 5000)) << fileAfterDone(QStringLiteral("rec.txt"), 0).toStdString();
    display.run(QStringLiteral("xdotool"), {QStringLiteral("type"), QStringLiteral("--delay"), QStringLiteral("40"), QStringLiteral("Ada")});
    ASSERT_TRUE(waitUntil([&] { return fileAfterDone(QStringLiteral("rec.txt"), 0).contains("inputText 'Ada'"); }, 5000))
        << fileAfterDone(QStringLiteral("rec.txt"), 0).toStdString();
    ASSERT_TRUE(writeFile(dir.filePath(QStringLiteral("clicked")), {}));

    ASSERT_TRUE(waitForFile("done", 90000)) << progress();
    const auto text = [&](const char *name) { return fileAfterDone(QLatin1String(name)).toStdString(); };

    // Ctrl+C ended it cleanly, with the file whole and the count said.
    EXPECT_EQ(text("rec.status"), "0\n") << text("rec.err");
    EXPECT_NE(text("rec.err").find("Recorded 8 steps into flows/mine.yaml"), std::string::npos) << text("rec.err");
    EXPECT_FALSE(QFile::exists(dir.filePath(QStringLiteral("flows/mine.yaml.partial"))));
    const std::string recorded = text("recorded.yaml");
    EXPECT_NE(recorded.find("appId: \"deviceterm.shell\"\nname: \"mine\"\n---\n"
                            "- launchApp\n"
                            "- tapOn: \"Counter\"\n"
                            "- tapOn: \"\\\\+1\"\n"
                            "- tapOn: \"\\\\+1\"\n"
                            "- tapOn: \"Home\"\n"
                            "- tapOn: \"Form\"\n"
                            "- tapOn: \"Name\"\n"
                            "- inputText: \"Ada\"\n"),
              std::string::npos)
        << recorded;

    // Replayed with the person's checks added: green, step by step.
    EXPECT_EQ(text("replay.status"), "0\n") << text("replay.txt") << text("replay.err");
    EXPECT_NE(text("replay.txt").find("mine: passed, 12 steps passed"), std::string::npos) << text("replay.txt");

    // A flow already there is not written over.
    EXPECT_EQ(text("taken.status"), "2\n");
    EXPECT_NE(text("taken.err").find("flows/taken.yaml already exists"), std::string::npos) << text("taken.err");
}

TEST_F(ReplayRecordTest, aPersonsClicksInAnotherQtAppLaunchedOnThePadReplayGreen)
{
    startGuiOnX("replay_record_qt.sh");
    ASSERT_TRUE(waitForFile("shell-shown", 60000)) << progress();
    QRect pad;
    ASSERT_TRUE(waitUntil([&] { return (pad = phoneOnScreen()).width() > 100; }, 10000)) << "the pad is not on screen";
    ASSERT_TRUE(writeFile(dir.filePath(QStringLiteral("located")), {}));
    ASSERT_TRUE(waitForFile("ready", 60000)) << progress();

    // The Custom palette, then the Fonts tab, then the Interface tab.
    int steps = 0;
    for (const char *control : {"custom.json", "fonts.json", "interface.json"}) {
        click(centreOf(control, pad));
        ++steps;
        ASSERT_TRUE(waitUntil([&] { return stepsRecorded() == steps; }, 5000))
            << control << ": " << fileAfterDone(QStringLiteral("rec.txt"), 0).toStdString();
    }
    ASSERT_TRUE(writeFile(dir.filePath(QStringLiteral("clicked")), {}));
    ASSERT_TRUE(waitForFile("done", 90000)) << progress();
    const auto text = [&](const char *name) { return fileAfterDone(QLatin1String(name)).toStdString(); };

    EXPECT_EQ(text("rec.status"), "0\n") << text("rec.err");
    EXPECT_NE(text("recorded.yaml").find("appId: \"qt6ct\"\nname: \"qt\"\n---\n"
                                         "- launchApp\n"
                                         "- tapOn: \"Custom\"\n"
                                         "- tapOn: \"Fonts\"\n"
                                         "- tapOn: \"Interface\"\n"),
              std::string::npos)
        << text("recorded.yaml");
    EXPECT_EQ(text("replay.status"), "0\n") << text("replay.txt") << text("replay.err");
    EXPECT_NE(text("replay.txt").find("qt: passed, 5 steps passed"), std::string::npos) << text("replay.txt");
}

} // namespace
