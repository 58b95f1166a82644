#include "typing_queue.h"

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
        m_steps.clear();
    });
}

void TypingQueue::type(const QByteArray &keystrokes, int delayMillis, const QString &source)
{
    if (keystrokes.isEmpty() || !m_session.isRunning())
        return;
    const bool wasBusy = busy();
    if (delayMillis <= 0) {
        if (!wasBusy) {
            m_session.sendBytes(keystrokes);
            return;
        }
        m_steps.push_back({keystrokes, 0, source});
        return;
    }
    // One grapheme per step, so a combining accent or an emoji sequence
    // arrives whole. Behind earlier typing the first step waits too, so the
    // rhythm carries across the boundary between two requests.
    const QString text = QString::fromUtf8(keystrokes);
    QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, text);
    qsizetype from = 0;
    bool first = true;
    for (qsizetype to = graphemes.toNextBoundary(); to != -1; to = graphemes.toNextBoundary()) {
        m_steps.push_back({text.mid(from, to - from).toUtf8(), first && !wasBusy ? 0 : delayMillis, source});
        first = false;
        from = to;
    }
    if (!wasBusy)
        scheduleNext();
}

void TypingQueue::cancel(const std::function<bool(const QString &)> &matches)
{
    const bool frontGoes = !m_steps.empty() && matches(m_steps.front().source);
    std::erase_if(m_steps, [&](const Step &s) { return matches(s.source); });
    if (m_steps.empty())
        m_timer.stop();
    else if (frontGoes)
        scheduleNext(); // the new first step waits its own delay
}

void TypingQueue::scheduleNext()
{
    if (m_steps.empty())
        return;
    m_timer.start(m_steps.front().delayBefore);
}

void TypingQueue::typeNext()
{
    if (m_steps.empty())
        return;
    if (!m_session.isRunning()) {
        m_steps.clear();
        return;
    }
    m_session.sendBytes(m_steps.front().bytes);
    m_steps.pop_front();
    // Instant input queued behind paced typing follows at once.
    while (!m_steps.empty() && m_steps.front().delayBefore == 0) {
        m_session.sendBytes(m_steps.front().bytes);
        m_steps.pop_front();
    }
    scheduleNext();
}

} // namespace dt::app
