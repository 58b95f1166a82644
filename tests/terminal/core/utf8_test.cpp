// The terminal model's one UTF-8 decoder and encoder: well-formed text
// round-trips, and every kind of malformed input becomes U+FFFD instead of
// vanishing or passing through.

#include "terminal/core/utf8.h"

#include <gtest/gtest.h>

namespace dt::term {
namespace {

constexpr char32_t R = 0xFFFD;

TEST(Utf8, wellFormedTextRoundTrips)
{
    const std::u32string text = U"a\u00e9\u4e2d\U0001F970\u0000z";
    std::string encoded;
    for (char32_t c : text)
        appendUtf8(encoded, c);
    EXPECT_EQ(decodeUtf8(encoded), text);
    EXPECT_EQ(toUtf8(0x1F970), "\xF0\x9F\xA5\xB0");
}

TEST(Utf8, malformedInputBecomesReplacementCharacters)
{
    EXPECT_EQ(decodeUtf8("a\x80z"), (std::u32string{'a', R, 'z'})); // stray continuation
    EXPECT_EQ(decodeUtf8("a\xE4\xB8z"), (std::u32string{'a', R, 'z'})); // cut short, then ASCII
    EXPECT_EQ(decodeUtf8("a\xE4\xB8"), (std::u32string{'a', R})); // cut by the end
    EXPECT_EQ(decodeUtf8("\xC0\xAF"), (std::u32string{R})); // overlong '/'
    EXPECT_EQ(decodeUtf8("\xED\xA0\x80"), (std::u32string{R})); // a surrogate
    EXPECT_EQ(decodeUtf8("\xF4\x90\x80\x80"), (std::u32string{R})); // past U+10FFFF
    EXPECT_EQ(decodeUtf8("\xFF\xFE"), (std::u32string{R, R})); // never valid
    EXPECT_EQ(toUtf8(0xD800), toUtf8(R));
    EXPECT_EQ(toUtf8(0x110000), toUtf8(R));
}

// Every sequence of two or three bytes, and four-byte ones with every
// lead and edge values after it: decodeUtf8At() takes exactly the
// well-formed ones, each as decodeUtf8() reads it, and no other.
TEST(Utf8, theCharacterDecoderTakesExactlyTheWellFormedSequences)
{
    const auto judge = [](const std::string &bytes) {
        size_t n = 0;
        const char32_t cp = decodeUtf8At(bytes.data(), 0, bytes.size(), n);
        const std::u32string reference = decodeUtf8(bytes);
        const bool wellFormed = reference.size() == 1 && toUtf8(reference[0]) == bytes;
        ASSERT_EQ(cp, wellFormed ? reference[0] : 0u) << std::hex << static_cast<unsigned>(cp);
        if (wellFormed) {
            ASSERT_EQ(n, bytes.size());
        }
    };
    for (unsigned lead = 0x80; lead <= 0xFF; ++lead) {
        for (unsigned b1 = 0; b1 <= 0xFF; ++b1) {
            if (utf8SequenceLength(static_cast<unsigned char>(lead)) == 2) {
                judge({char(lead), char(b1)});
                continue;
            }
            static const unsigned edges[] = {0x00, 0x3F, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
            for (unsigned b2 = 0; b2 <= 0xFF; ++b2) {
                if (utf8SequenceLength(static_cast<unsigned char>(lead)) == 3) {
                    judge({char(lead), char(b1), char(b2)});
                    continue;
                }
                if (utf8SequenceLength(static_cast<unsigned char>(lead)) < 4)
                    break;
                for (unsigned b3 : edges)
                    judge({char(lead), char(b1), char(b2), char(b3)});
            }
        }
    }
}

} // namespace
} // namespace dt::term
