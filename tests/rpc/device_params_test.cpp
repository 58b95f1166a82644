// The device-pane methods' typed parameters: golden shapes, round trips,
// defaults the contract fills in, and the words bad input gets.

#include "rpc/contract/params.h"
#include "param_checks.h"

#include <gtest/gtest.h>

namespace dt::rpc {
namespace {

using test::decoded;
using test::refusal;

TEST(DeviceParams, goldenShapes)
{
    EXPECT_EQ(encode(TapParams{"", 0.25, 0.5}).dump(), R"({"x":0.25,"y":0.5})");
    EXPECT_EQ(encode(TapParams{"AB12", 0, 1}).dump(), R"({"pane":"AB12","x":0.0,"y":1.0})");
    EXPECT_EQ(encode(SwipeParams{"", 0.1, 0.2, 0.3, 0.4, 250, 0}).dump(),
              R"({"durationMs":250,"fromX":0.1,"fromY":0.2,"toX":0.3,"toY":0.4})");
    EXPECT_EQ(encode(SwipeParams{"", 0.5, 0.5, 0.5, 0.5, 20, 400}).dump(),
              R"({"durationMs":20,"fromX":0.5,"fromY":0.5,"holdMs":400,"toX":0.5,"toY":0.5})");
    EXPECT_EQ(encode(KeyParams{"", 0x30}).dump(), R"({"keyCode":48})");
    EXPECT_EQ(encode(RotateParams{"", "left"}).dump(), R"({"direction":"left"})");
    EXPECT_EQ(encode(RotateParams{"", "landscapeLeft"}).dump(), R"({"orientation":"landscapeLeft"})");
    EXPECT_EQ(encode(AxSweepParams{}).dump(), "{}");
    EXPECT_EQ(encode(AppSwitcherParams{"p"}).dump(), R"({"pane":"p"})");
    EXPECT_EQ(encode(CrownParams{"", -2, std::nullopt}).dump(), R"({"delta":-2.0})");
}

TEST(DeviceParams, theContractsDefaultsAndCaps)
{
    EXPECT_EQ(decoded<LongPressParams>(Json{{"x", 0.5}, {"y", 0.5}}).durationMs, 800);
    EXPECT_EQ(decoded<SwipeParams>(Json{{"fromX", 0}, {"fromY", 0}, {"toX", 1}, {"toY", 1}}).durationMs, 250);
    EXPECT_EQ(decoded<PinchParams>(Json{{"fromF1X", 0}, {"fromF1Y", 0}, {"fromF2X", 1}, {"fromF2Y", 1}, {"toF1X", 0},
                                        {"toF1Y", 0}, {"toF2X", 1}, {"toF2Y", 1}})
                  .durationMs,
              300);
    EXPECT_EQ(*decoded<AxSweepParams>(Json{{"step", 0.0001}}).step, limit::kSweepStepMin);
    EXPECT_EQ(*decoded<AxSweepParams>(Json{{"step", 9}}).step, limit::kSweepStepMax);
    EXPECT_EQ(decoded<RotateParams>(Json{{"orientation", "portrait"}, {"direction", "left"}}).to, "portrait");
    EXPECT_EQ(decoded<CrownParams>(Json{{"delta", 1}, {"velocity", "fast"}}).velocity, Json("fast"));
}

TEST(DeviceParams, badInputIsRefusedInWords)
{
    EXPECT_EQ(refusal<TapParams>(Json{{"x", 1.5}, {"y", 0}}), "x and y are fractions of the screen, from 0 to 1");
    EXPECT_EQ(refusal<TapParams>(Json{{"x", 0.5}}), "x and y are fractions of the screen, from 0 to 1");
    EXPECT_EQ(refusal<TapParams>(Json{{"x", 0.5}, {"y", 0.5}, {"pane", 3}}), "pane must be a reference (a string)");
    EXPECT_EQ(refusal<LongPressParams>(Json{{"x", 0.5}, {"y", 0.5}, {"durationMs", 60001}}),
              "durationMs must be 60000 or less (a whole number of milliseconds)");
    EXPECT_EQ(refusal<SwipeParams>(Json{{"fromX", 0}, {"fromY", 0}, {"toX", 1}, {"toY", 1}, {"holdMs", -1}}),
              "holdMs must be 60000 or less (a whole number of milliseconds)");
    EXPECT_EQ(refusal<SwipeParams>(Json{{"fromX", 0}}), "fromX, fromY, toX and toY are fractions of the screen, from 0 to 1");
    EXPECT_EQ(refusal<KeyParams>(Json{{"keyCode", 0}}), "keyCode must be a positive integer (an X keysym)");
    EXPECT_EQ(refusal<KeyParams>(Json{{"keyCode", 0x20000000}}), "keyCode must be a positive integer (an X keysym)");
    EXPECT_EQ(refusal<DeviceTextParams>(Json{{"text", ""}}), "text must be a non-empty string");
    EXPECT_EQ(refusal<DeviceTextParams>(Json{{"text", std::string(limit::kDeviceTextBytes + 1, 'a')}}),
              "text must be at most 256 KiB; send it in parts");
    EXPECT_EQ(refusal<ButtonParams>(Json::object()), "button is required");
    EXPECT_EQ(refusal<CrownParams>(Json{{"delta", "2"}}), "delta is required (clicks of the crown, negative to turn back)");
    EXPECT_EQ(refusal<RotateParams>(Json::object()), "pane.input.rotate needs an orientation or a direction");
    EXPECT_EQ(refusal<AxSweepParams>(Json{{"step", "small"}}), "step must be a number");
    EXPECT_EQ(refusal<AxPointParams>(Json{{"x", -0.1}, {"y", 0}}), "x and y are fractions of the screen, from 0 to 1");
    EXPECT_EQ(refusal<PaneInfoParams>(Json{{"pane", "x"}, {"unknown", 1}}), "(accepted)");
}

} // namespace
} // namespace dt::rpc
