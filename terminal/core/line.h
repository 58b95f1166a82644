#pragma once

#include "terminal/core/utf8.h" // cells come out as UTF-8

#include "terminal/core/cell.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dt::term {

class Scrollback;

// One row of cells plus the grapheme clusters its cells point into.
//
// A screen row owns its cells (exactly `columns` of them). A scrollback line
// is a read-only view into the scrollback's cell arena, trimmed of trailing
// pristine cells, so a line of history costs no more than what it shows and
// pushing one allocates nothing.
class Line {
public:
    Line() = default;
    explicit Line(int columns, const Cell &fill = Cell{});
    Line(const Line &other);
    Line &operator=(const Line &other);
    Line(Line &&other) noexcept;
    Line &operator=(Line &&other) noexcept;
    // Makes this line a copy of `other` that owns its cells even when `other`
    // is a scrollback view (a plain copy of a view shares the arena's cells),
    // reusing this line's storage: for a copy that must outlive changes to
    // the scrollback, such as what a paint draws from.
    void assignOwnedCopy(const Line &other);

    int size() const { return m_size; }
    const Cell &operator[](int col) const { return m_data[col]; }
    Cell &operator[](int col) { return m_data[col]; } // screen rows only
    const Cell *data() const { return m_data; }

    // The code points shown by one cell: the base character followed by any
    // combining marks; empty for blanks and continuation cells.
    std::u32string graphemeAt(int col) const;
    // The first code point of a cell (0 for blanks and continuations).
    char32_t baseCodepoint(int col) const;

    // Writes a grapheme of one or more code points into a cell with a style.
    void setGrapheme(int col, const char32_t *codepoints, int count, const Cell &style, bool protect = false);
    // How many code points the grapheme at `col` has (0 for none).
    size_t graphemeLength(int col) const;
    // A mark (or joiner, or modifier) added to the grapheme at `col`, in
    // its style.
    void appendToGrapheme(int col, char32_t codepoint);

    // Blanks [from, to) (a soft wrap stays: the caller decides).
    void fill(int from, int to, const Cell &pen);
    void resize(int columns, const Cell &fill);
    bool hasClusters() const { return !m_clusters.empty(); }

    // Soft wrap: the text ran on past this line's end into the next line
    // (autowrap), so the two are one logical line for copying, selecting,
    // finding and reflow. Lines ended by a line feed are not wrapped.
    bool wrapped() const { return (m_flags & kWrapped) != 0; }
    void setWrapped(bool wrapped) { m_flags = static_cast<uint8_t>(wrapped ? (m_flags | kWrapped) : (m_flags & ~kWrapped)); }

    // DECDWL and DECDHL: the line drawn twice as wide, and for double height
    // as the top or the bottom half of letters twice as tall. libvterm keeps
    // the cursor within the first half of its columns.
    enum class Size : uint8_t { Normal = 0, DoubleWidth = 1, DoubleHeightTop = 2, DoubleHeightBottom = 3 };
    Size lineSize() const { return static_cast<Size>((m_flags >> 1) & 3); }
    void setLineSize(Size s) { m_flags = static_cast<uint8_t>((m_flags & kWrapped) | (static_cast<uint8_t>(s) << 1)); }

    // How many cells remain once trailing pristine cells are dropped.
    int trimmedLength() const;
    // Copies cells [srcCol, srcCol+count) of `src` to [destCol, …) here;
    // clusters are re-homed when the two lines differ.
    void copyCellsFrom(const Line &src, int srcCol, int destCol, int count);
    void moveCellsWithin(int srcCol, int destCol, int count);

    void swap(Line &other) noexcept
    {
        m_cells.swap(other.m_cells);
        m_clusters.swap(other.m_clusters);
        std::swap(m_data, other.m_data);
        std::swap(m_size, other.m_size);
        std::swap(m_flags, other.m_flags);
    }

    // The text of columns [from, to) as UTF-8; blanks become spaces.
    std::string text(int from = 0, int to = -1) const;

    // Heap bytes this line holds itself (a view's arena cells are counted
    // by the scrollback).
    size_t memoryBytes() const;

private:
    friend class Scrollback;

    bool ownsCells() const { return m_data == m_cells.get(); }
    // Owns `columns` new cells, the first `keep` of them this line's current ones.
    void ownCells(int columns, int keep);
    // With allowGc false the table only grows: needed while cells that
    // still carry another line's cluster indices sit in this line.
    uint32_t internCluster(std::u32string_view cluster, bool allowGc = true);
    void collectGarbageClusters();
    // This line's cluster table made of the entries of `from` its cells
    // use (their numbers in `from` until then), in the order they appear:
    // `from` whole when the cells use every entry in order. Entries are
    // moved when `from` is movable, copied otherwise.
    template <typename Table>
    void keepUsedClusters(Table &&from);

    // Owned storage of m_size cells; none for a scrollback view. Not a
    // vector: every line of history carries this member, and a pointer is a
    // third of a vector's size (16 bytes less per line of history).
    std::unique_ptr<Cell[]> m_cells;
    Cell *m_data = nullptr; // m_cells, or the arena for a view
    int m_size = 0;
    static constexpr uint8_t kWrapped = 1;
    uint8_t m_flags = 0; // kWrapped, and the Size above it
    std::vector<std::u32string> m_clusters;
};

} // namespace dt::term
