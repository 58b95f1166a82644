#pragma once

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>

#include <functional>

namespace dt::test {

// Processes events until `condition` holds or `timeoutMs` passes; returns
// the condition's last value. Tests wait on outcomes, never on fixed sleeps.
inline bool waitUntil(const std::function<bool()> &condition, int timeoutMs = 5000)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!condition()) {
        if (deadline.hasExpired())
            return condition();
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 20);
    }
    return true;
}

// For a test that checks that something does NOT happen: runs the event
// loop for `ms` and says false as soon as `happened` holds. A fixed time by
// nature, named so it reads as the check it is, never as a pause.
inline bool nothingHappensFor(int ms, const std::function<bool()> &happened)
{
    return !waitUntil(happened, ms);
}

// Waits until `value()` has not changed for `quietMs` (within `timeoutMs`):
// for what comes to rest, like a fling, a page still drawing or typing
// still in flight. True once it is still.
template <typename T>
bool waitUntilStill(const std::function<T()> &value, int quietMs, int timeoutMs = 5000)
{
    QDeadlineTimer deadline(timeoutMs);
    T last = value();
    QDeadlineTimer quiet(quietMs);
    while (!deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 10);
        T now = value();
        if (!(now == last)) {
            last = std::move(now);
            quiet.setRemainingTime(quietMs);
        } else if (quiet.hasExpired()) {
            return true;
        }
    }
    return false;
}

// Lets `ms` pass with events running: the timing a gesture itself needs (a
// finger's dwell, moves at about 60 Hz), never a wait for an outcome.
inline void pace(int ms)
{
    QDeadlineTimer deadline(ms);
    while (!deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, int(deadline.remainingTime()));
}

} // namespace dt::test
