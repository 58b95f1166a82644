// The terminal model as a whole: history (its bounds, memory and blocks),
// clusters kept with their lines, and what programs set and ask for.

#include "terminal/core/screen_dump.h"
#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

namespace {

using dt::term::Scrollback;
using dt::term::Terminal;

TEST(TerminalModel, scrollbackIsBoundedAndKeepsTheNewestLines)
{
    Terminal t(3, 10, 5);
    for (int i = 0; i < 50; ++i)
        t.feed("line" + std::to_string(i) + "\r\n");
    ASSERT_EQ(t.scrollback().size(), 5);
    EXPECT_EQ(t.scrollback().fromNewest(0).text().substr(0, 6), "line47");
    EXPECT_EQ(t.scrollback().fromOldest(0).text().substr(0, 6), "line43");
}

TEST(TerminalModel, aScrollbackLineCostsNoMoreThanItsCells)
{
    // 10,000 two-character lines on a 200-column terminal: history must not
    // store the 198 blank columns of each.
    Terminal t(3, 200, 10000);
    for (int i = 0; i < 10003; ++i)
        t.feed("ab\r\n");
    ASSERT_EQ(t.scrollback().size(), 10000);
    const dt::term::Line &line = t.scrollback().fromOldest(0);
    EXPECT_EQ(line.size(), 2);
    EXPECT_EQ(line.text(), "ab");
    const double perLine = static_cast<double>(t.scrollbackMemoryBytes()) / 10000;
    // The line's bookkeeping, its two cells, and its share of one arena block.
    const double bound = sizeof(dt::term::Line) + sizeof(uint64_t) + 2 * sizeof(dt::term::Cell)
        + dt::term::Scrollback::kBlockCells * sizeof(dt::term::Cell) / 10000.0;
    EXPECT_LE(perLine, bound);
    // The record every line of history keeps: its cells' address and count,
    // its flags, its cluster table and the owned-cells pointer screen rows use.
    EXPECT_LE(sizeof(dt::term::Line), 48u);
}

TEST(TerminalModel, scrollbackReleasesMemoryAsOldLinesAreEvicted)
{
    Terminal t(3, 80, 1000);
    const std::string line(79, 'x');
    for (int i = 0; i < 50000; ++i)
        t.feed(line + "\r\n");
    ASSERT_EQ(t.scrollback().size(), 1000);
    // 1000 lines of 79 cells, plus at most two partly used blocks.
    EXPECT_LE(t.scrollbackMemoryBytes(), 1000 * (79 * sizeof(dt::term::Cell) + 120) + 2 * dt::term::Scrollback::kBlockCells * sizeof(dt::term::Cell));
    EXPECT_EQ(t.scrollback().fromNewest(0).text(), line);
}

// Line i of a long history: about 90 cells, every seventh with a cluster.
std::string numberedLine(int i)
{
    std::string s = "L" + std::to_string(i) + (i % 7 == 0 ? " e\xcc\x81 " : " ");
    return s + std::string(90 - s.size(), 'x');
}

// 3000 numbered lines into a 3x100 terminal: about 4 MiB of history, most of
// it in large blocks (asserted, so a test built on it checks that path).
void fillHistoryWithLargeBlocks(Terminal &t, const Scrollback::LargeBlockCounts &before)
{
    for (int i = 0; i < 3000; ++i)
        t.feed(numberedLine(i) + "\r\n");
    ASSERT_GE(Scrollback::largeBlockCounts().live - before.live, 1) << "the history is in large blocks";
}

TEST(TerminalModel, aLongHistoryInLargeBlocksKeepsEveryLineThroughEviction)
{
    // 4000 lines of about 90 cells fill more than one large block, and
    // 20000 lines cycle them (and the spare) many times over.
    const Scrollback::LargeBlockCounts before = Scrollback::largeBlockCounts();
    {
        Terminal t(3, 100, 4000);
        for (int i = 0; i < 20000; ++i)
            t.feed(numberedLine(i) + "\r\n");
        ASSERT_EQ(t.scrollback().size(), 4000);
        // The screen holds the last two lines and the cursor's empty row.
        for (int k = 0; k < 4000; ++k)
            ASSERT_EQ(t.scrollback().fromOldest(k).text(), numberedLine(20000 - 3 - 3999 + k)) << k;
        // Lines of about 90 cells, plus two partly used large blocks and the spare.
        EXPECT_LE(t.scrollbackMemoryBytes(), 4000 * (92 * sizeof(dt::term::Cell) + 120) + 3 * Scrollback::kLargeBlockCells * sizeof(dt::term::Cell));
        // The large blocks were mapped (mmap did not fail over to the heap),
        // and the ring reuses them rather than mapping one per block filled.
        const Scrollback::LargeBlockCounts during = Scrollback::largeBlockCounts();
        EXPECT_GE(during.live - before.live, 2);
        EXPECT_LE(during.mapped - before.mapped, 4);
    }
    EXPECT_EQ(Scrollback::largeBlockCounts().live, before.live) << "every large block unmapped";
}

TEST(TerminalModel, aReflowRefillsTheLargeBlocksItEmptiedInsteadOfMappingNewOnes)
{
    // 3000 lines of 90 cells: about 4 MiB of history, mostly in large
    // blocks. Each reflow takes every line back (they no longer fit, or
    // were wrapped) and pushes the new rows again.
    const Scrollback::LargeBlockCounts before = Scrollback::largeBlockCounts();
    {
        Terminal t(3, 100, 10000);
        ASSERT_NO_FATAL_FAILURE(fillHistoryWithLargeBlocks(t, before));
        t.resize(3, 60);
        const int64_t mappedAfterFirst = Scrollback::largeBlockCounts().mapped;
        t.resize(3, 100);
        t.resize(3, 60);
        EXPECT_EQ(Scrollback::largeBlockCounts().mapped, mappedAfterFirst) << "a reflow mapped blocks it had just emptied";
        t.resize(3, 100);
        ASSERT_EQ(t.scrollback().size(), 2998);
        for (int k = 0; k < 2998; ++k)
            ASSERT_EQ(t.scrollback().fromOldest(k).text(), numberedLine(k)) << k;
        // Nothing beyond one spare is held once the reflow is done.
        EXPECT_LE(t.scrollbackMemoryBytes(), 2998 * (92 * sizeof(dt::term::Cell) + 120) + 4 * Scrollback::kLargeBlockCells * sizeof(dt::term::Cell));
    }
    EXPECT_EQ(Scrollback::largeBlockCounts().live, before.live) << "every large block unmapped";
}

TEST(TerminalModel, aHistoryMadeSmallerKeepsNoLargeBlocksItNoLongerNeeds)
{
    const Scrollback::LargeBlockCounts before = Scrollback::largeBlockCounts();
    Terminal t(3, 100, 10000);
    ASSERT_NO_FATAL_FAILURE(fillHistoryWithLargeBlocks(t, before));
    t.setScrollbackCapacity(100); // 100 lines fit in one small block
    EXPECT_EQ(t.scrollback().fromNewest(0).text(), numberedLine(2997));
    EXPECT_EQ(Scrollback::largeBlockCounts().live, before.live);
    t.setScrollbackCapacity(0);
    EXPECT_EQ(Scrollback::largeBlockCounts().live, before.live);
}

TEST(TerminalModel, aLineGoesIntoHistoryWithTheClustersItsCellsShow)
{
    Terminal t(2, 20, 10);
    // The first line's table becomes [é, ä, ô] and its cells show é, ô
    // and é again: ä goes. The second's is [é, ä], and its cells show
    // them the other way round: the numbers change.
    t.feed("     e\xcc\x81\ra\xcc\x88o\xcc\x82\re\xcc\x81\r\n");
    t.feed("     e\xcc\x81\ra\xcc\x88\r\n");
    // The third's is [ä, ô], and ô is overwritten: history keeps ä alone.
    t.feed("a\xcc\x88o\xcc\x82\bx\r\n\r\n");
    ASSERT_EQ(t.scrollback().size(), 3);
    const dt::term::Line &first = t.scrollback().fromOldest(0);
    EXPECT_EQ(first.graphemeAt(0), (std::u32string{U'e', U'\u0301'}));
    EXPECT_EQ(first.graphemeAt(1), (std::u32string{U'o', U'\u0302'}));
    EXPECT_EQ(first.graphemeAt(5), (std::u32string{U'e', U'\u0301'}));
    const dt::term::Line &second = t.scrollback().fromOldest(1);
    EXPECT_EQ(second.graphemeAt(0), (std::u32string{U'a', U'\u0308'}));
    EXPECT_EQ(second.graphemeAt(5), (std::u32string{U'e', U'\u0301'}));
    EXPECT_EQ(second.text(), "a\xcc\x88    e\xcc\x81");
    const dt::term::Line &third = t.scrollback().fromOldest(2);
    EXPECT_EQ(third.text(), "a\xcc\x88x");
    EXPECT_LE(third.memoryBytes(), sizeof(std::u32string)) << "one entry, in the small-string buffer";
}

TEST(TerminalModel, aHistorySlotWrittenAgainShowsOnlyTheClustersOfItsNewLine)
{
    // A full history writes each new line into the oldest line's slot and
    // assigns the new clusters over the old ones' storage: nothing of the
    // old line may show through. A letter with four marks (five code
    // points, past the small-string buffer) and two accented letters fill
    // the ring first.
    Terminal t(1, 20, 2);
    const std::string stacked = "e\xcc\x81\xcc\x82\xcc\x83\xcc\x84"; // é with three more marks
    t.feed(stacked + " e\xcc\x81 a\xcc\x88\r\n");
    t.feed("o\xcc\x82 " + stacked + "\r\n");
    t.feed("plain\r\n"); // into the first line's slot
    t.feed("u\xcc\x88\r\n"); // into the second's
    ASSERT_EQ(t.scrollback().size(), 2);
    const dt::term::Line &plain = t.scrollback().fromOldest(0);
    EXPECT_EQ(plain.text(), "plain");
    EXPECT_FALSE(plain.hasClusters());
    EXPECT_EQ(plain.memoryBytes(), 0u) << "the old line's clusters are still held";
    const dt::term::Line &marked = t.scrollback().fromOldest(1);
    EXPECT_EQ(marked.text(), "u\xcc\x88");
    EXPECT_EQ(marked.graphemeAt(0), (std::u32string{U'u', U'\u0308'}));
    EXPECT_EQ(marked.size(), 1);
    // Then lines with clusters again into slots whose storage is reused.
    t.feed("x " + stacked + " e\xcc\x81\r\n");
    t.feed(stacked + "\r\n");
    const dt::term::Line &third = t.scrollback().fromOldest(0);
    EXPECT_EQ(third.text(), "x " + stacked + " e\xcc\x81");
    EXPECT_EQ(third.graphemeAt(2).size(), 5u);
    EXPECT_EQ(third.graphemeAt(4), (std::u32string{U'e', U'\u0301'}));
    EXPECT_EQ(t.scrollback().fromOldest(1).text(), stacked);
}

TEST(TerminalModel, anOwnedCopyOfAHistoryLineOutlivesItsEviction)
{
    // A plain copy of a scrollback line shares the arena's cells; a paint
    // draws from an owned copy while the feeder goes on writing history.
    Terminal t(2, 20, 3);
    t.feed("first \xe4\xb8\xad e\xcc\x81\r\n\r\n\r\n");
    const dt::term::Line &history = t.scrollback().fromOldest(0);
    ASSERT_EQ(history.text().substr(0, 5), "first");
    dt::term::Line copy(40, dt::term::Cell{});
    copy.assignOwnedCopy(history);
    const std::string before = history.text();
    for (int i = 0; i < 200; ++i) // the arena slot is reused many times over
        t.feed("overwritten overwritten\r\n");
    EXPECT_EQ(copy.text(), before);
    EXPECT_EQ(copy.graphemeAt(9), (std::u32string{U'e', U'\u0301'}));
    EXPECT_EQ(copy.wrapped(), false);
}

TEST(TerminalModel, historyComesBackIntactWhenTheScreenGrowsTaller)
{
    Terminal t(3, 20, 100);
    t.feed("one\r\ntwo \xe4\xb8\xad\r\nthree e\xcc\x81\r\nfour\r\nfive");
    ASSERT_EQ(t.scrollback().size(), 2);
    t.resize(6, 20);
    EXPECT_EQ(t.scrollback().size(), 0);
    EXPECT_EQ(t.screenText(), "one\ntwo \xe4\xb8\xad\nthree e\xcc\x81\nfour\nfive\n\n");
    // And they can scroll away and back again.
    t.resize(2, 20);
    t.resize(6, 20);
    EXPECT_EQ(t.screenText(), "one\ntwo \xe4\xb8\xad\nthree e\xcc\x81\nfour\nfive\n\n");
}

TEST(TerminalModel, fullScreenScrollKeepsContentInOrder)
{
    Terminal t(4, 10);
    for (int i = 0; i < 10; ++i)
        t.feed(std::to_string(i) + "\r\n");
    EXPECT_EQ(t.screenText(), "7\n8\n9\n\n");
}

TEST(TerminalModel, damageCoversOnlyTheRowsThatChanged)
{
    Terminal t(6, 10);
    t.clearDamage();
    t.feed("\x1b[3;1Hx");
    EXPECT_TRUE(t.rowDamaged(2));
    EXPECT_FALSE(t.rowDamaged(0));
    EXPECT_FALSE(t.rowDamaged(5));
}

TEST(TerminalModel, reportsTitleBellAndAltScreenChanges)
{
    Terminal t(4, 10);
    t.takeChanges();
    t.feed("\x1b]2;build\x07\x07\x1b[?1049h");
    const auto c = t.takeChanges();
    EXPECT_TRUE(c.title);
    EXPECT_TRUE(c.bell);
    EXPECT_TRUE(c.altScreen);
    EXPECT_EQ(t.title(), "build");
    EXPECT_TRUE(t.altScreenActive());
}

TEST(TerminalModel, bracketedPasteWrapsOnlyWhenTheProgramAskedForIt)
{
    Terminal t(4, 10);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.paste("a\nb");
    EXPECT_EQ(out, "a\rb");
    out.clear();
    t.feed("\x1b[?2004h");
    t.paste("x");
    EXPECT_EQ(out, "\x1b[200~x\x1b[201~");
}

TEST(TerminalModel, applicationCursorModeChangesArrowKeys)
{
    Terminal t(4, 10);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.sendKey(dt::term::Key::Up, dt::term::NoModifier);
    EXPECT_EQ(out, "\x1b[A");
    out.clear();
    t.feed("\x1b[?1h");
    t.sendKey(dt::term::Key::Up, dt::term::NoModifier);
    EXPECT_EQ(out, "\x1bOA");
}

TEST(TerminalModel, mouseReportsOnlyAfterTheProgramEnablesTracking)
{
    Terminal t(10, 40);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    EXPECT_EQ(t.mouseTracking(), dt::term::MouseTracking::None);
    t.feed("\x1b[?1000h\x1b[?1006h");
    EXPECT_EQ(t.mouseTracking(), dt::term::MouseTracking::Click);
    t.sendMouseMove(2, 5, dt::term::NoModifier);
    t.sendMouseButton(dt::term::MouseButton::Left, true, dt::term::NoModifier);
    EXPECT_EQ(out, "\x1b[<0;6;3M");
}

TEST(TerminalModel, hostileSequencesDoNotCrashOrEscapeTheGrid)
{
    Terminal t(5, 10);
    t.feed("\x1b[99999;99999H\x1b[99999@\x1b[99999L\x1b[-5A\x1b[?99999h\x1b[38;5;999m\x1b[48;2;999;-1;5mX");
    t.feed(std::string(100000, '\x1b'));
    t.feed("\x1b[" + std::string(5000, '9') + "m");
    t.feed("\xff\xfe\xc0\x80\xed\xa0\x80");
    t.resize(1, 1);
    t.feed("wide\xe4\xb8\xad");
    t.resize(0, -3);
    EXPECT_EQ(t.rows(), 1);
    EXPECT_EQ(t.columns(), 1);
    const auto c = t.cursor();
    EXPECT_EQ(c.row, 0);
    EXPECT_EQ(c.col, 0);
}

} // namespace

