// Character widths: the grid agrees with glibc's wcwidth for every assigned
// code point (what readline, fish and zsh count with), although libvterm
// 0.1.4 places glyphs by an older table; characters of no width join the
// one before them however the stream is cut.

#include "support/vterm_oracle.h"
#include "terminal/core/char_widths.h"
#include "terminal/core/terminal.h"
#include "terminal/core/utf8.h"

#include <gtest/gtest.h>

#include <clocale>
#include <cwchar>
#include <string>
#include <vector>

namespace {

using dt::term::Line;
using dt::term::Terminal;
using dt::term::toUtf8;

std::string u8(char32_t cp)
{
    return toUtf8(cp);
}

// What width a character took between an 'A' before it and a 'B' after it.
int widthOnRow(const Line &row, char32_t cp, std::string *why)
{
    if (row.baseCodepoint(0) != U'A') {
        *why = "the A before it is gone";
        return -1;
    }
    if (row.graphemeAt(0) == std::u32string{U'A', cp} && row.baseCodepoint(1) == U'B')
        return 0;
    if (row.baseCodepoint(1) != cp) {
        *why = "it is not in the cell after A";
        return -1;
    }
    if (row.baseCodepoint(2) == U'B')
        return 1;
    if (row[2].continuation && row.baseCodepoint(3) == U'B')
        return 2;
    *why = "B is not where a width of 1 or 2 puts it";
    return -1;
}

TEST(CharWidths, everyAssignedCodePointTakesTheCellsGlibcSays)
{
    ASSERT_NE(std::setlocale(LC_CTYPE, "C.UTF-8"), nullptr) << "the C.UTF-8 locale is needed to ask glibc";
    constexpr int kRows = 256;
    Terminal t(kRows, 8, 0);
    std::vector<char32_t> batch;
    int checked = 0;
    int wrong = 0;
    std::string firstWrong;
    auto run = [&] {
        std::string bytes = "\x1b[H\x1b[2J";
        for (size_t r = 0; r < batch.size(); ++r)
            bytes += "\x1b[" + std::to_string(r + 1) + "HA" + u8(batch[r]) + "B";
        t.feed(bytes);
        for (size_t r = 0; r < batch.size(); ++r) {
            std::string why;
            const int expected = wcwidth(static_cast<wchar_t>(batch[r]));
            const int got = widthOnRow(t.screenLine(static_cast<int>(r)), batch[r], &why);
            ++checked;
            if (got != expected) {
                if (wrong++ < 20) {
                    char hex[16];
                    std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(batch[r]));
                    firstWrong += std::string(hex) + ": glibc " + std::to_string(expected) + ", grid "
                        + std::to_string(got) + (why.empty() ? "" : " (" + why + ")") + "\n";
                }
            }
        }
        batch.clear();
    };
    for (char32_t cp = 0xA0; cp <= 0x10FFFF; ++cp) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        if (wcwidth(static_cast<wchar_t>(cp)) < 0)
            continue; // unassigned: no width to agree with
        batch.push_back(cp);
        if (batch.size() == kRows)
            run();
    }
    run();
    EXPECT_GT(checked, 250000); // Unicode 14 assigns about 280 000 printable code points
    EXPECT_EQ(wrong, 0) << wrong << " of " << checked << " differ, first ones:\n" << firstWrong;
}

TEST(CharWidths, aNewEmojiIsTwoCellsAndTheCursorReportSaysSo)
{
    Terminal t(3, 20);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.feed(u8(0x1F970) + "\x1b[6n"); // 🥰, Unicode 11: one cell in libvterm 0.1.4
    EXPECT_EQ(out, "\x1b[1;3R");
    EXPECT_EQ(t.screenLine(0).baseCodepoint(0), char32_t(0x1F970));
    EXPECT_TRUE(t.screenLine(0)[1].continuation);
    EXPECT_EQ(t.screenText().substr(0, 4), u8(0x1F970));
}

