// Which characters libvterm 0.1.4 would place at another width than glibc's
// wcwidth, and the stand-ins that make it place them right (see the header).

#include "terminal/core/char_widths.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace dt::term {

namespace {

struct Range {
    uint32_t first, last;
    int width; // glibc's
    int libvterm; // libvterm 0.1.4's (-1: a mark it joins yet counts as wide)
};

constexpr Range kRanges[] = {
#include "terminal/core/width_table.inc"
};

// Unassigned code points that libvterm already makes wide or narrow, far
// from any block Unicode has allocated or is expected to (the last part of
// plane 3 and plane 13).
constexpr char32_t kWideStandIns = 0x3F000;
constexpr char32_t kNarrowStandIns = 0xD0000;
constexpr char32_t kStandInSpan = 0x1000;
static_assert(kWideStandIns + kStandInSpan == 0x40000 && kNarrowStandIns + kStandInSpan == 0xD1000,
              "isStandIn() in the header names the same spans");

// Each range's first stand-in is the count of earlier code points of the
// same width; the ranges of one width, in order, map a stand-in back.
constexpr size_t kRangeCount = std::size(kRanges);

struct Indexed {
    std::array<uint32_t, kRangeCount> firstRank{};
    // Indices into kRanges of the wide ranges, then of the narrow ones.
    std::array<uint16_t, kRangeCount> wideRanges{}, narrowRanges{};
    size_t wideRangeCount = 0, narrowRangeCount = 0;
    uint32_t wide = 0, narrow = 0; // stand-ins in use
};

constexpr Indexed index()
{
    Indexed x;
    for (size_t i = 0; i < kRangeCount; ++i) {
        const uint32_t count = kRanges[i].last - kRanges[i].first + 1;
        if (kRanges[i].width == 2) {
            x.firstRank[i] = x.wide;
            x.wide += count;
            x.wideRanges[x.wideRangeCount++] = static_cast<uint16_t>(i);
        } else if (kRanges[i].width == 1) {
            x.firstRank[i] = x.narrow;
            x.narrow += count;
            x.narrowRanges[x.narrowRangeCount++] = static_cast<uint16_t>(i);
        }
    }
    return x;
}

constexpr Indexed kIndex = index();
static_assert(kIndex.wide < kStandInSpan && kIndex.narrow < kStandInSpan, "too many characters for the stand-ins");

constexpr char32_t kEmojiStyle[] = {
#include "terminal/core/emoji_style_table.inc"
};

// For each code point of the first two planes, the range that covers it
// (its index + 1, or 0 for none), so that widthFix() answers text in most
// scripts, marks and emoji with two loads instead of a search. The table
// is paged by blocks of 256: blocks no range touches share page 0, which
// is all zeros (about 85 pages of 512 bytes).
constexpr char32_t kPagedEnd = 0x20000;
constexpr size_t kBlocks = kPagedEnd / 256;

constexpr std::array<bool, kBlocks> touchedBlocks()
{
    std::array<bool, kBlocks> touched{};
    for (const Range &r : kRanges) {
        for (uint32_t block = r.first / 256; block <= r.last / 256 && block < kBlocks; ++block)
            touched[block] = true;
    }
    return touched;
}

constexpr size_t pageCount()
{
    size_t pages = 1; // page 0: no range
    for (bool touched : touchedBlocks())
        pages += touched ? 1 : 0;
    return pages;
}

constexpr size_t kPages = pageCount();
static_assert(kPages <= 256 && kRangeCount < UINT16_MAX, "page numbers and range indices fit their types");

struct RangePages {
    std::array<uint8_t, kBlocks> pageOfBlock{};
    std::array<std::array<uint16_t, 256>, kPages> pages{};
    constexpr const Range *find(char32_t cp) const
    {
        const uint16_t entry = pages[pageOfBlock[cp / 256]][cp % 256];
        return entry ? &kRanges[entry - 1] : nullptr;
    }
};

constexpr RangePages rangePages()
{
    RangePages t;
    const std::array<bool, kBlocks> touched = touchedBlocks();
    size_t next = 1;
    for (size_t block = 0; block < kBlocks; ++block)
        t.pageOfBlock[block] = touched[block] ? static_cast<uint8_t>(next++) : 0;
    for (size_t i = 0; i < kRangeCount; ++i) {
        for (uint32_t cp = kRanges[i].first; cp <= kRanges[i].last && cp < kPagedEnd; ++cp)
            t.pages[t.pageOfBlock[cp / 256]][cp % 256] = static_cast<uint16_t>(i + 1);
    }
    return t;
}

constexpr RangePages kRangePages = rangePages();

const Range *find(char32_t codepoint)
{
    if (codepoint < kPagedEnd)
        return kRangePages.find(codepoint);
    const Range *r = std::upper_bound(std::begin(kRanges), std::end(kRanges), codepoint,
                                      [](char32_t cp, const Range &range) { return cp < range.first; });
    if (r == std::begin(kRanges))
        return nullptr;
    --r;
    return codepoint <= r->last ? r : nullptr;
}

} // namespace

