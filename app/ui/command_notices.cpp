// Notices for long commands that finish out of sight (see the header).

#include "app/ui/command_notices.h"

#include "app/core/config.h"
#include "app/ui/window_manager.h"
#include "terminal/terminal_session.h"

namespace dt::ui {

using dt::app::PaneId;
using dt::app::TabId;

CommandNotices::CommandNotices(dt::app::Workspace &workspace, WindowManager &windows,
                               dt::desktop::DesktopNotifier &notifier, const dt::app::Config *config, QObject *parent)
    : QObject(parent), m_workspace(workspace), m_windows(windows), m_notifier(notifier), m_config(config)
{
    connect(&m_workspace, &dt::app::Workspace::paneOpened, this, &CommandNotices::follow);
    m_clock.start();
}

void CommandNotices::follow(PaneId pane)
{
    dt::terminal::TerminalSession *session = m_workspace.session(pane);
    if (!session)
        return;
    connect(session, &dt::terminal::TerminalSession::commandFinished, this,
            [this, pane](quint64 id) { onFinished(pane, id); });
    connect(session, &dt::terminal::TerminalSession::notificationRequested, this,
            [this, pane](const QString &title, const QString &body) { onProgramNotice(pane, title, body); });
    connect(session, &QObject::destroyed, this, [this, pane] { m_lastProgramNotice.remove(pane); });
}

int CommandNotices::thresholdSeconds() const
{
    if (!m_config)
        return kDefaultSeconds;
    return m_config->intValue(QStringLiteral("notify-after-seconds"));
}

bool CommandNotices::isInView(TabId tab) const
{
    const dt::app::Workspace::Tab *t = m_workspace.tab(tab);
    const dt::app::Workspace::Window *model = t ? m_workspace.window(t->window) : nullptr;
    const MainWindow *window = t ? m_windows.window(t->window) : nullptr;
    return model && model->selected == tab && window && window->isActiveWindow() && !window->isMinimized();
}

void CommandNotices::reveal(TabId tab)
{
    const dt::app::Workspace::Tab *t = m_workspace.tab(tab);
    if (!t)
        return; // closed since
    m_workspace.selectTab(tab);
    if (MainWindow *window = m_windows.window(t->window)) {
        window->showNormal();
        window->raise();
        window->activateWindow();
    }
}

void CommandNotices::onFinished(PaneId pane, quint64 commandId)
{
    const int seconds = thresholdSeconds();
    const dt::app::Workspace::Pane *p = m_workspace.pane(pane);
    dt::terminal::TerminalSession *session = m_workspace.session(pane);
    const dt::term::CommandRecord *r = session ? session->terminal().commands().find(commandId) : nullptr;
    if (seconds <= 0 || !p || !r || r->finishedMs - r->startedMs < seconds * 1000LL || isInView(p->tab))
        return;
    const QString command = QString::fromStdString(r->commandLine);
    const QString tab = m_workspace.tabTitle(p->tab);
    // Whole sentences, so that translations may order their words.
    const QString summary = !r->exitStatus        ? tr("%1: command finished").arg(tab)
                            : *r->exitStatus == 0 ? tr("%1: command succeeded").arg(tab)
                                                  : tr("%1: command failed with exit status %2").arg(tab, QString::number(*r->exitStatus));
    const qint64 took = (r->finishedMs - r->startedMs + 500) / 1000;
    m_notifier.notify(summary,
                      tr("%1\n(after %n second(s))", nullptr, int(took)).arg(command),
                      [this, tab = p->tab] { reveal(tab); });
}

void CommandNotices::onProgramNotice(PaneId pane, const QString &title, const QString &body)
{
    const dt::app::Workspace::Pane *p = m_workspace.pane(pane);
    if (!p || isInView(p->tab))
        return;
    const qint64 now = m_clock.elapsed();
    const auto last = m_lastProgramNotice.constFind(pane);
    if (last != m_lastProgramNotice.constEnd() && now - *last < kProgramNoticeGapMs)
        return;
    m_lastProgramNotice.insert(pane, now);
    const QString tab = m_workspace.tabTitle(p->tab);
    // Which tab it comes from leads, so a program cannot pass its notice
    // off as another's.
    m_notifier.notify(title.isEmpty() ? tab : tr("%1: %2").arg(tab, title), body,
                      [this, tab = p->tab] { reveal(tab); });
}

} // namespace dt::ui
