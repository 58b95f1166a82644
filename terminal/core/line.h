#pragma once

#include "cell.h"

#include <string>
#include <vector>

namespace dt::term {

// One row of cells plus the grapheme clusters its cells point into. Screen
// rows always hold exactly `columns` cells; scrollback lines are trimmed of
// trailing pristine cells so a line costs no more than what it shows.
class Line {
public:
    Line() = default;
    explicit Line(int columns, const Cell &fill = Cell{}) : m_cells(static_cast<size_t>(columns), fill) {}

    int size() const { return static_cast<int>(m_cells.size()); }
    const Cell &operator[](int col) const { return m_cells[static_cast<size_t>(col)]; }
    Cell &operator[](int col) { return m_cells[static_cast<size_t>(col)]; }
    Cell *data() { return m_cells.data(); }
    const Cell *data() const { return m_cells.data(); }

    // The code points shown by one cell: the base character followed by any
    // combining marks; empty for blanks and continuation cells.
    std::u32string graphemeAt(int col) const;
    // The first code point of a cell (0 for blanks and continuations).
    char32_t baseCodepoint(int col) const;

    // Writes a grapheme of one or more code points into a cell with a style.
    void setGrapheme(int col, const char32_t *codepoints, int count, const Cell &style);

    void fill(int from, int to, const Cell &pen);
    void resize(int columns, const Cell &fill);
    bool hasClusters() const { return !m_clusters.empty(); }

    // A copy without trailing pristine cells, with only the clusters it uses.
    Line trimmedCopy() const;
    // Moves cells [srcCol, srcCol+count) of `src` to [destCol, …) here;
    // clusters are re-homed when the two lines differ.
    void copyCellsFrom(const Line &src, int srcCol, int destCol, int count);
    void moveCellsWithin(int srcCol, int destCol, int count);

    void swap(Line &other) noexcept
    {
        m_cells.swap(other.m_cells);
        m_clusters.swap(other.m_clusters);
    }

    // The text of columns [from, to) as UTF-8; blanks become spaces.
    std::string text(int from = 0, int to = -1) const;

    size_t memoryBytes() const;

private:
    uint32_t internCluster(std::u32string cluster);
    void collectGarbageClusters();

    std::vector<Cell> m_cells;
    std::vector<std::u32string> m_clusters;
};

std::string toUtf8(char32_t codepoint);
void appendUtf8(std::string &out, char32_t codepoint);

} // namespace dt::term
