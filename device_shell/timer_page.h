#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QLabel;
class QPushButton;

namespace dt::shell {

// The shell's "Timer" app, for checking waits honestly: a status that
// reads "Loading…" and turns to "Ready" only 1.5 s after the page opens
// (an element that shows up late), and a stopwatch redrawn every frame
// while it runs (a screen that never settles), whose accessible name
// follows in tenths of a second.
class TimerPage : public QWidget {
    Q_OBJECT
public:
    explicit TimerPage(QWidget *parent = nullptr);

    // The page was opened: loading starts again.
    void opened();
    bool ready() const { return m_ready; }
    QString status() const;

    static constexpr int kLoadingMillis = 1500;

signals:
    void statusChanged();
    void homeRequested();

protected:
    // Leaving the page stops the stopwatch (nothing ticks out of sight).
    void hideEvent(QHideEvent *e) override;

private:
    void toggle();
    void showElapsed();

    QLabel *m_status;
    QLabel *m_elapsed;
    QPushButton *m_startStop;
    QTimer m_loading;
    QTimer m_frame;
    QElapsedTimer m_clock;
    qint64 m_shownTenths = -1;
    bool m_ready = false;
};

} // namespace dt::shell
