#pragma once

#include <QByteArray>
#include <QObject>
#include <QTimer>

#include <deque>
#include <functional>

namespace dt::terminal {
class TerminalSession;
}

namespace dt::app {

// Input for one terminal as typed keys: a newline becomes Enter (CR, as the
// keyboard sends it), every other byte, control bytes included, goes as it
// is and never inside bracketed-paste markers.
QByteArray keystrokesFor(const QByteArray &text);

// Types into one terminal, in the order requests arrive: instant input at
// once (or, while paced typing runs, right behind it), paced input one
// grapheme per step. It is a child of the session, so it ends with it and
// can never type into another terminal.
//
// A request is kept whole, as the bytes it came with and how far typing has
// got: memory stays the size of the text (not an object per character),
// and each step finds the next grapheme in a small window, so typing n
// bytes costs O(n). What is still to be typed is capped per terminal.
class TypingQueue : public QObject {
    Q_OBJECT
public:
    // At most this many bytes wait to be typed into one terminal.
    static constexpr qsizetype kMaxPendingBytes = 1024 * 1024;

    // The session's queue, created on first use.
    static TypingQueue &of(dt::terminal::TerminalSession &session);

    // `source`: the session that asked, so its typing can be withdrawn.
    // False (and nothing queued) when it would pass kMaxPendingBytes.
    bool type(const QByteArray &keystrokes, int delayMillis, const QString &source);
    // Whether type() would take that much now (asked before auditing it).
    bool accepts(qsizetype bytes, int delayMillis) const
    {
        return (delayMillis <= 0 && !busy()) || m_pendingBytes + bytes <= kMaxPendingBytes;
    }
    bool busy() const { return !m_requests.empty(); }
    qsizetype pendingBytes() const { return m_pendingBytes; }
    // Drops what is still to be typed for sources that `matches`.
    void cancel(const std::function<bool(const QString &source)> &matches);

private:
    explicit TypingQueue(dt::terminal::TerminalSession &session);
    void scheduleNext();
    void typeNext();
    // Sends the front request's next step (all of it when instant).
    void sendFrontStep();

    struct Request {
        QByteArray bytes;
        qsizetype typed = 0; // bytes already sent
        int delayMillis = 0; // between steps; 0: all at once
        bool waitsBeforeFirst = false; // behind other typing, the rhythm carries on
        QString source;
    };
    dt::terminal::TerminalSession &m_session;
    std::deque<Request> m_requests;
    qsizetype m_pendingBytes = 0;
    QTimer m_timer;
};

// The length in bytes of the first grapheme of UTF-8 `text` (1 for a byte
// that is not valid UTF-8), looking at no more than a short window.
qsizetype firstGraphemeBytes(QByteArrayView text);

} // namespace dt::app
