// The terminal's table of underline colours and hyperlinks (cell_decorations.h).

#include "terminal/core/cell_decorations.h"

#include <algorithm>

namespace dt::term {

namespace {
// A sweep waits for at least this many new entries, and for as many as
// there are live ones, and for one per this many cells it will look at.
constexpr size_t kFewestBetweenSweeps = 4096;
constexpr size_t kCellsPerEntryBetweenSweeps = 256;

size_t bytesOf(const Decoration &d) { return d.linkUri.size() + d.linkId.size(); }
} // namespace

CellDecorations::CellDecorations() : m_entries(1), m_sweepEvery(kFewestBetweenSweeps) {}

std::string CellDecorations::keyOf(const Decoration &d)
{
    std::string key;
    key.reserve(8 + d.linkId.size() + d.linkUri.size());
    key.push_back(static_cast<char>(d.underlineColour.kind));
    key.push_back(static_cast<char>(d.underlineColour.r));
    key.push_back(static_cast<char>(d.underlineColour.g));
    key.push_back(static_cast<char>(d.underlineColour.b));
    key += d.linkId;
    key.push_back('\0'); // ids and URIs never hold one (they are printable)
    key += d.linkUri;
    return key;
}

uint32_t CellDecorations::intern(const Decoration &d)
{
    if (d.empty() || d.linkUri.size() > kMaxUriBytes)
        return 0;
    std::string key = keyOf(d);
    if (const auto it = m_numbers.find(key); it != m_numbers.end())
        return it->second;
    ++m_sinceSweep;
    if (m_bytes + bytesOf(d) > kMaxBytes)
        return 0;
    uint32_t number;
    if (!m_free.empty()) {
        number = m_free.back();
        m_free.pop_back();
        m_entries[number] = d;
    } else if (m_entries.size() < kMaxEntries) {
        number = static_cast<uint32_t>(m_entries.size());
        m_entries.push_back(d);
    } else {
        return 0;
    }
    m_bytes += bytesOf(d);
    m_numbers.emplace(std::move(key), number);
    return number;
}

const Decoration *CellDecorations::at(uint32_t number) const
{
    if (number == 0 || number >= m_entries.size() || m_entries[number].empty())
        return nullptr;
    return &m_entries[number];
}

void CellDecorations::finishSweep(const std::vector<uint8_t> &used, size_t cells)
{
    // Freed entries are empty (no entry in use is: intern() refuses those).
    for (uint32_t n = 1; n < m_entries.size(); ++n) {
        if ((n < used.size() && used[n]) || m_entries[n].empty())
            continue;
        m_numbers.erase(keyOf(m_entries[n]));
        m_bytes -= bytesOf(m_entries[n]);
        m_entries[n] = Decoration{};
    }
    while (m_entries.size() > 1 && m_entries.back().empty())
        m_entries.pop_back();
    m_entries.shrink_to_fit();
    // The lowest free number last, so it is reused first.
    m_free.clear();
    for (auto n = static_cast<uint32_t>(m_entries.size()); n-- > 1;) {
        if (m_entries[n].empty())
            m_free.push_back(n);
    }
    m_sinceSweep = 0;
    m_sweepEvery = std::max({kFewestBetweenSweeps, liveEntries(), cells / kCellsPerEntryBetweenSweeps});
}

} // namespace dt::term
