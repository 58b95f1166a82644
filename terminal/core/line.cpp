// One terminal row: owned cells or a view into scrollback, its grapheme-cluster table (swept so it stays
// bounded), copying cells between lines with clusters re-homed, and the row's text as UTF-8.

#include "terminal/core/line.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

namespace dt::term {

Line::Line(int columns, const Cell &fill)
{
    ownCells(columns, 0);
    std::fill(m_data, m_data + m_size, fill);
}

void Line::ownCells(int columns, int keep)
{
    columns = std::max(columns, 0);
    std::unique_ptr<Cell[]> cells = columns > 0 ? std::make_unique<Cell[]>(static_cast<size_t>(columns)) : nullptr;
    keep = std::clamp(keep, 0, std::min(columns, m_size));
    if (keep > 0)
        std::memcpy(static_cast<void *>(cells.get()), m_data, static_cast<size_t>(keep) * sizeof(Cell));
    m_cells = std::move(cells);
    m_data = m_cells.get();
    m_size = columns;
}

Line::Line(const Line &other)
    : m_data(other.m_data), m_size(other.m_size), m_flags(other.m_flags), m_clusters(other.m_clusters)
{
    if (other.ownsCells()) // a copy of its own; a view's copy shares the arena's cells
        ownCells(other.m_size, other.m_size);
}

Line::Line(Line &&other) noexcept
    : m_cells(std::move(other.m_cells)), m_data(other.m_data), m_size(other.m_size), m_flags(other.m_flags)
    , m_clusters(std::move(other.m_clusters))
{
    other.m_data = nullptr;
    other.m_size = 0;
}

Line &Line::operator=(Line &&other) noexcept
{
    if (this != &other) {
        m_cells = std::move(other.m_cells);
        m_data = other.m_data;
        m_size = other.m_size;
        m_flags = other.m_flags;
        m_clusters = std::move(other.m_clusters);
        other.m_data = nullptr;
        other.m_size = 0;
    }
    return *this;
}

void Line::assignOwnedCopy(const Line &other)
{
    if (this == &other)
        return;
    if (!ownsCells() || m_size != other.m_size)
        ownCells(other.m_size, 0);
    if (m_size > 0)
        std::memcpy(static_cast<void *>(m_data), other.m_data, static_cast<size_t>(m_size) * sizeof(Cell));
    m_flags = other.m_flags;
    m_clusters = other.m_clusters;
}

Line &Line::operator=(const Line &other)
{
    if (this != &other) {
        Line copy(other);
        swap(copy);
    }
    return *this;
}

std::u32string Line::graphemeAt(int col) const
{
    const Cell &c = m_data[col];
    if (c.continuation)
        return {};
    if (c.clustered)
        return m_clusters[c.codepoint];
    if (c.codepoint == 0)
        return {};
    return std::u32string(1, static_cast<char32_t>(c.codepoint));
}

size_t Line::graphemeLength(int col) const
{
    const Cell &c = m_data[col];
    if (c.continuation)
        return 0;
    if (c.clustered)
        return m_clusters[c.codepoint].size();
    return c.codepoint == 0 ? 0 : 1;
}

void Line::appendToGrapheme(int col, char32_t codepoint)
{
    // Grown on the stack and interned once, the cell changed in place (its
    // style and protection stay): a mark is joined this way for every
    // accented letter a program sends, and copies of the cell or of the
    // cluster on the heap cost more than the rest of the join.
    Cell &cell = m_data[col];
    char32_t grown[16];
    size_t count;
    if (!cell.clustered) {
        grown[0] = static_cast<char32_t>(cell.codepoint);
        count = 1;
    } else {
        const std::u32string &cluster = m_clusters[cell.codepoint];
        if (cluster.size() >= std::size(grown)) {
            const std::u32string longer = cluster + codepoint;
            cell.codepoint = internCluster(longer);
            return;
        }
        count = cluster.size();
        std::copy(cluster.begin(), cluster.end(), grown);
    }
    grown[count++] = codepoint;
    // Interning may sweep the table and renumber the cells, this one too:
    // the number it gives is the one that counts.
    cell.codepoint = internCluster(std::u32string_view(grown, count));
    cell.clustered = 1;
    cell.continuation = 0;
}

char32_t Line::baseCodepoint(int col) const
{
    const Cell &c = m_data[col];
    if (c.continuation)
        return 0;
    if (c.clustered)
        return m_clusters[c.codepoint].empty() ? 0 : m_clusters[c.codepoint][0];
    return c.codepoint;
}

void Line::setGrapheme(int col, const char32_t *codepoints, int count, const Cell &style, bool protect)
{
    if (count <= 1) {
        // Beyond Unicode's range (libvterm decodes 5- and 6-byte forms):
        // show the replacement character.
        const char32_t cp = count == 1 ? (codepoints[0] > 0x10FFFF ? 0xFFFD : codepoints[0]) : 0;
        cellword::storeCharacter(m_data + col, style, cp, protect);
        return;
    }
    Cell c = style;
    c.continuation = 0;
    c.clustered = 1;
    c.protect = protect ? 1 : 0;
    c.codepoint = internCluster(std::u32string_view(codepoints, static_cast<size_t>(count)));
    m_data[col] = c;
}

uint32_t Line::internCluster(std::u32string_view cluster, bool allowGc)
{
    // Overwritten cells leave unused entries behind; sweep them before the
    // table outgrows the line so it stays bounded however long a TUI redraws.
    if (allowGc && m_clusters.size() >= static_cast<size_t>(m_size) + 8)
        collectGarbageClusters();
    // Entries are a few code points long: compared in a loop, not by a call
    // to memcmp, and passed over on their length alone where it differs.
    const size_t length = cluster.size();
    for (size_t i = 0; i < m_clusters.size(); ++i) {
        const std::u32string &entry = m_clusters[i];
        if (entry.size() != length)
            continue;
        size_t same = 0;
        while (same < length && entry[same] == cluster[same])
            ++same;
        if (same == length)
            return static_cast<uint32_t>(i);
    }
    m_clusters.emplace_back(cluster); // made only when it is new
    return static_cast<uint32_t>(m_clusters.size() - 1);
}

template <typename Table>
void Line::keepUsedClusters(Table &&from)
{
    // Entries are unique already (internCluster), so a number maps to one
    // entry: one pass over the cells, numbering entries as they first
    // appear, and no string compared. A line with clusters goes into
    // history this way on every scroll, where its cells most often use
    // every entry in order and the table goes along whole.
    const size_t entries = from.size();
    constexpr uint32_t kUnmapped = UINT32_MAX;
    uint32_t onStack[2 * 64];
    std::vector<uint32_t> onHeap;
    uint32_t *renumbered = onStack;
    if (entries > std::size(onStack) / 2) {
        onHeap.resize(2 * entries);
        renumbered = onHeap.data();
    }
    uint32_t *firstUses = renumbered + entries; // old numbers, by new number
    std::fill(renumbered, renumbered + entries, kUnmapped);
    uint32_t used = 0;
    bool numbersKept = true;
    for (int col = 0; col < m_size; ++col) {
        Cell &c = m_data[col];
        if (!c.clustered || c.codepoint >= entries)
            continue;
        uint32_t &to = renumbered[c.codepoint];
        if (to == kUnmapped) {
            numbersKept = numbersKept && c.codepoint == used;
            firstUses[used] = c.codepoint;
            to = used++;
        }
        c.codepoint = to;
    }
    if (numbersKept && used == entries) {
        m_clusters = std::forward<Table>(from);
        return;
    }
    // Assigned over what this table holds (a scrollback slot written
    // again keeps its strings' storage), never from itself: `from` is
    // another line's table, or this one's moved out.
    m_clusters.resize(used);
    for (uint32_t i = 0; i < used; ++i) {
        // operator[] gives an lvalue even on a movable table: say move.
        if constexpr (std::is_lvalue_reference_v<Table>)
            m_clusters[i] = from[firstUses[i]];
        else
            m_clusters[i] = std::move(from[firstUses[i]]);
    }
}

template void Line::keepUsedClusters(const std::vector<std::u32string> &);

void Line::collectGarbageClusters()
{
    std::vector<std::u32string> old = std::move(m_clusters);
    keepUsedClusters(std::move(old));
}

namespace {
// Erasing is most of what a full-screen program asks of a line (EL, IL,
// scroll regions: several cells per byte it sends), so it is done as
// wide stores: memset for the default pen's blank, which is all zero bits,
// and four cells per step otherwise. std::fill stored one cell per step.
void fillCells(Cell *begin, Cell *end, const Cell &blank)
{
    if (begin >= end)
        return;
    if (blank.isPristine()) {
        std::memset(static_cast<void *>(begin), 0, static_cast<size_t>(end - begin) * sizeof(Cell));
        return;
    }
    Cell *p = begin;
    for (; end - p >= 4; p += 4) {
        std::memcpy(static_cast<void *>(p), &blank, sizeof(Cell));
        std::memcpy(static_cast<void *>(p + 1), &blank, sizeof(Cell));
        std::memcpy(static_cast<void *>(p + 2), &blank, sizeof(Cell));
        std::memcpy(static_cast<void *>(p + 3), &blank, sizeof(Cell));
    }
    for (; p < end; ++p)
        std::memcpy(static_cast<void *>(p), &blank, sizeof(Cell));
}
} // namespace

void Line::fill(int from, int to, const Cell &pen)
{
    from = std::max(from, 0);
    to = std::min(to, size());
    Cell blank;
    cellword::storeCharacter(&blank, pen, 0, false);
    fillCells(m_data + from, m_data + to, blank);
    if (from == 0 && to == size())
        m_clusters.clear();
}

void Line::resize(int columns, const Cell &fill)
{
    Cell blank = fill;
    blank.eraseWith(fill);
    const int kept = ownsCells() ? m_size : 0;
    if (columns != m_size || !ownsCells())
        ownCells(columns, kept);
    if (kept < m_size)
        std::fill(m_data + kept, m_data + m_size, blank);
}

int Line::trimmedLength() const
{
    int end = m_size;
    while (end > 0 && m_data[end - 1].isPristine())
        --end;
    return end;
}

void Line::copyCellsFrom(const Line &src, int srcCol, int destCol, int count)
{
    if (count <= 0)
        return;
    if (&src == this) {
        moveCellsWithin(srcCol, destCol, count);
        return;
    }
    std::memcpy(static_cast<void *>(m_data + destCol), src.m_data + srcCol, static_cast<size_t>(count) * sizeof(Cell));
    if (src.m_clusters.empty())
        return;
    // Sweep first, never during the loop: until it is remapped, a copied
    // cell's index points into the source line's table, not ours.
    if (m_clusters.size() >= static_cast<size_t>(m_size) + 8) {
        std::vector<Cell> copied(m_data + destCol, m_data + destCol + count);
        for (int i = 0; i < count; ++i)
            m_data[destCol + i].clustered = 0; // keep the sweep off the copied cells
        collectGarbageClusters();
        std::copy(copied.begin(), copied.end(), m_data + destCol);
    }
    for (int i = 0; i < count; ++i) {
        Cell &c = m_data[destCol + i];
        if (c.clustered)
            c.codepoint = internCluster(src.m_clusters[c.codepoint], false);
    }
}

void Line::moveCellsWithin(int srcCol, int destCol, int count)
{
    if (count <= 0 || srcCol == destCol)
        return;
    std::memmove(static_cast<void *>(m_data + destCol), m_data + srcCol, static_cast<size_t>(count) * sizeof(Cell));
}

std::string Line::text(int from, int to) const
{
    if (to < 0 || to > size())
        to = size();
    std::string out;
    out.reserve(static_cast<size_t>(std::max(0, to - from)));
    for (int col = std::max(0, from); col < to; ++col) {
        const Cell &c = m_data[col];
        if (c.continuation)
            continue;
        if (c.clustered) {
            for (char32_t cp : m_clusters[c.codepoint])
                appendUtf8(out, cp);
        } else if (c.codepoint == 0) {
            out.push_back(' ');
        } else {
            appendUtf8(out, c.codepoint);
        }
    }
    return out;
}

size_t Line::memoryBytes() const
{
    size_t bytes = (m_cells ? static_cast<size_t>(m_size) * sizeof(Cell) : 0) + m_clusters.capacity() * sizeof(std::u32string);
    for (const auto &cl : m_clusters)
        bytes += cl.capacity() > 3 ? (cl.capacity() + 1) * sizeof(char32_t) : 0; // beyond the small-string buffer
    return bytes;
}

} // namespace dt::term