bool widensWithEmojiStyle(char32_t codepoint)
{
    return std::binary_search(std::begin(kEmojiStyle), std::end(kEmojiStyle), codepoint);
}

WidthFix widthFix(char32_t codepoint)
{
    if (codepoint >= 0x80 && codepoint <= 0x9F)
        return {WidthFix::Drop, codepoint};
    if (codepoint < kRanges[0].first)
        return {};
    if (codepoint == 0xFE0F)
        return {WidthFix::Combine, codepoint}; // VS16 may widen what it follows
    if (isStandIn(codepoint))
        return {WidthFix::StandIn, 0xFFFD};
    const Range *r = find(codepoint);
    if (!r)
        return {};
    if (r->width == 0)
        return {r->libvterm == 0 ? WidthFix::KnownMark : WidthFix::Combine, codepoint};
    const size_t i = static_cast<size_t>(r - std::begin(kRanges));
    const char32_t base = r->width == 2 ? kWideStandIns : kNarrowStandIns;
    return {WidthFix::StandIn, base + kIndex.firstRank[i] + (codepoint - r->first)};
}

namespace {
struct WideRange {
    char32_t first, last;
};
constexpr WideRange kLibvtermWide[] = {
#include "terminal/core/libvterm_wide_table.inc"
};

// The first two planes as bits, set where libvterm places a code point
// wide: CJK text and emoji are answered without a search.
constexpr char32_t kWideBitsEnd = 0x20000;
struct WideBits {
    std::array<uint64_t, kWideBitsEnd / 64> bits{};
    constexpr bool test(char32_t cp) const { return (bits[cp / 64] >> (cp % 64)) & 1u; }
};

constexpr WideBits wideBits()
{
    WideBits b;
    for (const WideRange &r : kLibvtermWide) {
        for (char32_t cp = r.first; cp <= r.last && cp < kWideBitsEnd; ++cp)
            b.bits[cp / 64] |= uint64_t(1) << (cp % 64);
    }
    return b;
}

constexpr WideBits kWideBits = wideBits();
} // namespace

int unfixedWidth(char32_t codepoint)
{
    if (codepoint < kWideBitsEnd)
        return kWideBits.test(codepoint) ? 2 : 1;
    const WideRange *r = std::upper_bound(std::begin(kLibvtermWide), std::end(kLibvtermWide), codepoint,
                                          [](char32_t cp, const WideRange &range) { return cp < range.first; });
    return codepoint <= (r - 1)->last ? 2 : 1;
}

char32_t fromStandIn(char32_t codepoint)
{
    if (!isStandIn(codepoint))
        return codepoint;
    const bool wide = codepoint < kNarrowStandIns;
    const uint32_t rank = codepoint - (wide ? kWideStandIns : kNarrowStandIns);
    if (rank >= (wide ? kIndex.wide : kIndex.narrow))
        return 0xFFFD;
    const uint16_t *first = wide ? kIndex.wideRanges.data() : kIndex.narrowRanges.data();
    const uint16_t *last = first + (wide ? kIndex.wideRangeCount : kIndex.narrowRangeCount);
    // The last range whose first rank is at most `rank`.
    const uint16_t *r = std::upper_bound(first, last, rank,
                                         [](uint32_t value, uint16_t i) { return value < kIndex.firstRank[i]; });
    const size_t i = *(r - 1); // rank 0 is always the first range's
    return kRanges[i].first + (rank - kIndex.firstRank[i]);
}

} // namespace dt::term
