#pragma once

// UTF-8 in the terminal model, both ways, in one place: what is typed or
// pasted, searched for, and written out as text. Malformed input (a stray
// continuation byte, a cut or overlong sequence, a surrogate, anything past
// U+10FFFF) becomes U+FFFD, one per bad byte run, never skipped silently.

#include <string>
#include <string_view>

namespace dt::term {

std::u32string decodeUtf8(std::string_view utf8);
void appendUtf8(std::string &out, char32_t codepoint);
std::string toUtf8(char32_t codepoint);

// How many bytes a sequence starting with `lead` has (1 for ASCII and for
// bytes that cannot start one), and whether a byte continues a sequence.
inline size_t utf8SequenceLength(unsigned char lead)
{
    if (lead >= 0xF0 && lead <= 0xF7)
        return 4;
    if (lead >= 0xE0)
        return lead <= 0xEF ? 3 : 1;
    if (lead >= 0xC0)
        return 2;
    return 1;
}
inline bool isUtf8Continuation(unsigned char byte)
{
    return (byte & 0xC0) == 0x80;
}

// The character of two to four bytes at data[i], if it is whole and well
// formed (`n` is then its length), else 0: ASCII, a cut, overlong or
// malformed sequence, a surrogate or anything past U+10FFFF.
inline char32_t decodeUtf8At(const char *data, size_t i, size_t length, size_t &n)
{
    // One case per length, as the scanner runs this over every character
    // of text beyond ASCII.
    const auto *b = reinterpret_cast<const unsigned char *>(data) + i;
    n = utf8SequenceLength(b[0]);
    if (n < 2 || i + n > length)
        return 0;
    const auto continues = [](unsigned char byte) { return (byte & 0xC0) == 0x80; };
    char32_t cp;
    switch (n) {
    case 2:
        if (!continues(b[1]))
            return 0;
        cp = (char32_t(b[0] & 0x1F) << 6) | (b[1] & 0x3F);
        return cp >= 0x80 ? cp : 0;
    case 3:
        if (!continues(b[1]) || !continues(b[2]))
            return 0;
        cp = (char32_t(b[0] & 0x0F) << 12) | (char32_t(b[1] & 0x3F) << 6) | (b[2] & 0x3F);
        return cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF) ? cp : 0;
    default:
        if (!continues(b[1]) || !continues(b[2]) || !continues(b[3]))
            return 0;
        cp = (char32_t(b[0] & 0x07) << 18) | (char32_t(b[1] & 0x3F) << 12) | (char32_t(b[2] & 0x3F) << 6)
            | (b[3] & 0x3F);
        return cp >= 0x10000 && cp <= 0x10FFFF ? cp : 0;
    }
}

} // namespace dt::term
