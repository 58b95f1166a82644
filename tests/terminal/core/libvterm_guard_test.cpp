// The guard in front of libvterm's parser: a control sequence never reaches
// a 17th parameter however it is started (after intermediates, controls or
// high bytes, inside a string, split across writes); everything else goes
// through untouched.

#include "terminal/core/libvterm_guard.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using dt::term::LibvtermGuard;

std::string through(LibvtermGuard &g, const std::string &bytes)
{
    std::string safe;
    return g.filter(bytes.data(), bytes.size(), safe) ? safe : bytes;
}

std::string params(int n)
{
    std::string s;
    for (int i = 0; i < n; ++i)
        s += "1;";
    return s;
}

TEST(LibvtermGuard, passesTextAndSequencesWithinBoundsUntouched)
{
    LibvtermGuard g;
    std::string safe;
    const std::string ok = "text \x1b[1;2;3m\x1b]0;title\x07\x1b" "7\x1b[" + params(15) + "1m after";
    EXPECT_FALSE(g.filter(ok.data(), ok.size(), safe));
}

TEST(LibvtermGuard, cancelsASequenceBeforeItsSeventeenthParameterHoweverItStarted)
{
    for (const std::string &intro : {std::string("\x1b["), std::string("\x1b ["), std::string("\x1b(["),
                                     std::string("\x1b\r["), std::string("\x1b\x07["), std::string("\x1b\xff[", 3),
                                     std::string("\x1b]0;x\x1b\r[")}) {
        LibvtermGuard g;
        const std::string out = through(g, intro + params(200) + "mA");
        EXPECT_EQ(out, intro + params(15) + "1\x18" + "A") << "16 parameters, no 17th";
    }
}

TEST(LibvtermGuard, followsTheParserAcrossWrites)
{
    LibvtermGuard g;
    EXPECT_EQ(through(g, "\x1b"), "\x1b");
    EXPECT_EQ(through(g, "["), "[");
    EXPECT_EQ(through(g, params(10)), params(10));
    EXPECT_EQ(through(g, params(10)), params(5) + "1\x18");
    EXPECT_EQ(through(g, "2;3m\rB"), "\rB") << "the rest of it dropped, controls kept";
    EXPECT_EQ(through(g, "\x1b[" + params(3) + "m"), "\x1b[" + params(3) + "m");
}

} // namespace
