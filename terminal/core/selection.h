#pragma once

#include <cstdint>
#include <string>

namespace dt::term {

class Line;
class Terminal;

// A cell position in absolute line numbers (see Terminal::lineAt).
struct GridPos {
    int64_t line = 0;
    int col = 0;
    friend bool operator==(const GridPos &, const GridPos &) = default;
    friend bool operator<(const GridPos &a, const GridPos &b)
    {
        return a.line != b.line ? a.line < b.line : a.col < b.col;
    }
};

// What the user marked with the mouse: by character, word or whole line
// (a word or line the wrap cut in two is still one).
// Positions are absolute, so the selection follows text as it scrolls.
class Selection {
public:
    enum class Unit { Character, Word, Line };

    void begin(const Terminal &t, GridPos at, Unit unit);
    void extendTo(const Terminal &t, GridPos to);
    void clear() { m_active = false; }

    bool isActive() const { return m_active && !(m_start == m_end); }
    GridPos start() const { return m_start; }
    GridPos end() const { return m_end; } // exclusive column
    bool contains(int64_t line, int col) const;
    bool intersectsLines(int64_t first, int64_t last) const;

    // The selected text; rows joined by '\n' (a wrapped row runs on into
    // the next without one), trailing blanks dropped.
    std::string text(const Terminal &t) const;

private:
    void recompute(const Terminal &t);

    bool m_active = false;
    Unit m_unit = Unit::Character;
    GridPos m_anchor;
    GridPos m_cursor;
    GridPos m_start;
    GridPos m_end;
};

// Word boundaries for double-click: runs of letters, digits and the
// characters that appear inside paths and URLs.
int wordStartAt(const Line &line, int col);
int wordEndAt(const Line &line, int col); // exclusive

} // namespace dt::term
