// How programs choose a keyboard protocol through the model: kitty's flag
// stack (push, pop, set, query) with one stack per screen, xterm's
// modifyOtherKeys and its query, RIS, hostile counts, and the keys that
// then reach the program.

#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace dt::term;

struct Probe {
    Terminal t{4, 20};
    std::string out;
    Probe()
    {
        t.setOutput([this](const char *b, size_t n) { out.append(b, n); });
    }
    std::string take() { return std::exchange(out, std::string()); }
    // What the program reads back after `sequence` and a flags query.
    std::string flagsAfter(const std::string &sequence)
    {
        t.feed(sequence + "\x1b[?u");
        return take();
    }
};

TEST(KeyboardModes, theKittyFlagStackPushesPopsAndSets)
{
    Probe p;
    EXPECT_EQ(p.flagsAfter(""), "\x1b[?0u");
    EXPECT_EQ(p.flagsAfter("\x1b[>1u"), "\x1b[?1u");
    EXPECT_EQ(p.flagsAfter("\x1b[>11u"), "\x1b[?11u");
    EXPECT_EQ(p.flagsAfter("\x1b[<u"), "\x1b[?1u");
    EXPECT_EQ(p.flagsAfter("\x1b[=5u"), "\x1b[?5u"); // set: exactly these
    EXPECT_EQ(p.flagsAfter("\x1b[=2;2u"), "\x1b[?7u"); // add
    EXPECT_EQ(p.flagsAfter("\x1b[=5;3u"), "\x1b[?2u"); // remove
    EXPECT_EQ(p.flagsAfter("\x1b[=255u"), "\x1b[?31u"); // only the flags there are
    EXPECT_EQ(p.flagsAfter("\x1b[<u"), "\x1b[?0u"); // popped empty: all off
    EXPECT_EQ(p.flagsAfter("\x1b[<u"), "\x1b[?0u");
    EXPECT_EQ(p.flagsAfter("\x1b[>u"), "\x1b[?0u"); // a push without flags pushes none
}

TEST(KeyboardModes, eachScreenKeepsItsOwnStack)
{
    Probe p;
    EXPECT_EQ(p.flagsAfter("\x1b[>1u"), "\x1b[?1u");
    // An editor on the alternate screen starts from legacy keys and sets
    // its own, which leave with it.
    EXPECT_EQ(p.flagsAfter("\x1b[?1049h"), "\x1b[?0u");
    EXPECT_EQ(p.flagsAfter("\x1b[>15u"), "\x1b[?15u");
    EXPECT_EQ(p.flagsAfter("\x1b[?1049l"), "\x1b[?1u");
    EXPECT_EQ(p.flagsAfter("\x1b[?1049h"), "\x1b[?0u"); // not the last editor's
}

TEST(KeyboardModes, theStackIsBoundedAndHostileCountsAreHarmless)
{
    Probe p;
    std::string pushes;
    for (int i = 1; i <= 1000; ++i)
        pushes += "\x1b[>" + std::to_string(i % 31 + 1) + "u";
    p.t.feed(pushes);
    // The oldest entries went: popping all but one leaves a pushed value,
    // one more pop empties the stack.
    const size_t kept = KeyboardModes::kStackDepth - 1;
    EXPECT_NE(p.flagsAfter("\x1b[<" + std::to_string(kept) + "u"), "\x1b[?0u");
    EXPECT_EQ(p.flagsAfter("\x1b[<u"), "\x1b[?0u");
    EXPECT_EQ(p.flagsAfter("\x1b[>1u\x1b[<99999999999999999999u"), "\x1b[?0u");
    EXPECT_EQ(p.flagsAfter("\x1b[>1:2u"), "\x1b[?0u"); // sub-parameters: not a push
    EXPECT_EQ(p.flagsAfter("\x1b[=1;9u"), "\x1b[?0u"); // an unknown way to set
}

TEST(KeyboardModes, modifyOtherKeysIsFollowedAndReportedAndLeavesThePenAlone)
{
    Probe p;
    p.t.feed("\x1b[?4m");
    EXPECT_EQ(p.take(), "\x1b[>4;0m");
    p.t.feed("\x1b[>4;2mx\x1b[?4m");
    EXPECT_EQ(p.take(), "\x1b[>4;2m");
    // libvterm must not take it for SGR 4;2 (underline, faint).
    const Cell &x = p.t.screenLine(0)[0];
    EXPECT_EQ(x.codepoint, U'x');
    EXPECT_EQ(x.underline, 0u);
    EXPECT_EQ(x.dim, 0u);
    p.t.feed("\x1b[>4n\x1b[?4m");
    EXPECT_EQ(p.take(), "\x1b[>4;0m");
    p.t.feed("\x1b[>4;1m\x1b[>4m\x1b[?4m");
    EXPECT_EQ(p.take(), "\x1b[>4;0m");
    p.t.feed("\x1b[>4;2m\x1b[>m\x1b[?4m"); // every resource back to its default
    EXPECT_EQ(p.take(), "\x1b[>4;0m");
}

TEST(KeyboardModes, aFullResetReturnsToLegacyKeys)
{
    Probe p;
    p.t.feed("\x1b[>1u\x1b[>4;2m\x1b" "c");
    EXPECT_EQ(p.flagsAfter(""), "\x1b[?0u");
    EXPECT_FALSE(p.t.sendKeyEvent(KeyEvent::character(U'a', U'A', Ctrl, {})));
}

TEST(KeyboardModes, keysFollowTheProtocolInForceSplitAnywhere)
{
    const std::string enable = "\x1b[>1u";
    for (size_t cut = 0; cut <= enable.size(); ++cut) {
        Probe p;
        p.t.feed(enable.substr(0, cut));
        p.t.feed(enable.substr(cut));
        bool sent = false;
        EXPECT_TRUE(p.t.sendKeyEvent(KeyEvent::special(Key::Escape, NoModifier), &sent));
        EXPECT_TRUE(sent);
        EXPECT_EQ(p.take(), "\x1b[27u") << "cut at " << cut;
    }
    Probe legacy;
    EXPECT_FALSE(legacy.t.sendKeyEvent(KeyEvent::special(Key::Escape, NoModifier)));
    EXPECT_EQ(legacy.take(), "");
    legacy.t.feed("\x1b[>4;2m");
    EXPECT_TRUE(legacy.t.sendKeyEvent(KeyEvent::character(U'a', U'A', Ctrl, {})));
    EXPECT_EQ(legacy.take(), "\x1b[27;5;97~");
    // The cursor keys' mode still counts where the protocol keeps SS3.
    legacy.t.feed("\x1b[>4m\x1b[=4u\x1b[?1h");
    EXPECT_TRUE(legacy.t.sendKeyEvent(KeyEvent::special(Key::Up, NoModifier)));
    EXPECT_EQ(legacy.take(), "\x1bOA");
}

} // namespace
