#include "app/cli/text_escapes.h"

#include <gtest/gtest.h>

namespace {

using dt::cli::decodeEscapes;
using dt::cli::isValidUtf8;
using namespace std::string_literals;

TEST(TextEscapes, everyEscapeOfTheTableDecodes)
{
    EXPECT_EQ(decodeEscapes(R"(a\nb\rc\td\\e\0f\ag\bh\fi\vj\ek)"), "a\nb\rc\td\\e\0f\ag\bh\fi\vj\x1bk"s);
    EXPECT_EQ(decodeEscapes(R"(\x41\x7a\x1B)"), "Az\x1b");
}

TEST(TextEscapes, unknownAndMalformedEscapesStayAsTyped)
{
    EXPECT_EQ(decodeEscapes(R"(\q)"), R"(\q)");
    EXPECT_EQ(decodeEscapes(R"(\x0)"), R"(\x0)"); // one hex digit only
    EXPECT_EQ(decodeEscapes(R"(\xg1)"), R"(\xg1)");
    EXPECT_EQ(decodeEscapes(R"(\x)"), R"(\x)");
    EXPECT_EQ(decodeEscapes(R"(end\)"), R"(end\)"); // a dangling backslash
    EXPECT_EQ(decodeEscapes("plain text"), "plain text");
    // A decoded backslash does not start another escape.
    EXPECT_EQ(decodeEscapes(R"(\\n)"), R"(\n)");
}

TEST(TextEscapes, utf8IsCheckedAfterDecoding)
{
    EXPECT_TRUE(isValidUtf8("héllo ✓ 🙂"));
    EXPECT_TRUE(isValidUtf8("a\0b"s));
    EXPECT_FALSE(isValidUtf8(decodeEscapes(R"(\xff)")));
    EXPECT_FALSE(isValidUtf8("\xc3")); // cut short
    EXPECT_FALSE(isValidUtf8("\xc0\xaf")); // overlong
    EXPECT_FALSE(isValidUtf8("\xed\xa0\x80")); // a surrogate
    EXPECT_TRUE(isValidUtf8(decodeEscapes(R"(\xc3\xa9)"))); // é, byte by byte
}

} // namespace

// Text from a device's app printed on a terminal: no control character
// (C0, DEL, C1 in UTF-8) gets through to move the cursor or start an
// escape sequence; everything else, Unicode included, is kept.
TEST(TextEscapes, textFromAnAppIsPrintedWithoutControls)
{
    using dt::cli::printableOnTerminal;
    EXPECT_EQ(printableOnTerminal("tapOn 'Count 3' é 😀"), "tapOn 'Count 3' é 😀");
    EXPECT_EQ(printableOnTerminal("a\x1b]0;owned\x07z"), "a?]0;owned?z");
    EXPECT_EQ(printableOnTerminal("line\nbreak\r\x7f"), "line?break??");
    EXPECT_EQ(printableOnTerminal("c1 \xc2\x9b" "31m \xc2\xa0nbsp"), "c1 ?31m \xc2\xa0nbsp");
    EXPECT_EQ(printableOnTerminal("ends \xc2"), "ends \xc2");
}
