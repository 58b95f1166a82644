#pragma once

// What a person did on a device pane, as one gesture: the pane view turns
// mouse, wheel, keys and its buttons into these, and automation tells the
// device's owner (so `deviceterm replay --record` can write a flow of
// them). Input an agent sent through automation is not a person's and is
// never reported.

#include <QPointF>
#include <QString>

#include <cstdint>
#include <optional>

namespace dt::app {

struct PersonGesture {
    enum class Kind {
        Tap,
        LongPress,
        Swipe, // from `at` to `to`
        Scroll, // the wheel at `at`: `clicks` up (positive) or down
        Key, // an X keysym
        Text, // typed characters
        Button, // a device button: "home", "lock", …
        Rotate, // turned a quarter: `button` is "left" or "right"
        TwoFingers, // a pinch or turn with two fingers (replay has no such step)
    };
    explicit PersonGesture(Kind k = Kind::Tap, QString name = {}) : kind(k), button(std::move(name)) {}

    Kind kind;
    QPointF at, to; // fractions of the screen
    int durationMillis = 0; // from press to release
    int clicks = 0;
    uint32_t keysym = 0;
    QString text;
    QString button; // Button's, Rotate's

    static const char *kindName(Kind kind);
};

// Turns one finger's press, moves and release into a tap, a long press or
// a swipe, as Maestro and the device's toolkit see them: a finger that
// stays within a small radius is a tap, or a long press once held
// `kLongPressMillis`; one that travels further swipes.
class PressTracker {
public:
    static constexpr int kLongPressMillis = 500;
    // How far (as a fraction of the screen's shorter side) a finger may
    // wander and still tap.
    static constexpr double kSlop = 0.02;

    // `aspect`: the screen's width over its height, so the slop is round.
    void press(QPointF at, int64_t millis, double aspect);
    void move(QPointF at);
    // The gesture the press made, or nothing when no press was on.
    std::optional<PersonGesture> release(QPointF at, int64_t millis);
    bool pressed() const { return m_pressed; }

private:
    bool wandered(QPointF at) const;

    bool m_pressed = false;
    bool m_moved = false; // left the slop at some point
    QPointF m_from;
    int64_t m_since = 0;
    double m_aspect = 1;
};

} // namespace dt::app
