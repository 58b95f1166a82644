// Turns taps, swipes, long presses, keys, text, wheel clicks and pinches into timed steps on a device's
// display (XTest) or touch channel (TUIO), dropping late moves so a stalled loop doesn't stretch a gesture.

#include "devicepanes/device_input.h"

#include "devicepanes/device_display.h"

#include <QList>
#include <QSet>

#include <cmath>
#include <sys/socket.h>
#include <unistd.h>

namespace dt::devices {

namespace {
// The keysym for a character: Latin-1 maps to itself, the rest to the
// Unicode keysym range; control characters to their keys.
uint32_t keysymFor(char32_t c)
{
    switch (c) {
    case '\n':
    case '\r':
        return 0xff0d; // Return
    case '\t':
        return 0xff09; // Tab
    case '\b':
        return 0xff08; // BackSpace
    case 0x1b:
        return 0xff1b; // Escape
    default:
        break;
    }
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff))
        return c;
    return 0x01000000 | c;
}
constexpr int kBindSettle = 50; // ms for clients to read a changed keymap (more than a frame: a loaded machine is slow)
constexpr int kStepsPerWakeup = 200;
} // namespace

DeviceInput::DeviceInput(DeviceDisplay &display, QObject *parent) : QObject(parent), m_display(display)
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &DeviceInput::runNext);
}

DeviceInput::~DeviceInput()
{
    if (m_touch >= 0)
        ::close(m_touch);
}

void DeviceInput::setTouchChannel(int socket)
{
    if (m_touch >= 0)
        ::close(m_touch);
    m_touch = socket;
}

QPoint DeviceInput::toPixels(QPointF at) const
{
    const QSize size = m_display.size();
    return {std::clamp(int(std::lround(at.x() * (size.width() - 1))), 0, size.width() - 1),
            std::clamp(int(std::lround(at.y() * (size.height() - 1))), 0, size.height() - 1)};
}

void DeviceInput::begin(std::function<void()> action)
{
    const bool idle = m_steps.empty();
    m_steps.push_back({true, 0, Catchup::Run, std::move(action)});
    m_lastDue = 0;
    if (idle)
        m_timer.start(0);
}

void DeviceInput::add(int delay, std::function<void()> action, Catchup catchup)
{
    const bool idle = m_steps.empty();
    m_lastDue += delay;
    m_steps.push_back({false, m_lastDue, catchup, std::move(action)});
    if (idle) // its gesture's start has already run
        m_timer.start(std::max<qint64>(0, m_lastDue - m_gestureStart.elapsed()));
}

void DeviceInput::runNext()
{
    // Everything due now runs now (a move that is late and not the last of
    // its run is dropped); the rest waits for its time. At most a slice per
    // wake-up, so 100,000 characters of text never hold the GUI thread.
    int ran = 0;
    while (!m_steps.empty()) {
        if (++ran > kStepsPerWakeup) {
            m_timer.start(0);
            return;
        }
        Step &step = m_steps.front();
        if (step.startsGesture) {
            m_gestureStart.start();
        } else if (const qint64 wait = step.due - m_gestureStart.elapsed(); wait > 0) {
            m_timer.start(int(wait));
            return;
        }
        const bool late = step.catchup == Catchup::Skip && m_steps.size() > 1 && !m_steps[1].startsGesture
            && m_steps[1].due <= m_gestureStart.elapsed();
        Step current = std::move(step);
        m_steps.pop_front();
        if (!late)
            current.action();
    }
}

void DeviceInput::tap(QPointF at)
{
    const QPoint p = toPixels(at);
    begin([this, p] {
        m_display.movePointer(p);
        m_display.pressButton(1, true);
    });
    add(kTapDwell, [this] { m_display.pressButton(1, false); });
}

void DeviceInput::longPress(QPointF at, int durationMs)
{
    const QPoint p = toPixels(at);
    begin([this, p] {
        m_display.movePointer(p);
        m_display.pressButton(1, true);
    });
    add(std::max(durationMs, kTapDwell), [this] { m_display.pressButton(1, false); });
}

int DeviceInput::swipe(QPointF from, QPointF to, int durationMs, int holdMs)
{
    const QPoint a = toPixels(from);
    const QPoint b = toPixels(to);
    begin([this, a] {
        m_display.movePointer(a);
        m_display.pressButton(1, true);
    });
    // Shorter than a tap's dwell it is tap-shaped: one press, one release
    // a dwell later (where the swipe ends). Longer, it moves at ~60 Hz.
    if (durationMs < kTapDwell) {
        add(kTapDwell + holdMs, [this, b] {
            m_display.movePointer(b);
            m_display.pressButton(1, false);
        });
        return 0;
    }
    const int steps = durationMs / kFrame;
    for (int i = 1; i <= steps; ++i) {
        const double t = double(i) / steps;
        const QPoint p(a.x() + int(std::lround((b.x() - a.x()) * t)), a.y() + int(std::lround((b.y() - a.y()) * t)));
        add(kFrame, [this, p] { m_display.movePointer(p); }, i < steps ? Catchup::Skip : Catchup::Run);
    }
    add(holdMs, [this] { m_display.pressButton(1, false); });
    return steps;
}

