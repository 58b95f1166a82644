// Types queued input into one terminal in arrival order: instant input at once, paced input one grapheme
// per timer step, with a cap on what may wait and withdrawal by source.

#include "app/core/typing_queue.h"

#include "terminal/terminal_session.h"

#include <QTextBoundaryFinder>

namespace dt::app {

QByteArray keystrokesFor(const QByteArray &text)
{
    QByteArray keys = text;
    keys.replace('\n', '\r');
    return keys;
}

TypingQueue &TypingQueue::of(dt::terminal::TerminalSession &session)
{
    if (auto *existing = session.findChild<TypingQueue *>(QString(), Qt::FindDirectChildrenOnly))
        return *existing;
    return *new TypingQueue(session); // owned by the session
}

TypingQueue::TypingQueue(dt::terminal::TerminalSession &session) : QObject(&session), m_session(session)
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &TypingQueue::typeNext);
    // A program that ends takes what was still to be typed with it.
    connect(&session, &dt::terminal::TerminalSession::finished, this, [this] {
        m_timer.stop();
        m_requests.clear();
        m_pendingBytes = 0;
    });
}

qsizetype firstGraphemeBytes(QByteArrayView text)
{
    if (text.isEmpty())
        return 0;
    // A grapheme longer than this (a tower of combining marks) is typed in
    // pieces; anything a person would type fits.
    constexpr qsizetype kWindow = 256;
    const QByteArrayView window = text.first(std::min(kWindow, text.size()));
    const QString decoded = QString::fromUtf8(window);
    QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, decoded);
    const qsizetype units = graphemes.toNextBoundary();
    if (units <= 0)
        return 1;
    const QByteArray again = QStringView(decoded).first(units).toUtf8();
    // Valid UTF-8 round-trips; a stray byte does not, and goes alone.
    if (again.size() <= window.size() && window.first(again.size()) == QByteArrayView(again))
        return again.size();
    return 1;
}

bool TypingQueue::type(const QByteArray &keystrokes, int delayMillis, const QString &source)
{
    if (keystrokes.isEmpty() || !m_session.isRunning())
        return true;
    const bool wasBusy = busy();
    if (delayMillis <= 0 && !wasBusy) {
        m_session.sendBytes(keystrokes);
        return true;
    }
    if (!accepts(keystrokes.size(), delayMillis))
        return false;
    m_requests.push_back({keystrokes, 0, std::max(delayMillis, 0), wasBusy && delayMillis > 0, source});
    m_pendingBytes += keystrokes.size();
    if (!wasBusy)
        scheduleNext();
    return true;
}

void TypingQueue::cancel(const std::function<bool(const QString &)> &matches)
{
    const bool frontGoes = !m_requests.empty() && matches(m_requests.front().source);
    for (const Request &r : m_requests)
        if (matches(r.source))
            m_pendingBytes -= r.bytes.size() - r.typed;
    std::erase_if(m_requests, [&](const Request &r) { return matches(r.source); });
    if (m_requests.empty()) {
        m_timer.stop();
    } else if (frontGoes) {
        // The new first request waits its own delay before its next step.
        m_requests.front().waitsBeforeFirst = m_requests.front().delayMillis > 0;
        scheduleNext();
    }
}

void TypingQueue::scheduleNext()
{
    if (m_requests.empty())
        return;
    const Request &front = m_requests.front();
    const bool waits = front.typed > 0 || front.waitsBeforeFirst;
    m_timer.start(waits ? front.delayMillis : 0);
}

void TypingQueue::sendFrontStep()
{
    Request &front = m_requests.front();
    const QByteArrayView rest = QByteArrayView(front.bytes).sliced(front.typed);
    const qsizetype n = front.delayMillis > 0 ? firstGraphemeBytes(rest) : rest.size();
    m_session.sendBytes(rest.first(n).toByteArray());
    front.typed += n;
    m_pendingBytes -= n;
    if (front.typed >= front.bytes.size())
        m_requests.pop_front();
}

void TypingQueue::typeNext()
{
    if (m_requests.empty())
        return;
    if (!m_session.isRunning()) {
        m_requests.clear();
        m_pendingBytes = 0;
        return;
    }
    sendFrontStep();
    // Instant input queued behind paced typing follows at once.
    while (!m_requests.empty() && m_requests.front().delayMillis == 0)
        sendFrontStep();
    scheduleNext();
}

} // namespace dt::app
