#pragma once

// Where a run of text ends: printable ASCII, and whole, well-formed UTF-8
// characters. The stream scanner steps over such runs; a sink that places
// text itself (ScannerSink::text) takes one up to where textRunLength()
// says, decoding each character once as it goes.

#include "terminal/core/utf8.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace dt::term {

inline bool isPrintableAscii(unsigned char b) { return b >= 0x20 && b < 0x7f; }

// Whether eight bytes are all printable ASCII (0x20-0x7E), a word at a time.
inline bool printableWord(const char *bytes)
{
    uint64_t w;
    std::memcpy(&w, bytes, sizeof w);
    constexpr uint64_t kOnes = 0x0101010101010101ULL;
    constexpr uint64_t kHighs = 0x8080808080808080ULL;
    // A high bit set: a byte of 0x80 or more, one below 0x20 (it borrows;
    // the borrow can only spoil bytes above one that already failed), or a
    // DEL (a zero byte in `del`).
    const uint64_t del = w ^ (kOnes * 0x7f);
    return ((w | (w - kOnes * 0x20) | ((del - kOnes) & ~del)) & kHighs) == 0;
}

// How many bytes of printable ASCII start at data[i].
inline size_t printableRunAt(const char *data, size_t i, size_t length)
{
    size_t end = i;
    while (end + 8 <= length && printableWord(data + end))
        end += 8;
    while (end < length && isPrintableAscii(static_cast<unsigned char>(data[end])))
        ++end;
    return end - i;
}

// How many bytes of text start at data[0]: printable ASCII and whole,
// well-formed characters, up to a control, an ESC, a malformed or a cut
// character.
inline size_t textRunLength(const char *data, size_t length)
{
    size_t end = 0;
    while (end < length) {
        if (static_cast<unsigned char>(data[end]) < 0x80) {
            const size_t run = printableRunAt(data, end, length);
            if (run == 0)
                break;
            end += run;
            continue;
        }
        size_t n = 1;
        if (!decodeUtf8At(data, end, length, n))
            break;
        end += n;
    }
    return end;
}

} // namespace dt::term
