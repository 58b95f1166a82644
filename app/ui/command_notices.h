#pragma once

// Tells the person when a long command finishes where they cannot see it:
// a command that ran at least `notify-after-seconds` (config; 0: never)
// ends in a tab that is not the one showing, or whose window is not the
// active one. The notice names the tab, the command and how it ended;
// clicking it brings that tab forward.

#include "app/core/workspace.h"
#include "app/desktop/desktop_notifier.h"

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

private:
    void follow(dt::app::PaneId pane);
    void onFinished(dt::app::PaneId pane, quint64 commandId);
    bool isInView(dt::app::TabId tab) const;
    void reveal(dt::app::TabId tab);
    int thresholdSeconds() const;

    dt::app::Workspace &m_workspace;
    WindowManager &m_windows;
    dt::desktop::DesktopNotifier &m_notifier;
    const dt::app::Config *m_config;
};

} // namespace dt::ui
