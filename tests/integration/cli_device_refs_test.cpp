// Driving a device by meaning through the real CLI in a real tab: a
// snapshot with refs, finders by label, role and text, taps on refs and
// finders, a stale ref refused once the UI changed, typing into a field by
// its ref, and assertions that exit 0, 1 or 2 as they should.

#include "cli_fixture.h"

#include <QImage>

#include <gtest/gtest.h>

namespace {

using namespace dt::test::cli;

TEST_F(CliTest, aTabDrivesItsPhoneByRefsAndFindersAndAssertsWhatItShows)
{
    startGui(QStringLiteral("sh ") + script("device_refs.sh"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 80000))
        << fileAfterDone(QStringLiteral("waits.err"), 0).toStdString();
    EXPECT_EQ(fileAfterDone(QStringLiteral("waits.err")).toStdString(), "");
    const auto json = [&](const char *name) { return Json::parse(fileAfterDone(QLatin1String(name)).toStdString()); };
    const auto text = [&](const char *name) { return fileAfterDone(QLatin1String(name)).toStdString(); };
    const auto status = [&](const char *name) { return fileAfterDone(QLatin1String(name)).trimmed().toStdString(); };

    EXPECT_EQ(status("boot-wait.status"), "0") << text("boot-wait.err");

    // The snapshot: refs in order, one line each for people.
    const Json snapshot = json("snapshot.json");
    EXPECT_GE(snapshot["generation"].get<int>(), 1);
    const Json &nodes = snapshot["nodes"];
    ASSERT_GT(nodes.size(), 3u) << snapshot.dump();
    for (size_t i = 0; i < nodes.size(); ++i)
        EXPECT_EQ(nodes[i]["ref"], "@e" + std::to_string(i + 1));
    const std::string lines = text("snapshot.txt");
    EXPECT_EQ(lines.rfind("generation ", 0), 0u) << lines;
    EXPECT_NE(lines.find("Button 'Counter' at 0."), std::string::npos) << lines;
    // Interactive only: buttons and the like, refs as in the full one.
    const Json interactive = json("interactive.json")["nodes"];
    ASSERT_FALSE(interactive.empty());
    EXPECT_LT(interactive.size(), nodes.size());
    for (const Json &n : interactive) {
        EXPECT_EQ(n["interactive"], true) << n.dump();
        const size_t index = std::stoul(n["ref"].get<std::string>().substr(2)) - 1;
        EXPECT_EQ(nodes[index]["label"], n["label"]) << "same ref, same element";
    }

    // A ref taps what it named; after the UI changed it is refused.
    const Json found = json("find.json");
    ASSERT_EQ(found["matches"].size(), 1u);
    EXPECT_EQ(found["matches"][0]["label"], "Counter");
    EXPECT_EQ(json("tap-ref.json")["x"], found["matches"][0]["normalizedCenter"]["x"]);
    EXPECT_EQ(status("stale.status"), "1");
    const Json stale = json("stale.err")["error"];
    EXPECT_EQ(stale["intent"], "intent.staleRef") << text("stale.err");
    EXPECT_EQ(stale["code"], -32099) << text("stale.err");
    EXPECT_NE(stale["message"].get<std::string>().find("take a new snapshot"), std::string::npos) << text("stale.err");

    // Assertions: 0 when they hold, 1 (with what was seen) when not.
    EXPECT_EQ(status("assert-ok.status"), "0") << text("assert-ok.err");
    EXPECT_EQ(text("assert-ok.txt").rfind("ok: visible", 0), 0u);
    EXPECT_EQ(status("assert-fail.status"), "1");
    EXPECT_NE(text("assert-fail.err").find("assertion failed: shown: StaticText 'Count 1'"), std::string::npos)
        << text("assert-fail.err");

    // Finders: a regular expression, a case-blind part; none and several
    // are errors that say so (the candidates listed).
    std::set<std::string> labels;
    const Json regex = json("regex.json");
    for (const Json &m : regex["matches"])
        labels.insert(m["label"].get<std::string>());
    EXPECT_EQ(labels, (std::set<std::string>{"+1", "-1"})) << text("regex.json");
    EXPECT_EQ(json("contains.json")["matches"][0]["label"], "Count 1");
    EXPECT_EQ(status("none.status"), "1");
    EXPECT_NE(text("none.err").find("deviceterm: no element matches --label 'Nowhere'"), std::string::npos)
        << text("none.err");
    EXPECT_EQ(status("ambiguous.status"), "1");
    EXPECT_EQ(text("ambiguous.err").find("intent."), std::string::npos) << "a person reads no codes: " << text("ambiguous.err");
    EXPECT_NE(text("ambiguous.err").find("Button '+1'"), std::string::npos) << text("ambiguous.err");
    EXPECT_EQ(status("badregex.status"), "1");
    EXPECT_NE(text("badregex.err").find("not a regular expression"), std::string::npos) << text("badregex.err");

    // Waits end on what they waited for, or say what it was at the timeout.
    EXPECT_EQ(status("waitfor.status"), "0") << text("waitfor.err");
    EXPECT_EQ(json("waitfor.json")["matches"][0]["label"], "Count 2");
    EXPECT_EQ(status("waitgone.status"), "1");
    EXPECT_NE(text("waitgone.err").find("deviceterm: still shown after 300 ms: --label 'Count 2'"), std::string::npos)
        << text("waitgone.err");
    EXPECT_EQ(status("idle.status"), "0") << text("idle.err");
    EXPECT_EQ(json("idle.json")["quietMillis"], 300);
    // The screenshot: a PNG of the phone's screen, exactly its size.
    EXPECT_EQ(status("shot.status"), "0") << text("shot.err");
    const Json shot = json("shot.json");
    QImage image(dir.filePath(QStringLiteral("shot.png")));
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.width(), shot["width"].get<int>());
    EXPECT_EQ(image.height(), shot["height"].get<int>());
    EXPECT_GT(image.width(), 100);
    EXPECT_EQ(status("shot-bad.status"), "1");
    EXPECT_NE(text("shot-bad.err").find("cannot write /nonexistent/dir/shot.png"), std::string::npos) << text("shot-bad.err");

    // A ref whose element went away: the wait for it to go ends, and it
    // counts as hidden.
    EXPECT_EQ(status("refgone.status"), "0") << text("refgone.err");
    EXPECT_EQ(status("refhidden.status"), "0") << text("refhidden.err");
    EXPECT_EQ(text("refhidden.txt").rfind("ok: hidden", 0), 0u) << text("refhidden.txt");

    // Typed into the field its ref named; its value checked both ways.
    EXPECT_EQ(status("text.status"), "0") << text("text.err");
    EXPECT_EQ(status("value-ok.status"), "0") << text("value-ok.err");
    EXPECT_EQ(status("value-fail.status"), "1");
    EXPECT_NE(text("value-fail.err").find("is 'Ada', not 'Bob'"), std::string::npos) << text("value-fail.err");

    // A swipe from an element that way: the list's first item has gone up.
    EXPECT_EQ(status("swipe.status"), "0") << text("swipe.err");
    EXPECT_EQ(text("swipe.txt").rfind("ok ", 0), 0u) << text("swipe.txt");
    EXPECT_EQ(status("swiped.status"), "0") << text("swiped.err");
    EXPECT_EQ(status("badswipe.status"), "1");
    EXPECT_NE(text("badswipe.err").find("--direction must be up, down, left or right, not 'sideways'"), std::string::npos)
        << text("badswipe.err");
}

} // namespace
