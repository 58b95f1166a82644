// The scrollback ring: copies each line's trimmed cells into large arena blocks (freed once all their lines
// are evicted; past the first 2 MiB, mapped blocks faulted in ahead of use), gives the newest line back when
// the screen grows, and rebuilds on a capacity change.

#include "terminal/core/scrollback.h"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <new>
#include <utility>

namespace dt::term {

Scrollback::Scrollback(int capacity) : m_capacity(capacity < 0 ? 0 : capacity) {}

Scrollback::~Scrollback()
{
    m_keepEmptied = false; // whatever was under way: every block goes
    clear();
}

Scrollback::Block *Scrollback::blockBySerial(uint64_t serial)
{
    if (m_blocks.empty() || serial < m_blocks.front().serial)
        return nullptr;
    const uint64_t index = serial - m_blocks.front().serial;
    return index < m_blocks.size() ? &m_blocks[static_cast<size_t>(index)] : nullptr;
}

namespace {
std::atomic<int> g_largeBlocksLive{0};
std::atomic<int64_t> g_largeBlocksMapped{0};

constexpr size_t kLargeBlockBytes = static_cast<size_t>(Scrollback::kLargeBlockCells) * sizeof(Cell);
// faultIn() advises whole steps of kBlockCells from a block's page-aligned
// start: a step that were not whole pages would make madvise fail and turn
// prefaulting off.
static_assert(Scrollback::kBlockCells * sizeof(Cell) % 4096 == 0, "a step of prefaulting is whole pages");

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 // Linux 5.14; older C libraries lack the name
#endif

// Null when mapping fails (the block then comes from the heap).
Cell *mapLargeBlock()
{
    void *p = mmap(nullptr, kLargeBlockBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return nullptr;
    g_largeBlocksLive.fetch_add(1, std::memory_order_relaxed);
    g_largeBlocksMapped.fetch_add(1, std::memory_order_relaxed);
    return static_cast<Cell *>(p);
}

// Faults in the cells up to `needed` and beyond, to the next multiple of
// kBlockCells: one call instead of a fault per page. Kernels before 5.14
// have no MADV_POPULATE_WRITE; there the pages fault in one by one.
void faultIn(Cell *cells, int &faultedIn, int needed)
{
    static std::atomic<bool> unsupported{false};
    if (needed <= faultedIn || unsupported.load(std::memory_order_relaxed))
        return;
    constexpr int kStep = Scrollback::kBlockCells;
    const int upTo = std::min(Scrollback::kLargeBlockCells, (needed + kStep - 1) / kStep * kStep);
    if (madvise(cells + faultedIn, static_cast<size_t>(upTo - faultedIn) * sizeof(Cell), MADV_POPULATE_WRITE) != 0
        && errno == EINVAL)
        unsupported.store(true, std::memory_order_relaxed);
    faultedIn = upTo; // in memory now, or left to fault as it is written
}

void unmapLargeBlock(Cell *cells)
{
    munmap(cells, kLargeBlockBytes);
    g_largeBlocksLive.fetch_sub(1, std::memory_order_relaxed);
}

} // namespace

Scrollback::Block Scrollback::newBlock(int cells)
{
    size_t arenaCells = 0;
    for (const Block &b : m_blocks)
        arenaCells += static_cast<size_t>(b.capacity);
    Block b;
    // While a reflow pushes back what it took, the blocks it emptied are
    // used first: mapped, with their pages in already.
    const bool refill = m_keepEmptied && !m_spareBlocks.empty();
    const bool large = refill || arenaCells >= static_cast<size_t>(kLargeBlockCells);
    if (large && cells <= kLargeBlockCells) {
        if (!m_spareBlocks.empty()) {
            b.cells = m_spareBlocks.back().cells;
            b.faultedIn = m_spareBlocks.back().faultedIn;
            m_spareBlocks.pop_back();
        } else {
            b.cells = mapLargeBlock();
        }
        b.mapped = b.cells != nullptr;
        b.capacity = kLargeBlockCells;
    }
    if (!b.cells) {
        // Raw storage: cells are trivially copyable and always written
        // before they are read, so nothing needs constructing.
        b.capacity = std::max(kBlockCells, cells);
        b.cells = static_cast<Cell *>(::operator new(static_cast<size_t>(b.capacity) * sizeof(Cell)));
    }
    b.serial = m_nextSerial++;
    return b;
}

void Scrollback::dropBlock(Block &b)
{
    if (!b.mapped)
        ::operator delete(b.cells);
    else if (m_keepEmptied || m_spareBlocks.empty())
        m_spareBlocks.push_back({b.cells, b.faultedIn});
    else
        unmapLargeBlock(b.cells);
    b.cells = nullptr;
}

void Scrollback::unmapSpares(size_t keep)
{
    while (m_spareBlocks.size() > keep) {
        unmapLargeBlock(m_spareBlocks.back().cells);
        m_spareBlocks.pop_back();
    }
}

void Scrollback::keepEmptiedBlocks(bool keep)
{
    m_keepEmptied = keep;
    if (keep)
        return;
    // One spare where large blocks are in use (a full ring empties one as
    // it fills the next); none for a history that no longer needs them.
    const bool largeInUse = std::any_of(m_blocks.begin(), m_blocks.end(), [](const Block &b) { return b.mapped; });
    unmapSpares(largeInUse ? 1 : 0);
}

Scrollback::LargeBlockCounts Scrollback::largeBlockCounts()
{
    return {g_largeBlocksLive.load(std::memory_order_relaxed), g_largeBlocksMapped.load(std::memory_order_relaxed)};
}

Cell *Scrollback::allocate(int cells, uint64_t &serial)
{
    if (m_blocks.empty() || m_blocks.back().capacity - m_blocks.back().used < cells)
        m_blocks.push_back(newBlock(cells));
    Block &b = m_blocks.back();
    if (b.mapped)
        faultIn(b.cells, b.faultedIn, b.used + cells);
    Cell *at = b.cells + b.used;
    b.used += cells;
    ++b.liveLines;
    serial = b.serial;
    return at;
}

void Scrollback::release(size_t slotIndex, Reuse reuse)
{
    Line &line = m_lines[slotIndex];
    if (Block *b = blockBySerial(m_lineBlock[slotIndex])) {
        --b->liveLines;
        // The newest line popped back: its cells are the last in the arena.
        if (&*b == &m_blocks.back() && line.m_data + line.m_size == b->cells + b->used)
            b->used -= line.m_size;
    }
    if (reuse == Reuse::ClusterStorage) {
        // The slot is written again at once (push): its cluster strings
        // stay, to be assigned over rather than freed and allocated anew.
        line.m_data = nullptr;
        line.m_size = 0;
    } else {
        line = Line();
    }
    // Blocks empty out oldest first as history is evicted, and newest first
    // as lines are taken back (a reflow takes many); keep one for reuse.
    while (m_blocks.size() > 1 && m_blocks.front().liveLines == 0) {
        dropBlock(m_blocks.front());
        m_blocks.pop_front();
    }
    while (m_blocks.size() > 1 && m_blocks.back().liveLines == 0) {
        dropBlock(m_blocks.back());
        m_blocks.pop_back();
        m_nextSerial = m_blocks.back().serial + 1; // serials stay contiguous (blockBySerial)
    }
    if (m_blocks.size() == 1 && m_blocks.front().liveLines == 0)
        m_blocks.front().used = 0;
}

void Scrollback::push(const Line &line)
{
    if (m_capacity == 0)
        return;
    size_t target;
    if (m_size == m_capacity) {
        // Full: the newest line takes the oldest one's slot.
        target = static_cast<size_t>(m_head);
        release(target, Reuse::ClusterStorage);
        m_head = (m_head + 1) % m_capacity;
    } else {
        target = slot(m_size);
        if (target == m_lines.size()) {
            if (m_lines.size() == m_lines.capacity()) {
                // Grow geometrically but never past the capacity, so a full
                // history has no unused slots.
                const size_t next = std::min<size_t>(static_cast<size_t>(m_capacity), std::max<size_t>(64, m_lines.size() * 2));
                m_lines.reserve(next);
                m_lineBlock.reserve(next);
            }
            m_lines.emplace_back();
            m_lineBlock.push_back(0);
        }
        ++m_size;
    }

    const int n = line.trimmedLength();
    Line &view = m_lines[target];
    uint64_t serial = 0;
    view.m_data = n > 0 ? allocate(n, serial) : nullptr;
    view.m_size = n;
    view.m_flags = line.m_flags;
    m_lineBlock[target] = n > 0 ? serial : UINT64_MAX;
    if (n > 0)
        std::memcpy(static_cast<void *>(view.m_data), line.data(), static_cast<size_t>(n) * sizeof(Cell));
    if (line.hasClusters())
        view.keepUsedClusters(line.m_clusters); // only what its cells use, copied once
    else if (view.m_clusters.capacity() != 0)
        std::vector<std::u32string>().swap(view.m_clusters); // what a slot written again held
}

bool Scrollback::popNewest(Line &out)
{
    if (m_size == 0)
        return false;
    const size_t s = slot(m_size - 1);
    const Line &newest = m_lines[s];
    Line owned;
    owned.assignOwnedCopy(newest);
    out = std::move(owned);
    release(s);
    --m_size;
    return true;
}

void Scrollback::markNewestWrapped()
{
    if (m_size > 0)
        m_lines[slot(m_size - 1)].setWrapped(true);
}

void Scrollback::clear()
{
    m_lines.clear();
    m_lines.shrink_to_fit();
    m_lineBlock.clear();
    m_lineBlock.shrink_to_fit();
    for (Block &b : m_blocks)
        dropBlock(b);
    m_blocks.clear();
    if (!m_keepEmptied) {
        unmapSpares(0);
        m_spareBlocks.shrink_to_fit();
    }
    m_head = 0;
    m_size = 0;
}

void Scrollback::setCapacity(int capacity)
{
    if (capacity < 0)
        capacity = 0;
    // Rebuild: copy the newest lines that still fit into a fresh arena.
    const int keep = std::min(m_size, capacity);
    std::vector<Line> kept;
    kept.reserve(static_cast<size_t>(keep));
    for (int i = m_size - keep; i < m_size; ++i) {
        const Line &l = fromOldest(i);
        Line owned;
        owned.assignOwnedCopy(l);
        kept.push_back(std::move(owned));
    }
    clear();
    m_capacity = capacity;
    for (const Line &l : kept)
        push(l);
}

size_t Scrollback::memoryBytes() const
{
    size_t bytes = m_lines.capacity() * sizeof(Line) + m_lineBlock.capacity() * sizeof(uint64_t);
    for (const Block &b : m_blocks)
        bytes += static_cast<size_t>(b.capacity) * sizeof(Cell);
    bytes += m_spareBlocks.size() * kLargeBlockBytes;
    for (int i = 0; i < m_size; ++i)
        bytes += fromOldest(i).memoryBytes();
    return bytes;
}

} // namespace dt::term