TEST(CharWidths, aWideCharacterThatNoLongerFitsWrapsWhole)
{
    Terminal t(3, 5);
    t.feed("abcd" + u8(0x1F970) + "x");
    EXPECT_EQ(t.screenLine(0).text(), "abcd ");
    EXPECT_EQ(t.screenLine(1).baseCodepoint(0), char32_t(0x1F970));
    EXPECT_TRUE(t.screenLine(1)[1].continuation);
    EXPECT_EQ(t.screenLine(1).baseCodepoint(2), U'x');
}

TEST(CharWidths, marksLibvtermDoesNotKnowJoinTheCharacterBeforeInTheOrderSent)
{
    // U+0898 (Unicode 14) is a combining mark libvterm would give a cell;
    // U+0301 and U+0302 are ones it knows.
    const std::string stream = "e" + u8(0x301) + u8(0x898) + u8(0x302) + "z";
    const std::u32string expected{U'e', 0x301, 0x898, 0x302};
    for (size_t step : {stream.size(), size_t(1), size_t(2), size_t(3)}) {
        Terminal t(2, 10);
        for (size_t i = 0; i < stream.size(); i += step)
            t.feed(stream.substr(i, step));
        EXPECT_EQ(t.screenLine(0).graphemeAt(0), expected) << "fed " << step << " bytes at a time";
        EXPECT_EQ(t.screenLine(0).baseCodepoint(1), U'z') << "fed " << step << " bytes at a time";
    }
}

TEST(CharWidths, aMarkAtTheLastColumnJoinsItsCharacterInsteadOfStartingTheNextLine)
{
    Terminal t(3, 4);
    t.feed("abcd");
    t.feed(u8(0x301));
    t.feed("e");
    EXPECT_EQ(t.screenLine(0).graphemeAt(3), (std::u32string{U'd', 0x301}));
    EXPECT_EQ(t.screenLine(1).text(), "e   ");
}

TEST(CharWidths, vs16ShowsATextStyleEmojiTwoCellsWide)
{
    Terminal t(2, 10);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.feed(u8(0x2764) + u8(0xFE0F) + "x" + u8(0x2764) + "y\x1b[6n"); // ❤️x❤y
    const Line &row = t.screenLine(0);
    EXPECT_EQ(row.graphemeAt(0), (std::u32string{0x2764, 0xFE0F}));
    EXPECT_TRUE(row[1].continuation);
    EXPECT_EQ(row.baseCodepoint(2), U'x');
    EXPECT_EQ(row.baseCodepoint(3), char32_t(0x2764)); // without VS16: one cell
    EXPECT_EQ(row.baseCodepoint(4), U'y');
    EXPECT_EQ(out, "\x1b[1;6R");
    // Split between the heart and its selector, the same.
    Terminal split(2, 10);
    split.feed(u8(0x2764));
    split.feed(u8(0xFE0F));
    split.feed("x");
    EXPECT_TRUE(split.screenLine(0)[1].continuation);
    EXPECT_EQ(split.screenLine(0).baseCodepoint(2), U'x');
}

TEST(CharWidths, vs16LeavesTheEmojiOneCellWhereWideningWouldMoveMore)
{
    // At the end of the line, in insert mode, after a letter, or twice.
    Terminal end(2, 4);
    end.feed("ab" + u8(0x2764) + u8(0xFE0F));
    EXPECT_FALSE(end.screenLine(0)[3].continuation); // it would end on the last cell
    EXPECT_EQ(end.screenLine(0).graphemeAt(2), (std::u32string{0x2764, 0xFE0F}));
    Terminal insert(2, 10);
    insert.feed("abc\r\x1b[4h" + u8(0x2764) + u8(0xFE0F) + "\x1b[4l");
    EXPECT_EQ(insert.screenLine(0).text(), u8(0x2764) + u8(0xFE0F) + "abc      ");
    Terminal letter(2, 10);
    letter.feed("a" + u8(0xFE0F) + u8(0xFE0F) + "b");
    EXPECT_EQ(letter.screenLine(0).baseCodepoint(1), U'b');
    Terminal twice(2, 10);
    twice.feed(u8(0x2764) + u8(0xFE0F) + u8(0xFE0F) + "b");
    EXPECT_EQ(twice.screenLine(0).baseCodepoint(2), U'b');
}

