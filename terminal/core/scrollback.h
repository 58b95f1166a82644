#pragma once

#include "line.h"

#include <vector>

namespace dt::term {

// Lines that scrolled off the top of the primary screen, newest last, in a
// bounded ring: once full, each new line replaces the oldest.
class Scrollback {
public:
    explicit Scrollback(int capacity) : m_capacity(capacity < 0 ? 0 : capacity) {}

    int size() const { return m_size; }
    int capacity() const { return m_capacity; }
    void setCapacity(int capacity);

    void push(Line line);
    // Takes the newest line back (when the screen grows taller).
    bool popNewest(Line &out);
    void clear();

    // 0 is the newest line.
    const Line &fromNewest(int i) const { return m_lines[slot(m_size - 1 - i)]; }
    // 0 is the oldest line.
    const Line &fromOldest(int i) const { return m_lines[slot(i)]; }

    size_t memoryBytes() const;

private:
    size_t slot(int logical) const { return static_cast<size_t>((m_head + logical) % m_capacity); }

    std::vector<Line> m_lines;
    int m_capacity;
    int m_head = 0; // slot of the oldest line
    int m_size = 0;
};

} // namespace dt::term
