// Reflow: at a new width the primary screen and its history are laid out
// again from the lines the program wrote, with the cursor and the shell's
// command marks kept on their text; the alternate screen is only resized.

#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using dt::term::Terminal;

const std::string A = "\x1b]133;A\x07", B = "\x1b]133;B\x07", C = "\x1b]133;C\x07";

// Everything the terminal holds, as the lines the program wrote, without
// the blank rows under the last one.
std::string logical(const Terminal &t)
{
    std::string text = t.logicalText(100000);
    while (text.size() >= 2 && text.compare(text.size() - 2, 2, "\n\n") == 0)
        text.pop_back();
    return text;
}

TEST(Reflow, narrowingRewrapsLinesInsteadOfCuttingThem)
{
    Terminal t(4, 20, 100);
    t.feed("0123456789abcdefghij\r\nshort\r\n$ ");
    t.resize(4, 8);
    EXPECT_EQ(t.scrollback().size(), 1);
    EXPECT_EQ(t.lineAt(0)->text(), "01234567");
    EXPECT_TRUE(t.lineAt(0)->wrapped());
    EXPECT_EQ(t.screenText(), "89abcdef\nghij\nshort\n$\n");
    EXPECT_EQ(logical(t), "0123456789abcdefghij\nshort\n$\n");
}

TEST(Reflow, wideningJoinsWhatTheWindowHadWrapped)
{
    Terminal t(4, 5, 100);
    t.feed("hello world\r\n$ ");
    ASSERT_EQ(t.screenText(), "hello\n worl\nd\n$\n");
    t.resize(4, 20);
    EXPECT_EQ(t.screenText(), "hello world\n$\n\n\n");
    EXPECT_FALSE(t.screenLine(0).wrapped());
}

TEST(Reflow, theCursorStaysOnItsCharacterAndTypingGoesOn)
{
    Terminal t(3, 20, 100);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.feed("$ some long command");
    t.resize(3, 8); // "$ some l" / "ong comm" / "and"
    EXPECT_EQ(t.cursor().row, 2);
    EXPECT_EQ(t.cursor().col, 3);
    t.feed("X");
    EXPECT_EQ(logical(t), "$ some long commandX\n");
    t.feed("\b\x1b[6n");
    EXPECT_EQ(out, "\x1b[3;4R");
}

TEST(Reflow, narrowingAndWideningKeepEveryLineAndTheCursorsCharacter)
{
    Terminal t(6, 30, 1000);
    const std::string text = "alpha beta gamma delta epsilon zeta eta theta\r\n\xe4\xb8\xad\xe6\x96\x87 wide "
                             "\xe5\xad\x97\xe5\xad\x97\xe5\xad\x97 chars\r\n"
                             "e\xcc\x81t\xc3\xa9 ok\r\n$ typed";
    t.feed(text);
    const std::string before = logical(t);
    for (int columns : {7, 3, 11, 2, 29, 30}) {
        t.resize(6, columns);
        EXPECT_EQ(logical(t), before) << "at " << columns << " columns";
        // The cursor is still right after "typed".
        const auto c = t.cursor();
        const std::string before = c.col > 0 ? t.screenLine(c.row).text(c.col - 1, c.col)
                                             : t.screenLine(c.row - 1).text(columns - 1, columns);
        EXPECT_EQ(before, "d") << columns;
    }
    EXPECT_EQ(t.screenText(), "alpha beta gamma delta epsilon\n zeta eta theta\n\xe4\xb8\xad\xe6\x96\x87 wide "
                              "\xe5\xad\x97\xe5\xad\x97\xe5\xad\x97 chars\ne\xcc\x81t\xc3\xa9 ok\n$ typed\n\n");
}

TEST(Reflow, typingRightAfterTheResizeContinuesTheLineWhereverItNowEnds)
{
    struct Case {
        int from, to;
        int row, col; // where the cursor goes
    };
    // "$ typed" is seven cells: it fills 7 columns exactly (libvterm then
    // waits to wrap), or ends at the edge after the resize.
    // What comes next goes through libvterm (one letter), or is placed by
    // the model itself (a long run of ASCII, a letter beyond ASCII).
    for (const std::string next : {"X", "XXXXXXXXXXXXXX", "\xc3\xa9"}) {
        for (const Case c : {Case{7, 5, 1, 2}, Case{7, 10, 0, 7}, Case{10, 7, 1, 0}, Case{9, 3, 2, 1}}) {
            Terminal t(4, c.from, 100);
            t.feed("$ typed");
            t.resize(4, c.to);
            EXPECT_EQ(t.cursor().row, c.row) << c.from << " to " << c.to;
            EXPECT_EQ(t.cursor().col, c.col) << c.from << " to " << c.to;
            t.feed(next);
            EXPECT_EQ(logical(t), "$ typed" + next + "\n") << c.from << " to " << c.to << ", then " << next;
        }
    }
}

TEST(Reflow, growingWiderWhileWaitingToWrapAfterAWideCharacterOrAnExactFit)
{
    // "$ type中" fills 8 columns, the wide character last; widened, typing
    // goes on right after it.
    Terminal wide(4, 8, 100);
    wide.feed("$ type\xe4\xb8\xad");
    wide.resize(4, 20);
    EXPECT_EQ(wide.cursor().col, 8);
    wide.feed("X");
    EXPECT_EQ(logical(wide), "$ type\xe4\xb8\xadX\n");
    // Fourteen characters at 7 columns, widened to exactly 14: the next
    // character starts a row of its own instead of overwriting the last.
    Terminal exact(4, 7, 100);
    exact.feed("$ typed1234567");
    exact.resize(4, 14);
    EXPECT_EQ(exact.cursor().row, 1);
    EXPECT_EQ(exact.cursor().col, 0);
    exact.feed("X");
    EXPECT_EQ(logical(exact), "$ typed1234567X\n");
}

