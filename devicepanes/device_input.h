#pragma once

#include <QObject>
#include <QPointF>
#include <QString>
#include <QTimer>

#include <deque>
#include <functional>

namespace dt::devices {

class DeviceDisplay;

// Gestures for one device, as steps on a clock: a tap is down, a short
// dwell, up; a swipe is down, moves at ~60 Hz to absolute deadlines, up.
// Requests run in the order they arrive and never block the caller's event
// loop. Coordinates are normalised (0,0 top left to 1,1 bottom right).
class DeviceInput : public QObject {
    Q_OBJECT
public:
    explicit DeviceInput(DeviceDisplay &display, QObject *parent = nullptr);

    static constexpr int kTapDwell = 32; // ms
    static constexpr int kFrame = 16; // ms between swipe steps

    void tap(QPointF at);
    void longPress(QPointF at, int durationMs);
    // Returns the number of intermediate steps (0: too short to interpolate,
    // sent as a tap-shaped press and release).
    int swipe(QPointF from, QPointF to, int durationMs);
    // Presses and releases the key for `keysym` (Shift added as the keymap
    // needs); false when the keymap has no such key.
    bool key(uint32_t keysym);
    // Types text, binding keys for characters the keymap lacks a few at a
    // time; false when a character cannot be typed at all.
    bool text(const QString &text);
    void wheel(QPointF at, int clicks); // positive: up / away
    bool busy() const { return !m_steps.empty(); }

    // The pointer target in device pixels for a normalised point.
    QPoint toPixels(QPointF at) const;

private:
    void add(int delayBefore, std::function<void()> action);
    void runNext();

    DeviceDisplay &m_display;
    struct Step {
        int delayBefore = 0;
        std::function<void()> action;
    };
    std::deque<Step> m_steps;
    QTimer m_timer;
};

} // namespace dt::devices
