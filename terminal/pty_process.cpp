// Runs a program on a pseudo-terminal (started by pty_spawn.h), with bounded non-blocking reads,
// queued writes, window-size changes, exit noticed through a pidfd, and hang-up then SIGKILL on teardown.

#include "terminal/pty_process.h"

#include "terminal/pty_reader.h"
#include "terminal/pty_spawn.h"

#include <QLoggingCategory>
#include <QThread>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <exception>
#include <unistd.h>

Q_LOGGING_CATEGORY(lcPty, "deviceterm.terminal.pty", QtWarningMsg)

namespace dt::terminal {

namespace {

int openPidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
    return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
    Q_UNUSED(pid);
    errno = ENOSYS;
    return -1;
#endif
}

} // namespace

PtyProcess::PtyProcess(QObject *parent) : QObject(parent) {}

PtyProcess::~PtyProcess()
{
    if (isRunning()) {
        hangUp();
        // Give the shell no chance to linger as a zombie of ours.
        ::kill(m_pid, SIGHUP);
        // A shell exits on SIGHUP at once; a program that ignores it gets
        // a short grace period and then SIGKILL, so nothing outlives us.
        int status = 0;
        bool reaped = false;
        for (int i = 0; i < 40 && !reaped; ++i) {
            reaped = ::waitpid(m_pid, &status, WNOHANG) == m_pid;
            if (!reaped)
                ::usleep(5000);
        }
        if (!reaped)
            killAndReap();
    }
    closeMaster();
    if (m_pidfd >= 0)
        ::close(m_pidfd);
}

bool PtyProcess::start(const Options &options, QString *error)
{
    PtySpawn spawn;
    spawn.program = options.program.toStdString();
    spawn.argv.push_back((options.argv0.isEmpty() ? options.program : options.argv0).toStdString());
    for (const QString &argument : options.arguments)
        spawn.argv.push_back(argument.toStdString());
    for (const QString &variable : options.environment)
        spawn.environment.push_back(variable.toStdString());
    spawn.workingDirectory = options.workingDirectory.toStdString();
    spawn.rows = static_cast<unsigned short>(options.rows);
    spawn.columns = static_cast<unsigned short>(options.columns);
    std::string why;
    const std::optional<SpawnedChild> child = spawnOnPty(spawn, &why);
    if (!child) {
        if (error)
            *error = QString::fromLocal8Bit(why);
        return false;
    }
    m_pid = child->pid;
    m_master = child->master;

    PtyReader::Events events;
    events.context = this;
    events.batchRead = [this] { emit batchRead(); };
    events.ended = [this] { onReaderEnded(); };
    events.drained = [this] { reap(); };
    try {
        m_reader = std::make_unique<PtyReader>(m_master, m_onData, std::move(events));
    } catch (const std::exception &e) {
        // No thread to read it with (a process or thread limit reached):
        // the program goes, and the caller says why.
        if (error)
            *error = QStringLiteral("cannot start the threads that read the terminal: %1").arg(QString::fromLocal8Bit(e.what()));
        killAndReap();
        m_pid = -1;
        closeMaster();
        return false;
    }
    m_writeNotifier = std::make_unique<QSocketNotifier>(m_master, QSocketNotifier::Write);
    m_writeNotifier->setEnabled(false);
    connect(m_writeNotifier.get(), &QSocketNotifier::activated, this, &PtyProcess::onWritable);

    m_pidfd = openPidfd(m_pid);
    if (m_pidfd >= 0) {
        ::fcntl(m_pidfd, F_SETFD, FD_CLOEXEC);
        m_exitNotifier = std::make_unique<QSocketNotifier>(m_pidfd, QSocketNotifier::Read);
        connect(m_exitNotifier.get(), &QSocketNotifier::activated, this, &PtyProcess::onChildExited);
    } else {
        qCWarning(lcPty) << "pidfd_open failed; child exit is noticed when the terminal closes";
    }
    return true;
}

void PtyProcess::onReaderEnded()
{
    // EOF or EIO: every process holding the PTY's other side has gone.
    m_readerEnded = true;
    if (m_pidfd < 0 || m_drainRequested)
        reap();
}

