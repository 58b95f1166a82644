// Writing a person's gestures as a flow: every kind of pane.gesture event
// becomes the step replay runs for it (or a comment where replay has
// none), typing merges and Backspace takes it back, wheel turns before a
// tap become scrollUntilVisible while drags stay swipes, element texts are
// matched literally, and
// what is written reads back as a flow with the steps it describes.

#include "app/cli/replay/flow.h"
#include "app/cli/replay/flow_recorder.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace dt::cli::replay {
namespace {

using nlohmann::json;

json tap(double x, double y, const char *text = nullptr, const char *gesture = "tap")
{
    json e{{"type", "pane.gesture"}, {"gesture", gesture}, {"at", {{"x", x}, {"y", y}}}, {"durationMillis", 80}};
    if (text)
        e["element"] = {{"text", text}, {"role", "Button"}};
    return e;
}
json typed(const char *text)
{
    return {{"gesture", "text"}, {"text", text}};
}
json key(uint32_t keysym)
{
    return {{"gesture", "key"}, {"keysym", keysym}};
}
json wheel(int clicks)
{
    return {{"gesture", "scroll"}, {"at", {{"x", 0.5}, {"y", 0.5}}}, {"clicks", clicks}};
}
json swipe(double fromY, double toY)
{
    return {{"gesture", "swipe"}, {"at", {{"x", 0.5}, {"y", fromY}}}, {"to", {{"x", 0.5}, {"y", toY}}}, {"durationMillis", 250}};
}

// The steps after the header and launchApp.
std::string stepsOf(const FlowRecorder &r)
{
    const std::string yaml = r.yaml();
    const std::string after = "---\n- launchApp\n";
    return yaml.substr(yaml.find(after) + after.size());
}

TEST(FlowRecorder, tapsNameTheElementLiterallyOrFallBackToThePoint)
{
    FlowRecorder r("deviceterm.shell", "mine");
    EXPECT_EQ(r.add(tap(0.5, 0.3, "Counter")).words, "tapOn 'Counter'");
    EXPECT_EQ(r.add(tap(0.25, 0.625, "+1 (x2)")).words, "tapOn '\\+1 \\(x2\\)'");
    EXPECT_EQ(r.add(tap(0.375, 0.6213)).words, "tapOn point 37.5%,62.13%");
    EXPECT_EQ(r.add(tap(0.1, 0.9, "Save", "longPress")).words, "longPressOn 'Save'");
    EXPECT_FALSE(r.add(tap(0.1, 0.9, "Save")).amended);
    EXPECT_EQ(stepsOf(r), "- tapOn: \"Counter\"\n"
                          "- tapOn: \"\\\\+1 \\\\(x2\\\\)\"\n"
                          "- tapOn:\n    point: \"37.5%,62.13%\"\n"
                          "- longPressOn: \"Save\"\n"
                          "- tapOn: \"Save\"\n");
    EXPECT_EQ(r.steps(), 6);
    EXPECT_NE(r.yaml().find("appId: \"deviceterm.shell\"\nname: \"mine\"\n---\n"), std::string::npos) << r.yaml();
}

// The flow names the app the person worked in, as the first named tap
// says (the device shell by its appId), else the device's app.
TEST(FlowRecorder, theAppIsTheOneThePersonWorkedIn)
{
    auto inApp = [](const char *app) {
        json e = tap(0.5, 0.5, "OK");
        e["element"]["app"] = app;
        return e;
    };
    FlowRecorder launched("deviceterm.shell", "t");
    launched.add(tap(0.2, 0.2)); // nothing named: no app either
    launched.add(inApp("qt6ct"));
    launched.add(inApp("other"));
    EXPECT_NE(launched.yaml().find("appId: \"qt6ct\"\n"), std::string::npos) << launched.yaml();
    FlowRecorder shell("my-app", "t");
    shell.add(inApp("deviceterm-device-shell"));
    EXPECT_NE(shell.yaml().find("appId: \"deviceterm.shell\"\n"), std::string::npos) << shell.yaml();
}

TEST(FlowRecorder, typingMergesAndBackspaceTakesItBack)
{
    FlowRecorder r("app", "t");
    r.add(tap(0.5, 0.5, "Name"));
    const auto first = r.add(typed("A"));
    EXPECT_EQ(first.words, "inputText 'A'");
    EXPECT_FALSE(first.amended) << "a new step";
    const auto more = r.add(typed("d"));
    EXPECT_EQ(more.words, "inputText 'Ad'");
    EXPECT_TRUE(more.amended) << "the same step, longer";
    r.add(key(0x20)); // the space bar types
    r.add(typed("x"));
    EXPECT_EQ(r.add(key(0xff08)).words, "inputText 'Ad '");
    r.add(typed("é"));
    EXPECT_EQ(r.add(key(0xff08)).words, "inputText 'Ad '"); // a whole character, not a byte
    EXPECT_EQ(r.add(key(0xff0d)).words, "pressKey Enter");
    EXPECT_EQ(r.add(key(0xff08)).words, "eraseText 1"); // nothing typed to take back: erased in the app
    EXPECT_EQ(r.add(key(0xff08)).words, "eraseText 2");
    r.add(typed("z"));
    r.add(key(0xff08)); // typed and taken back: no step at all
    EXPECT_EQ(stepsOf(r), "- tapOn: \"Name\"\n- inputText: \"Ad \"\n- pressKey: Enter\n- eraseText: 2\n");
}

TEST(FlowRecorder, wheelTurnsBeforeATapBecomeScrollUntilVisibleAndDragsStaySwipes)
{
    FlowRecorder r("app", "t");
    EXPECT_EQ(r.add(wheel(-1)).words, "scroll down");
    r.add(wheel(-1));
    const auto third = r.add(wheel(-1));
    EXPECT_EQ(third.words, "scroll down (3 turns)");
    EXPECT_TRUE(third.amended);
    EXPECT_EQ(stepsOf(r), "- scroll\n") << "one step per run the same way";
    r.add(tap(0.5, 0.8, "Item 40"));
    r.add(wheel(1));
    r.add(tap(0.5, 0.2, "Item 3"));
    EXPECT_EQ(r.add(swipe(0.8, 0.2)).words, "swipe from 50%,80% to 50%,20%");
    r.add(tap(0.5, 0.5, "Home")); // a drag may be more than scrolling: kept as it was
    r.add(wheel(2));
    r.add(tap(0.5, 0.5)); // a point: the turns stay a scroll
    r.add(wheel(-1));
    EXPECT_EQ(stepsOf(r), "- scrollUntilVisible:\n    element: \"Item 40\"\n    direction: DOWN\n"
                          "- tapOn: \"Item 40\"\n"
                          "- scrollUntilVisible:\n    element: \"Item 3\"\n    direction: UP\n"
                          "- tapOn: \"Item 3\"\n"
                          "- swipe:\n    start: \"50%,80%\"\n    end: \"50%,20%\"\n    duration: 250\n"
                          "- tapOn: \"Home\"\n"
                          "- swipe:\n    direction: DOWN\n"
                          "- tapOn:\n    point: \"50%,50%\"\n"
                          "- scroll\n");
}

TEST(FlowRecorder, buttonsBecomeKeysAndWhatReplayCannotDoStaysAsAComment)
{
    FlowRecorder r("app", "t");
    EXPECT_EQ(r.add({{"gesture", "button"}, {"button", "home"}}).words, "pressKey: Home");
    r.add({{"gesture", "button"}, {"button", "lock"}});
    r.add({{"gesture", "rotate"}, {"button", "left"}});
    r.add({{"gesture", "twoFingers"}});
    r.add(key(0xffbe)); // F1
    r.add({{"gesture", "button"}, {"button", "crown"}});
    r.add({{"gesture", "button"}, {"button", "x\n- tapOn: Pwned"}}); // a name from elsewhere: kept to a word
    EXPECT_EQ(r.add({{"gesture", "unheard-of"}}).words, "");
    EXPECT_EQ(r.add(json::array()).words, "");
    EXPECT_EQ(r.add({{"gesture", "tap"}}).words, ""); // no point: not a step
    EXPECT_EQ(stepsOf(r), "- pressKey: Home\n- pressKey: Lock\n"
                          "# turned the device left here: replay does not turn devices\n"
                          "# a two-finger gesture here: replay has no step for it\n"
                          "# pressed a key replay has no name for here (X keysym 0xffbe)\n"
                          "# pressed the device's crown button here: replay has no step for it\n"
                          "# pressed the device's x-tapnwned button here: replay has no step for it\n");
    EXPECT_EQ(r.steps(), 3);
}

// What is written is a flow replay reads, with the steps it describes.
TEST(FlowRecorder, theFileReadsBackAsTheFlowItDescribes)
{
    FlowRecorder r("deviceterm.shell", "round \"trip\"");
    r.add(tap(0.5, 0.3, "Counter"));
    r.add(tap(0.5, 0.5, "a.b*c"));
    r.add(tap(0.2, 0.4));
    r.add(typed("say \"hi\"\\ ${HOME}"));
    r.add(key(0xff0d));
    r.add(wheel(-1));
    r.add(tap(0.5, 0.9, "Item 40"));
    r.add(swipe(0.8, 0.7));
    r.add({{"gesture", "rotate"}, {"button", "right"}});
    r.add({{"gesture", "button"}, {"button", "home"}});
    r.add(wheel(1)); // turned up, and nothing tapped after: a swipe down
    const auto path = std::filesystem::temp_directory_path() / ("dt-recorded-" + std::to_string(::getpid()) + ".yaml");
    std::ofstream(path) << r.yaml();
    std::string why;
    const auto flow = readFlow(path.string(), {}, &why);
    std::filesystem::remove(path);
    ASSERT_TRUE(flow) << why << "\n" << r.yaml();
    EXPECT_EQ(flow->name, "round \"trip\"");
    EXPECT_EQ(flow->appId, "deviceterm.shell");
    using K = Step::Kind;
    const std::vector<K> kinds = {K::LaunchApp, K::TapOn, K::TapOn, K::TapOn, K::InputText, K::PressKey,
                                  K::ScrollUntilVisible, K::TapOn, K::Swipe, K::PressKey, K::Swipe};
    ASSERT_EQ(flow->steps.size(), kinds.size()) << r.yaml();
    EXPECT_EQ(int(flow->steps.size()), r.steps());
    for (size_t i = 0; i < kinds.size(); ++i)
        EXPECT_EQ(flow->steps[i].kind, kinds[i]) << i;
    EXPECT_EQ(*flow->steps[2].selector.text, "a\\.b\\*c");
    ASSERT_TRUE(flow->steps[3].selector.point);
    EXPECT_DOUBLE_EQ(flow->steps[3].selector.point->first, 0.2);
    EXPECT_EQ(flow->steps[4].text, "say \"hi\"\\ ${HOME}");
    EXPECT_EQ(flow->steps[5].text, "Enter");
    EXPECT_EQ(*flow->steps[6].selector.text, "Item 40");
    EXPECT_EQ(flow->steps[6].direction, "DOWN");
    ASSERT_TRUE(flow->steps[8].start && flow->steps[8].end);
    EXPECT_DOUBLE_EQ(flow->steps[8].end->second, 0.7);
    EXPECT_EQ(flow->steps[8].durationMillis, 250);
    EXPECT_EQ(flow->steps[9].text, "Home");
    EXPECT_EQ(flow->steps[10].direction, "DOWN");
}

} // namespace
} // namespace dt::cli::replay