namespace {

TEST(CellLayout, theWordFastPathMatchesTheBitFields)
{
    dt::term::Cell style;
    style.bold = 1;
    style.underline = 2;
    style.dim = 1;
    style.reverse = 1;
    style.fg = dt::term::Color::rgb(1, 2, 3);
    style.bg = dt::term::Color::indexed(200);
    style.underline = 5;
    style.decoration = 0x1FFFFFFF;
    style.overline = 1;
    style.conceal = 1;
    dt::term::Cell out;
    out.clustered = 1;
    out.continuation = 1;
    dt::term::cellword::storeCharacter(&out, style, 0x10FFFF, true);
    EXPECT_EQ(out.codepoint, 0x10FFFFu);
    EXPECT_EQ(out.continuation, 0u);
    EXPECT_EQ(out.clustered, 0u);
    EXPECT_EQ(out.protect, 1u);
    EXPECT_TRUE(out.sameStyle(style));
    EXPECT_EQ(out.underline, 5u);
    EXPECT_EQ(out.decoration, 0x1FFFFFFFu);
    dt::term::cellword::storeCharacter(&out, style, 'a', false);
    EXPECT_EQ(out.codepoint, static_cast<uint32_t>('a'));
    EXPECT_EQ(out.protect, 0u);
}

} // namespace

