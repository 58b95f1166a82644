#include "terminal_tab.h"

#include "core/tab_title.h"
#include "terminal/terminal_session.h"
#include "terminal_view.h"

#include <QTimer>
#include <QVBoxLayout>

#include <csignal>
#include <cstring>

namespace dt::ui {

using dt::terminal::TerminalSession;

TerminalTab::TerminalTab(const Options &options, QWidget *parent)
    : QWidget(parent)
    , m_options(options)
    , m_session(new TerminalSession(24, 80, options.scrollbackLines, this))
    , m_view(new TerminalView(m_session, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setFocusProxy(m_view);
    m_view->setTheme(options.theme);
    m_view->setTerminalFont(options.font);

    connect(m_session, &TerminalSession::titleChanged, this, &TerminalTab::refreshTitle);
    // The working directory has no change notification; look again when the
    // shell prints something (a prompt after `cd`), at most twice a second.
    m_titleCheck.setSingleShot(true);
    m_titleCheck.setInterval(300);
    connect(&m_titleCheck, &QTimer::timeout, this, &TerminalTab::refreshTitle);
    connect(m_session, &TerminalSession::contentChanged, this, [this] {
        if (!m_titleCheck.isActive())
            m_titleCheck.start();
    });
    connect(m_session, &TerminalSession::finished, this, &TerminalTab::onFinished);
}

TerminalTab::~TerminalTab() = default;

bool TerminalTab::start(QString *error)
{
    TerminalSession::Launch launch;
    launch.program = m_options.program;
    launch.arguments = m_options.arguments;
    launch.workingDirectory = m_options.workingDirectory;
    QString why;
    if (!m_session->start(launch, &why)) {
        m_view->setExitMessage(tr("Could not start %1: %2").arg(m_options.program, why));
        if (error)
            *error = why;
        return false;
    }
    refreshTitle();
    return true;
}

QString TerminalTab::title() const
{
    return m_lastTitle;
}

void TerminalTab::setManualTitle(const QString &title)
{
    m_manualTitle = title;
    refreshTitle();
}

QString TerminalTab::workingDirectory() const
{
    const QString cwd = m_session->workingDirectory();
    return cwd.isEmpty() ? m_options.workingDirectory : cwd;
}

bool TerminalTab::hasExited() const
{
    return m_session->hasExited();
}

void TerminalTab::refreshTitle()
{
    dt::app::TabTitleSources sources;
    sources.manual = m_manualTitle;
    sources.program = m_session->programTitle();
    sources.workingDirectory = m_session->hasExited() ? QString() : m_session->workingDirectory();
    sources.shell = m_session->shellName();
    const QString t = dt::app::tabTitle(sources);
    if (t == m_lastTitle)
        return;
    m_lastTitle = t;
    emit titleChanged(t);
}

void TerminalTab::onFinished(int exitCode, int signalNumber)
{
    const bool clean = signalNumber == 0 && exitCode == 0;
    const bool close = m_options.exitAction == ExitAction::Close
        || (m_options.exitAction == ExitAction::KeepOnError && clean);
    if (close) {
        // Leave the slot first: the owner deletes this tab in response.
        QTimer::singleShot(0, this, &TerminalTab::closeRequested);
        return;
    }
    QString message;
    if (signalNumber != 0)
        message = tr("The program was terminated by signal %1 (%2).")
                      .arg(signalNumber)
                      .arg(QString::fromLocal8Bit(strsignal(signalNumber)));
    else
        message = tr("The program exited with status %1.").arg(exitCode);
    m_view->setExitMessage(message + QLatin1Char(' ') + tr("Close the tab with Ctrl+Shift+W."));
    emit titleChanged(m_lastTitle);
}

} // namespace dt::ui
