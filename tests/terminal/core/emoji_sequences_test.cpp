// Emoji sequences across cells, as the terminal lays them out from what
// programs print: which cells one glyph covers and what it says.

#include "terminal/core/emoji_sequences.h"
#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

namespace {

using dt::term::emojiSequenceAt;
using dt::term::Terminal;

struct Found {
    int cells;
    std::u32string text;
};

Found at(const std::string &printed, int col)
{
    Terminal t(2, 40);
    t.feed(printed);
    const auto s = emojiSequenceAt(t.screenLine(0), col);
    return {s.cells, s.text};
}

TEST(EmojiSequences, aJoinerSequenceCoversTheCellsOfAllItsParts)
{
    // 👩‍💻: two wide emoji, the joiner in the first one's cell.
    const Found f = at("\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x92\xbb!", 0);
    EXPECT_EQ(f.cells, 4);
    EXPECT_EQ(f.text, U"\U0001F469\u200D\U0001F4BB");
    // 👨‍👩‍👧: three.
    EXPECT_EQ(at("\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7", 0).cells, 6);
    // Not from a cell inside it, and not without a joiner.
    EXPECT_EQ(at("\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x92\xbb", 2).cells, 0);
    EXPECT_EQ(at("\xf0\x9f\x91\xa9\xf0\x9f\x92\xbb", 0).cells, 0);
    // A joiner before a letter joins nothing.
    EXPECT_EQ(at("\xf0\x9f\x91\xa9\xe2\x80\x8dx", 0).cells, 0);
}

TEST(EmojiSequences, aSkinToneJoinsTheEmojiBeforeIt)
{
    const Found f = at("\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd ok", 0); // 👍🏽
    EXPECT_EQ(f.cells, 4);
    EXPECT_EQ(f.text, U"\U0001F44D\U0001F3FD");
    EXPECT_EQ(at("a\xf0\x9f\x8f\xbd", 0).cells, 0);
}

TEST(EmojiSequences, regionalIndicatorsPairIntoFlagsFromTheStartOfTheRun)
{
    // 🇩🇪🇫🇷 and a lone 🇮.
    const std::string flags = "\xf0\x9f\x87\xa9\xf0\x9f\x87\xaa\xf0\x9f\x87\xab\xf0\x9f\x87\xb7\xf0\x9f\x87\xae";
    Terminal t(2, 40);
    t.feed(flags);
    const auto &line = t.screenLine(0);
    const int w = line[1].continuation ? 2 : 1; // as wide as wcwidth says
    const auto de = emojiSequenceAt(line, 0);
    EXPECT_EQ(de.cells, 2 * w);
    EXPECT_EQ(de.text, U"\U0001F1E9\U0001F1EA");
    EXPECT_EQ(emojiSequenceAt(line, w).cells, 0) << "the second half of a flag starts none";
    EXPECT_EQ(emojiSequenceAt(line, 2 * w).text, U"\U0001F1EB\U0001F1F7");
    EXPECT_EQ(emojiSequenceAt(line, 4 * w).cells, 0) << "a lone indicator is no flag";
}

} // namespace