TEST(CharWidths, aMarkRightAfterALetterOnTheLastColumnJoinsItInOneWriteToo)
{
    // libvterm decodes ASCII and other text in separate runs, so the mark
    // arrives apart from its letter even in one write.
    for (const std::string &base : {std::string("d"), u8(0xE9)}) {
        Terminal t(3, 4);
        t.feed("abc" + base + u8(0x301) + "\r\nx");
        EXPECT_EQ(t.screenLine(0).graphemeAt(3), std::u32string(dt::term::decodeUtf8(base + u8(0x301))));
        EXPECT_FALSE(t.screenLine(0).wrapped());
        EXPECT_EQ(t.screenLine(1).text(), "x   ");
    }
}

TEST(CharWidths, aC1ControlSentAsUtf8IsDroppedAndMovesNothing)
{
    Terminal t(3, 10);
    t.feed("ab\xc2\x85" "c\xc2\x9b" "d");
    EXPECT_EQ(t.screenLine(0).text(), "abcd      ");
    // At the start of a line in insert mode libvterm would have put the
    // cursor before column 0 and scrolled cells from outside the row.
    Terminal insert(3, 10);
    insert.feed("ab\x1b[4h\r\xc2\x85xy");
    EXPECT_EQ(insert.screenLine(0).text(), "xyab      ");
    EXPECT_EQ(insert.cursor().col, 2);
}

TEST(CharWidths, aMarkWithNothingBeforeItIsDropped)
{
    Terminal t(3, 10);
    t.feed("ab\r" + u8(0x301) + "\x1b[2;1H" + u8(0x898) + "x");
    EXPECT_EQ(t.screenLine(0).text(), "ab        ");
    EXPECT_EQ(t.screenLine(1).text(), "x         ");
}

TEST(CharWidths, aFloodOfMarksCannotGrowOneCellWithoutBound)
{
    Terminal t(2, 10);
    std::string flood = "a";
    for (int i = 0; i < 100000; ++i)
        flood += u8(0x301);
    t.feed(flood + "b");
    EXPECT_LE(t.screenLine(0).graphemeAt(0).size(), 16u);
    EXPECT_EQ(t.screenLine(0).baseCodepoint(1), U'b');
}

TEST(CharWidths, aStandInArrivingInTheStreamIsShownAsTheReplacementCharacter)
{
    // The stand-ins are unassigned code points; one sent by a program must
    // never turn into the emoji it would stand for.
    for (char32_t cp : {char32_t(0x3F000), char32_t(0x3F001), char32_t(0xD0000)}) {
        ASSERT_TRUE(dt::term::isStandIn(cp));
        Terminal t(2, 10);
        t.feed("A" + u8(cp) + "B");
        EXPECT_EQ(t.screenLine(0).baseCodepoint(1), char32_t(0xFFFD));
        EXPECT_EQ(t.screenLine(0).baseCodepoint(2), U'B');
    }
}

TEST(CharWidths, textInsideStringsIsNotRewritten)
{
    Terminal t(2, 20);
    t.feed("\x1b]2;hi " + u8(0x1F970) + u8(0x898) + "\x07");
    EXPECT_EQ(t.title(), "hi " + u8(0x1F970) + u8(0x898));
}