namespace {

TEST(TerminalModel, focusChangesAreReportedOnlyWhenTheProgramAsked)
{
    dt::term::Terminal t(4, 10);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.focusIn();
    EXPECT_EQ(out, "");
    t.feed("\x1b[?1004h");
    t.focusOut();
    t.focusIn();
    EXPECT_EQ(out, "\x1b[O\x1b[I");
}

} // namespace

#include "terminal/core/search.h"

namespace {

TEST(Search, findsEveryOccurrenceInHistoryAndOnScreenOldestFirst)
{
    dt::term::Terminal t(3, 30, 100);
    t.feed("error one\r\nfine\r\nan Error two error\r\nlast\r\n\xe4\xb8\xad error\r\n");
    const auto all = dt::term::findAll(t, "error");
    ASSERT_EQ(all.size(), 4u);
    EXPECT_EQ(all[0], (dt::term::SearchMatch{0, 0, 5}));
    EXPECT_EQ(all[1], (dt::term::SearchMatch{2, 3, 8}));
    EXPECT_EQ(all[2], (dt::term::SearchMatch{2, 13, 18}));
    // After a wide character, columns count cells, not characters.
    EXPECT_EQ(all[3], (dt::term::SearchMatch{4, 3, 8}));
    EXPECT_EQ(dt::term::findAll(t, "Error", true).size(), 1u);
    EXPECT_EQ(dt::term::findAll(t, "\xe4\xb8\xad").front(), (dt::term::SearchMatch{4, 0, 2}));
    EXPECT_TRUE(dt::term::findAll(t, "").empty());
    EXPECT_TRUE(dt::term::findAll(t, "absent").empty());
}

} // namespace

