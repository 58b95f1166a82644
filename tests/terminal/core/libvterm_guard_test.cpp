// The guard in front of libvterm's parser: a control sequence never reaches
// a 17th parameter however it is started (after intermediates, controls or
// high bytes, inside a string, split across writes); everything else goes
// through untouched.

#include "terminal/core/libvterm_guard.h"

#include <gtest/gtest.h>

#include <random>
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

TEST(LibvtermGuard, cancelsASequenceBeforeItsSeventeenthParameter)
{
    LibvtermGuard g;
    EXPECT_EQ(through(g, "\x1b[" + params(200) + "mA"), "\x1b[" + params(15) + "1\x18" + "A") << "16 parameters, no 17th";
}

// Where libvterm would open a CSI the scanner reads as text (after an
// escape's intermediates, or an escape carried across a control or a high
// byte, also inside a string), the escape is cancelled first: libvterm
// reads the text the scanner checked.
TEST(LibvtermGuard, keepsLibvtermToTheScannersGrammar)
{
    const std::string rest = "[" + params(200) + "mA";
    const struct {
        std::string in, out;
    } cases[] = {
        {"\x1b " + rest, "\x1b \x18" + rest},
        {"\x1b(" + rest, "\x1b(\x18" + rest},
        {"\x1b\r" + rest, "\x1b\x18\r" + rest},
        {"\x1b\x07" + rest, "\x1b\x18\x07" + rest},
        {std::string("\x1b\xff", 2) + rest, std::string("\x1b\x18\xff", 3) + rest},
        {std::string("\x1b\x7f", 2) + rest, std::string("\x1b\x18\x7f", 3) + rest},
        {"\x1b]0;x\x1b\r" + rest, "\x1b]0;x\x1b\x18\r" + rest},
        {"\x1b(]0;x\x07", "\x1b(\x18]0;x\x07"},
        // A CSI libvterm gives up on at a high byte: cancelled, and dropped
        // as far as the scanner reads it.
        {"\x1b[\xc3\xc2\x9b\x1bH", "\x1b[\x18\x1bH"},
        {"\x1b[1;\xc3\xc2\x9b\rmX", "\x1b[1;\x18\rX"},
    };
    for (const auto &c : cases) {
        LibvtermGuard g;
        EXPECT_EQ(through(g, c.in), c.out) << c.in.size();
    }
}

// An ESC that ends a write inside a string waits for the next write.
TEST(LibvtermGuard, anEscapeEndingAWriteInsideAStringGoesWithTheNext)
{
    LibvtermGuard g;
    EXPECT_EQ(through(g, "\x1b]0;title\x1b"), "\x1b]0;title");
    EXPECT_EQ(through(g, "\\after"), "\x1b\\after");
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

// A write of whole control sequences takes a shortcut past the
// byte-by-byte states: it must come out, and leave the guard, exactly as
// when the same bytes follow text (which takes the long way).
TEST(LibvtermGuard, aRunOfWholeSequencesInAWriteOfItsOwnIsJudgedAsInAnyOther)
{
    std::mt19937 rng(16);
    const std::string pieces[] = {"1", "23", ";", ":", "?", ">", "<", "=", " ", "\x18", "\x1b", "\r", "\xc3", "\x7f"};
    const std::string finals = "HKLmrSJ@~`p\x7f\x1b?";
    int plain = 0;
    for (int n = 0; n < 20000; ++n) {
        std::string csis;
        const int sequences = 1 + static_cast<int>(rng() % 4);
        const bool onlyParameters = rng() % 2 == 0; // most take the shortcut
        for (int q = 0; q < sequences; ++q) {
            csis += "\x1b[";
            const int count = static_cast<int>(rng() % 24);
            for (int k = 0; k < count; ++k)
                csis += onlyParameters ? pieces[rng() % 4] : pieces[rng() % std::size(pieces)];
            csis += finals[rng() % finals.size()];
        }
        if (rng() % 8 == 0)
            csis.pop_back(); // cut short
        LibvtermGuard alone, afterText;
        const std::string out = through(alone, csis);
        const std::string longWay = through(afterText, "A" + csis);
        ASSERT_EQ("A" + out, longWay) << testing::PrintToString(csis);
        ASSERT_EQ(alone.idle(), afterText.idle()) << testing::PrintToString(csis);
        // And the next write is read from the same state.
        ASSERT_EQ(through(alone, "2;3m\rB"), through(afterText, "2;3m\rB")) << testing::PrintToString(csis);
        plain += out == csis && alone.idle() ? 1 : 0;
    }
    EXPECT_GT(plain, 3000) << "the shortcut's cases were generated";
}

} // namespace
