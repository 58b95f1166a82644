#pragma once

// Tells the person what happens where they cannot see it, in a tab that is
// not the one showing or whose window is not the active one: a command that
// ran at least `notify-after-seconds` (config; 0: never) finished (the
// notice names the tab, the command and how it ended), or a program asked
// to notify (OSC 9, OSC 777; at most one notice per kProgramNoticeGapMs
// and pane, so a program cannot flood the desktop). Clicking a notice
// brings its tab forward.

#include "app/core/workspace.h"
#include "app/desktop/desktop_notifier.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>

namespace dt::app {
class Config;
}

namespace dt::ui {

class WindowManager;

class CommandNotices : public QObject {
    Q_OBJECT
public:
    // `config`: read for notify-after-seconds at each finish (it may
    // change while the app runs); without one, `defaultSeconds` holds.
    CommandNotices(dt::app::Workspace &workspace, WindowManager &windows, dt::desktop::DesktopNotifier &notifier,
                   const dt::app::Config *config = nullptr, QObject *parent = nullptr);

    static constexpr int kDefaultSeconds = 10;
    static constexpr qint64 kProgramNoticeGapMs = 3000;

private:
    void follow(dt::app::PaneId pane);
    void onFinished(dt::app::PaneId pane, quint64 commandId);
    void onProgramNotice(dt::app::PaneId pane, const QString &title, const QString &body);
    bool isInView(dt::app::TabId tab) const;
    void reveal(dt::app::TabId tab);
    int thresholdSeconds() const;

    dt::app::Workspace &m_workspace;
    WindowManager &m_windows;
    dt::desktop::DesktopNotifier &m_notifier;
    const dt::app::Config *m_config;
    QHash<dt::app::PaneId, qint64> m_lastProgramNotice; // monotonic ms, per pane
    QElapsedTimer m_clock;
};

} // namespace dt::ui
