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
class TypingQueue : public QObject {
    Q_OBJECT
public:
    // The session's queue, created on first use.
    static TypingQueue &of(dt::terminal::TerminalSession &session);

    // `source`: the session that asked, so its typing can be withdrawn.
    void type(const QByteArray &keystrokes, int delayMillis, const QString &source);
    bool busy() const { return !m_steps.empty(); }
    // Drops what is still to be typed for sources that `matches`.
    void cancel(const std::function<bool(const QString &source)> &matches);

private:
    explicit TypingQueue(dt::terminal::TerminalSession &session);
    void scheduleNext();
    void typeNext();

    struct Step {
        QByteArray bytes;
        int delayBefore = 0; // ms
        QString source;
    };
    dt::terminal::TerminalSession &m_session;
    std::deque<Step> m_steps;
    QTimer m_timer;
};

} // namespace dt::app