TEST(CharWidths, everyStandInMapsBackToTheCharacterItStandsFor)
{
    int standIns = 0;
    for (char32_t cp = 0xA0; cp <= 0x10FFFF; ++cp) {
        const dt::term::WidthFix fix = dt::term::widthFix(cp);
        if (fix.kind != dt::term::WidthFix::StandIn || dt::term::isStandIn(cp))
            continue;
        ++standIns;
        ASSERT_TRUE(dt::term::isStandIn(fix.codepoint)) << std::hex << static_cast<unsigned>(cp);
        ASSERT_EQ(dt::term::fromStandIn(fix.codepoint), cp) << std::hex << static_cast<unsigned>(cp);
    }
    EXPECT_GT(standIns, 1000); // the emoji of Unicode 9 to 14 alone are more
}

} // namespace

// The model places text beyond ASCII itself (terminal_text_run.cpp) with
// the width libvterm would give it: unassigned code points too, which
// glibc has no width for, take libvterm's, as its own screen shows them.
TEST(CharWidths, everyCodePointLeftAloneTakesTheCellsLibvtermGivesIt)
{
    ASSERT_NE(std::setlocale(LC_CTYPE, "C.UTF-8"), nullptr);
    constexpr int kRows = 256;
    Terminal ours(kRows, 8, 0);
    dt::test::VTermOracle oracle(kRows, 8, 0);
    std::string bytes;
    int batch = 0, checked = 0;
    std::string firstWrong;
    const auto run = [&] {
        ours.feed(bytes);
        oracle.feed(bytes);
        const std::string d = dt::test::compareWithOracle(ours, oracle);
        if (!d.empty() && firstWrong.empty())
            firstWrong = d;
        bytes.clear();
        batch = 0;
    };
    for (char32_t cp = 0xA0; cp <= 0x10FFFF; ++cp) {
        if ((cp >= 0xD800 && cp <= 0xDFFF) || wcwidth(static_cast<wchar_t>(cp)) >= 0
            || dt::term::widthFix(cp).kind != dt::term::WidthFix::None)
            continue; // assigned ones: the sweep above, against glibc
        if (cp >= 0x40000 && cp < 0xE0000 && cp % 251 != 0)
            continue; // planes 4 to 13, unassigned from end to end: a sample
        if (batch == 0)
            bytes = "\x1b[H\x1b[2J";
        bytes += "\x1b[" + std::to_string(batch + 1) + "HA" + u8(cp) + "B";
        ++checked;
        if (++batch == kRows)
            run();
    }
    run();
    EXPECT_GT(checked, 150000); // planes 2, 3, 14 to 16 are mostly unassigned
    EXPECT_EQ(firstWrong, "");
}

// libvterm counts half the cells on a row of double width: a mark after
// the character on that row's last cell still joins it.
TEST(CharWidths, aMarkAfterTheLastCharacterOfADoubleWidthRowJoinsIt)
{
    Terminal t(3, 10, 0);
    t.feed("\x1b#6\x1b[5Ge\xcc\xa3" "b");
    EXPECT_EQ(t.screenLine(0).graphemeAt(4), (std::u32string{U'e', 0x323}));
    EXPECT_EQ(t.screenLine(1).baseCodepoint(0), U'b') << "the next character wraps";
}

// REP repeats the character placed last with its marks, as libvterm
// repeats the marks it joined itself.
TEST(CharWidths, repRepeatsACharacterWithItsMarks)
{
    Terminal t(3, 20, 0);
    t.feed("\xce\xbb\xcc\x81\x1b[2b|e\xcc\x81\x1b[b");
    const std::u32string lambda{0x3BB, 0x301}, e{U'e', 0x301};
    for (int col : {0, 1, 2})
        EXPECT_EQ(t.screenLine(0).graphemeAt(col), lambda) << col;
    EXPECT_EQ(t.screenLine(0).graphemeAt(4), e);
    EXPECT_EQ(t.screenLine(0).graphemeAt(5), e);
    EXPECT_EQ(t.cursor().col, 6);
}
