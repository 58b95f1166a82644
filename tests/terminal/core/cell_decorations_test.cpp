// The terminal's table of underline colours and links: equal decorations
// share a number, entries no cell uses are freed when it has grown, so a
// program printing endless distinct links cannot grow it without bound,
// and what is still on screen keeps its link through every sweep.

#include "terminal/core/cell_decorations.h"
#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace dt::term;

TEST(CellDecorations, equalDecorationsShareANumberAndEmptyOnesHaveNone)
{
    CellDecorations table;
    Decoration red;
    red.underlineColour = Color::rgb(255, 0, 0);
    Decoration link;
    link.linkUri = "https://example.org/";
    const uint32_t a = table.intern(red);
    EXPECT_NE(a, 0u);
    EXPECT_EQ(table.intern(red), a);
    EXPECT_NE(table.intern(link), a);
    EXPECT_EQ(table.intern(Decoration{}), 0u);
    link.linkUri = std::string(CellDecorations::kMaxUriBytes + 1, 'x');
    EXPECT_EQ(table.intern(link), 0u);
    ASSERT_NE(table.at(a), nullptr);
    EXPECT_EQ(table.at(a)->underlineColour, Color::rgb(255, 0, 0));
    EXPECT_EQ(table.at(0), nullptr);
    EXPECT_EQ(table.at(999), nullptr);
}

TEST(CellDecorations, linksThatScrolledAwayAreFreedAndThoseShownAreKept)
{
    Terminal t(5, 40, 50);
    t.feed("\x1b]8;;https://kept.example/\x1b\\kept\x1b]8;;\x1b\\\r\n");
    // Hold the kept one on screen: scroll only the rows below it.
    t.feed("\x1b[2;5r\x1b[5;1H");
    for (int i = 0; i < 30000; ++i)
        t.feed("\x1b]8;;https://x.example/" + std::to_string(i) + "\x1b\\link\x1b]8;;\x1b\\\r\n");
    // What the cells still use and a sweep's headroom: not 30000.
    EXPECT_LT(t.decorationEntries(), 10000u);
    const Decoration *kept = t.decoration(t.screenLine(0)[0]);
    ASSERT_NE(kept, nullptr);
    EXPECT_EQ(kept->linkUri, "https://kept.example/");
    const Decoration *newest = t.decoration(t.screenLine(3)[0]);
    ASSERT_NE(newest, nullptr);
    EXPECT_EQ(newest->linkUri, "https://x.example/29999");
}

// Lines in history keep their links through every sweep: their numbers are
// never freed and handed to another link.
TEST(CellDecorations, linksInHistorySurviveSweeps)
{
    Terminal t(5, 40, 100);
    t.feed("\x1b]8;;https://history.example/\x1b\\old\x1b]8;;\x1b\\\r\n");
    for (int i = 0; i < 20000; ++i) {
        // Each new link overwrites the last on one row, then a few lines
        // scroll: the old link goes into history and stays there.
        t.feed("\x1b]8;;https://x.example/" + std::to_string(i) + "\x1b\\x\x1b]8;;\x1b\\\r");
        if (i < 50)
            t.feed("\n");
    }
    const Scrollback &history = t.scrollback();
    ASSERT_GT(history.size(), 0);
    const Decoration *old = t.decoration(history.fromOldest(0)[0]);
    ASSERT_NE(old, nullptr) << "a sweep freed a link still in history";
    EXPECT_EQ(old->linkUri, "https://history.example/");
    const Decoration *kept = t.decoration(history.fromOldest(1)[0]);
    ASSERT_NE(kept, nullptr);
    EXPECT_EQ(kept->linkUri, "https://x.example/0");
    EXPECT_LT(t.decorationEntries(), 10000u);
}

// Erased cells get the pen's colours but not its link.
TEST(CellDecorations, erasingWithALinkOpenLeavesNoLinkOnTheBlanks)
{
    Terminal t(3, 20);
    t.feed("\x1b]8;;https://a.example/\x1b\\ab\x1b[K\x1b]8;;\x1b\\");
    EXPECT_NE(t.decoration(t.screenLine(0)[1]), nullptr);
    EXPECT_EQ(t.decoration(t.screenLine(0)[5]), nullptr);
    EXPECT_TRUE(t.screenLine(0)[5].isPristine());
}

TEST(CellDecorations, aFullResetEndsTheLinkAndSgrZeroDoesNot)
{
    Terminal t(3, 20);
    t.feed("\x1b]8;;https://a.example/\x1b\\a\x1b[0mb");
    EXPECT_NE(t.decoration(t.screenLine(0)[1]), nullptr);
    t.feed("\x1b" "c" "c");
    EXPECT_EQ(t.decoration(t.screenLine(0)[0]), nullptr);
}

} // namespace
