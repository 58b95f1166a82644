#pragma once

// What few cells carry, kept once per terminal instead of in every cell: an
// underline colour (SGR 58) and a program's hyperlink (OSC 8). A cell holds
// its entry's number (Cell::decoration, 0 for none). The table only grows
// while text is written; after every so many new entries (or refusals,
// when it is full), the terminal marks the numbers its cells still use and
// the rest are freed (sweep), so history scrolling away lets its links go.
// "So many" grows with the cells a sweep must look at, so sweeping costs a
// bounded share of writing; the table is bounded in entries and in bytes.

#include "terminal/core/cell.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace dt::term {

struct Decoration {
    Color underlineColour; // default: the text's own colour
    std::string linkUri; // empty: no link
    std::string linkId; // the program's id=: one link across lines and gaps

    bool empty() const { return underlineColour.isDefault() && linkUri.empty(); }
};

class CellDecorations {
public:
    // A program cannot make the table hold more than this many entries, nor
    // links longer than kMaxUriBytes (longer ones are not links).
    static constexpr uint32_t kMaxEntries = 1u << 18;
    static constexpr size_t kMaxUriBytes = 4096;
    static constexpr size_t kMaxBytes = 16u << 20; // of URIs and ids together

    CellDecorations();

    // The number for `d`: the same for equal decorations, 0 for an empty
    // one and when the table is full (in entries or bytes).
    uint32_t intern(const Decoration &d);
    // nullptr for 0 and numbers no entry has.
    const Decoration *at(uint32_t number) const;

    // Whether enough was added (or refused) since the last sweep that one
    // is worth it.
    bool wantsSweep() const { return m_sinceSweep >= m_sweepEvery; }
    // A sweep: a mark per number, set by the caller for each number in use;
    // finishSweep() frees the others. `cells`: how many the caller looked at.
    std::vector<uint8_t> startSweep() const { return std::vector<uint8_t>(m_entries.size(), 0); }
    void finishSweep(const std::vector<uint8_t> &used, size_t cells);

    size_t liveEntries() const { return m_entries.size() - 1 - m_free.size(); }

private:
    static std::string keyOf(const Decoration &d);

    std::vector<Decoration> m_entries; // [0] is "none"
    std::vector<uint32_t> m_free; // freed numbers, reused first
    std::unordered_map<std::string, uint32_t> m_numbers;
    size_t m_bytes = 0; // of the live entries' URIs and ids
    size_t m_sinceSweep = 0; // entries made or refused
    size_t m_sweepEvery;
};

} // namespace dt::term
