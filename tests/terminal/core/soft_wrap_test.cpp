// Soft wraps: a line the program wrote past the right edge is one logical
// line for copying, triple-click, double-click, find and capture, however
// the bytes arrive; a line feed after a full row does not join anything.

#include "terminal/core/search.h"
#include "terminal/core/selection.h"
#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using dt::term::GridPos;
using dt::term::Selection;
using dt::term::Terminal;

// Every way the stream can arrive: whole, byte by byte, and cut in two at
// each position.
std::vector<std::vector<std::string>> cuts(const std::string &bytes)
{
    std::vector<std::vector<std::string>> ways{{bytes}};
    std::vector<std::string> bytewise;
    for (char c : bytes)
        bytewise.emplace_back(1, c);
    ways.push_back(bytewise);
    for (size_t at = 1; at < bytes.size(); ++at)
        ways.push_back({bytes.substr(0, at), bytes.substr(at)});
    return ways;
}

std::vector<bool> wrapFlags(const Terminal &t)
{
    std::vector<bool> flags;
    const int64_t first = t.linesAboveScreen() - t.scrollback().size();
    for (int64_t l = first; l < t.linesAboveScreen() + t.rows(); ++l)
        flags.push_back(t.lineAt(l)->wrapped());
    return flags;
}

std::string selected(const Terminal &t, GridPos from, GridPos to, Selection::Unit unit = Selection::Unit::Character)
{
    Selection s;
    s.begin(t, from, unit);
    s.extendTo(t, to);
    return s.text(t);
}

TEST(SoftWrap, aLineWrittenPastTheEdgeIsMarkedWrappedHoweverItArrives)
{
    // Row 0 wraps twice into row 2, which scrolls the first into history;
    // "full\r\n" fills a row exactly and is not wrapped.
    const std::string stream = "abcdefghijkl\r\nfull\r\nx";
    for (const auto &pieces : cuts(stream)) {
        Terminal t(3, 4, 100);
        for (const std::string &p : pieces)
            t.feed(p);
        EXPECT_EQ(wrapFlags(t), (std::vector<bool>{true, true, false, false, false}))
            << "in " << pieces.size() << " pieces";
    }
}

TEST(SoftWrap, movingTheCursorToTheNextLineIsNotAWrap)
{
    for (const char *stream : {"abcd\x1b[2;1Hx", "abcd\r\nx", "abcd\n\rx", "abcd\x1b" "Ex", "abcd\x1b[Kx"}) {
        Terminal t(3, 4, 100);
        t.feed(stream);
        EXPECT_FALSE(t.screenLine(0).wrapped()) << stream;
    }
}

TEST(SoftWrap, aLineEndedWhereLibvtermsCursorAlreadyStoodIsNotAWrap)
{
    // On the bottom row, a run of text placed from column 0 (one long
    // enough for the model to place itself) leaves libvterm's cursor
    // there, not yet told; the CR that ends the line moves nothing libvterm
    // can see, and the line feed scrolls without a move. The line must
    // still not run on into the next.
    const std::string line = "0123456789abcdef";
    for (const auto &pieces : cuts("\r\n\r\n" + line + "\r\n" + line + "\r\n" + line)) {
        Terminal t(3, 30, 100);
        for (const std::string &p : pieces)
            t.feed(p);
        EXPECT_EQ(wrapFlags(t), (std::vector<bool>{false, false, false, false, false})) << "in " << pieces.size() << " pieces";
    }
}

TEST(SoftWrap, copyingAWrappedLineGivesItBackWithoutBreaks)
{
    Terminal t(5, 5, 100);
    t.feed("hello world, x\r\nfull.\r\nlast");
    EXPECT_EQ(selected(t, {0, 0}, {4, 3}), "hello world, x\nfull.\nlast");
    // Spaces at the wrap are the program's and stay.
    Terminal spaces(3, 4, 100);
    spaces.feed("ab  cd");
    EXPECT_EQ(selected(spaces, {0, 0}, {1, 1}), "ab  cd");
}

TEST(SoftWrap, aWideCharacterThatDidNotFitLeavesNoSpaceInTheCopy)
{
    Terminal t(3, 5, 100);
    t.feed("abcd\xe4\xb8\xad!"); // 中 does not fit in the last cell
    ASSERT_TRUE(t.screenLine(0).wrapped());
    EXPECT_EQ(selected(t, {0, 0}, {1, 2}), "abcd\xe4\xb8\xad!");
    EXPECT_EQ(t.logicalText(0), "abcd\xe4\xb8\xad!\n\n");
}

TEST(SoftWrap, tripleClickSelectsTheWholeLogicalLine)
{
    Terminal t(5, 4, 100);
    t.feed("one\r\nabcdefghij\r\nend");
    // Clicked on the middle row of the three that hold "abcdefghij".
    Selection s;
    s.begin(t, {2, 1}, Selection::Unit::Line);
    EXPECT_EQ(s.start(), (GridPos{1, 0}));
    EXPECT_EQ(s.end(), (GridPos{3, 4}));
    EXPECT_EQ(s.text(t), "abcdefghij");
}

