// Joins a terminal model to a program on a PTY: output feeds the model, replies and input go to the PTY,
// read batches become change signals, and /proc gives the working directory and foreground program.

#include "terminal/terminal_session.h"

#include "terminal/model_ownership.h"
#include "terminal/shell_environment.h"
#include "terminal/shell_integration.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace dt::terminal {

TerminalSession::TerminalSession(int rows, int columns, int scrollbackLines, QObject *parent)
    : QObject(parent), m_terminal(std::make_unique<dt::term::Terminal>(rows, columns, scrollbackLines)), m_pty()
{
    // The model is fed on the PTY's reader thread, whenever the GUI thread
    // waits (model_ownership.h); everything else touches it on the GUI
    // thread, which then owns it.
    ownership::installOnGuiThread();
    // Replies (DSR, DA), keys and mouse reports go straight to the PTY's
    // write queue; libvterm calls this from inside its own functions, so it
    // must not call back into the model.
    m_terminal->setOutput([this](const char *bytes, size_t length) { m_pty.write(bytes, length); });
    m_pty.setDataHandler([this](const char *bytes, size_t length) { m_terminal->feed(bytes, length); });
    connect(&m_pty, &PtyProcess::batchRead, this, &TerminalSession::onBatch);
    connect(&m_pty, &PtyProcess::finished, this, [this](int code, int sig) {
        m_exited = true;
        m_exitCode = code;
        m_exitSignal = sig;
        emit finished(code, sig);
    });
}

TerminalSession::~TerminalSession() = default;

bool TerminalSession::start(const Launch &launch, QString *error)
{
    PtyProcess::Options o;
    o.rows = m_terminal->rows();
    o.columns = m_terminal->columns();
    o.workingDirectory = launch.workingDirectory.isEmpty() ? QDir::homePath() : launch.workingDirectory;
    QMap<QString, QString> environment = launch.extraEnvironment;
    if (launch.program.isEmpty()) {
        o.program = defaultShell();
        m_shellName = QFileInfo(o.program).fileName();
        const ShellStart start = integratedShell(o.program, launch.shellIntegrationDirectory);
        o.arguments = start.arguments;
        for (auto it = start.environment.cbegin(); it != start.environment.cend(); ++it)
            environment.insert(it.key(), it.value());
        m_startedIntegrated = start.integrated;
        // An interactive, not a login shell, as Linux terminals (foot,
        // Alacritty, kitty, GNOME Terminal) start it: a login shell runs
        // /etc/profile, which on Debian resets PATH and so would drop the
        // session's bin/ and with it the `deviceterm` CLI.
    } else {
        o.program = launch.program;
        o.arguments = launch.arguments;
        m_shellName = QFileInfo(o.program).fileName();
    }
    o.environment = terminalEnvironment(QProcessEnvironment::systemEnvironment(), environment);
    return m_pty.start(o, error);
}

void TerminalSession::resize(int rows, int columns)
{
    if (rows == m_terminal->rows() && columns == m_terminal->columns())
        return;
    // Model first, so the program's redraw after SIGWINCH lands on the new grid.
    m_terminal->resize(rows, columns);
    m_pty.resize(rows, columns);
    emit contentChanged();
}

void TerminalSession::onBatch()
{
    m_hasOutput = true;
    const dt::term::Changes changes = m_terminal->takeChanges();
    if (changes.title)
        emit titleChanged();
    if (changes.bell)
        emit bell();
    if (changes.altScreen)
        emit altScreenChanged(m_terminal->altScreenActive());
    if (changes.mouseTracking)
        emit mouseTrackingChanged();
    if (changes.commands) {
        emit commandsChanged();
        const dt::term::CommandLogCursor::News news = m_commandNews.take(m_terminal->commands());
        // In the order they happened: a command starts before it ends,
        // and ends before the next one starts.
        size_t s = 0, f = 0;
        while (s < news.started.size() || f < news.finished.size()) {
            if (s < news.started.size() && (f == news.finished.size() || news.started[s] <= news.finished[f]))
                emit commandStarted(news.started[s++]);
            else
                emit commandFinished(news.finished[f++]);
        }
    }
    if (changes.linesScrolledIntoHistory > 0)
        emit linesScrolledIntoHistory(changes.linesScrolledIntoHistory);
    if (changes.colours)
        emit coloursChanged();
    if (changes.clipboard)
        if (const auto write = m_terminal->takeClipboardWrite())
            emit clipboardWriteRequested(QString::fromUtf8(write->text.data(), qsizetype(write->text.size())), write->clipboard,
                                         write->primary);
    if (changes.notification)
        if (const auto n = m_terminal->takeNotification())
            emit notificationRequested(QString::fromStdString(n->title), QString::fromStdString(n->body));
    emit contentChanged();
}

QString TerminalSession::programTitle() const
{
    return QString::fromStdString(m_terminal->title());
}

QString TerminalSession::workingDirectory() const
{
    if (m_pty.pid() <= 0)
        return {};
    return QFileInfo(QStringLiteral("/proc/%1/cwd").arg(m_pty.pid())).symLinkTarget();
}

QString TerminalSession::foregroundProgram() const
{
    const pid_t pgrp = m_pty.foregroundProcessGroup();
    if (pgrp <= 0)
        return m_shellName;
    QFile comm(QStringLiteral("/proc/%1/comm").arg(pgrp));
    if (!comm.open(QIODevice::ReadOnly))
        return m_shellName;
    return QString::fromLocal8Bit(comm.readAll()).trimmed();
}

} // namespace dt::terminal