TEST(Reflow, aCursorPastTheEndOfAShortLineStaysOnIt)
{
    Terminal t(4, 20, 100);
    t.feed("abc\x1b[1;15H"); // the cursor at column 14, past "abc"
    t.resize(4, 10);
    EXPECT_EQ(t.cursor().row, 0);
    EXPECT_EQ(t.cursor().col, 9);
    t.feed("X");
    EXPECT_EQ(logical(t), "abc      X\n");
    EXPECT_FALSE(t.screenLine(0).wrapped());
}

TEST(Reflow, theShellsCursorComesBackToItsPromptAfterAFullScreenProgram)
{
    Terminal t(6, 10, 100);
    t.feed("0123456789abcdefghij\r\n$ \x1b[?1049h\x1b[Hvim");
    t.resize(6, 5); // the prompt moves down two rows
    t.feed("\x1b[?1049l");
    EXPECT_EQ(t.screenLine(t.cursor().row).text(0, 1), "$");
    EXPECT_EQ(t.cursor().col, 2);
    // Smaller still while it runs: the restored cursor is on the screen.
    t.feed("\x1b[?1049h");
    t.resize(2, 5);
    t.feed("\x1b[?1049lX");
    EXPECT_LT(t.cursor().row, 2);
    EXPECT_NE(t.screenText().find('X'), std::string::npos);
}

TEST(Reflow, growingTallerBringsBackHistoryWithItsWraps)
{
    Terminal t(2, 5, 100);
    t.feed("abcdefghij\r\nk\r\nl");
    ASSERT_TRUE(t.scrollback().fromOldest(0).wrapped());
    t.resize(4, 5);
    EXPECT_TRUE(t.screenLine(0).wrapped());
    EXPECT_EQ(logical(t), "abcdefghij\nk\nl\n");
}

TEST(Reflow, resizingBackAndForthDoesNotGrowTheHistorysMemory)
{
    Terminal t(10, 80, 5000);
    std::string text;
    for (int i = 0; i < 3000; ++i)
        text += "line " + std::to_string(i) + std::string(static_cast<size_t>(i % 150), 'x') + "\r\n";
    t.feed(text);
    t.resize(10, 40);
    t.resize(10, 80);
    const size_t settled = t.scrollbackMemoryBytes();
    for (int i = 0; i < 20; ++i) {
        t.resize(10, 40 + i % 3);
        t.resize(10, 80);
    }
    EXPECT_LE(t.scrollbackMemoryBytes(), settled + settled / 10);
}

TEST(Reflow, aWideCharacterIsNeverCutAtTheEdge)
{
    Terminal t(3, 10, 100);
    t.feed("ab\xe4\xb8\xad\xe6\x96\x87\xe5\xad\x97");
    t.resize(3, 5); // "ab中" fills 4 cells, 文 goes to the next row
    EXPECT_EQ(t.screenLine(0).text(0, 4), "ab\xe4\xb8\xad");
    EXPECT_TRUE(t.screenLine(0).wrapped());
    EXPECT_EQ(t.screenLine(1).text(0, 4), "\xe6\x96\x87\xe5\xad\x97");
    EXPECT_EQ(logical(t), "ab\xe4\xb8\xad\xe6\x96\x87\xe5\xad\x97\n");
}

TEST(Reflow, commandOutputIsFoundAgainAfterTheWidthChanged)
{
    Terminal t(5, 12, 100);
    t.feed(A + "$ " + B + "ls\r\n" + C + "first-file.txt\r\nsecond.txt\r\n\x1b]133;D;0\x07" + A + "$ " + B);
    ASSERT_EQ(t.commands().records().size(), 1u);
    const auto &ls = t.commands().records().front();
    ASSERT_EQ(t.commandOutput(ls), "first-file.txt\nsecond.txt");
    t.resize(5, 6);
    EXPECT_EQ(t.commandOutput(t.commands().records().front()), "first-file.txt\nsecond.txt");
    t.resize(5, 40);
    EXPECT_EQ(t.commandOutput(t.commands().records().front()), "first-file.txt\nsecond.txt");
}

TEST(Reflow, theAlternateScreenIsNotReflowedButThePrimaryBehindItIs)
{
    Terminal t(4, 10, 100);
    t.feed("0123456789abc\r\n$ \x1b[?1049h\x1b[Hfull scr");
    t.resize(4, 5);
    EXPECT_EQ(t.screenLine(0).text(), "full "); // cut, as programs redraw on SIGWINCH
    EXPECT_EQ(t.screenLine(1).text(), "     ");
    t.feed("\x1b[?1049l");
    EXPECT_EQ(logical(t), "0123456789abc\n$\n");
}

TEST(Reflow, historyBeyondItsCapacityLosesItsOldestRowsOnly)
{
    Terminal t(2, 10, 3);
    t.feed("aaaaaaaaaa\r\nbbbbbbbbbb\r\ncccccccccc\r\n$ ");
    t.resize(2, 5); // six rows of text now, history keeps three
    EXPECT_EQ(t.scrollback().size(), 3);
    EXPECT_EQ(t.screenText(), "ccccc\n$\n");
    EXPECT_EQ(t.cursor().row, 1);
    EXPECT_EQ(t.cursor().col, 2);
}

TEST(Reflow, aClearedScreenStaysClearedWhenTheWidthChanges)
{
    Terminal t(4, 10, 100);
    t.feed("old output\r\nmore\r\n\x1b[2J\x1b[H$ ");
    const int64_t history = t.scrollback().size();
    t.resize(4, 6);
    EXPECT_EQ(t.screenText(), "$\n\n\n\n");
    EXPECT_GE(t.scrollback().size(), history);
}

} // namespace