namespace {

TEST(TerminalModel, pastedControlCharactersCannotBreakOutOfBracketedPaste)
{
    dt::term::Terminal t(4, 20);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.feed("\x1b[?2004h");
    t.paste("ls\x1b[201~rm -rf ~\r\n\x07\xc2\x9b" "done\ttab"); // ESC, BEL and C1 CSI (U+009B) dropped
    EXPECT_EQ(out, "\x1b[200~ls[201~rm -rf ~\rdone\ttab\x1b[201~");
}

TEST(TerminalModel, theRightHalfOfAWideCharacterTakesThePen)
{
    dt::term::Terminal t(2, 10);
    t.feed("\x1b[41;7m\xe4\xb8\xad");
    const auto &line = t.screenLine(0);
    ASSERT_TRUE(line[1].continuation);
    EXPECT_EQ(line[1].bg, dt::term::Color::indexed(1));
    EXPECT_TRUE(line[1].reverse);
}

// DECDWL: what stood right of a row's middle is gone, as on a VT100 and
// in xterm, not kept out of sight to come back with DECSWL.
TEST(TerminalModel, aRowMadeDoubleWidthLosesItsRightHalf)
{
    Terminal t(2, 8, 0);
    t.feed("abcdefgh\x1b[1;1H\x1b#6\x1b#5");
    EXPECT_EQ(t.screenLine(0).baseCodepoint(3), U'd');
    for (int col = 4; col < 8; ++col)
        EXPECT_EQ(t.screenLine(0).baseCodepoint(col), 0u) << col;
}

TEST(LineClusters, copyingManyClustersBetweenLinesKeepsEveryGrapheme)
{
    // The destination's cluster table is already full of stale entries, so
    // interning the copied clusters has to sweep it first.
    dt::term::Line dest(4);
    for (char32_t base = 'a'; base < 'a' + 20; ++base) {
        const char32_t g[2] = {base, 0x301};
        dest.setGrapheme(0, g, 2, dt::term::Cell{});
    }
    dt::term::Line src(4);
    for (int col = 0; col < 4; ++col) {
        const char32_t g[3] = {char32_t('p' + col), 0x308, 0x323};
        src.setGrapheme(col, g, 3, dt::term::Cell{});
    }
    dest.copyCellsFrom(src, 0, 0, 4);
    for (int col = 0; col < 4; ++col)
        EXPECT_EQ(dest.graphemeAt(col), src.graphemeAt(col)) << col;
}

} // namespace