void PtyProcess::onChildExited()
{
    if (m_exitNotifier)
        m_exitNotifier->setEnabled(false);
    // What the child wrote just before it went (an error message, a final
    // prompt) is fed first, so its last words are on screen; then reap.
    if (m_reader && !m_readerEnded) {
        m_drainRequested = true;
        m_reader->drain();
        return;
    }
    reap();
}

void PtyProcess::reap()
{
    if (m_exited)
        return; // reported once
    int status = 0;
    const pid_t r = ::waitpid(m_pid, &status, WNOHANG);
    if (r == 0) {
        // Not gone yet (the terminal closed first): look again shortly.
        QTimer::singleShot(20, this, &PtyProcess::reap);
        return;
    }
    m_exited = true;
    int exitCode = -1;
    int signalNumber = 0;
    if (r == m_pid) {
        if (WIFEXITED(status))
            exitCode = WEXITSTATUS(status);
        else if (WIFSIGNALED(status))
            signalNumber = WTERMSIG(status);
    }
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(false);
    emit finished(exitCode, signalNumber);
}

void PtyProcess::write(const char *bytes, size_t length)
{
    if (m_master < 0 || length == 0 || m_exited)
        return;
    if (m_writeQueue.empty()) {
        const ssize_t n = ::write(m_master, bytes, length);
        if (n == static_cast<ssize_t>(length))
            return;
        const size_t written = n > 0 ? static_cast<size_t>(n) : 0;
        if (n < 0 && errno != EAGAIN && errno != EINTR)
            return;
        m_writeQueue.emplace_back(bytes + written, static_cast<qsizetype>(length - written));
        m_pendingBytes += static_cast<qsizetype>(length - written);
        if (QThread::currentThread() == thread()) {
            m_writeNotifier->setEnabled(true);
        } else {
            // A notifier is only switched on its own thread.
            QMetaObject::invokeMethod(this, [this] {
                if (m_writeNotifier && !m_writeQueue.empty())
                    m_writeNotifier->setEnabled(true);
            }, Qt::QueuedConnection);
        }
        return;
    }
    m_writeQueue.emplace_back(bytes, static_cast<qsizetype>(length));
    m_pendingBytes += static_cast<qsizetype>(length);
}

void PtyProcess::onWritable()
{
    while (!m_writeQueue.empty()) {
        const QByteArray &front = m_writeQueue.front();
        const ssize_t n = ::write(m_master, front.constData() + m_writeOffset,
                                  static_cast<size_t>(front.size() - m_writeOffset));
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR)
                return;
            m_writeQueue.clear();
            m_pendingBytes = 0;
            m_writeOffset = 0;
            break;
        }
        m_writeOffset += n;
        m_pendingBytes -= n;
        if (m_writeOffset == front.size()) {
            m_writeQueue.pop_front();
            m_writeOffset = 0;
        }
    }
    m_writeNotifier->setEnabled(false);
}

void PtyProcess::resize(int rows, int columns)
{
    if (m_master < 0)
        return;
    struct winsize ws {};
    ws.ws_row = static_cast<unsigned short>(rows);
    ws.ws_col = static_cast<unsigned short>(columns);
    ::ioctl(m_master, TIOCSWINSZ, &ws);
}

void PtyProcess::hangUp()
{
    if (m_pid > 0 && !m_exited)
        ::kill(-m_pid, SIGHUP);
}

pid_t PtyProcess::foregroundProcessGroup() const
{
    return m_master >= 0 ? ::tcgetpgrp(m_master) : -1;
}

// SIGKILL for the program and its process group, and the wait for it (at
// once: nothing outlives SIGKILL).
void PtyProcess::killAndReap()
{
    ::kill(-m_pid, SIGKILL);
    ::kill(m_pid, SIGKILL);
    int status = 0;
    ::waitpid(m_pid, &status, 0);
}

void PtyProcess::closeMaster()
{
    m_reader.reset(); // joined before its descriptor goes
    m_writeNotifier.reset();
    m_exitNotifier.reset();
    if (m_master >= 0) {
        ::close(m_master);
        m_master = -1;
    }
}

} // namespace dt::terminal
