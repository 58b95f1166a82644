// A person's gestures on a device pane (see the header).

#include "app/core/person_gesture.h"

#include <algorithm>
#include <cmath>

namespace dt::app {

const char *PersonGesture::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Tap: return "tap";
    case Kind::LongPress: return "longPress";
    case Kind::Swipe: return "swipe";
    case Kind::Scroll: return "scroll";
    case Kind::Key: return "key";
    case Kind::Text: return "text";
    case Kind::Button: return "button";
    case Kind::Rotate: return "rotate";
    case Kind::TwoFingers: return "twoFingers";
    }
    return "tap";
}

void PressTracker::press(QPointF at, int64_t millis, double aspect)
{
    m_pressed = true;
    m_moved = false;
    m_from = at;
    m_since = millis;
    m_aspect = aspect > 0 && std::isfinite(aspect) ? aspect : 1;
}

void PressTracker::move(QPointF at)
{
    if (m_pressed && wandered(at))
        m_moved = true;
}

std::optional<PersonGesture> PressTracker::release(QPointF at, int64_t millis)
{
    if (!m_pressed)
        return std::nullopt;
    m_pressed = false;
    PersonGesture g;
    g.at = m_from;
    g.durationMillis = int(std::clamp<int64_t>(millis - m_since, 0, 3600 * 1000));
    // A finger that went out and came back still swiped (the list moved).
    if (m_moved || wandered(at)) {
        g.kind = PersonGesture::Kind::Swipe;
        g.to = at;
    } else {
        g.kind = g.durationMillis >= kLongPressMillis ? PersonGesture::Kind::LongPress : PersonGesture::Kind::Tap;
    }
    return g;
}

// Distances measured in the shorter side's units: a tall phone's slop is
// as many pixels across as down.
bool PressTracker::wandered(QPointF at) const
{
    const double dx = (at.x() - m_from.x()) * std::max(1.0, m_aspect);
    const double dy = (at.y() - m_from.y()) * std::max(1.0, 1 / m_aspect);
    return std::hypot(dx, dy) > kSlop;
}

} // namespace dt::app
