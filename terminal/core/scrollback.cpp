#include "scrollback.h"

namespace dt::term {

void Scrollback::push(Line line)
{
    if (m_capacity == 0)
        return;
    if (m_size == m_capacity) {
        // Full: the newest line takes the oldest one's slot.
        m_lines[static_cast<size_t>(m_head)] = std::move(line);
        m_head = (m_head + 1) % m_capacity;
        return;
    }
    // The ring only wraps once it is full, so a slot beyond the vector's end
    // can only be the next one.
    if (slot(m_size) == m_lines.size())
        m_lines.push_back(std::move(line));
    else
        m_lines[slot(m_size)] = std::move(line);
    ++m_size;
}

bool Scrollback::popNewest(Line &out)
{
    if (m_size == 0)
        return false;
    Line &newest = m_lines[slot(m_size - 1)];
    out = std::move(newest);
    newest = Line();
    --m_size;
    return true;
}

void Scrollback::clear()
{
    m_lines.clear();
    m_lines.shrink_to_fit();
    m_head = 0;
    m_size = 0;
}

void Scrollback::setCapacity(int capacity)
{
    if (capacity < 0)
        capacity = 0;
    std::vector<Line> kept;
    const int keep = m_size < capacity ? m_size : capacity;
    kept.reserve(static_cast<size_t>(keep));
    for (int i = m_size - keep; i < m_size; ++i)
        kept.push_back(std::move(m_lines[slot(i)]));
    m_lines = std::move(kept);
    m_capacity = capacity;
    m_head = 0;
    m_size = keep;
}

size_t Scrollback::memoryBytes() const
{
    size_t bytes = m_lines.capacity() * sizeof(Line);
    for (int i = 0; i < m_size; ++i)
        bytes += fromOldest(i).memoryBytes() - sizeof(Line);
    return bytes;
}

} // namespace dt::term
