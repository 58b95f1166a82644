// Reading flows to replay: Maestro's YAML turned into steps with their
// places, and every mistake refused before anything runs, naming its
// file, line and column: syntax, unknown commands, unsupported selectors
// and keys, flows that run themselves, files that are not there.

#include "app/cli/replay/flow.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sys/stat.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace dt::cli::replay {
namespace {

class FlowTest : public ::testing::Test {
protected:
    std::filesystem::path dir = std::filesystem::temp_directory_path() / ("dt-flow-" + std::to_string(::getpid()));
    void SetUp() override { std::filesystem::create_directories(dir); }
    void TearDown() override { std::filesystem::remove_all(dir); }
    std::string write(const std::string &name, const std::string &text)
    {
        const std::string path = (dir / name).string();
        std::ofstream(path) << text;
        return path;
    }
    std::string refusal(const std::string &text, const std::string &name = "f.yaml")
    {
        std::string why;
        const auto flow = readFlow(write(name, text), {}, &why);
        EXPECT_FALSE(flow) << text;
        // Paths in the test's directory, shown from it.
        const std::string prefix = dir.string() + "/";
        for (size_t at; (at = why.find(prefix)) != std::string::npos;)
            why.erase(at, prefix.size());
        return why;
    }
};

TEST_F(FlowTest, readsTheHeaderAndEveryCommandWithItsPlace)
{
    write("home.yaml", "- tapOn:\n    text: Home\n");
    const std::string path = write("main.yaml", R"(appId: deviceterm.shell
name: Counter counts
env:
  WHO: Ada
---
- launchApp
- tapOn: "Counter"
- repeat:
    times: 3
    commands:
      - tapOn: "\\+1"
- assertVisible: Count 3
- tapOn:
    point: 50%, 46%
- swipe:
    direction: up
- swipe:
    start: 10%,90%
    end: 10%,20%
    duration: 300
- scrollUntilVisible:
    element: Item 40
- inputText: ${WHO}
- eraseText: 2
- pressKey: Volume Up
- back
- takeScreenshot: shot
- runFlow: home.yaml
- runFlow:
    env:
      WHO: Bob
    commands:
      - inputText: ${WHO}
)");
    std::string why;
    const auto flow = readFlow(path, {{"EXTRA", "1"}}, &why);
    ASSERT_TRUE(flow) << why;
    EXPECT_EQ(flow->name, "Counter counts");
    EXPECT_EQ(flow->env, (std::map<std::string, std::string>{{"WHO", "Ada"}, {"EXTRA", "1"}}));
    const auto &s = flow->steps;
    ASSERT_EQ(s.size(), 15u);
    EXPECT_EQ(s[0].kind, Step::Kind::LaunchApp);
    EXPECT_EQ(s[0].place.line, 6);
    EXPECT_EQ(s[0].place.column, 3);
    EXPECT_EQ(s[1].selector.text, "Counter");
    EXPECT_EQ(s[2].kind, Step::Kind::Repeat);
    EXPECT_EQ(s[2].count, 3);
    ASSERT_EQ(s[2].steps.size(), 1u);
    EXPECT_EQ(s[2].steps[0].selector.text, "\\+1");
    EXPECT_EQ(s[2].steps[0].place.line, 11);
    EXPECT_EQ(s[2].steps[0].place.column, 9);
    EXPECT_EQ(s[4].selector.point, (std::pair<double, double>{0.5, 0.46}));
    EXPECT_EQ(s[5].direction, "UP");
    EXPECT_EQ(s[6].start, (std::pair<double, double>{0.1, 0.9}));
    EXPECT_EQ(s[6].durationMillis, 300);
    EXPECT_EQ(s[7].timeoutMillis, 20000);
    EXPECT_EQ(s[7].direction, "DOWN");
    EXPECT_EQ(s[9].count, 2);
    EXPECT_EQ(keyNamed(s[10].text)->button, "volume-up");
    EXPECT_EQ(s[13].steps.size(), 1u);
    EXPECT_EQ(s[13].steps[0].place.file, (dir / "home.yaml").string());
    EXPECT_EQ(s[14].env.at("WHO"), "Bob");
    // Command-line values win over the header's.
    EXPECT_EQ(readFlow(path, {{"WHO", "Cy"}}, &why)->env.at("WHO"), "Cy");
}

TEST_F(FlowTest, everyMistakeIsRefusedWithItsPlace)
{
    EXPECT_EQ(refusal("- tapOn: [unclosed\n"), "f.yaml:2:1: syntax error: end of sequence flow not found");
    EXPECT_EQ(refusal("- tapOn: Counter\n- travel: somewhere\n").substr(0, 45), "f.yaml:2:3: 'travel' is not a command devicet");
    EXPECT_EQ(refusal("- tapOn:\n    id: counter\n"),
              "f.yaml:2:9: id is not supported: the device's toolkit (Qt 6.4) exposes no accessible ids; use text");
    EXPECT_EQ(refusal("- tapOn:\n    below: Counter\n"), "f.yaml:2:5: tapOn does not support 'below' (it takes label, point, text)");
    EXPECT_EQ(refusal("- tapOn:\n    point: 100,200\n"),
              "f.yaml:2:12: a point is written in percent of the screen, like 50%,46% (not '100,200')");
    EXPECT_EQ(refusal("- pressKey: Hyper\n").substr(0, 36), "f.yaml:1:13: pressKey: unknown key '");
    EXPECT_EQ(refusal("- swipe:\n    direction: sideways\n"), "f.yaml:2:16: direction must be UP, DOWN, LEFT or RIGHT");
    EXPECT_EQ(refusal("- repeat:\n    while:\n      visible: x\n    commands: []\n"),
              "f.yaml:3:7: repeat while is not supported; use times");
    EXPECT_EQ(refusal("- back: now\n"), "f.yaml:1:9: back takes nothing");
    EXPECT_EQ(refusal("- assertVisible:\n    point: 5%,5%\n"), "f.yaml:2:5: assertVisible needs the element's text");
    EXPECT_EQ(refusal("tapOn: Counter\n"), "f.yaml:1:1: a flow's commands are a list (each line starting with '- ')");
    EXPECT_EQ(refusal("- runFlow: nowhere.yaml\n"), "f.yaml:1:12: cannot read the flow (No such file or directory): nowhere.yaml");
    // A flow that runs itself, directly or through another.
    write("b.yaml", "- runFlow: a.yaml\n");
    EXPECT_EQ(refusal("- back\n- runFlow: b.yaml\n", "a.yaml"), "b.yaml:1:12: runFlow a.yaml runs itself (through the flows it runs)");
    std::string why;
    EXPECT_FALSE(readFlow((dir / "missing.yaml").string(), {}, &why));
    EXPECT_EQ(why, (dir / "missing.yaml").string() + ": cannot read the flow (No such file or directory)");
}

// What a hostile or careless flow can be: none of it crashes, blocks or
// runs away; each is refused with the place it is about.
TEST_F(FlowTest, hostileFlowsAreRefusedNotFollowed)
{
    // An alias that names itself, and one that multiplies.
    EXPECT_EQ(refusal("- repeat: &r {times: 2, commands: [{repeat: *r}]}\n"),
              "f.yaml:1:35: repeat and runFlow are nested more than 16 deep");
    EXPECT_EQ(refusal("- repeat:\n    times: 10000\n    commands:\n      - repeat:\n          times: 10000\n"
                      "          commands: [back]\n"),
              "f.yaml:6:21: these commands would run more than a million times");
    // Itself by another spelling of its path; a directory; a FIFO.
    EXPECT_EQ(refusal("- runFlow: ./self.yaml\n", "self.yaml"), "self.yaml:1:12: runFlow ./self.yaml runs itself (through the flows it runs)");
    std::filesystem::create_directories(dir / "sub.yaml");
    EXPECT_EQ(refusal("- runFlow: sub.yaml\n"), "f.yaml:1:12: the flow is not a regular file: sub.yaml");
    std::string why;
    EXPECT_FALSE(readFlow((dir / "sub.yaml").string(), {}, &why));
    EXPECT_EQ(why, (dir / "sub.yaml").string() + ": the flow is not a regular file");
    ASSERT_EQ(::mkfifo((dir / "fifo.yaml").c_str(), 0600), 0);
    EXPECT_FALSE(readFlow((dir / "fifo.yaml").string(), {}, &why));
    EXPECT_EQ(why, (dir / "fifo.yaml").string() + ": the flow is not a regular file");
    // Arguments that are not there point at their command.
    EXPECT_EQ(refusal("- back\n- tapOn\n"), "f.yaml:2:3: tapOn needs the element's text, or a map with text or point");
    EXPECT_EQ(refusal("- eraseText: {}\n"), "f.yaml:1:3: charactersToErase must be a single value");
    EXPECT_EQ(refusal("- takeScreenshot: {}\n"), "f.yaml:1:3: path must be a single value");
    EXPECT_EQ(refusal("- tapOn: {text: A, point: \"5%,5%\"}\n"), "f.yaml:1:10: tapOn takes text or point, not both");
    EXPECT_EQ(refusal("- tapOn: {point: \"nan%,nan%\"}\n").substr(0, 40), "f.yaml:1:18: a point is written in perce");
    EXPECT_EQ(refusal("[]\n"), "f.yaml:1:1: the flow has no commands");
    // launchApp names the flow's own app, or none.
    EXPECT_EQ(refusal("appId: shell\n---\n- launchApp: other\n"),
              "f.yaml:3:14: launchApp: 'other' is not this flow's app (its header's appId), the one the device runs");
    std::string fine;
    EXPECT_TRUE(readFlow(write("ok.yaml", "appId: shell\n---\n- launchApp: shell\n- launchApp:\n    stopApp: false\n"), {}, &fine))
        << fine;
}

TEST(FlowText, expandsKnownNamesOnly)
{
    EXPECT_EQ(expand("Hello, ${WHO} and ${NOBODY}", {{"WHO", "Ada"}}), "Hello, Ada and ${NOBODY}");
    EXPECT_EQ(expand("${WHO", {{"WHO", "Ada"}}), "${WHO");
    EXPECT_EQ(keyNamed("ENTER")->keysym, 0xff0du);
    EXPECT_EQ(keyNamed("remote_dpad_up")->keysym, 0xff52u);
    EXPECT_FALSE(keyNamed("Hyper"));
}

} // namespace
} // namespace dt::cli::replay