TEST(SoftWrap, doubleClickSelectsAUrlTheWrapCutInTwo)
{
    Terminal t(4, 10, 100);
    t.feed("see https://example.org/a/b end");
    Selection s;
    s.begin(t, {1, 2}, Selection::Unit::Word); // on "ample…", the second row
    EXPECT_EQ(s.text(t), "https://example.org/a/b");
    s.begin(t, {0, 5}, Selection::Unit::Word); // on "ttps", the first row
    EXPECT_EQ(s.text(t), "https://example.org/a/b");
    // A word that ends exactly at a line break that is not a wrap stays.
    Terminal broken(3, 4, 100);
    broken.feed("abcd\r\nefgh");
    s.begin(broken, {0, 1}, Selection::Unit::Word);
    EXPECT_EQ(s.text(broken), "abcd");
}

TEST(SoftWrap, findWorksOnALogicalLineLongerThanItsSearchWindow)
{
    Terminal t(4, 50, 10000);
    std::string line(200000, 'a');
    line.replace(65530, 6, "needle"); // across the first window's end
    line.replace(199990, 6, "needle");
    t.feed(line + "\r\n");
    const auto matches = dt::term::findAll(t, "needle");
    ASSERT_EQ(matches.size(), 2u);
    EXPECT_EQ(matches[0].startCol, 65530 % 50);
    EXPECT_EQ(matches[1].startCol, 199990 % 50);
}

TEST(SoftWrap, findMatchesAcrossAWrapButNotAcrossALineBreak)
{
    Terminal t(4, 5, 100);
    t.feed("xxneedle\r\nneed\r\nle");
    const auto matches = dt::term::findAll(t, "needle");
    ASSERT_EQ(matches.size(), 1u);
    EXPECT_EQ(matches[0], (dt::term::SearchMatch{0, 2, 3, 1}));
    EXPECT_TRUE(matches[0].contains(0, 4));
    EXPECT_TRUE(matches[0].contains(1, 0));
    EXPECT_FALSE(matches[0].contains(1, 3));
    EXPECT_FALSE(matches[0].contains(0, 1));
}

TEST(SoftWrap, captureJoinsWrappedRowsFromHistoryOntoTheScreen)
{
    Terminal t(2, 4, 100);
    t.feed("0123456789AB\r\nok");
    // "0123" and "4567" went into history wrapped, "89AB" is on screen.
    EXPECT_EQ(t.scrollback().size(), 2);
    EXPECT_EQ(t.logicalText(100), "0123456789AB\nok\n");
    EXPECT_EQ(t.screenText(), "89AB\nok\n"); // the screen alone stays row by row
}

TEST(SoftWrap, erasingOrOverwritingALineEndsItsWrap)
{
    Terminal t(3, 4, 100);
    t.feed("abcdefgh");
    ASSERT_TRUE(t.screenLine(0).wrapped());
    t.feed("\x1b[1;3H\x1b[K"); // erase to the end of the first row
    EXPECT_FALSE(t.screenLine(0).wrapped());
    t.feed("\x1b[2J\x1b[Habcdefgh");
    ASSERT_TRUE(t.screenLine(0).wrapped());
    t.feed("\x1b[2J");
    EXPECT_FALSE(t.screenLine(0).wrapped());
}

TEST(SoftWrap, theFlagMovesWithItsRowWhenTheScreenScrolls)
{
    Terminal t(3, 4, 100);
    t.feed("\r\n\r\nabcdefgh"); // wraps on the last row: the screen scrolls
    EXPECT_EQ(wrapFlags(t), (std::vector<bool>{false, false, true, false})); // one empty row in history
    t.feed("\x1b[3;1H\n\n"); // two more scrolls: the wrapped row goes into history
    EXPECT_EQ(wrapFlags(t), (std::vector<bool>{false, false, true, false, false, false}));
    EXPECT_EQ(t.logicalText(100), "\n\nabcdefgh\n\n\n");
}

TEST(SoftWrap, aRowLosesItsWrapWhenWhatItRanOnIntoMovesAway)
{
    // The wrapped row is just above a scroll region that scrolls.
    Terminal region(4, 4, 100);
    region.feed("abcdefgh\x1b[2;4r\x1b[4;1H\n\x1b[r");
    EXPECT_FALSE(region.screenLine(0).wrapped());
    // A line deleted under it (DL), or one inserted (IL).
    for (const char *edit : {"\x1b[2;1H\x1b[M", "\x1b[2;1H\x1b[L"}) {
        Terminal t(4, 4, 100);
        t.feed(std::string("abcdefgh") + edit);
        EXPECT_FALSE(t.screenLine(0).wrapped()) << edit;
    }
    // A row scrolled down out of a region's bottom takes its wrap along.
    Terminal down(4, 4, 100);
    down.feed("\r\nabcdefgh\x1b[1;3r\x1b[H\x1bM\x1b[r");
    EXPECT_FALSE(down.screenLine(2).wrapped()); // "abcd", whose "efgh" was pushed out
}

TEST(SoftWrap, deletingOrInsertingCharactersInAWrappedRowKeepsItWrapped)
{
    // Readline edits a long command line so: DCH and ICH blank or push the
    // row's last cells, but the line still runs on.
    Terminal t(3, 4, 100);
    t.feed("abcdefgh\x1b[1;2H\x1b[P");
    EXPECT_TRUE(t.screenLine(0).wrapped());
    t.feed("\x1b[@");
    EXPECT_TRUE(t.screenLine(0).wrapped());
    t.feed("\x1b[1;2H\x1b[9P"); // deleting to the end and more
    EXPECT_TRUE(t.screenLine(0).wrapped());
    t.feed("\x1b[1;3H\x1b[K"); // EL does end it
    EXPECT_FALSE(t.screenLine(0).wrapped());
}

} // namespace
