#include "device_input.h"

#include "device_display.h"

#include <QList>

#include <cmath>

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
constexpr int kBindSettle = 20; // ms for clients to read a changed keymap
} // namespace

DeviceInput::DeviceInput(DeviceDisplay &display, QObject *parent) : QObject(parent), m_display(display)
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &DeviceInput::runNext);
}

QPoint DeviceInput::toPixels(QPointF at) const
{
    const QSize size = m_display.size();
    return {std::clamp(int(std::lround(at.x() * (size.width() - 1))), 0, size.width() - 1),
            std::clamp(int(std::lround(at.y() * (size.height() - 1))), 0, size.height() - 1)};
}

void DeviceInput::add(int delayBefore, std::function<void()> action)
{
    const bool idle = m_steps.empty();
    m_steps.push_back({delayBefore, std::move(action)});
    if (idle)
        m_timer.start(m_steps.front().delayBefore);
}

void DeviceInput::runNext()
{
    // Everything due now runs now; the rest waits its turn.
    while (!m_steps.empty()) {
        Step step = std::move(m_steps.front());
        m_steps.pop_front();
        step.action();
        if (!m_steps.empty() && m_steps.front().delayBefore > 0) {
            m_timer.start(m_steps.front().delayBefore);
            return;
        }
    }
}

void DeviceInput::tap(QPointF at)
{
    const QPoint p = toPixels(at);
    add(0, [this, p] {
        m_display.movePointer(p);
        m_display.pressButton(1, true);
    });
    add(kTapDwell, [this] { m_display.pressButton(1, false); });
}

void DeviceInput::longPress(QPointF at, int durationMs)
{
    const QPoint p = toPixels(at);
    add(0, [this, p] {
        m_display.movePointer(p);
        m_display.pressButton(1, true);
    });
    add(std::max(durationMs, kTapDwell), [this] { m_display.pressButton(1, false); });
}

int DeviceInput::swipe(QPointF from, QPointF to, int durationMs)
{
    const QPoint a = toPixels(from);
    const QPoint b = toPixels(to);
    const int steps = durationMs / kFrame;
    add(0, [this, a] {
        m_display.movePointer(a);
        m_display.pressButton(1, true);
    });
    if (steps < 1) {
        add(kTapDwell, [this, b] {
            m_display.movePointer(b);
            m_display.pressButton(1, false);
        });
        return 0;
    }
    for (int i = 1; i <= steps; ++i) {
        const double t = double(i) / steps;
        const QPoint p(a.x() + int(std::lround((b.x() - a.x()) * t)), a.y() + int(std::lround((b.y() - a.y()) * t)));
        add(kFrame, [this, p] { m_display.movePointer(p); });
    }
    add(0, [this] { m_display.pressButton(1, false); });
    return steps;
}

bool DeviceInput::key(uint32_t keysym)
{
    // Checked now, so the caller hears about a key the keymap lacks.
    if (!m_display.hasKeysym(keysym))
        return false;
    add(0, [this, keysym] {
        m_display.typeKeysym(keysym, true);
        m_display.typeKeysym(keysym, false);
    });
    return true;
}

bool DeviceInput::text(const QString &text)
{
    // Characters the keymap has are typed as they are; runs of others are
    // bound to free keys in one go, given a moment for clients to read the
    // new map, typed, and the keys freed again. All in order.
    const QList<uint> codepoints = text.toUcs4();
    if (m_display.freeKeycodes() == 0)
        for (uint c : codepoints)
            if (!m_display.hasKeysym(keysymFor(c)))
                return false; // nothing queued: all or nothing
    QList<uint32_t> run;
    auto flushRun = [this, &run] {
        if (run.isEmpty())
            return;
        const QList<uint32_t> syms = run;
        run.clear();
        QList<uint32_t> distinct;
        for (uint32_t s : syms)
            if (!distinct.contains(s))
                distinct << s;
        add(0, [this, distinct] { m_display.bindScratchKeysyms(distinct); });
        for (qsizetype i = 0; i < syms.size(); ++i)
            add(i == 0 ? kBindSettle : 0, [this, sym = syms.at(i)] {
                m_display.typeKeysym(sym, true);
                m_display.typeKeysym(sym, false);
            });
        add(kBindSettle, [this] { m_display.releaseScratchKeysyms(); });
    };
    for (uint c : codepoints) {
        const uint32_t sym = keysymFor(c);
        if (m_display.hasKeysym(sym)) {
            flushRun();
            add(0, [this, sym] {
                m_display.typeKeysym(sym, true);
                m_display.typeKeysym(sym, false);
            });
            continue;
        }
        if (m_display.freeKeycodes() == 0)
            return false;
        QList<uint32_t> distinct;
        for (uint32_t s : run)
            if (!distinct.contains(s))
                distinct << s;
        if (!distinct.contains(sym) && distinct.size() + 1 > m_display.freeKeycodes())
            flushRun();
        run << sym;
    }
    flushRun();
    return true;
}

void DeviceInput::wheel(QPointF at, int clicks)
{
    const QPoint p = toPixels(at);
    const int button = clicks > 0 ? 4 : 5;
    add(0, [this, p] { m_display.movePointer(p); });
    for (int i = 0; i < std::abs(clicks); ++i)
        add(i ? kFrame : 0, [this, button] {
            m_display.pressButton(button, true);
            m_display.pressButton(button, false);
        });
}

} // namespace dt::devices
