// Orientation names and quarter turns, and the hardware button table:
// pure functions, no display.

#include "devicepanes/device_button.h"
#include "devicepanes/orientation.h"

#include <gtest/gtest.h>

#include <set>

namespace dt::devices {
namespace {

TEST(Orientation, namesGoBothWays)
{
    for (Orientation o : {Orientation::Portrait, Orientation::LandscapeLeft, Orientation::LandscapeRight,
                          Orientation::PortraitUpsideDown})
        EXPECT_EQ(orientationNamed(orientationName(o)), o);
    EXPECT_EQ(orientationName(Orientation::LandscapeLeft), std::string("landscapeLeft"));
    EXPECT_EQ(orientationNamed("landscape-left"), std::nullopt);
    EXPECT_EQ(orientationNamed(""), std::nullopt);
}

TEST(Orientation, fourQuarterTurnsComeBackAndLeftUndoesRight)
{
    Orientation o = Orientation::Portrait;
    const Orientation leftwards[] = {Orientation::LandscapeLeft, Orientation::PortraitUpsideDown, Orientation::LandscapeRight,
                                     Orientation::Portrait};
    for (Orientation expected : leftwards)
        EXPECT_EQ(o = quarterTurn(o, true), expected);
    for (Orientation from : leftwards)
        EXPECT_EQ(quarterTurn(quarterTurn(from, true), false), from);
    EXPECT_TRUE(isSideways(Orientation::LandscapeRight));
    EXPECT_FALSE(isSideways(Orientation::PortraitUpsideDown));
}

TEST(DeviceButtons, everyButtonHasOneNameAndPowerIsLock)
{
    std::set<std::string_view> names;
    for (const DeviceButtonName &b : deviceButtons()) {
        EXPECT_TRUE(names.insert(b.name).second) << b.name;
        EXPECT_EQ(deviceButtonNamed(b.name), b.button);
        EXPECT_EQ(deviceButtonName(b.button), b.name);
    }
    EXPECT_EQ(names.size(), 5u);
    EXPECT_EQ(deviceButtonNamed("power"), DeviceButton::Lock);
    EXPECT_EQ(deviceButtonNamed("Home"), std::nullopt);
}

} // namespace
} // namespace dt::devices
