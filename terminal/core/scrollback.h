#pragma once

// History: the lines that scrolled off the primary screen, their cells in
// an arena of blocks (the class comment below says how and why).

#include "terminal/core/line.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

namespace dt::term {

// Lines that scrolled off the top of the primary screen, newest last, in a
// bounded ring: once full, each new line replaces the oldest.
//
// Cells live in an arena of large blocks filled front to back, and a block is
// released once every line in it has been evicted. Pushing a line is one copy
// of its trimmed cells and no allocation (a new block every ~16k cells), which
// matters: a flood of output pushes hundreds of thousands of lines a second.
class Scrollback {
public:
    explicit Scrollback(int capacity);
    ~Scrollback();
    Scrollback(const Scrollback &) = delete;
    Scrollback &operator=(const Scrollback &) = delete;

    int size() const { return m_size; }
    int capacity() const { return m_capacity; }
    void setCapacity(int capacity);

    // Stores a copy of `line` without its trailing pristine cells.
    void push(const Line &line);
    // Takes the newest line back (when the screen grows taller).
    bool popNewest(Line &out);
    // The newest line turned out to run on into the screen's top line (the
    // character that wrapped arrived after the line scrolled away).
    void markNewestWrapped();
    void clear();

    // 0 is the newest line.
    const Line &fromNewest(int i) const { return m_lines[slot(m_size - 1 - i)]; }
    // 0 is the oldest line.
    const Line &fromOldest(int i) const { return m_lines[slot(i)]; }

    size_t memoryBytes() const;

    // While set, every large block that empties is kept for reuse rather
    // than unmapped: a reflow takes most of history back and then pushes
    // it again, and would otherwise unmap and map each block once. Clearing
    // it unmaps all kept blocks but one.
    void keepEmptiedBlocks(bool keep);
    // Large blocks across every scrollback in the process: mapped now
    // (kept ones included) and ever. What tests and leak checks count.
    struct LargeBlockCounts {
        int live = 0;
        int64_t mapped = 0;
    };
    static LargeBlockCounts largeBlockCounts();

    static constexpr int kBlockCells = 16384;
    // Once the arena holds this many cells, blocks are this size, each
    // mapped on its own and faulted in ahead of the pushes a block's
    // kBlockCells at a time (MADV_POPULATE_WRITE): a flood into a fresh
    // terminal writes megabytes of history, and faulting them in 4 KiB at
    // a time took about a quarter of the model's time on a virtual
    // machine. (Huge pages did as well, but kept a whole 2 MiB resident
    // for a history that ends a few lines into its last block.)
    static constexpr int kLargeBlockCells = 131072; // 2 MiB

private:
    struct Block {
        Cell *cells = nullptr;
        int capacity = 0;
        int used = 0;
        int liveLines = 0;
        uint64_t serial = 0;
        bool mapped = false; // a large block, mapped on its own
        int faultedIn = 0; // of a mapped block, cells known to be in memory
    };
    struct Spare {
        Cell *cells = nullptr;
        int faultedIn = 0;
    };

    size_t slot(int logical) const { return static_cast<size_t>((m_head + logical) % m_capacity); }
    Cell *allocate(int cells, uint64_t &serial);
    enum class Reuse { Nothing, ClusterStorage };
    void release(size_t slotIndex, Reuse reuse = Reuse::Nothing);
    Block newBlock(int cells);
    // Frees an emptied block, or keeps a large one as a spare the next
    // large block reuses (a full ring empties one as it fills the next).
    void dropBlock(Block &b);
    void unmapSpares(size_t keep);
    Block *blockBySerial(uint64_t serial);

    std::vector<Line> m_lines; // views into the arena
    std::vector<uint64_t> m_lineBlock; // which block each slot's cells are in
    int m_capacity;
    int m_head = 0; // slot of the oldest line
    int m_size = 0;
    std::deque<Block> m_blocks; // oldest first
    std::vector<Spare> m_spareBlocks; // emptied large blocks kept for reuse
    bool m_keepEmptied = false;
    uint64_t m_nextSerial = 0;
};

} // namespace dt::term