bool DeviceInput::key(uint32_t keysym)
{
    // Checked now, so the caller hears about a key the keymap lacks.
    if (!m_display.hasKeysym(keysym))
        return false;
    begin([this, keysym] {
        m_display.typeKeysym(keysym, true);
        m_display.typeKeysym(keysym, false);
    });
    return true;
}

bool DeviceInput::text(const QString &text)
{
    // Characters the keymap lacks are bound to free keys, given a moment
    // for clients to read the new map, typed, and the keys freed again.
    // One binding covers as much of the text as the free keys allow (the
    // characters the keymap has are typed in between as they are): every
    // new binding is a moment in which a slow client could still read the
    // old map and lose a character. All in order.
    const QList<uint> codepoints = text.toUcs4();
    if (m_display.freeKeycodes() == 0)
        for (uint c : codepoints)
            if (!m_display.hasKeysym(keysymFor(c)))
                return false; // nothing queued: all or nothing
    QList<uint32_t> run; // the keysyms to type under one binding, in order
    QList<uint32_t> distinct; // the ones to bind, in first-seen order
    QSet<uint32_t> bound;
    auto flushRun = [this, &run, &distinct, &bound] {
        if (run.isEmpty())
            return;
        if (distinct.isEmpty()) {
            for (uint32_t sym : std::as_const(run))
                begin([this, sym] {
                    m_display.typeKeysym(sym, true);
                    m_display.typeKeysym(sym, false);
                });
        } else {
            begin([this, syms = distinct] { m_display.bindScratchKeysyms(syms); });
            for (qsizetype i = 0; i < run.size(); ++i)
                add(i == 0 ? kBindSettle : 0, [this, sym = run.at(i)] {
                    m_display.typeKeysym(sym, true);
                    m_display.typeKeysym(sym, false);
                });
            add(kBindSettle, [this] { m_display.releaseScratchKeysyms(); });
        }
        run.clear();
        distinct.clear();
        bound.clear();
    };
    const int freeKeycodes = m_display.freeKeycodes();
    for (uint c : codepoints) {
        const uint32_t sym = keysymFor(c);
        if (!m_display.hasKeysym(sym) && !bound.contains(sym)) {
            if (distinct.size() + 1 > freeKeycodes)
                flushRun();
            bound.insert(sym);
            distinct << sym;
        }
        run << sym;
    }
    flushRun();
    return true;
}

void DeviceInput::wheel(QPointF at, int clicks)
{
    const QPoint p = toPixels(at);
    const int button = clicks > 0 ? 4 : 5;
    begin([this, p] { m_display.movePointer(p); });
    for (int i = 0; i < std::abs(clicks); ++i)
        add(i ? kFrame : 0, [this, button] {
            m_display.pressButton(button, true);
            m_display.pressButton(button, false);
        });
}

void DeviceInput::sendTouches(const std::vector<TouchCursor> &down)
{
    // A datagram to loopback in the app's namespace; if the app is gone it
    // is simply not read.
    const std::string frame = tuioCursorFrame(down, ++m_touchFrame);
    (void)::send(m_touch, frame.data(), frame.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
}

void DeviceInput::touchNow(const std::vector<QPointF> &fingers)
{
    if (m_touch < 0)
        return;
    if (fingers.empty()) {
        if (!m_liveFingers.empty())
            sendTouches({});
        m_liveFingers.clear();
        return;
    }
    m_liveFingers.resize(std::min(m_liveFingers.size(), fingers.size()));
    while (m_liveFingers.size() < fingers.size())
        m_liveFingers.push_back(++m_touchSession);
    std::vector<TouchCursor> down;
    for (size_t i = 0; i < fingers.size(); ++i)
        down.push_back({m_liveFingers[i], float(fingers[i].x()), float(fingers[i].y())});
    sendTouches(down);
}

bool DeviceInput::pinch(QPointF from1, QPointF from2, QPointF to1, QPointF to2, int durationMs)
{
    if (m_touch < 0)
        return false;
    // Two new fingers: fresh session ids, so the app sees new touches.
    const int32_t first = ++m_touchSession, second = ++m_touchSession;
    auto at = [first, second](QPointF a, QPointF b) {
        return std::vector<TouchCursor>{{first, float(a.x()), float(a.y())}, {second, float(b.x()), float(b.y())}};
    };
    const int steps = std::max(1, durationMs / kFrame);
    begin([this, down = at(from1, from2)] { sendTouches(down); });
    for (int i = 1; i <= steps; ++i) {
        const double t = double(i) / steps;
        const QPointF a = from1 + (to1 - from1) * t, b = from2 + (to2 - from2) * t;
        add(kFrame, [this, down = at(a, b)] { sendTouches(down); }, i < steps ? Catchup::Skip : Catchup::Run);
    }
    add(kFrame, [this] { sendTouches({}); });
    return true;
}

} // namespace dt::devices
