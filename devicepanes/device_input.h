#pragma once

#include "devicepanes/tuio_frame.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointF>
#include <QString>
#include <QTimer>

#include <deque>
#include <vector>
#include <functional>

namespace dt::devices {

class DeviceDisplay;

// Gestures for one device, as steps on a clock: a tap is down, a short
// dwell, up; a swipe is down, moves at ~60 Hz, up. Each step is due at a
// fixed time from its gesture's start, so a stalled event loop does not
// stretch a swipe: moves that fell behind are dropped, the rest catches up.
// Requests run in the order they arrive and never block the caller's event
// loop. Coordinates are normalised (0,0 top left to 1,1 bottom right).
class DeviceInput : public QObject {
    Q_OBJECT
public:
    explicit DeviceInput(DeviceDisplay &display, QObject *parent = nullptr);
    ~DeviceInput() override;

    static constexpr int kTapDwell = 32; // ms
    static constexpr int kFrame = 16; // ms between swipe steps

    void tap(QPointF at);
    void longPress(QPointF at, int durationMs);
    // Returns the number of intermediate steps (0: under kTapDwell, sent as
    // a tap-shaped press and release). `holdMs`: the finger rests at the end
    // that long before it lifts.
    int swipe(QPointF from, QPointF to, int durationMs, int holdMs = 0);
    // Presses and releases the key for `keysym` (Shift added as the keymap
    // needs); false when the keymap has no such key.
    bool key(uint32_t keysym);
    // Types text, binding keys for characters the keymap lacks a few at a
    // time; false when a character cannot be typed at all.
    bool text(const QString &text);
    void wheel(QPointF at, int clicks); // positive: up / away
    // Two fingers, each from one point to another over `durationMs`, as
    // real touches (TUIO to Qt's touch plugin in the app); false when the
    // app has no touch channel.
    bool pinch(QPointF from1, QPointF from2, QPointF to1, QPointF to2, int durationMs);
    // A person's fingers on the screen right now (a live drag): sent at
    // once, not queued. Fingers missing are lifted; none lifts them all.
    void touchNow(const std::vector<QPointF> &fingers);
    // The UDP socket to the app's touch plugin; owned from now on.
    void setTouchChannel(int socket);
    bool hasTouchChannel() const { return m_touch >= 0; }
    bool busy() const { return !m_steps.empty(); }
    // Steps (about one per key) still queued: text beyond kMaxPendingSteps
    // is refused by the caller, so queued input stays bounded in memory.
    qsizetype pendingSteps() const { return qsizetype(m_steps.size()); }
    static constexpr qsizetype kMaxPendingSteps = 600000;

    // The pointer target in device pixels for a normalised point.
    QPoint toPixels(QPointF at) const;

private:
    enum class Catchup { Run, Skip }; // Skip: a move that may be dropped when late
    // A gesture's first step: due as soon as what is queued before it is done.
    void begin(std::function<void()> action);
    // The next step, due `delay` ms after the one added before it.
    void add(int delay, std::function<void()> action, Catchup catchup = Catchup::Run);
    void runNext();
    void sendTouches(const std::vector<TouchCursor> &down);

    DeviceDisplay &m_display;
    struct Step {
        bool startsGesture = false;
        int due = 0; // ms after its gesture's start
        Catchup catchup = Catchup::Run;
        std::function<void()> action;
    };
    std::deque<Step> m_steps;
    int m_lastDue = 0; // of the step added last
    QElapsedTimer m_gestureStart;
    QTimer m_timer;
    int m_touch = -1;
    int32_t m_touchSession = 0;
    int32_t m_touchFrame = 0;
    std::vector<int32_t> m_liveFingers; // session ids of a live touch
};

} // namespace dt::devices
